import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from '../auth/user.entity';

export const CLOSURE_REQUESTERS = ['client', 'admin'] as const;
export type ClosureRequester = (typeof CLOSURE_REQUESTERS)[number];
/** How the account's live subscriptions end: at once, or at the end of the period already paid */
export const CLOSURE_CANCELLATIONS = ['now', 'period_end'] as const;
export type ClosureCancellation = (typeof CLOSURE_CANCELLATIONS)[number];
export const CLOSURE_STATUSES = ['pending', 'done', 'failed'] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];
/**
 * What a pending erasure waits for: the mails to the account still in the outbox, a payment made just before the
 * closure being given back (its order's identity goes on its invoice), or its subscriptions' end
 */
export const CLOSURE_WAITS = ['mail', 'payments', 'subscriptions'] as const;
export type ClosureWait = (typeof CLOSURE_WAITS)[number];

/**
 * A closed account (one per account), and the erasure request it makes: the identity is anonymised when the account
 * is closed; the rest of its personal data (order answers and photos, messages, requests, mails, billing identity,
 * sessions…) is erased by the AccountErasure worker once the confirmation mail is out and the subscriptions have
 * ended (`erase_after`). `email` is the address the account had, kept only until then to find what to erase. The
 * legal documents stay (`legal_documents`, kept until `retained_until`).
 */
@Entity('account_closures')
@Unique('account_closures_user_id_key', ['userId'])
@Check('account_closures_requested_by_check', `requested_by IN ('client', 'admin')`)
@Check('account_closures_cancellation_check', `cancellation IN ('now', 'period_end')`)
@Check('account_closures_status_check', `status IN ('pending', 'done', 'failed')`)
@Index('account_closures_due_idx', ['eraseAfter'], { where: `status = 'pending'` })
@Index('account_closures_closed_at_idx', ['closedAt', 'id'])
export class AccountClosure {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_closures_user_id_fkey' })
  user?: User;

  @Column({ name: 'requested_by', type: 'text' })
  requestedBy: ClosureRequester;

  /** The admin who closed it on the client's request */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_id', foreignKeyConstraintName: 'account_closures_actor_id_fkey' })
  actor?: User;

  /** The admin's reason (the client's request, as received) */
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ type: 'text' })
  cancellation: ClosureCancellation;

  /** The account's address until the erasure (to find its mails, quote requests, sign-in counters); then null */
  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'text', default: 'pending' })
  status: ClosureStatus;

  @Column({ name: 'closed_at', type: 'timestamptz', default: () => 'now()' })
  closedAt: Date;

  /** Not before: now, or the end of the period already paid */
  @Column({ name: 'erase_after', type: 'timestamptz' })
  eraseAfter: Date;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'waiting_for', type: 'text', nullable: true })
  waitingFor: ClosureWait | null;

  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true })
  erasedAt: Date | null;

  /** Legal invoices and credit notes issued to the account, kept with the identity printed on them */
  @Column({ name: 'legal_documents', type: 'int', default: 0 })
  legalDocuments: number;

  /**
   * The Checkout sessions the closure found paid at Stripe before their events were applied: refunded when they come
   * (the account is closed), the erasure waiting for it
   */
  @Column({ name: 'late_sessions', type: 'jsonb', default: [] })
  lateSessions: string[];

  /** Until when they are kept (ten years, Code de commerce L123-22); null without any */
  @Column({ name: 'retained_until', type: 'date', nullable: true })
  retainedUntil: string | null;
}
