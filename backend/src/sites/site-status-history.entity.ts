import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumns } from '../database/columns';
import { Site } from './site.entity';

/** Why a site's status changed: its payments, an admin, or the client's own action. */
export const STATUS_CAUSES = ['payment', 'admin', 'client'] as const;
export type StatusCause = (typeof STATUS_CAUSES)[number];

/** One change of a site's status, with its cause and time (the first row: the site's creation, from null). */
@Entity('site_status_history')
@Check('site_status_history_cause_check', `cause IN ('payment', 'admin', 'client')`)
@Index('site_status_history_site_id_idx', ['siteId', 'createdAt', 'id'])
export class SiteStatusChange extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @ManyToOne(() => Site, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_status_history_site_id_fkey' })
  site?: Site;

  @Column({ name: 'from_status', type: 'text', nullable: true })
  fromStatus: string | null;

  @Column({ name: 'to_status', type: 'text' })
  toStatus: string;

  @Column({ type: 'text' })
  cause: StatusCause;
}
