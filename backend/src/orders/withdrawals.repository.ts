import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import type { BillingInfo } from './order-form';
import { Withdrawal } from './withdrawal.entity';

/** The paid checkout an order's site came from: its session, the buyer's identity and consent as frozen then. */
export interface OrderOfSite {
  sessionId: string;
  billing: BillingInfo;
  consumerRequestAt: Date | null;
}

/** The orders module's `withdrawals`, and what a withdrawal reads of the order it withdraws from. */
@Injectable()
export class WithdrawalsRepository extends BaseRepository {
  /**
   * The paid checkout that created an order's site: the order's first paid session that was not given back (a second
   * payment of the same order is a duplicate, refunded, never the contract).
   */
  async orderOf(draftId: string, tx?: EntityManager): Promise<OrderOfSite | null> {
    const [row] = await this.query<OrderOfSite>(
      `SELECT c.session_id AS "sessionId", c.billing, c.consumer_request_at AS "consumerRequestAt" FROM order_checkouts c
        WHERE c.draft_id = $1 AND c.status = 'paid'
          AND NOT EXISTS (SELECT 1 FROM duplicate_payments d WHERE d.checkout_session_id = c.session_id AND d.cause <> 'withdrawal')
        ORDER BY c.opened_at LIMIT 1`,
      [draftId],
      tx,
    );
    return row ?? null;
  }

  ofSubscription(subscriptionId: string, tx?: EntityManager): Promise<Withdrawal | null> {
    return this.repo(Withdrawal, tx).findOneBy({ subscriptionId });
  }

  /** Records a withdrawal once per subscription; false when one was already recorded (a second click, two tabs). */
  async insert(w: Omit<Withdrawal, 'id' | 'createdAt' | 'user' | 'site'>, tx: EntityManager): Promise<Withdrawal | null> {
    const rows = await this.returning<{ id: string }>(
      `INSERT INTO withdrawals (user_id, site_id, subscription_id, checkout_session_id, full_name, address, ordered_at, paid_cents, due_cents, refund_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (subscription_id) DO NOTHING RETURNING id`,
      [
        w.userId,
        w.siteId,
        w.subscriptionId,
        w.checkoutSessionId,
        w.fullName,
        w.address,
        w.orderedAt,
        w.paidCents,
        w.dueCents,
        w.refundCents,
      ],
      tx,
    );
    return rows.length ? this.repo(Withdrawal, tx).findOneByOrFail({ id: rows[0].id }) : null;
  }
}
