// The background-work engine, measured (docs/decisions/0001-own-job-runner-not-pg-boss.md): the mail outbox as the app runs it
// (the real migrations and OutboxRepository of backend/dist) against pg-boss carrying the same mails, on one embedded
// PostgreSQL of its own. What is measured, each part selectable by name on the command line:
//
//   throughput  a backlog of MAILS mails, one transaction each, then delivered (captured: no SMTP) by one worker and by
//               two workers side by side (two instances): mails/s, and how many rows were delivered more than once;
//               also what the writing transaction costs (outbox row alone, or outbox row + pg-boss job in it)
//   latency     RATE mails/s written for SECONDS s, each delivered as soon as the engine sees it: commit → delivered
//   idle        transactions per minute on the database of an idle instance: pg-boss with the project's seven loops
//               as queues, workers and schedules; and the built app itself (backend/dist, NODE_ENV=production, the
//               loops on their timers), measured over 60 s from its 70th second. APP_DIST=<dir> measures another
//               build (the one of before a change, copied aside); `idle-app` measures the app alone
//   start       pg-boss's start on an empty database (what its own schema creates) and on an installed one
//   kill        a pg-boss worker holding a job is killed (SIGKILL): when does another instance get it?
//
//   npm run build:changed && node bench/jobs-engine.ts [throughput] [latency] [idle | idle-app] [start] [kill]
//
// The figures (2026-11-24) and the choice they led to are in docs/decisions/0001-own-job-runner-not-pg-boss.md.
// pg-boss is not a dependency of the project: install it beside it without saving it
// (`npm install --no-save pg-boss@12.38.0`), or point PG_BOSS_DIR at a folder where it is installed.
/* eslint-disable @typescript-eslint/no-explicit-any -- the bench loads pg-boss (not a dependency) and backend/dist at run time, untyped */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, root, tempDataDir } from '../e2e/app.ts';

const MAILS = Number(process.env.MAILS ?? 2000);
const RATE = Number(process.env.RATE ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 10);
const parts = process.argv.slice(2).length ? process.argv.slice(2) : ['throughput', 'latency', 'idle', 'start', 'kill'];

const dist = process.env.APP_DIST ?? join(root, 'backend', 'dist');
const requireFromBackend = createRequire(join(root, 'backend', 'package.json'));
const fromDist = (path: string) => requireFromBackend(join(root, 'backend', 'dist', path));
const { startEmbeddedPostgres } = fromDist('database/embedded-postgres.js');
const { dataSourceOptions } = fromDist('data-source.js');
const { OutboxRepository } = fromDist('mail/outbox.repository.js');
const { DataSource } = requireFromBackend('typeorm');
const pg = requireFromBackend('pg');

