import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35 (the three money defects) and issue 36 (the buyer of a legal document):
 * - `order_checkouts`: an order as it was when each of its payments opened (answers, options, billing identity, photos,
 *   the account it belonged to and the address it is paid with). What the team is handed, the paid order and the
 *   first invoice's buyer come from the session that was paid, never from a later edit; an edit of the draft while a
 *   payment is open expires that payment first.
 * - `frozen_buyers`: the buyer of the first invoice of a subscription an order's checkout opened, the order's billing
 *   identity handed to invoicing when the payment is applied; the legal invoice waits for it, never takes the name
 *   typed on the card form. Deleted once the invoice is issued (the invoice keeps the identity).
 * - `duplicate_payments.cause`: a payment we give back is a second payment of the same thing (`duplicate`), a payment
 *   that completed anyway for a closed account (`account-closed`), or for an order erased with its account
 *   (`unknown-order`).
 * - `account_closures.late_sessions`: the Checkout sessions the closure found already paid at Stripe before their
 *   events were applied; the erasure waits until each is refunded (their order's identity is needed for the invoice).
 * - `users.address_proven_at`: when a link mailed to the account's address was last used (first login, password
 *   reset). A self sign-up has a password without it; an anonymous order paid with that address never goes to such an
 *   account created after the payment opened. Accounts already there with a password count as proven.
 */
export class PaymentsKeepTheirWord1763716560000 implements MigrationInterface {
  name = 'PaymentsKeepTheirWord1763716560000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE order_checkouts (
      session_id text PRIMARY KEY,
      draft_id uuid NOT NULL,
      user_id uuid,
      email text NOT NULL,
      plan_type text NOT NULL,
      prefers_call boolean,
      data jsonb NOT NULL,
      billing jsonb NOT NULL,
      photo_ids jsonb NOT NULL,
      status text NOT NULL DEFAULT 'open',
      opened_at timestamptz NOT NULL,
      closed_at timestamptz,
      CONSTRAINT order_checkouts_status_check CHECK (status IN ('open', 'expired', 'paid', 'refused')),
      CONSTRAINT order_checkouts_draft_id_fkey FOREIGN KEY (draft_id) REFERENCES order_drafts (id) ON DELETE CASCADE,
      CONSTRAINT order_checkouts_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX order_checkouts_draft_id_idx ON order_checkouts (draft_id, status)`);
    await q.query(`CREATE INDEX order_checkouts_user_id_idx ON order_checkouts (user_id)`);
    await q.query(`CREATE TABLE frozen_buyers (
      subscription_id text PRIMARY KEY,
      user_id uuid NOT NULL,
      buyer jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT frozen_buyers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX frozen_buyers_user_id_idx ON frozen_buyers (user_id)`);
    await q.query(`ALTER TABLE duplicate_payments ADD COLUMN cause text NOT NULL DEFAULT 'duplicate',
      ADD CONSTRAINT duplicate_payments_cause_check CHECK (cause IN ('duplicate', 'account-closed', 'unknown-order'))`);
    await q.query(`ALTER TABLE account_closures ADD COLUMN late_sessions jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`ALTER TABLE users ADD COLUMN address_proven_at timestamptz`);
    await q.query(`UPDATE users SET address_proven_at = created_at WHERE password_hash IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN address_proven_at`);
    await q.query(`ALTER TABLE account_closures DROP COLUMN late_sessions`);
    await q.query(`ALTER TABLE duplicate_payments DROP CONSTRAINT duplicate_payments_cause_check, DROP COLUMN cause`);
    await q.query(`DROP TABLE frozen_buyers`);
    await q.query(`DROP TABLE order_checkouts`);
  }
}
