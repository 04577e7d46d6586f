import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exact row totals without count(*): the admin lists' totals and the admin's stats read small tables of deltas kept
 * by triggers, instead of counting every site or account for each page.
 *
 * `site_counts (status, type, n)` and `user_counts (role, n)` hold deltas, not one row per bucket: each insert, delete
 * or change of bucket appends rows (+1 / −1) and a bucket's total is the `sum(n)` of its rows. Writers only insert, so
 * two transactions moving sites between the same buckets in opposite directions never wait for each other (a shared
 * counter row per bucket would serialise them, and could deadlock). The deltas commit or roll back with the change
 * that made them, so a sum is exact in every snapshot. The app rolls the deltas up into one row per bucket from time
 * to time (`rollUpCounts` of SitesRepository and UsersRepository, under the advisory lock named after the table).
 * TRUNCATE of a counted table deletes its deltas, under that same lock: a roll-up committing meanwhile would
 * otherwise put back sums that the trigger's DELETE did not see.
 */
export class RowCounts1763714000000 implements MigrationInterface {
  name = 'RowCounts1763714000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE site_counts (status text NOT NULL, type text NOT NULL, n bigint NOT NULL)`);
    await q.query(`CREATE FUNCTION site_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO site_counts (status, type, n) VALUES (NEW.status, NEW.type, 1);
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO site_counts (status, type, n) VALUES (OLD.status, OLD.type, -1);
        ELSE
          INSERT INTO site_counts (status, type, n) VALUES (OLD.status, OLD.type, -1), (NEW.status, NEW.type, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION site_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('site_counts'));
        DELETE FROM site_counts;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER sites_count_rows AFTER INSERT OR DELETE ON sites FOR EACH ROW EXECUTE FUNCTION site_counts_track()`);
    // Only a change of bucket writes deltas (UPDATE OF fires whenever the column is SET, changed or not).
    await q.query(`CREATE TRIGGER sites_count_bucket_changes AFTER UPDATE OF status, type ON sites FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.type IS DISTINCT FROM NEW.type) EXECUTE FUNCTION site_counts_track()`);
    await q.query(`CREATE TRIGGER sites_count_truncate AFTER TRUNCATE ON sites FOR EACH STATEMENT EXECUTE FUNCTION site_counts_truncated()`);

    await q.query(`CREATE TABLE user_counts (role text NOT NULL, n bigint NOT NULL)`);
    await q.query(`CREATE FUNCTION user_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO user_counts (role, n) VALUES (NEW.role, 1);
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO user_counts (role, n) VALUES (OLD.role, -1);
        ELSE
          INSERT INTO user_counts (role, n) VALUES (OLD.role, -1), (NEW.role, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE FUNCTION user_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('user_counts'));
        DELETE FROM user_counts;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER users_count_rows AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION user_counts_track()`);
    await q.query(`CREATE TRIGGER users_count_role_changes AFTER UPDATE OF role ON users FOR EACH ROW
      WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION user_counts_track()`);
    await q.query(`CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_counts_truncated()`);

    // The rows already there, one row per bucket. After the triggers: CREATE TRIGGER locked both tables against
    // writes until this migration commits, so no row is missed or counted twice.
    await q.query(`INSERT INTO site_counts (status, type, n) SELECT status, type, count(*) FROM sites GROUP BY status, type`);
    await q.query(`INSERT INTO user_counts (role, n) SELECT role, count(*) FROM users GROUP BY role`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_count_truncate ON users`);
    await q.query(`DROP TRIGGER users_count_role_changes ON users`);
    await q.query(`DROP TRIGGER users_count_rows ON users`);
    await q.query(`DROP FUNCTION user_counts_truncated()`);
    await q.query(`DROP FUNCTION user_counts_track()`);
    await q.query(`DROP TABLE user_counts`);
    await q.query(`DROP TRIGGER sites_count_truncate ON sites`);
    await q.query(`DROP TRIGGER sites_count_bucket_changes ON sites`);
    await q.query(`DROP TRIGGER sites_count_rows ON sites`);
    await q.query(`DROP FUNCTION site_counts_truncated()`);
    await q.query(`DROP FUNCTION site_counts_track()`);
    await q.query(`DROP TABLE site_counts`);
  }
}
