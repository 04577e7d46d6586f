import { MigrationInterface, QueryRunner } from 'typeorm';

export class QuotesAndRateLimits1763712100000 implements MigrationInterface {
  name = 'QuotesAndRateLimits1763712100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE quote_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      full_name text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      company text,
      description text NOT NULL,
      budget text,
      timeline text,
      callback_preference text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX quote_requests_created_at_idx ON quote_requests (created_at DESC)`);
    await q.query(`CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      hits int NOT NULL
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limits`);
    await q.query(`DROP TABLE quote_requests`);
  }
}
