import { Module } from '@nestjs/common';
import { AuditAdminController } from './audit-admin.controller';
import { AuditAdminService } from './audit-admin.service';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log of admin writes (`audit_log`). */
@Module({ controllers: [AuditAdminController], providers: [AuditRepository, AuditService, AuditAdminService], exports: [AuditService] })
export class AuditModule {}
