import 'reflect-metadata';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { loadDatabaseConfig } from '../src/config/app-config';
import { dataSourceOptions } from '../src/data-source';
import { runMigrationsLocked } from '../src/database/migrate';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/database/embedded-postgres';

/**
 * Fills the database with realistic data for the admin area and its benchmarks:
 *
 *   npm run seed -- --sites 100000 [--clients 50000]
 *
 * Clients (about two sites each), their sites in every status and plan (70 % active, 20 % pending, 10 % suspended;
 * 55 % Pro, 35 % Business, 10 % Custom) with a build progression, one Stripe subscription per site (live, or ended for
 * suspended sites) and its monthly invoices (mostly paid, some open or void). Names and places are French, accents
 * included. Set-based SQL (INSERT … SELECT over generate_series, like COPY): 100,000 sites take seconds, not minutes.
 *
 * Runs on DATABASE_URL, or on the embedded PostgreSQL of DATA_DIR (default .data, the one `npm start` uses; stop the
 * app first). Migrations are applied. Seeded rows are recognisable (e-mails @seed.vitrine.example, ids sub_seed_…,
 * in_seed_…) and a new run replaces them; nothing else is touched. Deterministic (setseed).
 */

const FIRST_NAMES = [
  'Camille',
  'Léa',
  'Hugo',
  'Chloé',
  'Lucas',
  'Inès',
  'Théo',
  'Zoé',
  'Louis',
  'Manon',
  'Gabriel',
  'Élodie',
  'Noé',
  'Anaïs',
  'Raphaël',
  'Maëlle',
  'Jules',
  'Agathe',
  'Arthur',
  'Céline',
  'Mathis',
  'Hélène',
  'Nathan',
  'Solène',
  'Étienne',
  'Margaux',
  'Clément',
  'Bérénice',
  'Adrien',
  'Françoise',
];
const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Légaré',
];
const TRADES = [
  'Boulangerie',
  'Garage',
  'Fleuriste',
  'Crêperie',
  'Cabinet',
  'Atelier',
  'Salon',
  'Épicerie',
  'Librairie',
  'Pâtisserie',
  'Institut',
  'Menuiserie',
  'Brasserie',
  'Studio',
  'Ferme',
  'Cave',
  'Hôtel',
  'Plomberie',
  'Fromagerie',
  'Galerie',
];
const CITIES = [
  'Lyon',
  'Nantes',
  'Lille',
  'Rennes',
  'Bordeaux',
  'Dijon',
  'Angers',
  'Nîmes',
  'Annecy',
  'Besançon',
  'Orléans',
  'Périgueux',
  'Colmar',
  'Quimper',
  'Valence',
  'Chambéry',
];

const SEED_DOMAIN = 'seed.vitrine.example';

function options(): { sites: number; clients: number } {
  const { values } = parseArgs({ options: { sites: { type: 'string', default: '1000' }, clients: { type: 'string' } } });
  const sites = Number(values.sites);
  const clients = values.clients ? Number(values.clients) : Math.max(1, Math.ceil(sites / 2));
  if (!Number.isInteger(sites) || sites < 1 || sites > 5_000_000) throw new Error('--sites : un entier entre 1 et 5 000 000');
  if (!Number.isInteger(clients) || clients < 1 || clients > sites) throw new Error('--clients : un entier entre 1 et le nombre de sites');
  return { sites, clients };
}

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

