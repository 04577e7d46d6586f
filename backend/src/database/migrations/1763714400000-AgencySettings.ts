import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `agency_settings`: the agency's identity (name, legal mentions, contact, host) and the team's address, as an admin
 * saved them. One row at most (id = 1); none until the first save, the environment's values being the default.
 */
export class AgencySettings1763714400000 implements MigrationInterface {
  name = 'AgencySettings1763714400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE agency_settings (
      id smallint PRIMARY KEY DEFAULT 1,
      name text NOT NULL,
      legal_name text NOT NULL,
      legal_form text NOT NULL,
      capital text NOT NULL,
      address text NOT NULL,
      country text NOT NULL,
      rcs_city text NOT NULL,
      siren text NOT NULL,
      siret text NOT NULL,
      vat text NOT NULL,
      director text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      booking_url text NOT NULL,
      host_name text NOT NULL,
      host_address text NOT NULL,
      host_website text NOT NULL,
      team_email text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT agency_settings_single_row_check CHECK (id = 1)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE agency_settings`);
  }
}
