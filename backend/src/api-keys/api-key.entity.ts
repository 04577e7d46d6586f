import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../auth/user.entity';

/**
 * An integrator's API key. Only the SHA-256 of its secret is kept (never the secret, shown once at creation); the
 * prefix, unique, finds the key and is what lists show (`vk_live_<prefix>`).
 */
@Entity('api_keys')
@Index('api_keys_prefix_key', ['prefix'], { unique: true })
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** 12 hex characters, the part of the key between `vk_live_` and the secret */
  @Column({ type: 'text' })
  prefix: string;

  /** SHA-256 of the secret, hex */
  @Column({ name: 'secret_hash', type: 'text' })
  secretHash: string;

  @Column({ type: 'text', array: true })
  scopes: string[];

  /** The admin who created it (null once that account is gone: the key then stops working) */
  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'api_keys_created_by_fkey' })
  creator?: User;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  /** Written at most once a minute */
  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** Requests accepted with it: counted in memory by each instance, added here every minute and at shutdown */
  @Column({ name: 'use_count', type: 'bigint', default: 0 })
  useCount: string;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
