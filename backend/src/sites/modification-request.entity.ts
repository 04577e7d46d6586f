import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumns } from '../database/columns';
import { User } from '../auth/user.entity';
import { Site } from './site.entity';

export const MODIFICATION_TYPES = ['design', 'content', 'functionality', 'domain', 'other'] as const;
export type ModificationType = (typeof MODIFICATION_TYPES)[number];
export const MODIFICATION_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ModificationPriority = (typeof MODIFICATION_PRIORITIES)[number];

/** The French labels of the choices: in the team's mail and in the client's form (served with the site). */
export const MODIFICATION_TYPE_LABELS: Record<ModificationType, string> = {
  design: 'Design',
  content: 'Contenu',
  functionality: 'Fonctionnalité',
  domain: 'Nom de domaine',
  other: 'Autre',
};
export const MODIFICATION_PRIORITY_LABELS: Record<ModificationPriority, string> = { low: 'Basse', medium: 'Moyenne', high: 'Haute' };

/** A change a client asks for on one of their sites (mailed to the team). */
@Entity('modification_requests')
@Check('modification_requests_type_check', `type IN ('design', 'content', 'functionality', 'domain', 'other')`)
@Check('modification_requests_priority_check', `priority IN ('low', 'medium', 'high')`)
@Index('modification_requests_site_id_idx', ['siteId'])
export class ModificationRequest extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'site_id', type: 'uuid' })
  siteId: string;

  @ManyToOne(() => Site, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'modification_requests_site_id_fkey' })
  site?: Site;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'modification_requests_user_id_fkey' })
  user?: User;

  @Column({ type: 'text' })
  type: ModificationType;

  @Column({ type: 'text' })
  priority: ModificationPriority;

  @Column({ type: 'text' })
  description: string;
}