async function loadPgBoss(): Promise<any> {
  for (const base of [root, process.env.PG_BOSS_DIR].filter(Boolean) as string[]) {
    try {
      const resolved = createRequire(join(base, 'package.json')).resolve('pg-boss');
      return await import(pathToFileURL(resolved).href);
    } catch {
      // next place
    }
  }
  throw new Error('pg-boss introuvable : npm install --no-save pg-boss@12.38.0 (ou PG_BOSS_DIR=<dossier où il est installé>)');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dataDir = tempDataDir('bench-jobs');
const server = await startEmbeddedPostgres(join(dataDir, 'pg'), await freePort());
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
let databases = 0;
/** A fresh database with the app's migrations (or none), and its URL. */
async function database(migrated = true): Promise<string> {
  const name = `bench_jobs_${++databases}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = server.url.replace(/\/[^/]+$/, `/${name}`);
  if (migrated) {
    const ds = await new DataSource({ ...dataSourceOptions(url), migrationsRun: false }).initialize();
    await ds.runMigrations({ transaction: 'each' });
    await ds.destroy();
  }
  return url;
}
/** Committed transactions of a database so far (every statement outside a transaction is one). */
async function transactions(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await admin.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [name]);
  return Number(rows[0].n);
}
const mail = (i: number) => ({
  recipient: `client${i}@example.com`,
  template: 'welcome',
  data: { name: `Client ${i}` },
  subject: 'Bienvenue chez Vitrine',
  html: `<p>Bonjour Client ${i},</p>`.padEnd(4000, ' '),
  text: `Bonjour Client ${i},`.padEnd(1500, ' '),
  actionUrl: null,
  secretLink: null,
  dedupeKey: null,
});
/** pg-boss's database adapter over a TypeORM transaction: its statements run inside it. */
const inTransaction = (tx: any) => ({
  executeSql: async (text: string, values?: unknown[]) => (await tx.queryRunner.connect()).query(text, values),
});
const fmt = (n: number, digits = 0) => n.toLocaleString('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

/** The outbox's worker loop as MailWorker runs it: claim 20 (FOR UPDATE SKIP LOCKED, a lease on each), deliver each. */
async function outboxWorker(outbox: any, stop: () => boolean, delivered: (id: string) => void, pollMs: number): Promise<void> {
  while (!stop()) {
    const batch = await outbox.claim(20, 300);
    for (const m of batch) {
      await outbox.markDelivered(m.id, 'captured');
      delivered(m.id);
    }
    if (!batch.length) await sleep(pollMs);
  }
}
/** The same mails carried by pg-boss: a job per mail, written in the mail's transaction; its worker delivers the row. */
async function pgBossWorker(boss: any, outbox: any, ds: any, delivered: (id: string) => void, pollSeconds: number): Promise<string> {
  return boss.work('mail', { batchSize: 20, pollingIntervalSeconds: pollSeconds, burstWhenBatchFull: true }, async (jobs: any[]) => {
    const ids = jobs.map((j) => j.data.id);
    // The outbox row stays the truth (the mail log, resends, sealed links): taken once, whatever pg-boss does.
    const result = await ds.query(
      `UPDATE outbox_emails SET status = 'sending', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
        WHERE id = ANY($1) AND status = 'queued' RETURNING id`,
      [ids],
    );
    // TypeORM answers an UPDATE with [rows, count].
    for (const { id } of (Array.isArray(result[0]) ? result[0] : result) as Array<{ id: string }>) {
      await outbox.markDelivered(id, 'captured');
      delivered(id);
    }
  });
}

async function throughput(PgBoss: any): Promise<void> {
  say(`\n## Débit : ${fmt(MAILS)} e-mails en attente, livrés (capturés)\n`);
  say('| engine | workers | write ms/mail | mails/s | delivered twice |\n|---|---|---|---|---|');
  for (const variant of ['outbox', 'pg-boss'] as const) {
    for (const workers of [1, 2]) {
      const url = await database();
      const sources = await Promise.all(Array.from({ length: workers }, () => new DataSource(dataSourceOptions(url)).initialize()));
      const outboxes = sources.map((ds) => new OutboxRepository(ds));
      const bosses =
        variant === 'pg-boss'
          ? await Promise.all(sources.map(() => new PgBoss({ connectionString: url, max: 4, supervise: true, schedule: false })))
          : [];
      for (const boss of bosses) {
        boss.on('error', (e: Error) => console.error(e.message));
        await boss.start();
      }
      if (bosses.length) await bosses[0].createQueue('mail', { retryLimit: 6, retryBackoff: true, retryDelay: 30, retryDelayMax: 3600 });
      // The writing side: one transaction per mail, as a sign-up writes its welcome mail.
      const wrote = performance.now();
      for (let i = 0; i < MAILS; i++) {
        await sources[0].transaction(async (tx: any) => {
          const id = await outboxes[0].insert(mail(i), tx);
          if (bosses.length) await bosses[0].send('mail', { id }, { db: inTransaction(tx) });
        });
      }
      const writeMs = (performance.now() - wrote) / MAILS;
      const seen = new Map<string, number>();
      const delivered = (id: string) => seen.set(id, (seen.get(id) ?? 0) + 1);
      let stopped = false;
      const started = performance.now();
      const loops =
        variant === 'outbox'
          ? outboxes.map((o) => outboxWorker(o, () => stopped, delivered, 1000))
          : bosses.map((b, i) => pgBossWorker(b, outboxes[i], sources[i], delivered, 0.5));
      while (seen.size < MAILS) await sleep(5);
      const seconds = (performance.now() - started) / 1000;
      stopped = true;
      await Promise.all(loops);
      for (const boss of bosses) await boss.stop({ graceful: true, timeout: 5000 });
      await Promise.all(sources.map((ds) => ds.destroy()));
      const twice = [...seen.values()].filter((n) => n > 1).length;
      say(`| ${variant} | ${workers} | ${fmt(writeMs, 2)} | ${fmt(MAILS / seconds)} | ${twice} |`);
    }
  }
}

async function latency(PgBoss: any): Promise<void> {
  say(`\n## Latence commit → livraison : ${RATE} e-mails/s pendant ${SECONDS} s\n`);
  say('| engine | poll | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|');
  const variants: Array<[string, string, number]> = [
    ['outbox (MailWorker today)', 'outbox', 1000],
    ['pg-boss, polling', 'pg-boss', 0.5],
    ['pg-boss, LISTEN/NOTIFY', 'pg-boss-notify', 0.5],
  ];
  for (const [label, variant, poll] of variants) {
    const url = await database();
    const ds = await new DataSource(dataSourceOptions(url)).initialize();
    const outbox = new OutboxRepository(ds);
    let boss: any;
    if (variant !== 'outbox') {
      boss = new PgBoss({ connectionString: url, max: 4, schedule: false, useListenNotify: variant === 'pg-boss-notify' });
      boss.on('error', (e: Error) => console.error(e.message));
      await boss.start();
      await boss.createQueue('mail', { retryLimit: 6, notify: variant === 'pg-boss-notify' });
    }
    const committed = new Map<string, number>();
    const waits: number[] = [];
    const delivered = (id: string) => waits.push(performance.now() - committed.get(id)!);
    let stopped = false;
    const loop = boss ? pgBossWorker(boss, outbox, ds, delivered, poll) : outboxWorker(outbox, () => stopped, delivered, poll);
    await sleep(1500);
    const total = RATE * SECONDS;
    const begin = performance.now();
    for (let i = 0; i < total; i++) {
      const due = begin + (i * 1000) / RATE;
      if (due > performance.now()) await sleep(due - performance.now());
      let id = '';
      await ds.transaction(async (tx: any) => {
        id = await outbox.insert(mail(i), tx);
        if (boss) await boss.send('mail', { id }, { db: inTransaction(tx) });
      });
      committed.set(id, performance.now());
    }
    while (waits.length < total) await sleep(5);
    stopped = true;
    await loop;
    await boss?.stop({ graceful: true, timeout: 5000 });
    await ds.destroy();
    waits.sort((a, b) => a - b);
    const at = (q: number) => fmt(waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]);
    say(`| ${label} | ${variant === 'outbox' ? `${poll} ms` : `${poll} s`} | ${at(0.5)} | ${at(0.95)} | ${fmt(waits.at(-1)!)} |`);
  }
}

