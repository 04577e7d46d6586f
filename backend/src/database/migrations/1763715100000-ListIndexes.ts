import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every paged list reads its page from an index that matches its whole ORDER BY, the id that breaks ties included.
 * An index on the sort column alone leaves PostgreSQL to sort each group of equal values by id on every request: after
 * a bulk import of 10,000 accounts with one timestamp, the admin's users page sorted all 10,000 each time (a third of
 * the speed of the same query with the index). The tie-breaker now goes the way of the sort (`created_at DESC, id
 * DESC`), so one (column, id) index serves both directions, read forwards or backwards.
 *
 * - users: the admin's list sorted by sign-up date, e-mail or role (the name's index exists), the dashboard's latest
 *   accounts, the CSV export (created_at, id);
 * - quote_requests, outbox_emails: the admin's quotes and mail log, latest first;
 * - sites, invoices: a client's own sites and invoices, latest first (the index leads with the owner);
 * - site_status_history: a site's latest status changes.
 * (The admin's sites, invoices, duplicate payments and the audit log already had theirs; the sites list sorted by
 * owner name orders by a column of another table, users_name_idx, then by site.)
 */
export class ListIndexes1763715100000 implements MigrationInterface {
  name = 'ListIndexes1763715100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_created_at_idx`);
    await q.query(`CREATE INDEX users_created_at_idx ON users (created_at, id)`);
    await q.query(`CREATE INDEX users_email_idx ON users (email, id)`);
    await q.query(`CREATE INDEX users_role_idx ON users (role, id)`);
    await q.query(`DROP INDEX quote_requests_created_at_idx`);
    await q.query(`CREATE INDEX quote_requests_created_at_idx ON quote_requests (created_at, id)`);
    await q.query(`DROP INDEX outbox_emails_created_at_idx`);
    await q.query(`CREATE INDEX outbox_emails_created_at_idx ON outbox_emails (created_at, id)`);
    await q.query(`DROP INDEX sites_user_id_idx`);
    await q.query(`CREATE INDEX sites_user_id_idx ON sites (user_id, created_at, id)`);
    await q.query(`DROP INDEX invoices_user_id_idx`);
    await q.query(`CREATE INDEX invoices_user_id_idx ON invoices (user_id, date, id)`);
    await q.query(`DROP INDEX site_status_history_site_id_idx`);
    await q.query(`CREATE INDEX site_status_history_site_id_idx ON site_status_history (site_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX site_status_history_site_id_idx`);
    await q.query(`CREATE INDEX site_status_history_site_id_idx ON site_status_history (site_id, created_at)`);
    await q.query(`DROP INDEX invoices_user_id_idx`);
    await q.query(`CREATE INDEX invoices_user_id_idx ON invoices (user_id)`);
    await q.query(`DROP INDEX sites_user_id_idx`);
    await q.query(`CREATE INDEX sites_user_id_idx ON sites (user_id)`);
    await q.query(`DROP INDEX outbox_emails_created_at_idx`);
    await q.query(`CREATE INDEX outbox_emails_created_at_idx ON outbox_emails (created_at DESC)`);
    await q.query(`DROP INDEX quote_requests_created_at_idx`);
    await q.query(`CREATE INDEX quote_requests_created_at_idx ON quote_requests (created_at DESC)`);
    await q.query(`DROP INDEX users_role_idx`);
    await q.query(`DROP INDEX users_email_idx`);
    await q.query(`DROP INDEX users_created_at_idx`);
    await q.query(`CREATE INDEX users_created_at_idx ON users (created_at DESC)`);
  }
}
