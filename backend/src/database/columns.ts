import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * The columns many tables share, declared once. An entity extends one of these abstract classes (TypeORM reads the
 * decorated columns of its parents); the tables keep their columns as the migrations declare them.
 */

/** `created_at`, set by the database when the row is inserted. */
export abstract class CreatedAtColumns {
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** `created_at` and `updated_at` (refreshed by TypeORM on each save through the entity). */
export abstract class TimestampColumns extends CreatedAtColumns {
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A row a background worker claims and retries (the outbox, the webhook inbox and deliveries). */
export abstract class RetriedJobColumns {
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** When it is next due */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  /** Claimed by a worker until then (a crashed worker's claim expires) */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
