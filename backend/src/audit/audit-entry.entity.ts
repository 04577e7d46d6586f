import { Check, Column, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumns } from '../database/columns';

/**
 * What an admin did: `site.update`, `user.email`, `email.retry`, `user.invite`, `agency.update` (the agency's settings),
 * `user.view` / `user.view_end` (opened / left a client's space read only: 'Voir comme le client'), `user.close` (closed
 * an account on the client's request), `api_key.create` / `api_key.revoke` (an integrator's API key),
 * `webhook_endpoint.*` (an outbound webhook's endpoint: created, changed, deleted, its secret rotated, switched off by
 * the delivery worker after a day of failures), `webhook_delivery.resend` and `legal_invoice.correct` (an issued
 * invoice corrected: its cancelling credit note and its corrected invoice); and one client write, `site.withdrawal`
 * (a consumer withdrew from a site's contract within 14 days: the team sees it beside the site's other changes).
 */
export const AUDIT_ACTIONS = [
  'site.update',
  'user.email',
  'email.retry',
  'user.invite',
  'agency.update',
  'user.view',
  'user.view_end',
  'user.close',
  'api_key.create',
  'api_key.revoke',
  'webhook_endpoint.create',
  'webhook_endpoint.update',
  'webhook_endpoint.delete',
  'webhook_endpoint.rotate_secret',
  'webhook_endpoint.disable',
  'webhook_delivery.resend',
  'legal_invoice.correct',
  'site.withdrawal',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** `agency`: the agency's settings, one target (entity id `settings`) */
export const AUDIT_ENTITY_TYPES = ['site', 'user', 'email', 'agency', 'api_key', 'webhook_endpoint', 'legal_invoice'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * One admin write, recorded in the same transaction as the write itself: who (the account, and its e-mail at the
 * time, kept if the account goes; or the API key it was made with, its name and prefix kept), what (action and target), when, and the target's state before and after. Listed
 * by `seq`, the order in which the writes were applied (see the AuditLogOrder migration).
 */
@Entity('audit_log')
@Check(
  'audit_log_actor_check',
  'actor_email IS NOT NULL OR (actor_api_key_id IS NOT NULL AND actor_api_key_name IS NOT NULL AND actor_api_key_prefix IS NOT NULL)',
)
@Index('audit_log_seq_key', ['seq'], { unique: true })
@Index('audit_log_entity_idx', ['entityType', 'entityId', 'seq'])
export class AuditEntry extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Taken by the INSERT, inside the writing transaction after its lock: a later write to one target has a larger one */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  /** Auth's `User`, named by its entity name: the audit log sits below every module and imports none of them */
  @ManyToOne('User', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id', foreignKeyConstraintName: 'audit_log_actor_id_fkey' })
  actor?: { id: string };

  /** The account's e-mail at the time; null when the write was made with an API key (then named below) */
  @Column({ name: 'actor_email', type: 'text', nullable: true })
  actorEmail: string | null;

  /** The API key a write was made with (an integrator's tool, not a person): its id, and its name and prefix then */
  @Column({ name: 'actor_api_key_id', type: 'uuid', nullable: true })
  actorApiKeyId: string | null;

  @Column({ name: 'actor_api_key_name', type: 'text', nullable: true })
  actorApiKeyName: string | null;

  /** `vk_live_<prefix>` */
  @Column({ name: 'actor_api_key_prefix', type: 'text', nullable: true })
  actorApiKeyPrefix: string | null;

  @Column({ type: 'text' })
  action: AuditAction;

  @Column({ name: 'entity_type', type: 'text' })
  entityType: AuditEntityType;

  @Column({ name: 'entity_id', type: 'text' })
  entityId: string;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;
}
