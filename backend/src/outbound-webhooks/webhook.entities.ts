import { Check, Column, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../auth/user.entity';
import { RetriedJobColumns } from '../database/columns';

/** What an endpoint can subscribe to (`ping` is the admin's test event, sent to one endpoint only, whatever it chose). */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'site.created',
  'site.status_changed',
  'site.domain_changed',
  'site.down',
  'site.up',
  'invoice.paid',
  'invoice.payment_failed',
  'subscription.canceled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed', 'abandoned'] as const;
/**
 * pending: waiting for its first attempt; sending: claimed by an instance (until `locked_until`); succeeded: a 2xx;
 * failed: an attempt failed, the next one is planned (`next_attempt_at`); abandoned: a day of failures, or its
 * endpoint was switched off.
 */
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** An integrator's endpoint: where events are POSTed, which ones, and the secret that signs them (sealed). */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', array: true })
  events: string[];

  /** The signing secret sealed by WebhookSecrets (AES-256-GCM, key derived from JWT_SECRET): needed to sign, never shown again */
  @Column({ name: 'secret_sealed', type: 'text' })
  secretSealed: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** Why it is off: 'admin' (switched off by an admin) or 'failing' (a day of failed attempts) */
  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  /** The first failed attempt since its last success; null while it answers */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'webhook_endpoints_created_by_fkey' })
  creator?: User;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}

/**
 * One event, written in the transaction of the change that causes it (only when an enabled endpoint subscribes to
 * it), with its payload as it is sent. `seq` orders the events of one object.
 */
@Entity('webhook_events')
@Index('webhook_events_seq_key', ['seq'], { unique: true })
@Index('webhook_events_dedupe_key_key', ['dedupeKey'], { unique: true })
@Index('webhook_events_created_at_idx', { synchronize: false })
export class WebhookEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'bigint' })
  @Generated('increment')
  seq: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'object_type', type: 'text' })
  objectType: string;

  @Column({ name: 'object_id', type: 'text' })
  objectId: string;

  /** `data` of the body sent: `{ object, previousAttributes? }` */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  /** A business change emits once: a second record with the same key is ignored (a replayed Stripe event) */
  @Column({ name: 'dedupe_key', type: 'text', nullable: true })
  dedupeKey: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}

/**
 * One event to one endpoint: its attempts, their last outcome, the next one. `next_attempt_at` is when it is due
 * (pending, failed); while sending, when its claim lapses.
 */
@Entity('webhook_deliveries')
@Check('webhook_deliveries_status_check', `status IN ('pending', 'sending', 'succeeded', 'failed', 'abandoned')`)
@Index('webhook_deliveries_due_idx', { synchronize: false })
@Index('webhook_deliveries_object_idx', { synchronize: false })
@Index('webhook_deliveries_created_at_idx', { synchronize: false })
@Index('webhook_deliveries_endpoint_idx', { synchronize: false })
@Index('webhook_deliveries_event_id_idx', { synchronize: false })
export class WebhookDelivery extends RetriedJobColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  @ManyToOne(() => WebhookEvent, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'webhook_deliveries_event_id_fkey' })
  event?: WebhookEvent;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'webhook_deliveries_endpoint_id_fkey' })
  endpoint?: WebhookEndpoint;

  /** The event's `seq` and `object_type:object_id`, copied: what keeps one object's deliveries in order */
  @Column({ name: 'event_seq', type: 'bigint' })
  eventSeq: string;

  @Column({ name: 'object_key', type: 'text' })
  objectKey: string;

  @Column({ type: 'text', default: 'pending' })
  status: WebhookDeliveryStatus;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ name: 'last_status_code', type: 'int', nullable: true })
  lastStatusCode: number | null;

  @Column({ name: 'last_duration_ms', type: 'int', nullable: true })
  lastDurationMs: number | null;

  @Column({ name: 'succeeded_at', type: 'timestamptz', nullable: true })
  succeededAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
