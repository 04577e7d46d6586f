import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OrdersModule } from '../orders/orders.module';
import { AdminQuotesController } from './admin-quotes.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminService } from './admin.service';

@Module({
  imports: [AuthModule, OrdersModule],
  controllers: [AdminUsersController, AdminQuotesController],
  providers: [AdminService],
})
export class AdminModule {}
