import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Failed sign-ins counted per e-mail address, whether or not an account has it, so a locked address tells nothing
 * about which accounts exist. Kept in PostgreSQL so every app instance sees the same count.
 */
@Entity('login_attempts')
export class LoginAttempt {
  @PrimaryColumn({ type: 'text' })
  email: string;

  @Column({ type: 'int', default: 0 })
  failures: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'last_failure_at', type: 'timestamptz', default: () => 'now()' })
  lastFailureAt: Date;
}
