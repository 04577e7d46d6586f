import { Injectable } from '@nestjs/common';
import { toPage } from '../common/pagination';
import { AuditService } from './audit.service';
import type { AdminAuditLogResponseDto, ListAdminAuditLogQueryDto } from './dto/audit-admin.dto';

/** The audit log as the admin reads it. */
@Injectable()
export class AuditAdminService {
  constructor(private readonly audit: AuditService) {}

  async list(query: ListAdminAuditLogQueryDto): Promise<AdminAuditLogResponseDto> {
    const { items, total } = await this.audit.list(query);
    return toPage(
      'entries',
      items.map((e) => ({
        id: e.id,
        actorId: e.actorId,
        actorEmail: e.actorEmail,
        apiKey: e.apiKey,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId,
        before: e.before,
        after: e.after,
        createdAt: e.createdAt.toISOString(),
      })),
      total,
    );
  }
}
