import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CreatedAtColumns } from '../database/columns';
import { SingleUseTokenColumns } from './single-use-token';
import { User } from './user.entity';

/**
 * A signed-in session: one family of rotating refresh tokens. Access tokens carry its id (`sid`), so revoking the
 * session (logout, password change, refresh-token reuse) ends the access tokens too.
 */
@Entity('sessions')
@Index('sessions_user_id_idx', ['userId'])
export class Session extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'sessions_user_id_fkey' })
  user?: User;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_reason', type: 'text', nullable: true })
  revokedReason: string | null;
}

@Entity('refresh_tokens')
@Index('refresh_tokens_session_id_idx', ['sessionId'])
@Unique('refresh_tokens_token_hash_key', ['tokenHash'])
export class RefreshToken extends SingleUseTokenColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @ManyToOne(() => Session, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'refresh_tokens_session_id_fkey' })
  session?: Session;
}
