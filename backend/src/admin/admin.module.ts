import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { AdminEmailsController } from './admin-emails.controller';
import { AdminQuotesController } from './admin-quotes.controller';
import { AdminUserInvitationsController } from './admin-user-invitations.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminService } from './admin.service';

@Module({
  imports: [AuthModule, OrdersModule, MailModule],
  controllers: [AdminUsersController, AdminUserInvitationsController, AdminQuotesController, AdminEmailsController],
  providers: [AdminService],
})
export class AdminModule {}
