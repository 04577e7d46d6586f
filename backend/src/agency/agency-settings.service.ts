import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import type { MailAgencySource } from '../mail/mail-agency';
import { AGENCY_SETTINGS_FIELDS, type AgencyIdentity, agencyIdentity, type AgencySettings } from '@vitrine/domain';
import type { AgencySettingsDto, UpdateAgencySettingsDto } from './agency-settings.dto';
import { AgencySettingsRepository } from './agency-settings.repository';

/**
 * How long an instance serves the settings it read before reading them again. The instance that saves sees its save
 * at once; with several instances behind a load balancer, the others show it within this delay.
 */
export const AGENCY_SETTINGS_TTL_MS = 5_000;

interface InForce {
  settings: AgencySettings;
  /** null: never saved, the environment's values */
  savedAt: Date | null;
}

/**
 * The agency's identity and the team's address in force: the row an admin saved, else the environment's values
 * (AGENCY_*, TEAM_EMAIL). Read by GET /api/agency and by every mail (footer, team address: it is the mails'
 * MAIL_AGENCY), so kept in memory for AGENCY_SETTINGS_TTL_MS per instance.
 */
@Injectable()
export class AgencySettingsService implements MailAgencySource {
  private cached: { value: InForce; until: number } | null = null;
  private reading: Promise<InForce> | null = null;
  /** Bumped by each save: a read that started before it must not put older values back in the cache. */
  private generation = 0;

  constructor(
    private readonly rows: AgencySettingsRepository,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The settings in force (cached); `tx`: the caller's transaction, used when they must be read. */
  async current(tx?: EntityManager): Promise<AgencySettings> {
    return (await this.inForce(tx)).settings;
  }

  /** What the public pages and the mails show (GET /api/agency). */
  async identity(tx?: EntityManager): Promise<AgencyIdentity> {
    return agencyIdentity(await this.current(tx));
  }

  /** Where the team's mails go. */
  async teamEmail(tx?: EntityManager): Promise<string> {
    return (await this.current(tx)).teamEmail;
  }

  /** The admin's page: the settings in force, read afresh. */
  async forAdmin(): Promise<AgencySettingsDto> {
    return toDto(await this.read());
  }

  /**
   * Saves the settings an admin sent: only when something changed, with the changed fields (before and after) in the
   * audit log, in the same transaction. Concurrent saves go one after the other, each seeing the one before.
   */
  async update(actor: SessionUser, dto: UpdateAgencySettingsDto): Promise<AgencySettingsDto> {
    const saved = await this.transactions.run(async (tx) => {
      await this.transactions.lock('agency_settings', tx);
      const now = await this.read(tx);
      // The VAT fields (added with the legal invoices) and the mediator may be left out: they keep their value.
      const next = pickSettings({
        ...dto,
        vatRegime: dto.vatRegime ?? now.settings.vatRegime,
        vatRate: dto.vatRate ?? now.settings.vatRate,
        mediatorName: dto.mediatorName ?? now.settings.mediatorName,
        mediatorWebsite: dto.mediatorWebsite ?? now.settings.mediatorWebsite,
      } as UpdateAgencySettingsDto);
      const changed = AGENCY_SETTINGS_FIELDS.filter((field) => now.settings[field] !== next[field]);
      if (changed.length === 0) return now;
      const savedAt = await this.rows.save(next, tx);
      await this.audit.record(
        actor,
        {
          action: 'agency.update',
          entityType: 'agency',
          entityId: 'settings',
          before: Object.fromEntries(changed.map((field) => [field, now.settings[field]])),
          after: Object.fromEntries(changed.map((field) => [field, next[field]])),
        },
        tx,
      );
      return { settings: next, savedAt };
    });
    this.generation += 1;
    this.cached = { value: saved, until: Date.now() + AGENCY_SETTINGS_TTL_MS };
    return toDto(saved);
  }

  private inForce(tx?: EntityManager): Promise<InForce> {
    if (this.cached && this.cached.until > Date.now()) return Promise.resolve(this.cached.value);
    // Inside a transaction, read on its connection (the pool may have none left to give); otherwise one read at a
    // time serves every caller waiting for it.
    if (tx) return this.read(tx);
    if (!this.reading) {
      const generation = this.generation;
      this.reading = this.read()
        .then((value) => {
          if (generation === this.generation) this.cached = { value, until: Date.now() + AGENCY_SETTINGS_TTL_MS };
          return value;
        })
        .finally(() => {
          this.reading = null;
        });
    }
    return this.reading;
  }

  private async read(tx?: EntityManager): Promise<InForce> {
    const row = await this.rows.find(tx);
    return row ?? { settings: { ...this.config.agency, teamEmail: this.config.mail.teamEmail }, savedAt: null };
  }
}

function pickSettings(dto: UpdateAgencySettingsDto): AgencySettings {
  return Object.fromEntries(AGENCY_SETTINGS_FIELDS.map((field) => [field, dto[field]])) as unknown as AgencySettings;
}

function toDto({ settings, savedAt }: InForce): AgencySettingsDto {
  return {
    ...(pickSettings(settings as unknown as UpdateAgencySettingsDto) as unknown as AgencySettingsDto),
    savedAt: savedAt?.toISOString() ?? null,
  };
}
