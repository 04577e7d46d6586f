import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { PhotoContentType } from './photos/photo-processing';
import { OrderDraft } from './order-draft.entity';

/** A photo attached to an order draft: its metadata here, its bytes in the photo storage under `storage_key`. */
@Entity('order_photos')
@Check('order_photos_content_type_check', `content_type IN ('image/jpeg', 'image/png')`)
@Unique('order_photos_storage_key_key', ['storageKey'])
@Index('order_photos_draft_id_idx', ['draftId'])
export class OrderPhoto {
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

  @Column({ type: 'int' })
  position: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
