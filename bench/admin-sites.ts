// The admin's sites list at scale: seeds SITES sites (default 100,000; `npm run seed`'s script) into a fresh embedded
// PostgreSQL, starts the built app on it as `npm start` does, then times GET /api/admin/sites for searches, filters,
// sorts, page 1 and page 1,000 (sequential requests over HTTP, after a warm-up): median and 95th percentile.
//
//   npm run bench:admin-sites               # 100,000 sites
//   SITES=1000000 RUNS=30 npm run bench:admin-sites
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN, freePort, root, startBuiltApp, tempDataDir } from '../e2e/app.ts';

const SITES = Number(process.env.SITES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 20);

const dataDir = tempDataDir('bench-admin');
const postgresPort = await freePort();
console.log(`Remplissage : ${SITES.toLocaleString('fr-FR')} sites…`);
const seeded = spawnSync(process.execPath, [join(root, 'backend', 'dist', 'scripts', 'seed.js'), '--sites', String(SITES)], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(postgresPort), DATABASE_URL: '' },
  stdio: 'inherit',
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const app = await startBuiltApp('bench-admin', 120_000, { dataDir, postgresPort });
try {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const get = async (query: string): Promise<{ ms: number; total: number; count: number }> => {
    const started = performance.now();
    const res = await fetch(`${app.baseUrl}/api/admin/sites?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { sites: unknown[]; total: number };
    if (!res.ok) throw new Error(`${query} : ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, total: body.total, count: body.sites.length };
  };

  const cases: Array<[string, string]> = [
    ['page 1 (newest first)', 'page=1'],
    ['page 1,000 (newest first)', 'page=1000'],
    ['sort by site name, page 1', 'sortBy=site_name&sortOrder=asc'],
    ['sort by site name, page 1,000', 'sortBy=site_name&sortOrder=asc&page=1000'],
    ['sort by owner name desc, page 1', 'sortBy=owner_name&sortOrder=desc'],
    ['sort by domain, page 1,000', 'sortBy=domain&sortOrder=asc&page=1000'],
    ['filter status=pending', 'status=pending'],
    ['filter status=suspended & type=custom', 'status=suspended&type=custom'],
    ['search, selective (one e-mail)', `search=${encodeURIComponent('client4242@')}`],
    ['search, selective (a domain)', `search=${encodeURIComponent('-77777.fr')}`],
    ['search, broad ("boulangerie")', 'search=boulangerie'],
    ['search, accents ("crêperie")', `search=${encodeURIComponent('crêperie')}`],
    ['search, 2 letters ("ré")', `search=${encodeURIComponent('ré')}`],
    ['search + filter + sort + page 3', `search=lyon&status=active&sortBy=owner_name&sortOrder=desc&page=3`],
  ];

  const rows: string[] = [];
  for (const [label, query] of cases) {
    for (let i = 0; i < 3; i++) await get(query);
    const times: number[] = [];
    let last = { total: 0, count: 0 };
    for (let i = 0; i < RUNS; i++) {
      const run = await get(query);
      times.push(run.ms);
      last = run;
    }
    times.sort((a, b) => a - b);
    const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    rows.push(`| ${label} | ${last.total.toLocaleString('fr-FR')} | ${last.count} | ${pick(0.5)} | ${pick(0.95)} |`);
  }
  console.log(
    `\nGET /api/admin/sites, ${SITES.toLocaleString('fr-FR')} sites, ${RUNS} requêtes séquentielles par cas (après 3 de chauffe), temps HTTP en ms :\n`,
  );
  console.log('| case | total | rows | median ms | p95 ms |\n|---|---|---|---|---|');
  console.log(rows.join('\n'));
} finally {
  const code = await app.stop();
  if (code !== 0) console.error(`L'application ne s'est pas arrêtée proprement (code ${code}).\n${app.log().slice(-3000)}`);
}
