import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { AGENCY_SETTINGS_FIELDS, type AgencySettings } from '@vitrine/domain';

/** Field → column: camelCase to snake_case ('legalName' → 'legal_name'). */
const COLUMNS = AGENCY_SETTINGS_FIELDS.map((field) => [field, field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] as const);
const SELECT = COLUMNS.map(([field, column]) => `${column} AS "${field}"`).join(', ');

export interface SavedAgencySettings {
  settings: AgencySettings;
  savedAt: Date;
}

/** The agency module's `agency_settings` table: one row (id 1), or none before the first save. */
@Injectable()
export class AgencySettingsRepository extends BaseRepository {
  async find(tx?: EntityManager): Promise<SavedAgencySettings | null> {
    const [row] = await this.query<AgencySettings & { savedAt: Date }>(
      `SELECT ${SELECT}, updated_at AS "savedAt" FROM agency_settings WHERE id = 1`,
      [],
      tx,
    );
    if (!row) return null;
    const { savedAt, ...settings } = row;
    return { settings, savedAt };
  }

  /** Writes the whole row (created on the first save); answers when it was saved. */
  async save(settings: AgencySettings, tx?: EntityManager): Promise<Date> {
    const columns = COLUMNS.map(([, column]) => column);
    const [row] = await this.returning<{ updated_at: Date }>(
      `INSERT INTO agency_settings (id, ${columns.join(', ')}, updated_at)
       VALUES (1, ${columns.map((_, i) => `$${i + 1}`).join(', ')}, now())
       ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
       RETURNING updated_at`,
      COLUMNS.map(([field]) => settings[field]),
      tx,
    );
    return row.updated_at;
  }
}
