import type { MigrationInterface, QueryRunner } from 'typeorm';

const FROZEN = (withReplaces: boolean) => `CREATE OR REPLACE FUNCTION legal_invoices_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'legal document % cannot be deleted', OLD.number;
        END IF;
        IF (NEW.kind, NEW.number, NEW.year, NEW.seq, NEW.source_key, NEW.credited_id, NEW.issued_at, NEW.paid_at,
            NEW.total_excl_cents, NEW.vat_cents, NEW.total_incl_cents, NEW.document${withReplaces ? ', NEW.replaces_id' : ''})
           IS DISTINCT FROM
           (OLD.kind, OLD.number, OLD.year, OLD.seq, OLD.source_key, OLD.credited_id, OLD.issued_at, OLD.paid_at,
            OLD.total_excl_cents, OLD.vat_cents, OLD.total_incl_cents, OLD.document${withReplaces ? ', OLD.replaces_id' : ''}) THEN
          RAISE EXCEPTION 'legal document % is frozen', OLD.number;
        END IF;
        RETURN NEW;
      END $$`;

/**
 * Issue 36, correcting an issued invoice the legal way: a credit note cancelling it and a corrected invoice with a new
 * number, both issued by one admin action. `replaces_id` ties both to the invoice they correct (on the credit note it
 * is its `credited_id`): at most one correction per invoice (a partial unique index per kind), frozen like the rest.
 * A document with `replaces_id` moved no money (the accountant's bank journal leaves it out).
 */
export class InvoiceCorrections1763716550000 implements MigrationInterface {
  name = 'InvoiceCorrections1763716550000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE legal_invoices ADD COLUMN replaces_id uuid
      CONSTRAINT legal_invoices_replaces_id_fkey REFERENCES legal_invoices (id) ON DELETE RESTRICT`);
    await q.query(`ALTER TABLE legal_invoices ADD CONSTRAINT legal_invoices_replaces_check
      CHECK (replaces_id IS NULL OR kind = 'invoice' OR credited_id = replaces_id)`);
    await q.query(`CREATE UNIQUE INDEX legal_invoices_replaces_key ON legal_invoices (replaces_id, kind) WHERE replaces_id IS NOT NULL`);
    await q.query(FROZEN(true));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(FROZEN(false));
    await q.query(`DROP INDEX legal_invoices_replaces_key`);
    await q.query(`ALTER TABLE legal_invoices DROP CONSTRAINT legal_invoices_replaces_check`);
    await q.query(`ALTER TABLE legal_invoices DROP COLUMN replaces_id`);
  }
}
