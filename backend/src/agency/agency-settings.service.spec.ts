import type { EntityManager } from 'typeorm';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { AuditService } from '../audit/audit.service';
import { loadConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import type { AgencySettings } from '@vitrine/domain';
import type { UpdateAgencySettingsDto } from './agency-settings.dto';
import { AgencySettingsRepository, type SavedAgencySettings } from './agency-settings.repository';
import { AGENCY_SETTINGS_TTL_MS, AgencySettingsService } from './agency-settings.service';

const config = loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 'x'.repeat(40), TEAM_EMAIL: 'equipe@vitrine.example' });
const ENV: AgencySettings = { ...config.agency, teamEmail: 'equipe@vitrine.example' };
const ADMIN = { id: 'admin-id', email: 'admin@example.com', name: 'Admin', role: 'admin' as const, createdAt: new Date() };
const TX = { tx: true } as unknown as EntityManager;

/** The one row of agency_settings, counting the reads. */
class FakeRows implements Pick<AgencySettingsRepository, 'find' | 'save'> {
  row: SavedAgencySettings | null = null;
  reads = 0;
  async find(): Promise<SavedAgencySettings | null> {
    this.reads += 1;
    return this.row && { settings: { ...this.row.settings }, savedAt: this.row.savedAt };
  }
  async save(settings: AgencySettings): Promise<Date> {
    this.row = { settings: { ...settings }, savedAt: new Date() };
    return this.row.savedAt;
  }
}

function setUp() {
  const rows = new FakeRows();
  const audit = automock<AuditService>();
  const transactions = automock<Transactions>({
    run: (fn: (tx: EntityManager) => unknown) => fn(TX),
    lock: jest.fn(async () => undefined),
  });
  const { sut } = newTestService(AgencySettingsService, [
    [AgencySettingsRepository, rows],
    [AuditService, audit],
    [Transactions, transactions],
    [3, config],
  ]);
  return { sut, rows, audit, transactions };
}

const form = (changes: Partial<AgencySettings> = {}) => ({ ...ENV, ...changes }) as UpdateAgencySettingsDto;

describe('AgencySettingsService', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it("serves the environment's values until a save, and the identity built from them", async () => {
    const { sut } = setUp();
    expect(await sut.current()).toEqual(ENV);
    expect(await sut.identity()).toMatchObject({ name: 'Vitrine', rcs: 'RCS Lyon 912 345 675', phoneHref: 'tel:+33199002424' });
    expect((await sut.forAdmin()).savedAt).toBeNull();
  });

  it('reads the table once per TTL, one read for callers waiting together', async () => {
    const { sut, rows } = setUp();
    await Promise.all([sut.current(), sut.current(), sut.current()]);
    expect(rows.reads).toBe(1);
    jest.advanceTimersByTime(AGENCY_SETTINGS_TTL_MS - 1);
    await sut.current();
    expect(rows.reads).toBe(1);
    // Another instance saved meanwhile: this one shows it once the TTL is over.
    rows.row = { settings: { ...ENV, phone: '03 20 12 34 56' }, savedAt: new Date() };
    expect((await sut.current()).phone).toBe('01 99 00 24 24');
    jest.advanceTimersByTime(1);
    expect((await sut.current()).phone).toBe('03 20 12 34 56');
    expect(rows.reads).toBe(2);
  });

  it('shows its own save at once, and a read begun before the save does not put the old values back', async () => {
    const { sut, rows } = setUp();
    const before = sut.current();
    await sut.update(ADMIN, form({ phone: '03 20 12 34 56' }));
    expect((await before).phone).toBe('01 99 00 24 24');
    expect((await sut.current()).phone).toBe('03 20 12 34 56');
    expect(rows.reads).toBe(2); // the read begun before, and the save's own read in its transaction
  });

  it('audits the changed fields only, and writes nothing when nothing changed', async () => {
    const { sut, rows, audit, transactions } = setUp();
    const unchanged = await sut.update(ADMIN, form());
    expect(unchanged.savedAt).toBeNull();
    expect(rows.row).toBeNull();
    expect(audit.record).not.toHaveBeenCalled();

    const saved = await sut.update(ADMIN, form({ phone: '03 20 12 34 56', teamEmail: 'equipe@atelier-nord.fr' }));
    expect(saved.savedAt).toBe(rows.row!.savedAt.toISOString());
    expect(transactions.lock).toHaveBeenCalledWith('agency_settings', TX);
    expect(audit.record).toHaveBeenCalledTimes(1);
    expect(audit.record).toHaveBeenCalledWith(
      ADMIN,
      {
        action: 'agency.update',
        entityType: 'agency',
        entityId: 'settings',
        before: { phone: '01 99 00 24 24', teamEmail: 'equipe@vitrine.example' },
        after: { phone: '03 20 12 34 56', teamEmail: 'equipe@atelier-nord.fr' },
      },
      TX,
    );
  });
});
