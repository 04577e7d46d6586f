import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { TimestampColumns } from '../database/columns';
import { Site } from './site.entity';

/** The business questionnaire of a site (signed-in-areas §3), as the client last saved it. */
@Entity('site_business_options')
export class SiteBusinessOptions extends TimestampColumns {
  @PrimaryColumn({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @OneToOne(() => Site, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'site_business_options_site_id_fkey' })
  site?: Site;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;
}
