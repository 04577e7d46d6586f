import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks for integrators (issue 26): the endpoints (their signing secret sealed), the events written in the
 * transaction of the change that causes them, and one delivery per event and endpoint, claimed by the workers of every
 * instance (FOR UPDATE SKIP LOCKED and a lease) in the order of each object's events.
 */
export class OutboundWebhooks1763716200000 implements MigrationInterface {
  name = 'OutboundWebhooks1763716200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      url text NOT NULL,
      events text[] NOT NULL,
      secret_sealed text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      disabled_reason text,
      disabled_at timestamptz,
      failing_since timestamptz,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT webhook_endpoints_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL
    )`);
    await q.query(`CREATE TABLE webhook_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigserial NOT NULL,
      type text NOT NULL,
      object_type text NOT NULL,
      object_id text NOT NULL,
      payload jsonb NOT NULL,
      dedupe_key text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX webhook_events_seq_key ON webhook_events (seq)`);
    await q.query(`CREATE UNIQUE INDEX webhook_events_dedupe_key_key ON webhook_events (dedupe_key)`);
    // The purge of old events.
    await q.query(`CREATE INDEX webhook_events_created_at_idx ON webhook_events (created_at)`);
    await q.query(`CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      event_id uuid NOT NULL,
      endpoint_id uuid NOT NULL,
      event_seq bigint NOT NULL,
      object_key text NOT NULL,
      status text NOT NULL DEFAULT 'pending'
        CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'sending', 'succeeded', 'failed', 'abandoned')),
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_attempt_at timestamptz,
      last_status_code int,
      last_duration_ms int,
      last_error text,
      succeeded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT webhook_deliveries_event_id_fkey FOREIGN KEY (event_id) REFERENCES webhook_events(id) ON DELETE CASCADE,
      CONSTRAINT webhook_deliveries_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints(id) ON DELETE CASCADE
    )`);
    // The claim: rows still to send, by when they are due (a claim sets next_attempt_at to its lease's end, so a
    // lapsed one is due again through the same index).
    await q.query(
      `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending', 'failed')`,
    );
    // The claim's order per object: an earlier delivery of the same object to the same endpoint still to send.
    await q.query(
      `CREATE INDEX webhook_deliveries_object_idx ON webhook_deliveries (endpoint_id, object_key, event_seq) WHERE status IN ('pending', 'sending', 'failed')`,
    );
    // The admin's log, newest first, for all endpoints or one.
    await q.query(`CREATE INDEX webhook_deliveries_created_at_idx ON webhook_deliveries (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`);
    // Deleting an event or an endpoint reaches its deliveries through these.
    await q.query(`CREATE INDEX webhook_deliveries_event_id_idx ON webhook_deliveries (event_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_events`);
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}
