import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from './user.entity';

export type OneTimeTokenPurpose = 'first_login' | 'password_reset';

/** A single-use, expiring token sent by e-mail (first login, password reset). Only its SHA-256 is stored. */
@Entity('one_time_tokens')
@Index('one_time_tokens_user_id_idx', ['userId', 'purpose'])
@Unique('one_time_tokens_token_hash_key', ['tokenHash'])
@Check('one_time_tokens_purpose_check', `purpose IN ('first_login', 'password_reset')`)
export class OneTimeToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'one_time_tokens_user_id_fkey' })
  user?: User;

  @Column({ type: 'text' })
  purpose: OneTimeTokenPurpose;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
