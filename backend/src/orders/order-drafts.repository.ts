import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { OrderDraft } from './order-draft.entity';
import type { BillingInfo, OrderFormData, OrderStep, PaidPlanType } from './order-form';
import { OrderPhoto } from './order-photo.entity';

export interface NewOrderDraft {
  userId: string | null;
  secretHash: string | null;
  planType: PaidPlanType;
  data: OrderFormData;
}

export type OrderDraftChanges = Partial<{
  userId: string | null;
  planType: PaidPlanType;
  prefersCall: boolean | null;
  currentStep: OrderStep;
  data: OrderFormData;
  billing: BillingInfo | null;
  checkoutSessionId: string | null;
}>;

/** The orders module's `order_drafts` and `order_photos` tables. */
@Injectable()
export class OrderDraftsRepository extends BaseRepository {
  insert(draft: NewOrderDraft, tx?: EntityManager): Promise<OrderDraft> {
    const repo = this.repo(OrderDraft, tx);
    return repo.save(repo.create(draft));
  }

  findById(id: string, tx?: EntityManager): Promise<OrderDraft | null> {
    return this.repo(OrderDraft, tx).findOneBy({ id });
  }

  /** The draft, its row locked until `tx` ends (changes to one draft happen one after the other). */
  findByIdForUpdate(id: string, tx: EntityManager): Promise<OrderDraft | null> {
    return this.repo(OrderDraft, tx).createQueryBuilder('d').where('d.id = :id', { id }).setLock('pessimistic_write').getOne();
  }

  /** The account's most recently changed unpaid draft. */
  latestUnpaidOfUser(userId: string, tx?: EntityManager): Promise<OrderDraft | null> {
    return this.repo(OrderDraft, tx).findOne({ where: { userId, status: 'draft' }, order: { updatedAt: 'DESC', id: 'ASC' } });
  }

  async update(id: string, changes: OrderDraftChanges, tx?: EntityManager): Promise<void> {
    await this.repo(OrderDraft, tx).update({ id }, { ...changes, updatedAt: new Date() });
  }

