import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * An admin's read-only view of a client's space ('Voir comme le client'): its token names this row, which must be
 * open, unexpired and tied to the admin's open session for any request to pass. The audit log records who, whom,
 * when and how long; the client sees the views in their profile's activity.
 */
@Entity('client_views')
@Index('client_views_user_id_idx', ['userId', 'startedAt'])
export class ClientView {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The client whose space is viewed */
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'client_views_user_id_fkey' })
  user?: User;

  /** The admin viewing it (null once that account is gone) */
  @Column({ name: 'admin_id', type: 'uuid', nullable: true })
  adminId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'admin_id', foreignKeyConstraintName: 'client_views_admin_id_fkey' })
  admin?: User;

  /** The admin's own session: its logout ends the view too */
  @Column({ name: 'admin_session_id', type: 'uuid' })
  adminSessionId: string;

  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' })
  startedAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** When the admin left it; null while open or once expired without leaving */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;
}
