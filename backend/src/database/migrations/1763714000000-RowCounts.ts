import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exact row totals without count(*): the admin lists' totals and the admin's stats read small tables of deltas kept
 * by triggers, instead of counting every site or account for each page.
 *
 * `site_counts (status, type, n)` and `user_counts (role, n)` hold deltas, not one row per bucket: a statement that
 * inserts or deletes rows appends one row per bucket it touched (+k / −k), a row's change of bucket two (−1, +1), and
 * a bucket's total is the `sum(n)` of its rows. Writers only insert, so two transactions moving sites between the same
 * buckets in opposite directions never wait for each other (a shared counter row per bucket would serialise them, and
 * could deadlock). The deltas commit or roll back with the change that made them, so a sum is exact in every
 * snapshot. The app rolls the deltas up into one row per bucket from time to time (`rollUpCounts` of SitesRepository
 * and UsersRepository, under the advisory lock named after the table).
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
          INSERT INTO site_counts (status, type, n) SELECT status, type, count(*) FROM inserted GROUP BY status, type;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO site_counts (status, type, n) SELECT status, type, -count(*) FROM deleted GROUP BY status, type;
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
    // Inserts and deletes: one delta per bucket and statement, from the statement's rows (a bulk insert of 1,000,000
    // sites writes 9 delta rows, not 1,000,000 that a roll-up then deletes, leaving the table bloated until vacuumed).
    await q.query(
      `CREATE TRIGGER sites_count_inserts AFTER INSERT ON sites REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION site_counts_track()`,
    );
    await q.query(
      `CREATE TRIGGER sites_count_deletes AFTER DELETE ON sites REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION site_counts_track()`,
    );
    // Changes, row by row (a trigger with transition tables cannot name columns, and would run on every update): only
    // a change of bucket writes deltas (UPDATE OF fires whenever the column is SET, changed or not).
    await q.query(`CREATE TRIGGER sites_count_bucket_changes AFTER UPDATE OF status, type ON sites FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.type IS DISTINCT FROM NEW.type) EXECUTE FUNCTION site_counts_track()`);
    await q.query(
      `CREATE TRIGGER sites_count_truncate AFTER TRUNCATE ON sites FOR EACH STATEMENT EXECUTE FUNCTION site_counts_truncated()`,
    );

    await q.query(`CREATE TABLE user_counts (role text NOT NULL, n bigint NOT NULL)`);
    await q.query(`CREATE FUNCTION user_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO user_counts (role, n) SELECT role, count(*) FROM inserted GROUP BY role;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO user_counts (role, n) SELECT role, -count(*) FROM deleted GROUP BY role;
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
    await q.query(
      `CREATE TRIGGER users_count_inserts AFTER INSERT ON users REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION user_counts_track()`,
    );
    await q.query(
      `CREATE TRIGGER users_count_deletes AFTER DELETE ON users REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION user_counts_track()`,
    );
    await q.query(`CREATE TRIGGER users_count_role_changes AFTER UPDATE OF role ON users FOR EACH ROW
      WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION user_counts_track()`);
    await q.query(
      `CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION user_counts_truncated()`,
    );

    // The rows already there, one row per bucket. After the triggers: CREATE TRIGGER locked both tables against
    // writes until this migration commits, so no row is missed or counted twice.
    await q.query(`INSERT INTO site_counts (status, type, n) SELECT status, type, count(*) FROM sites GROUP BY status, type`);
    await q.query(`INSERT INTO user_counts (role, n) SELECT role, count(*) FROM users GROUP BY role`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_count_truncate ON users`);
    await q.query(`DROP TRIGGER users_count_role_changes ON users`);
    await q.query(`DROP TRIGGER users_count_deletes ON users`);
    await q.query(`DROP TRIGGER users_count_inserts ON users`);
    await q.query(`DROP FUNCTION user_counts_truncated()`);
    await q.query(`DROP FUNCTION user_counts_track()`);
    await q.query(`DROP TABLE user_counts`);
    await q.query(`DROP TRIGGER sites_count_truncate ON sites`);
    await q.query(`DROP TRIGGER sites_count_bucket_changes ON sites`);
    await q.query(`DROP TRIGGER sites_count_deletes ON sites`);
    await q.query(`DROP TRIGGER sites_count_inserts ON sites`);
    await q.query(`DROP FUNCTION site_counts_truncated()`);
    await q.query(`DROP FUNCTION site_counts_track()`);
    await q.query(`DROP TABLE site_counts`);
  }
}
