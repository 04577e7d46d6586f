import { MigrationInterface, QueryRunner } from 'typeorm';

export class Billing1763712300000 implements MigrationInterface {
  name = 'Billing1763712300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN stripe_customer_id text CONSTRAINT users_stripe_customer_id_key UNIQUE`);
    await q.query(`CREATE TABLE stripe_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      created_at_stripe timestamptz NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE subscriptions (
      id text PRIMARY KEY,
      customer_id text NOT NULL,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      status text NOT NULL,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      current_period_end timestamptz,
      price_id text,
      plan text,
      site_id uuid,
      metadata jsonb NOT NULL DEFAULT '{}',
      synced_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX subscriptions_user_id_idx ON subscriptions (user_id)`);
    await q.query(`CREATE INDEX subscriptions_customer_id_idx ON subscriptions (customer_id)`);
    await q.query(`CREATE TABLE invoices (
      id text PRIMARY KEY,
      customer_id text NOT NULL,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      subscription_id text,
      number text,
      date timestamptz NOT NULL,
      amount_cents int NOT NULL,
      currency text NOT NULL,
      status text NOT NULL,
      description text,
      hosted_url text,
      pdf_url text,
      synced_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX invoices_user_id_idx ON invoices (user_id)`);
    await q.query(`CREATE INDEX invoices_customer_id_idx ON invoices (customer_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE invoices`);
    await q.query(`DROP TABLE subscriptions`);
    await q.query(`DROP TABLE stripe_events`);
    await q.query(`ALTER TABLE users DROP COLUMN stripe_customer_id`);
  }
}
