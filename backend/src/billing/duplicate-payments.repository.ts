import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DuplicatePaymentFound, GivenBackCause, GivenBackKind } from '../billing-facts/facts';
import { BaseRepository } from '../database/base.repository';

/** A pending duplicate, as the refunding job reads it. */
export interface DuplicateRow {
  id: string;
  kind: GivenBackKind;
  cause: GivenBackCause;
  reference_id: string;
  site_id: string | null;
  checkout_session_id: string | null;
  subscription_id: string | null;
  invoice_id: string | null;
  amount_cents: number;
  /** What to give back when it is not the whole payment; null: all of it */
  refund_cents: number | null;
  attempts: number;
  created_at: Date;
}

export interface DuplicatePaymentView {
  id: string;
  kind: GivenBackKind;
  referenceId: string;
  siteId: string | null;
  checkoutSessionId: string | null;
  subscriptionId: string | null;
  amountCents: number;
  refundedCents: number;
  status: 'pending' | 'refunded' | 'failed';
  reason: string;
  lastError: string | null;
  customerEmail: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

/** The `duplicate_payments` table: each second payment found, then what its refund did. */
@Injectable()
export class DuplicatePaymentsRepository extends BaseRepository {
  /** Records a duplicate once (its session id, or an invoice's id, is unique); answers whether this call recorded it. */
  async insert(d: DuplicatePaymentFound, tx: EntityManager): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `INSERT INTO duplicate_payments (kind, reference_id, site_id, checkout_session_id, subscription_id, invoice_id, customer_id, user_id, amount_cents, reason, cause, refund_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING RETURNING id`,
      [
        d.kind,
        d.referenceId,
        d.siteId,
        d.checkoutSessionId,
        d.subscriptionId,
        d.invoiceId,
        d.customerId,
        d.userId,
        d.amountCents,
        d.reason,
        d.cause ?? 'duplicate',
        d.refundCents ?? null,
      ],
      tx,
    );
    return rows.length > 0;
  }

  /** The pending duplicates, oldest first. */
  pending(limit: number): Promise<DuplicateRow[]> {
    return this.query<DuplicateRow>(
      `SELECT id, kind, cause, reference_id, site_id, checkout_session_id, subscription_id, invoice_id, amount_cents, refund_cents, attempts, created_at
         FROM duplicate_payments WHERE status = 'pending' ORDER BY created_at LIMIT $1`,
      [limit],
    );
  }

  /** One more failed attempt, recorded with its error; `failed` gives up on the row. */
  async attemptFailed(id: string, message: string, failed: boolean): Promise<void> {
    await this.query(
      `UPDATE duplicate_payments SET attempts = attempts + 1, last_error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE id = $1`,
      [id, message, failed],
    );
  }

  /** Marks a pending duplicate refunded; false when it no longer is pending (another instance settled it). */
  async markRefunded(id: string, refundId: string | null, refundedCents: number, tx: EntityManager): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE duplicate_payments SET status = 'refunded', refund_id = $2, refunded_cents = $3, settled_at = now(), attempts = attempts + 1, last_error = NULL
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, refundId, refundedCents],
      tx,
    );
    return rows.length > 0;
  }

  /** Of these Checkout sessions, those whose payment is not given back yet: none recorded, or its refund pending. */
  async unsettled(sessionIds: string[], tx?: EntityManager): Promise<string[]> {
    if (!sessionIds.length) return [];
    const rows = await this.query<{ id: string }>(
      `SELECT s.id FROM unnest($1::text[]) AS s(id)
        WHERE NOT EXISTS (SELECT 1 FROM duplicate_payments d WHERE d.checkout_session_id = s.id AND d.status <> 'pending')`,
      [sessionIds],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /** The recorded duplicates, newest first (the admin's list). */
  async list(limit: number, offset: number): Promise<{ items: DuplicatePaymentView[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.query<Record<string, unknown>>(
        `SELECT d.*, u.email AS customer_email FROM duplicate_payments d LEFT JOIN users u ON u.id = d.user_id ORDER BY d.created_at DESC, d.id DESC LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      this.query<{ total: number }>(`SELECT count(*)::int AS total FROM duplicate_payments`, []),
    ]);
    const items = rows.map((r) => ({
      id: r.id as string,
      kind: r.kind as 'order' | 'restart',
      referenceId: r.reference_id as string,
      siteId: (r.site_id as string | null) ?? null,
      checkoutSessionId: r.checkout_session_id as string,
      subscriptionId: r.subscription_id as string | null,
      amountCents: r.amount_cents as number,
      refundedCents: r.refunded_cents as number,
      status: r.status as 'pending' | 'refunded' | 'failed',
      reason: r.reason as string,
      lastError: r.last_error as string | null,
      customerEmail: (r.customer_email as string | null) ?? null,
      createdAt: r.created_at as Date,
      settledAt: (r.settled_at as Date | null) ?? null,
    }));
    return { items, total };
  }
}
