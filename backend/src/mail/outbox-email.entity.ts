import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import { RetriedJobColumns } from '../database/columns';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'captured'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * One e-mail, written in the same transaction as the business change that causes it, then delivered by the worker.
 * queued → sending → sent | failed (after the last attempt) | captured (no SMTP configured: kept here only).
 */
@Entity('outbox_emails')
@Unique('outbox_emails_dedupe_key_key', ['dedupeKey'])
@Check('outbox_emails_status_check', `status IN ('queued', 'sending', 'sent', 'failed', 'captured')`)
@Index('outbox_emails_due_idx', { synchronize: false })
@Index('outbox_emails_created_at_idx', { synchronize: false })
@Index('outbox_emails_failed_idx', { synchronize: false })
export class OutboxEmail extends RetriedJobColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  recipient: string;

  @Column({ type: 'text' })
  template: string;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'action_url', type: 'text', nullable: true })
  actionUrl: string | null;

  /**
   * A one-time link (reset, first login) sealed by `MailSecrets`; `html`, `text`, `data` and `actionUrl` hold it masked.
   * Only the worker opens it, to send the mail; wiped once the mail is sent or captured.
   */
  @Column({ name: 'secret_link', type: 'text', nullable: true })
  secretLink: string | null;

  @Column({ type: 'text', default: 'queued' })
  status: MailStatus;

  /** A business event mails once: a second enqueue with the same key is ignored */
  @Column({ name: 'dedupe_key', type: 'text', nullable: true })
  dedupeKey: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
