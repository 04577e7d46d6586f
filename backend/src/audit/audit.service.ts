import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageWindow, type PageQueryDto } from '../common/pagination';
import type { SessionUser } from '../common/current-user';
import type { AuditAction, AuditEntityType } from './audit-entry.entity';
import { AuditRepository, type AuditRow } from './audit.repository';

/** The admins' audit log: every admin write records who did what to which target, with its before and after. */
@Injectable()
export class AuditService {
  constructor(private readonly entries: AuditRepository) {}

  /** Records one write; pass the write's transaction so the entry exists exactly when the write does. */
  record(
    actor: Pick<SessionUser, 'id' | 'email'>,
    entry: {
      action: AuditAction;
      entityType: AuditEntityType;
      entityId: string;
      before?: Record<string, unknown> | null;
      after?: Record<string, unknown> | null;
    },
    tx?: EntityManager,
  ): Promise<string> {
    return this.entries.insert({ actorId: actor.id, actorEmail: actor.email, before: null, after: null, ...entry }, tx);
  }

  list(query: PageQueryDto & { entityType?: AuditEntityType; entityId?: string }): Promise<{ items: AuditRow[]; total: number }> {
    return this.entries.list({ ...pageWindow(query), entityType: query.entityType, entityId: query.entityId });
  }

  /** A closed account's erasure: its address and the subjects of the mails written to it leave the entries about it. */
  redactUser(userId: string, tx: EntityManager): Promise<void> {
    return this.entries.redactUser(userId, tx);
  }
}
