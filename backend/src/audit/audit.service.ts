import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageWindow, type PageQueryDto } from '../common/pagination';
import type { AuthenticatedUser, SessionUser } from '../common/current-user';
import type { AuditAction, AuditEntityType } from './audit-entry.entity';
import { AuditRepository, type AuditActorColumns, type AuditRow } from './audit.repository';

/**
 * Who made a write: an account, or a request's caller. A caller that came with an API key is recorded as that key
 * (its id, name and prefix: an integrator's tool, not a person); one with a session, as its account. Routes a key may
 * write through (`@ApiKeyScope('…:write')`) pass their whole caller, so the key is never hidden behind its creator.
 */
export type AuditActor = Pick<SessionUser, 'id' | 'email'> | Pick<AuthenticatedUser, 'user' | 'apiKey'>;

export function auditActorColumns(actor: AuditActor): AuditActorColumns {
  if (!('user' in actor)) return { actorId: actor.id, actorEmail: actor.email, apiKey: null };
  if (!actor.apiKey) return { actorId: actor.user.id, actorEmail: actor.user.email, apiKey: null };
  const { id, name, prefix } = actor.apiKey;
  return { actorId: null, actorEmail: null, apiKey: { id, name, prefix } };
}

/** The admins' audit log: every admin write records who did what to which target, with its before and after. */
@Injectable()
export class AuditService {
  constructor(private readonly entries: AuditRepository) {}

  /** Records one write; pass the write's transaction so the entry exists exactly when the write does. */
  record(
    actor: AuditActor,
    entry: {
      action: AuditAction;
      entityType: AuditEntityType;
      entityId: string;
      before?: Record<string, unknown> | null;
      after?: Record<string, unknown> | null;
    },
    tx?: EntityManager,
  ): Promise<string> {
    return this.entries.insert({ ...auditActorColumns(actor), before: null, after: null, ...entry }, tx);
  }

  list(query: PageQueryDto & { entityType?: AuditEntityType; entityId?: string }): Promise<{ items: AuditRow[]; total: number }> {
    return this.entries.list({ ...pageWindow(query), entityType: query.entityType, entityId: query.entityId });
  }

  /** A closed account's erasure: its address and the subjects of the mails written to it leave the entries about it. */
  redactUser(userId: string, tx: EntityManager): Promise<void> {
    return this.entries.redactUser(userId, tx);
  }
}
