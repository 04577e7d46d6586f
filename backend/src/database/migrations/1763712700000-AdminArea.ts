import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin area: the audit log of admin writes; when subscriptions started and ended at Stripe (the revenue page's
 * new and cancelled subscriptions); indexes for the admin's searches, sorts and lists (owner name and e-mail,
 * every sort column of the sites list, invoices by date, subscriptions by status).
 */
export class AdminArea1763712700000 implements MigrationInterface {
  name = 'AdminArea1763712700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      actor_id uuid CONSTRAINT audit_log_actor_id_fkey REFERENCES users(id) ON DELETE SET NULL,
      actor_email text NOT NULL,
      action text NOT NULL,
      entity_type text NOT NULL,
      entity_id text NOT NULL,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX audit_log_created_at_idx ON audit_log (created_at)`);
    await q.query(`CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at)`);

    await q.query(`ALTER TABLE subscriptions ADD COLUMN started_at timestamptz, ADD COLUMN ended_at timestamptz`);
    // Rows synced before: the best we know is when our copy appeared, and when a canceled one last changed.
    await q.query(`UPDATE subscriptions SET started_at = created_at, ended_at = CASE WHEN status = 'canceled' THEN updated_at END`);
    await q.query(`CREATE INDEX subscriptions_status_idx ON subscriptions (status)`);
    await q.query(`CREATE INDEX invoices_date_idx ON invoices (date, id)`);

    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops)`);
    await q.query(`CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops)`);

    // The admin's sorts read a page straight from an index, page 1,000 as well as page 1: each sort column with the
    // id that breaks ties (both directions of the domain, whose empty values come last either way).
    await q.query(`CREATE INDEX sites_site_name_idx ON sites (site_name, id)`);
    await q.query(`CREATE INDEX sites_domain_idx ON sites (domain, id)`);
    await q.query(`CREATE INDEX sites_domain_desc_idx ON sites (domain DESC NULLS LAST, id DESC)`);
    await q.query(`CREATE INDEX users_name_idx ON users (name, id)`);
    for (const column of ['status', 'type', 'created_at']) {
      await q.query(`DROP INDEX sites_${column}_idx`);
      await q.query(`CREATE INDEX sites_${column}_idx ON sites (${column}, id)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of ['status', 'type', 'created_at']) {
      await q.query(`DROP INDEX sites_${column}_idx`);
      await q.query(`CREATE INDEX sites_${column}_idx ON sites (${column})`);
    }
    await q.query(`DROP INDEX users_name_idx`);
    await q.query(`DROP INDEX sites_domain_desc_idx`);
    await q.query(`DROP INDEX sites_domain_idx`);
    await q.query(`DROP INDEX sites_site_name_idx`);
    await q.query(`DROP INDEX users_email_trgm_idx`);
    await q.query(`DROP INDEX users_name_trgm_idx`);
    await q.query(`DROP INDEX invoices_date_idx`);
    await q.query(`DROP INDEX subscriptions_status_idx`);
    await q.query(`ALTER TABLE subscriptions DROP COLUMN ended_at, DROP COLUMN started_at`);
    await q.query(`DROP TABLE audit_log`);
  }
}
