import { MigrationInterface, QueryRunner } from 'typeorm';

/** The order wizard's server-side drafts and their photos. */
export class OrderDrafts1763712500000 implements MigrationInterface {
  name = 'OrderDrafts1763712500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE order_drafts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid CONSTRAINT order_drafts_user_id_fkey REFERENCES users(id) ON DELETE CASCADE,
      secret_hash text,
      plan_type text NOT NULL CONSTRAINT order_drafts_plan_type_check CHECK (plan_type IN ('pro', 'business')),
      data jsonb NOT NULL,
      business_enabled boolean NOT NULL DEFAULT false,
      prefers_call boolean,
      current_step text NOT NULL DEFAULT '1' CONSTRAINT order_drafts_current_step_check CHECK (current_step IN ('1', '1.5', '2', '3', '4')),
      billing jsonb,
      status text NOT NULL DEFAULT 'draft' CONSTRAINT order_drafts_status_check CHECK (status IN ('draft', 'paid')),
      checkout_session_id text CONSTRAINT order_drafts_checkout_session_id_key UNIQUE,
      account_created boolean NOT NULL DEFAULT false,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT order_drafts_owner_check CHECK (user_id IS NOT NULL OR secret_hash IS NOT NULL)
    )`);
    // The purge: unpaid drafts by last change.
    await q.query(`CREATE INDEX order_drafts_status_updated_at_idx ON order_drafts (status, updated_at)`);
    await q.query(`CREATE INDEX order_drafts_user_id_idx ON order_drafts (user_id)`);

    await q.query(`CREATE TABLE order_photos (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      draft_id uuid NOT NULL CONSTRAINT order_photos_draft_id_fkey REFERENCES order_drafts(id) ON DELETE CASCADE,
      original_name text NOT NULL,
      content_type text NOT NULL CONSTRAINT order_photos_content_type_check CHECK (content_type IN ('image/jpeg', 'image/png')),
      size_bytes int NOT NULL,
      storage_key text NOT NULL CONSTRAINT order_photos_storage_key_key UNIQUE,
      position int NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX order_photos_draft_id_idx ON order_photos (draft_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE order_photos`);
    await q.query(`DROP TABLE order_drafts`);
  }
}