async function idle(PgBoss: any): Promise<void> {
  say('\n## Au repos : transactions par minute sur la base d’une instance inactive\n');
  say('| what | transactions / min |\n|---|---|');
  if (parts.includes('idle')) {
    const url = await database(false);
    const boss = new PgBoss({ connectionString: url, max: 4 });
    boss.on('error', (e: Error) => console.error(e.message));
    await boss.start();
    // The project's loops as pg-boss would run them: three queues worked as often as today's timers (1 s), four
    // scheduled jobs (cron) with their workers at pg-boss's default poll.
    for (const name of ['mail', 'stripe-events', 'invoice-files']) {
      await boss.createQueue(name);
      await boss.work(name, { pollingIntervalSeconds: 1 }, async () => undefined);
    }
    for (const [name, cron] of [
      ['payment-reminders', '0 * * * *'],
      ['draft-purge', '5 * * * *'],
      ['duplicate-refunds', '*/5 * * * *'],
      ['row-counts', '* * * * *'],
    ]) {
      await boss.createQueue(name, { policy: 'singleton' });
      await boss.schedule(name, cron);
      await boss.work(name, async () => undefined);
    }
    await sleep(10_000);
    const before = await transactions(url);
    await sleep(60_000);
    say(
      `| pg-boss: 3 queues polled every 1 s, 4 cron schedules (singleton), its supervision | ${fmt((await transactions(url)) - before - 1)} |`,
    );
    await boss.stop({ graceful: true, timeout: 5000 });
  }
  {
    const url = await database();
    const app = spawn(process.execPath, ['--no-allocation-site-pretenuring', join(dist, 'main.js')], {
      cwd: root,
      env: {
        ...process.env,
        // The idle instance runs from the bench's own folder: its node_modules are the backend's.
        NODE_PATH: [join(root, 'backend', 'node_modules'), join(root, 'node_modules')].join(':'),
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: tempDataDir('bench-jobs-app'),
        DATABASE_URL: url,
        JWT_SECRET: randomBytes(48).toString('base64'),
        ADMIN_PASSWORD: randomBytes(18).toString('base64'),
        LOG_LEVEL: 'silent',
        STRIPE_SECRET_KEY: '',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await sleep(70_000);
    const before = await transactions(url);
    await sleep(60_000);
    const n = (await transactions(url)) - before - 1;
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    say(
      `| the app (${process.env.APP_DIST ? process.env.APP_DIST : 'backend/dist'}), NODE_ENV=production, default intervals | ${fmt(n)} |`,
    );
  }
}

async function start(PgBoss: any): Promise<void> {
  say('\n## pg-boss au démarrage\n');
  const url = await database(false);
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on('error', (e: Error) => console.error(e.message));
  let started = performance.now();
  await boss.start();
  const fresh = performance.now() - started;
  await boss.stop({ graceful: true });
  const again = new PgBoss({ connectionString: url, max: 4 });
  started = performance.now();
  await again.start();
  const installed = performance.now() - started;
  await again.stop({ graceful: true });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const count = async (sql: string) => Number((await c.query(sql)).rows[0].n);
  const tables = await count(`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'pgboss'`);
  const indexes = await count(`SELECT count(*) AS n FROM pg_indexes WHERE schemaname = 'pgboss'`);
  const functions = await count(
    `SELECT count(*) AS n FROM pg_proc p JOIN pg_namespace s ON s.oid = p.pronamespace WHERE s.nspname = 'pgboss'`,
  );
  const version = (await c.query(`SELECT version FROM pgboss.version`)).rows[0]?.version;
  await c.end();
  const plans = (await loadPgBoss()).getConstructionPlans('pgboss') as string;
  say(
    `- start on an empty database: ${fmt(fresh)} ms (creates schema pgboss, version ${version}: ${tables} tables, ${indexes} indexes, ${functions} functions; its construction SQL is ${fmt(plans.length)} characters)`,
  );
  say(`- start on an installed database: ${fmt(installed)} ms`);
}

async function kill(): Promise<void> {
  say('\n## kill -9 d’un worker pg-boss qui tient un job\n');
  const url = await database(false);
  const { PgBoss } = await loadPgBoss();
  const boss = new PgBoss({ connectionString: url, max: 4, superviseIntervalSeconds: 1 });
  boss.on('error', (e: Error) => console.error(e.message));
  await boss.start();
  await boss.createQueue('mail', { expireInSeconds: 5, retryLimit: 3 });
  const id = await boss.send('mail', { n: 1 });
  // A second process fetches the job (it is then `active`, held by it) and is killed before finishing it.
  const resolved = createRequire(join(process.env.PG_BOSS_DIR ?? root, 'package.json')).resolve('pg-boss');
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { PgBoss } = await import(${JSON.stringify(pathToFileURL(resolved).href)});
       const b = new PgBoss({ connectionString: ${JSON.stringify(url)}, max: 2, supervise: false, schedule: false });
       await b.start(); const [job] = await b.fetch('mail'); console.log('held ' + job.id); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => String(d).includes('held') && resolve()));
  const killedAt = performance.now();
  child.kill('SIGKILL');
  let tookAgain = 0;
  await boss.work('mail', { pollingIntervalSeconds: 0.5 }, async ([job]: any[]) => {
    if (job.id === id && !tookAgain) tookAgain = performance.now() - killedAt;
  });
  while (!tookAgain) await sleep(50);
  await boss.stop({ graceful: true, timeout: 5000 });
  say(
    `- expireInSeconds 5, superviseIntervalSeconds 1: taken again by the other instance ${fmt(tookAgain / 1000, 1)} s after the kill (an expiry is applied by the monitor pass, every monitorIntervalSeconds, 60 s by default; a job's default expiry is 15 min)`,
  );
}

try {
  const { PgBoss } = await loadPgBoss();
  if (!existsSync(join(dist, 'main.js'))) throw new Error(`${dist}/main.js absent : npm run build:changed`);
  if (parts.includes('throughput')) await throughput(PgBoss);
  if (parts.includes('latency')) await latency(PgBoss);
  if (parts.includes('start')) await start(PgBoss);
  if (parts.includes('kill')) await kill();
  if (parts.includes('idle') || parts.includes('idle-app')) await idle(PgBoss);
} finally {
  await admin.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${lines.join('\n')}`);
