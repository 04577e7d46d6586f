import { MigrationInterface, QueryRunner } from 'typeorm';

/** Clients' sites, created at payment; indexed for the admin's filtered, sorted and searched list. */
export class Sites1763712600000 implements MigrationInterface {
  name = 'Sites1763712600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE TABLE sites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL CONSTRAINT sites_user_id_fkey REFERENCES users(id) ON DELETE RESTRICT,
      site_name text NOT NULL,
      domain text,
      status text NOT NULL DEFAULT 'pending' CONSTRAINT sites_status_check CHECK (status IN ('pending', 'active', 'suspended')),
      type text NOT NULL CONSTRAINT sites_type_check CHECK (type IN ('pro', 'business', 'custom')),
      progression jsonb NOT NULL,
      stripe_subscription_id text CONSTRAINT sites_stripe_subscription_id_key UNIQUE,
      order_draft_id uuid CONSTRAINT sites_order_draft_id_key UNIQUE CONSTRAINT sites_order_draft_id_fkey REFERENCES order_drafts(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX sites_user_id_idx ON sites (user_id)`);
    await q.query(`CREATE INDEX sites_status_idx ON sites (status)`);
    await q.query(`CREATE INDEX sites_type_idx ON sites (type)`);
    await q.query(`CREATE INDEX sites_created_at_idx ON sites (created_at)`);
    await q.query(`CREATE INDEX sites_site_name_trgm_idx ON sites USING gin (site_name gin_trgm_ops)`);
    await q.query(`CREATE INDEX sites_domain_trgm_idx ON sites USING gin (domain gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sites`);
    // pg_trgm stays: it may have been there before, and other tables may come to use it.
  }
}
