import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../auth/user.entity';

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'downloaded', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * A client's 'Télécharger mes données': the request is this row (pending); a worker builds the archive (a lease, so
 * two instances never build the same one; retried with a growing wait), stores it, and mails a one-time link valid
 * 24 hours. One pending request per account at most (a unique index). Only the link token's SHA-256 is kept. The file is deleted once downloaded or expired.
 */
@Entity('data_exports')
@Check('data_exports_status_check', `status IN ('pending', 'ready', 'downloaded', 'expired', 'failed')`)
@Index('data_exports_user_id_idx', ['userId', 'createdAt'])
@Index('data_exports_one_pending_key', ['userId'], { unique: true, where: `status = 'pending'` })
@Index('data_exports_due_idx', ['runAfter'], { where: `status = 'pending'` })
@Index('data_exports_files_idx', ['expiresAt'], { where: `file_key IS NOT NULL` })
export class DataExport {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'data_exports_user_id_fkey' })
  user?: User;

  @Column({ type: 'text', default: 'pending' })
  status: DataExportStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'run_after', type: 'timestamptz', default: () => 'now()' })
  runAfter: Date;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  /** The archive in the storage (`data-exports/<id>.zip`) while it can be downloaded */
  @Column({ name: 'file_key', type: 'text', nullable: true })
  fileKey: string | null;

  @Column({ name: 'size_bytes', type: 'int', nullable: true })
  sizeBytes: number | null;

  /** SHA-256 (hex) of the link's token; the token itself is only in the mail */
  @Column({ name: 'token_hash', type: 'text', nullable: true })
  tokenHash: string | null;

  @Column({ name: 'ready_at', type: 'timestamptz', nullable: true })
  readyAt: Date | null;

  /** The link's end: 24 hours after the archive is ready */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'downloaded_at', type: 'timestamptz', nullable: true })
  downloadedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
