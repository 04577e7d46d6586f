import { Column } from 'typeorm';
import { CreatedAtColumns } from '../database/columns';

/** A token given out once and stored only as its SHA-256: when it expires, when it was used. */
export abstract class SingleUseTokenColumns extends CreatedAtColumns {
  /** SHA-256 of the token; the token itself is never stored. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
