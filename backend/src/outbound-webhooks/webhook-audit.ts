import type { AuditAction, AuditEntityType } from '../audit/audit-entry.entity';

/** The audit log's names for the webhooks' writes (audit-entry.entity.ts lists them). */
export const WEBHOOK_AUDIT = {
  entityType: 'webhook_endpoint',
  create: 'webhook_endpoint.create',
  update: 'webhook_endpoint.update',
  delete: 'webhook_endpoint.delete',
  rotate: 'webhook_endpoint.rotate_secret',
  disable: 'webhook_endpoint.disable',
  resend: 'webhook_delivery.resend',
} as const satisfies Record<string, AuditAction | AuditEntityType>;
/** The actor of what the worker does itself (no account: the entry's actor_id stays null) */
export const SYSTEM_ACTOR = { id: null as unknown as string, email: 'systeme@vitrine (webhooks)' };
