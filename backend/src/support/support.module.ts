import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SupportController } from './support.controller';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';

@Module({
  imports: [MailModule],
  controllers: [SupportController],
  providers: [SupportRepository, SupportService],
  exports: [SupportService],
})
export class SupportModule {}
