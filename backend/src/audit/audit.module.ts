import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log of admin writes (`audit_log`). */
@Module({ providers: [AuditRepository, AuditService], exports: [AuditService] })
export class AuditModule {}