  /** Marks a draft paid once; false when it already was. */
  async markPaid(
    id: string,
    paid: { checkoutSessionId: string; userId: string; accountCreated: boolean },
    tx?: EntityManager,
  ): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE order_drafts SET status = 'paid', paid_at = now(), updated_at = now(), user_id = $2, account_created = $3,
              checkout_session_id = $4
        WHERE id = $1 AND status = 'draft'
       RETURNING id`,
      [id, paid.userId, paid.accountCreated, paid.checkoutSessionId],
      tx,
    );
    return rows.length > 0;
  }

  /** Records activity on a draft (a photo added or removed), which postpones its purge. */
  async touch(id: string, tx?: EntityManager): Promise<void> {
    await this.query(`UPDATE order_drafts SET updated_at = now() WHERE id = $1`, [id], tx);
  }

  /**
   * Deletes up to `limit` drafts never paid and unchanged for `ttlDays` days, with their photos' rows, and gives back
   * the storage keys of those photos and of their thumbnails. Rows another instance is purging at the same time are
   * skipped (SKIP LOCKED).
   */
  async deleteStale(
    ttlDays: number,
    limit: number,
    tx?: EntityManager,
  ): Promise<{ drafts: number; photos: number; storageKeys: string[] }> {
    const rows = await this.query<{ kind: 'draft' | 'photo'; value: string; thumbnail: string | null }>(
      `WITH doomed AS (
         SELECT id FROM order_drafts
          WHERE status = 'draft' AND updated_at < now() - make_interval(days => $1)
          ORDER BY updated_at
          LIMIT $2
          FOR UPDATE SKIP LOCKED
       ), photos AS (
         DELETE FROM order_photos WHERE draft_id IN (SELECT id FROM doomed) RETURNING storage_key, thumbnail_key
       ), drafts AS (
         DELETE FROM order_drafts WHERE id IN (SELECT id FROM doomed) RETURNING id
       )
       SELECT 'draft' AS kind, id::text AS value, NULL AS thumbnail FROM drafts
       UNION ALL
       SELECT 'photo' AS kind, storage_key AS value, thumbnail_key AS thumbnail FROM photos`,
      [ttlDays, limit],
      tx,
    );
    const photos = rows.filter((r) => r.kind === 'photo');
    return {
      drafts: rows.filter((r) => r.kind === 'draft').length,
      photos: photos.length,
      storageKeys: photos.flatMap((r) => (r.thumbnail ? [r.value, r.thumbnail] : [r.value])),
    };
  }

  // ---- photos ----

  listPhotos(draftId: string, tx?: EntityManager): Promise<OrderPhoto[]> {
    return this.repo(OrderPhoto, tx).find({ where: { draftId }, order: { position: 'ASC', createdAt: 'ASC' } });
  }

  async photoCountAndNextPosition(draftId: string, tx?: EntityManager): Promise<{ count: number; nextPosition: number }> {
    const [row] = await this.query<{ count: number; next: number }>(
      `SELECT count(*)::int AS count, COALESCE(max(position), -1)::int + 1 AS next FROM order_photos WHERE draft_id = $1`,
      [draftId],
      tx,
    );
    return { count: row.count, nextPosition: row.next };
  }

  insertPhoto(photo: Omit<OrderPhoto, 'createdAt' | 'draft'>, tx?: EntityManager): Promise<OrderPhoto> {
    const repo = this.repo(OrderPhoto, tx);
    return repo.save(repo.create(photo));
  }

  findPhoto(photoId: string, tx?: EntityManager): Promise<OrderPhoto | null> {
    return this.repo(OrderPhoto, tx).findOneBy({ id: photoId });
  }

  /** The deleted photo's storage keys (the photo's, its thumbnail's), or null when the draft has no such photo. */
  async deletePhoto(draftId: string, photoId: string, tx?: EntityManager): Promise<string[] | null> {
    const [row] = await this.returning<{ storage_key: string; thumbnail_key: string | null }>(
      `DELETE FROM order_photos WHERE id = $1 AND draft_id = $2 RETURNING storage_key, thumbnail_key`,
      [photoId, draftId],
      tx,
    );
    return row ? [row.storage_key, ...(row.thumbnail_key ? [row.thumbnail_key] : [])] : null;
  }

  // ---- data rights ----

  /** Every draft and order of an account, oldest first. */
  ofUser(userId: string, tx?: EntityManager): Promise<OrderDraft[]> {
    return this.repo(OrderDraft, tx).find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Deletes every draft and order of an account with its photos' rows; the storage keys of the photos and thumbnails. */
  async deleteOfUser(userId: string, tx?: EntityManager): Promise<string[]> {
    const rows = await this.query<{ storage_key: string; thumbnail_key: string | null }>(
      `WITH doomed AS (SELECT id FROM order_drafts WHERE user_id = $1 FOR UPDATE),
            photos AS (DELETE FROM order_photos WHERE draft_id IN (SELECT id FROM doomed) RETURNING storage_key, thumbnail_key),
            drafts AS (DELETE FROM order_drafts WHERE id IN (SELECT id FROM doomed) RETURNING id)
       SELECT storage_key, thumbnail_key FROM photos`,
      [userId],
      tx,
    );
    return rows.flatMap((r) => (r.thumbnail_key ? [r.storage_key, r.thumbnail_key] : [r.storage_key]));
  }

  /** The storage keys of the photos (and thumbnails) of an account's drafts and orders. */
  async photoKeysOfUser(userId: string, tx?: EntityManager): Promise<string[]> {
    const rows = await this.query<{ storage_key: string; thumbnail_key: string | null }>(
      `SELECT p.storage_key, p.thumbnail_key FROM order_photos p JOIN order_drafts d ON d.id = p.draft_id WHERE d.user_id = $1`,
      [userId],
      tx,
    );
    return rows.flatMap((r) => (r.thumbnail_key ? [r.storage_key, r.thumbnail_key] : [r.storage_key]));
  }
}
