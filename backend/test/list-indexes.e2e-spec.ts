import { ADMIN_SITE_SORT_KEYS } from '../src/sites/sites.repository';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { statementsSentBy } from './helpers/statements';

const ROWS = 2000;
/** Every row of a list at the same instant: the tie-breaker alone orders them. */
const INSTANT = '2026-03-01T09:00:00Z';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

/** Sorts feeding a LIMIT: the rows of the table sorted on each request (a sort above the LIMIT only orders the page). */
function sortsUnderLimit(node: PlanNode, underLimit = false, found: string[] = []): string[] {
  if (underLimit && (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort'))
    found.push(`${node['Node Type']} (${(node['Sort Key'] ?? []).join(', ')})`);
  for (const child of node.Plans ?? []) sortsUnderLimit(child, underLimit || node['Node Type'] === 'Limit', found);
  return found;
}

function indexesRead(node: PlanNode, found: string[] = []): string[] {
  if (node['Index Name']) found.push(`${node['Node Type']} ${node['Index Name']}`);
  for (const child of node.Plans ?? []) indexesRead(child, found);
  return found;
}

/**
 * Each paged list reads its page from an index matching its whole ORDER BY, tie-breaker included. The tables are
 * filled with 2,000 rows sharing one timestamp (a bulk import), analysed, then each list is called through the API:
 * every paging statement it sends (caught on the pg client) is planned with EXPLAIN, and no sort may feed its LIMIT.
 * Before, `users_created_at_idx` (created_at DESC) left PostgreSQL to sort the 2,000 equal dates by id on each call.
 */
describe('paged lists read their page from an index', () => {
  let t: TestApp;
  let admin: SessionBody;
  let owner: SessionBody;
  let siteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    owner = await registerClient(t.api, { email: 'proprietaire@example.com' });
    const q = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params);
    await q(
      `INSERT INTO users (email, name, role, created_at, updated_at)
       SELECT 'import' || g || '@example.com', 'Client ' || (g % 100), 'client', $1, $1 FROM generate_series(1, ${ROWS}) g`,
      [INSTANT],
    );
    await q(
      `INSERT INTO sites (user_id, site_name, domain, status, type, progression, created_at, updated_at)
       SELECT $1, 'Site ' || (g % 100), CASE WHEN g % 3 = 0 THEN NULL ELSE 'site' || (g % 50) || '.fr' END,
              (ARRAY['pending', 'active', 'suspended'])[g % 3 + 1], (ARRAY['pro', 'business'])[g % 2 + 1],
              '{"started":false,"design_ok":false,"dev_ok":false,"seo_ok":false,"techno_review":false}', $2, $2
       FROM generate_series(1, ${ROWS}) g`,
      [owner.user.id, INSTANT],
    );
    [{ id: siteId }] = await q(`SELECT id FROM sites WHERE user_id = $1 LIMIT 1`, [owner.user.id]);
    await q(
      `INSERT INTO site_status_history (site_id, from_status, to_status, cause, created_at)
       SELECT $1, 'pending', 'active', 'admin', $2 FROM generate_series(1, ${ROWS}) g`,
      [siteId, INSTANT],
    );
    await q(
      `INSERT INTO invoices (id, customer_id, user_id, date, amount_cents, currency, status, synced_at)
       SELECT 'in_import_' || g, 'cus_import', $1, $2, 2900, 'eur', 'paid', now() FROM generate_series(1, ${ROWS}) g`,
      [owner.user.id, INSTANT],
    );
    await q(
      `INSERT INTO quote_requests (full_name, email, phone, description, callback_preference, created_at)
       SELECT 'Client ' || g, 'devis' || g || '@example.com', '0612345678', 'Un site', 'afternoon', $1 FROM generate_series(1, ${ROWS}) g`,
      [INSTANT],
    );
    await q(
      `INSERT INTO outbox_emails (recipient, template, data, subject, html, text, status, created_at, updated_at)
       SELECT 'client' || g || '@example.com', 'welcome', '{}', 'Bienvenue', '<p>Bienvenue</p>', 'Bienvenue', 'sent', $1, $1
       FROM generate_series(1, ${ROWS}) g`,
      [INSTANT],
    );
    await q(
      `INSERT INTO audit_log (actor_email, action, entity_type, entity_id, created_at)
       SELECT 'admin@example.com', 'site.update', 'site', $1, $2 FROM generate_series(1, ${ROWS}) g`,
      [siteId, INSTANT],
    );
    await q(
      `INSERT INTO duplicate_payments (kind, reference_id, checkout_session_id, reason, created_at)
       SELECT 'order', gen_random_uuid(), 'cs_import_' || g, 'Commande déjà payée', $1 FROM generate_series(1, ${ROWS}) g`,
      [INSTANT],
    );
    await q('ANALYZE');
  }, 120_000);
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  /** The paging statements (ORDER BY … LIMIT) one API call sends, each with what its plan sorts under its LIMIT. */
  async function plansOf(url: string, session: SessionBody): Promise<Array<{ sql: string; sorts: string[]; indexes: string[] }>> {
    const { statements: captured } = await statementsSentBy(async () => {
      await t.api.get(url).set(bearer(session)).expect(200);
    });
    const paging = captured.filter((c) => /ORDER BY/i.test(c.text) && /LIMIT/i.test(c.text) && /^\s*SELECT/i.test(c.text));
    const plans = [];
    for (const { text, values } of paging) {
      const [
        {
          'QUERY PLAN': [explained],
        },
      ] = (await t.dataSource.query(`EXPLAIN (FORMAT JSON) ${text}`, values)) as Array<{
        'QUERY PLAN': Array<{ Plan: PlanNode }>;
      }>;
      plans.push({
        sql: text.replace(/\s+/g, ' ').slice(0, 160),
        sorts: sortsUnderLimit(explained.Plan),
        indexes: indexesRead(explained.Plan),
      });
    }
    return plans;
  }

  const adminLists = [
    ...['created_at', 'name', 'email', 'role'].flatMap((sortBy) =>
      ['asc', 'desc'].flatMap((sortOrder) =>
        [1, 20].map((page) => `/api/admin/users?sortBy=${sortBy}&sortOrder=${sortOrder}&page=${page}`),
      ),
    ),
    ...ADMIN_SITE_SORT_KEYS.filter((sortBy) => sortBy !== 'owner_name').flatMap((sortBy) =>
      ['asc', 'desc'].flatMap((sortOrder) =>
        [1, 20].map((page) => `/api/admin/sites?sortBy=${sortBy}&sortOrder=${sortOrder}&page=${page}`),
      ),
    ),
    '/api/admin/invoices',
    '/api/admin/invoices?page=20',
    '/api/admin/quotes',
    '/api/admin/quotes?page=20',
    '/api/admin/emails',
    '/api/admin/emails?page=20',
    '/api/admin/audit-log',
    '/api/admin/audit-log?page=20',
    '/api/admin/duplicate-payments',
    '/api/admin/duplicate-payments?page=20',
    '/api/admin/stats',
  ];

  it.each(adminLists)("%s: no sort under the page's LIMIT", async (url) => {
    const plans = await plansOf(url, admin);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect({ ...plan, sorts: plan.sorts }).toEqual({ ...plan, sorts: [] });
  });

  it("the audit log of one site, a client's sites, invoices and a site's history: no sort under the LIMIT", async () => {
    for (const [url, session] of [
      [`/api/admin/audit-log?entityType=site&entityId=${siteId}`, admin],
      [`/api/admin/audit-log?entityType=site&entityId=${siteId}&page=20`, admin],
      ['/api/sites', owner],
      ['/api/sites?page=20', owner],
      ['/api/billing/invoices', owner],
      ['/api/billing/invoices?page=20', owner],
      [`/api/sites/${siteId}`, owner],
    ] as const) {
      const plans = await plansOf(url, session);
      expect({ url, some: plans.length > 0 }).toEqual({ url, some: true });
      for (const plan of plans) expect({ url, ...plan }).toEqual({ url, ...plan, sorts: [] });
    }
  });
});
