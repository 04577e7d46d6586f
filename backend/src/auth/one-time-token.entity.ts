import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { SingleUseTokenColumns } from './single-use-token';
import { User } from './user.entity';

export type OneTimeTokenPurpose = 'first_login' | 'password_reset';

/** A single-use, expiring token sent by e-mail (first login, password reset). Only its SHA-256 is stored. */
@Entity('one_time_tokens')
@Index('one_time_tokens_user_id_idx', ['userId', 'purpose'])
@Unique('one_time_tokens_token_hash_key', ['tokenHash'])
@Check('one_time_tokens_purpose_check', `purpose IN ('first_login', 'password_reset')`)
export class OneTimeToken extends SingleUseTokenColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'one_time_tokens_user_id_fkey' })
  user?: User;

  @Column({ type: 'text' })
  purpose: OneTimeTokenPurpose;
}
