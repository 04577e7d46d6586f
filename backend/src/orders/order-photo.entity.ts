import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CreatedAtColumns } from '../database/columns';
import type { PhotoContentType } from './photos/photo-processing';
import { OrderDraft } from './order-draft.entity';

/**
 * A photo attached to an order draft: its metadata here, its bytes in the file storage under `storage_key`, its
 * thumbnail's under `thumbnail_key`.
 */
@Entity('order_photos')
@Check('order_photos_content_type_check', `content_type IN ('image/jpeg', 'image/png')`)
@Check(
  'order_photos_thumbnail_check',
  `(thumbnail_key IS NULL AND thumbnail_content_type IS NULL) OR (thumbnail_key IS NOT NULL AND thumbnail_content_type IN ('image/jpeg', 'image/png'))`,
)
@Unique('order_photos_storage_key_key', ['storageKey'])
@Unique('order_photos_thumbnail_key_key', ['thumbnailKey'])
@Index('order_photos_draft_id_idx', ['draftId'])
export class OrderPhoto extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'draft_id', type: 'uuid' })
  draftId: string;

  @ManyToOne(() => OrderDraft, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'draft_id', foreignKeyConstraintName: 'order_photos_draft_id_fkey' })
  draft?: OrderDraft;

  /** The file's name on the buyer's device, cleaned */
  @Column({ name: 'original_name', type: 'text' })
  originalName: string;

  /** Read from the bytes, never from the upload's declared type */
  @Column({ name: 'content_type', type: 'text' })
  contentType: PhotoContentType;

  /** Stored size, of the re-encoded file */
  @Column({ name: 'size_bytes', type: 'int' })
  sizeBytes: number;

  @Column({ name: 'storage_key', type: 'text' })
  storageKey: string;

  /** Its thumbnail in the file storage; null for the photos stored before thumbnails existed (the photo stands in) */
  @Column({ name: 'thumbnail_key', type: 'text', nullable: true })
  thumbnailKey: string | null;

  @Column({ name: 'thumbnail_content_type', type: 'text', nullable: true })
  thumbnailContentType: PhotoContentType | null;

  @Column({ type: 'int' })
  position: number;
}
