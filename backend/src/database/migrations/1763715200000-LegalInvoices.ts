import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Legal invoices and credit notes (issue 24): `legal_invoices` (frozen snapshot, gapless number per kind and year,
 * Factur-X file to render), `legal_invoice_counters` (the last number given, one row per kind and year, locked by the
 * issuing transaction: no SEQUENCE, which leaves gaps on rollback), `billing_profiles` (the buyer's billing identity,
 * filled for existing accounts from their latest paid order), and the agency's VAT regime and rate.
 */
export class LegalInvoices1763715200000 implements MigrationInterface {
  name = 'LegalInvoices1763715200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE agency_settings ADD COLUMN vat_regime text NOT NULL DEFAULT 'standard', ADD COLUMN vat_rate text NOT NULL DEFAULT '20'`,
    );
    await q.query(`CREATE TABLE legal_invoice_counters (
      kind text NOT NULL,
      year int NOT NULL,
      last_seq int NOT NULL,
      CONSTRAINT "PK_legal_invoice_counters" PRIMARY KEY (kind, year),
      CONSTRAINT legal_invoice_counters_kind_check CHECK (kind IN ('invoice', 'credit_note'))
    )`);
    await q.query(`CREATE TABLE legal_invoices (
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      number text NOT NULL,
      year int NOT NULL,
      seq int NOT NULL,
      source_key text NOT NULL,
      stripe_invoice_id text,
      credited_id uuid,
      user_id uuid,
      issued_at timestamptz NOT NULL,
      paid_at timestamptz,
      total_excl_cents int NOT NULL,
      vat_cents int NOT NULL,
      total_incl_cents int NOT NULL,
      document jsonb NOT NULL,
      render_status text NOT NULL DEFAULT 'pending',
      render_attempts int NOT NULL DEFAULT 0,
      render_after timestamptz NOT NULL DEFAULT now(),
      render_locked_until timestamptz,
      render_error text,
      file_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_legal_invoices" PRIMARY KEY (id),
      CONSTRAINT legal_invoices_number_key UNIQUE (number),
      CONSTRAINT legal_invoices_kind_year_seq_key UNIQUE (kind, year, seq),
      CONSTRAINT legal_invoices_source_key_key UNIQUE (source_key),
      CONSTRAINT legal_invoices_kind_check CHECK (kind IN ('invoice', 'credit_note')),
      CONSTRAINT legal_invoices_render_status_check CHECK (render_status IN ('pending', 'rendered', 'failed')),
      CONSTRAINT legal_invoices_credit_check CHECK ((kind = 'credit_note') = (credited_id IS NOT NULL)),
      CONSTRAINT legal_invoices_credited_id_fkey FOREIGN KEY (credited_id) REFERENCES legal_invoices (id) ON DELETE RESTRICT,
      CONSTRAINT legal_invoices_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL
    )`);
    await q.query(`CREATE INDEX legal_invoices_user_id_idx ON legal_invoices (user_id, issued_at)`);
    await q.query(`CREATE INDEX legal_invoices_issued_at_idx ON legal_invoices (issued_at, id)`);
    await q.query(`CREATE INDEX legal_invoices_stripe_invoice_id_idx ON legal_invoices (stripe_invoice_id)`);
    await q.query(`CREATE INDEX legal_invoices_render_due_idx ON legal_invoices (render_after) WHERE render_status = 'pending'`);
    // Issued is issued: what the document says never changes and it is never deleted (corrections are credit notes).
    await q.query(`CREATE FUNCTION legal_invoices_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'legal document % cannot be deleted', OLD.number;
        END IF;
        IF (NEW.kind, NEW.number, NEW.year, NEW.seq, NEW.source_key, NEW.credited_id, NEW.issued_at, NEW.paid_at,
            NEW.total_excl_cents, NEW.vat_cents, NEW.total_incl_cents, NEW.document)
           IS DISTINCT FROM
           (OLD.kind, OLD.number, OLD.year, OLD.seq, OLD.source_key, OLD.credited_id, OLD.issued_at, OLD.paid_at,
            OLD.total_excl_cents, OLD.vat_cents, OLD.total_incl_cents, OLD.document) THEN
          RAISE EXCEPTION 'legal document % is frozen', OLD.number;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER legal_invoices_frozen BEFORE UPDATE OR DELETE ON legal_invoices
      FOR EACH ROW EXECUTE FUNCTION legal_invoices_frozen()`);
    await q.query(`CREATE TABLE billing_profiles (
      user_id uuid NOT NULL,
      buyer_type text NOT NULL DEFAULT 'individual',
      full_name text NOT NULL,
      company_name text,
      siren text,
      vat_number text,
      address text NOT NULL,
      postal_code text NOT NULL,
      city text NOT NULL,
      country_code text NOT NULL DEFAULT 'FR',
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "PK_billing_profiles" PRIMARY KEY (user_id),
      CONSTRAINT billing_profiles_buyer_type_check CHECK (buyer_type IN ('individual', 'company')),
      CONSTRAINT billing_profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    )`);
    // Existing clients keep what they gave: the billing details of their latest paid order.
    await q.query(`INSERT INTO billing_profiles (user_id, full_name, address, postal_code, city)
      SELECT DISTINCT ON (user_id) user_id, COALESCE(billing->>'fullName', ''), COALESCE(billing->>'address', ''),
             COALESCE(billing->>'postalCode', ''), COALESCE(billing->>'city', '')
        FROM order_drafts WHERE status = 'paid' AND user_id IS NOT NULL AND billing IS NOT NULL
       ORDER BY user_id, paid_at DESC NULLS LAST`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing_profiles`);
    await q.query(`DROP TABLE legal_invoices`);
    await q.query(`DROP FUNCTION legal_invoices_frozen()`);
    await q.query(`DROP TABLE legal_invoice_counters`);
    await q.query(`ALTER TABLE agency_settings DROP COLUMN vat_rate, DROP COLUMN vat_regime`);
  }
}
