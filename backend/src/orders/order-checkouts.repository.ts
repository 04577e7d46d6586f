import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { OrderCheckout, type OrderCheckoutStatus } from './order-checkout.entity';

export type NewOrderCheckout = Omit<OrderCheckout, 'status' | 'closedAt' | 'draft' | 'user'>;

/** The orders module's `order_checkouts`: each order as it was when one of its payments opened. */
@Injectable()
export class OrderCheckoutsRepository extends BaseRepository {
  async insert(checkout: NewOrderCheckout, tx?: EntityManager): Promise<void> {
    await this.repo(OrderCheckout, tx).insert({ ...checkout, status: 'open', closedAt: null });
  }

  /** The database's clock now (not a transaction's start). */
  async now(): Promise<Date> {
    const [row] = await this.query<{ now: Date }>(`SELECT clock_timestamp() AS now`, []);
    return row.now;
  }

  find(sessionId: string, tx?: EntityManager): Promise<OrderCheckout | null> {
    return this.repo(OrderCheckout, tx).findOneBy({ sessionId });
  }

  /** The sessions of an order still payable as far as we know. */
  async openOf(draftId: string, tx?: EntityManager): Promise<string[]> {
    const rows = await this.query<{ session_id: string }>(
      `SELECT session_id FROM order_checkouts WHERE draft_id = $1 AND status = 'open' ORDER BY opened_at`,
      [draftId],
      tx,
    );
    return rows.map((r) => r.session_id);
  }

  /** The sessions still payable of an account's orders (those it opened, and those of its drafts). */
  async openOfUser(userId: string, tx?: EntityManager): Promise<string[]> {
    const rows = await this.query<{ session_id: string }>(
      `SELECT c.session_id FROM order_checkouts c JOIN order_drafts d ON d.id = c.draft_id
        WHERE c.status = 'open' AND (c.user_id = $1 OR d.user_id = $1) ORDER BY c.opened_at`,
      [userId],
      tx,
    );
    return rows.map((r) => r.session_id);
  }

  /** Marks sessions closed (still open ones only: a paid or refused one stays so). */
  async expire(sessionIds: string[], tx?: EntityManager): Promise<void> {
    if (!sessionIds.length) return;
    await this.query(
      `UPDATE order_checkouts SET status = 'expired', closed_at = now() WHERE session_id = ANY($1) AND status = 'open'`,
      [sessionIds],
      tx,
    );
  }

  /** Every other payable session of the order marked closed: the checkout closed it before opening `sessionId`. */
  async expireOthers(draftId: string, sessionId: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE order_checkouts SET status = 'expired', closed_at = now() WHERE draft_id = $1 AND session_id <> $2 AND status = 'open'`,
      [draftId, sessionId],
      tx,
    );
  }

  /**
   * A session completed by a SEPA debit: `pending` while it is processing (only from open: a later state is never
   * undone by an event read earlier), `failed` once the bank refused it (from open or pending). True when it changed.
   */
  async debit(sessionId: string, state: 'processing' | 'failed', tx?: EntityManager): Promise<boolean> {
    const rows = await this.query<{ session_id: string }>(
      `UPDATE order_checkouts SET status = $2, closed_at = CASE WHEN $2 = 'failed' THEN COALESCE(closed_at, now()) ELSE closed_at END
        WHERE session_id = $1 AND status = ANY($3) RETURNING session_id`,
      [sessionId, state === 'failed' ? 'failed' : 'pending', state === 'failed' ? ['open', 'pending'] : ['open']],
      tx,
    );
    return rows.length > 0;
  }

  /** What became of a paid session: provisioned (or a duplicate), or refused and refunded. */
  async settle(sessionId: string, status: Extract<OrderCheckoutStatus, 'paid' | 'refused'>, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE order_checkouts SET status = $2, closed_at = COALESCE(closed_at, now()) WHERE session_id = $1`,
      [sessionId, status],
      tx,
    );
  }
}