async function seed(
  dataSource: DataSource,
  { sites, clients }: { sites: number; clients: number },
  log: (line: string) => void,
): Promise<void> {
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    await dataSource.query(sql, params);
    log(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  await dataSource.transaction(async (tx) => {
    const run = async (label: string, sql: string, params: unknown[] = []) => {
      const started = Date.now();
      await tx.query(sql, params);
      log(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    };
    await run(
      'Anciennes données de démonstration retirées',
      `WITH seeded AS (SELECT id FROM users WHERE email LIKE '%@${SEED_DOMAIN}'),
            gone_invoices AS (DELETE FROM invoices WHERE id LIKE 'in_seed_%'),
            gone_subscriptions AS (DELETE FROM subscriptions WHERE id LIKE 'sub_seed_%')
       DELETE FROM sites WHERE user_id IN (SELECT id FROM seeded)`,
    );
    await tx.query(`DELETE FROM users WHERE email LIKE '%@${SEED_DOMAIN}'`);
    await tx.query(`SELECT setseed(0.42)`);

    await run(
      `${clients.toLocaleString('fr-FR')} clients`,
      `INSERT INTO users (email, name, role, created_at, updated_at)
       SELECT 'client' || n || '@${SEED_DOMAIN}',
              (${sqlArray(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] || ' ' || (${sqlArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int],
              'client', at, at
       FROM (SELECT n, now() - random() * interval '730 days' AS at FROM generate_series(1, $1) AS n) AS g`,
      [clients],
    );
    await tx.query(`CREATE TEMP TABLE seed_clients ON COMMIT DROP AS
                    SELECT id, created_at, row_number() OVER (ORDER BY created_at, id) AS k FROM users WHERE email LIKE '%@${SEED_DOMAIN}'`);
    await tx.query(`CREATE INDEX ON seed_clients (k)`);

    // The sites: each client gets one (the first `clients` sites), the rest go to clients at random.
    await run(
      `${sites.toLocaleString('fr-FR')} sites`,
      `CREATE TEMP TABLE seed_sites ON COMMIT DROP AS
       SELECT g.n, c.id AS user_id, c.created_at + random() * (now() - c.created_at) AS created_at,
              (${sqlArray(TRADES)})[1 + floor(random() * ${TRADES.length})::int] AS trade,
              (${sqlArray(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] AS family,
              (${sqlArray(CITIES)})[1 + floor(random() * ${CITIES.length})::int] AS city,
              random() AS r_status, random() AS r_type, random() AS r_domain, floor(random() * 5)::int AS steps
       FROM (SELECT n, CASE WHEN n <= $2 THEN n ELSE 1 + floor(random() * $2)::int END AS k FROM generate_series(1, $1) AS n) AS g
       JOIN seed_clients c ON c.k = g.k`,
      [sites, clients],
    );
    await tx.query(
      `INSERT INTO sites (user_id, site_name, domain, status, type, progression, stripe_subscription_id, created_at, updated_at)
       SELECT user_id, site_name,
              CASE WHEN status = 'pending' AND r_domain < 0.5 THEN NULL
                   ELSE lower(translate(trade || '-' || family, 'àâäéèêëîïôöùûüçÉÈÊÀÂÎÔÛÇ ', 'aaaeeeeiioouuucEEEAAIOUC-')) || '-' || n || '.fr' END,
              status, type,
              jsonb_build_object('started', status <> 'pending' OR steps >= 1, 'design_ok', status <> 'pending' OR steps >= 2,
                                 'dev_ok', status <> 'pending' OR steps >= 3, 'seo_ok', status <> 'pending' OR steps >= 4, 'techno_review', status <> 'pending'),
              'sub_seed_' || n, created_at, created_at + random() * (now() - created_at)
       FROM (SELECT *, trade || ' ' || family || ' ' || city AS site_name,
                    CASE WHEN r_status < 0.7 THEN 'active' WHEN r_status < 0.9 THEN 'pending' ELSE 'suspended' END AS status,
                    CASE WHEN r_type < 0.55 THEN 'pro' WHEN r_type < 0.9 THEN 'business' ELSE 'custom' END AS type
             FROM seed_sites) AS s`,
    );

    await run(
      'Abonnements',
      `INSERT INTO subscriptions (id, customer_id, user_id, status, cancel_at_period_end, current_period_end, plan, site_id, started_at, ended_at, synced_at, created_at, updated_at)
       SELECT s.stripe_subscription_id, 'cus_seed_' || s.user_id, s.user_id,
              CASE WHEN s.status = 'suspended' THEN 'canceled' WHEN random() < 0.03 THEN 'past_due' ELSE 'active' END,
              s.status = 'active' AND random() < 0.05,
              CASE WHEN s.status = 'suspended' THEN NULL ELSE now() + random() * interval '30 days' END,
              CASE s.type WHEN 'custom' THEN 'teams' ELSE s.type END, s.id, s.created_at,
              CASE WHEN s.status = 'suspended' THEN s.created_at + random() * (now() - s.created_at) END,
              now(), s.created_at, now()
       FROM sites s JOIN seed_clients c ON c.id = s.user_id`,
    );

    await run(
      'Factures mensuelles',
      `INSERT INTO invoices (id, customer_id, user_id, subscription_id, number, date, amount_cents, currency, status, description, hosted_url, pdf_url, synced_at, created_at, updated_at)
       SELECT 'in_seed_' || substr(sub.id, 10) || '_' || m.i, sub.customer_id, sub.user_id, sub.id,
              'SEED-' || substr(sub.id, 10) || '-' || lpad(m.i::text, 3, '0'), m.at,
              CASE sub.plan WHEN 'pro' THEN 2900 WHEN 'business' THEN 5900 ELSE 14900 END + CASE WHEN m.i = 0 AND random() < 0.3 THEN 1500 ELSE 0 END,
              'eur',
              CASE WHEN m.last AND sub.status = 'past_due' THEN 'open' WHEN random() < 0.01 THEN 'void' ELSE 'paid' END,
              'Formule ' || CASE sub.plan WHEN 'pro' THEN 'Pro' WHEN 'business' THEN 'Business' ELSE 'Teams' END,
              'https://invoice.stripe.example/' || sub.id || '/' || m.i, NULL, now(), m.at, m.at
       FROM subscriptions sub
       CROSS JOIN LATERAL (
         SELECT i, sub.started_at + i * interval '1 month' AS at,
                sub.started_at + (i + 1) * interval '1 month' > COALESCE(sub.ended_at, now()) AS last
         FROM generate_series(0, 47) AS i
         WHERE sub.started_at + i * interval '1 month' <= COALESCE(sub.ended_at, now())
       ) AS m
       WHERE sub.id LIKE 'sub_seed_%'`,
    );

    // Each site's payment state as its subscription's life left it (the admin's arrears filter reads these).
    await run(
      'États de paiement des sites',
      `UPDATE sites s SET payment_state = CASE sub.status WHEN 'past_due' THEN 'past_due' ELSE 'ended' END,
              payment_state_since = CASE sub.status WHEN 'past_due' THEN now() - random() * interval '10 days' ELSE sub.ended_at END
       FROM subscriptions sub WHERE sub.id = s.stripe_subscription_id AND sub.status IN ('past_due', 'canceled') AND sub.id LIKE 'sub_seed_%'`,
    );
  });
  // VACUUM too, as autovacuum would soon: the visibility map lets list pages and counts read their indexes alone.
  await step(
    'Statistiques du planificateur et carte de visibilité (VACUUM ANALYZE)',
    `VACUUM ANALYZE users, sites, subscriptions, invoices`,
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const wanted = options();
  // Only where the database is: the seed signs nothing and mails nobody, so JWT_SECRET is not needed (even with DATABASE_URL).
  const config = loadDatabaseConfig();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), config.embeddedPostgresPort, (line) => console.warn(line));
    url = embedded.url;
  }
  const dataSource = new DataSource(dataSourceOptions(url));
  try {
    await dataSource.initialize();
    await runMigrationsLocked(dataSource);
    console.log(
      `Données de démonstration : ${wanted.sites.toLocaleString('fr-FR')} sites pour ${wanted.clients.toLocaleString('fr-FR')} clients`,
    );
    await seed(dataSource, wanted, (line) => console.log(`  ${line}`));
    const [counts] = await dataSource.query(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM sites)::int AS sites, (SELECT count(*) FROM subscriptions)::int AS subscriptions, (SELECT count(*) FROM invoices)::int AS invoices`,
    );
    const fr = (n: number) => n.toLocaleString('fr-FR');
    console.log(
      `Terminé en ${((Date.now() - started) / 1000).toFixed(1)} s : ${fr(counts.users)} comptes, ${fr(counts.sites)} sites, ${fr(counts.subscriptions)} abonnements, ${fr(counts.invoices)} factures en base.`,
    );
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Échec du remplissage : ${(error as Error).message}`);
  process.exit(1);
});
