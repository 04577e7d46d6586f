import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { randomSeed } from '@vitrine/stripe-sandbox';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/data-source';
import { StartupError } from '../../src/config/startup-errors';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { clusterParent } from './cluster-dir';
import { TEMPLATE_DB, withDatabase } from './database';
import { unusedPort } from './smtp';

/**
 * One PostgreSQL for the run: DATABASE_URL's server when set, else an embedded one in a temporary folder. A template
 * database gets the real migrations once; each test file then clones it (see app.ts), so the Jest workers running
 * files side by side never share a database.
 */
/**
 * The embedded server on a port the system says is free. Other test runs on the machine pick theirs at the same
 * moment: when one takes it between the choice and the start, the start says so and the next free port is tried.
 */
async function startOnFreePort(dir: string): Promise<EmbeddedDatabase> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmbeddedPostgres(dir, await unusedPort());
    } catch (error) {
      if (attempt >= 5 || !(error instanceof StartupError) || !/est déjà utilisé/.test(error.message)) throw error;
    }
  }
}

export default async function globalSetup(): Promise<void> {
  // Every answer and event of every Stripe sandbox the test files start is captured there, for the conformance check
  // of global-teardown.ts (the sandbox's objects against the stripe SDK's types).
  if (!process.env.STRIPE_SANDBOX_CAPTURE_DIR) {
    process.env.STRIPE_SANDBOX_CAPTURE_DIR = mkdtempSync(join(tmpdir(), 'vitrine-stripe-capture-'));
    (globalThis as Record<string, unknown>).__STRIPE_CAPTURE__ = process.env.STRIPE_SANDBOX_CAPTURE_DIR;
  }
  // One seed for the Stripe sandboxes of every test file (set before the workers start, which inherit it), printed
  // so that a failure is replayed with the same webhook delays, copies and failed attempts.
  process.env.STRIPE_SANDBOX_WEBHOOK_SEED ||= String(randomSeed());
  process.stdout.write(
    `\nStripe sandbox: webhooks as Stripe sends them, seed ${process.env.STRIPE_SANDBOX_WEBHOOK_SEED} (STRIPE_SANDBOX_WEBHOOK_SEED=${process.env.STRIPE_SANDBOX_WEBHOOK_SEED} replays it)\n`,
  );
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(clusterParent(), 'vitrine-test-pg-'));
    chmodSync(dir, 0o755); // the server runs as the 'postgres' user when we are root
    const embedded = await startOnFreePort(join(dir, 'pg'));
    (globalThis as Record<string, unknown>).__EMBEDDED_PG__ = { dir, embedded };
    serverUrl = embedded.url;
  }
  process.env.TEST_SERVER_URL = serverUrl;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // The embedded server is thrown away after the run: it need not survive a crash of the machine, so it does not
    // wait for the disk (each file's CREATE DATABASE and every commit were waiting on fsync).
    if (!process.env.DATABASE_URL) {
      for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await admin.query(`ALTER SYSTEM SET ${setting} = off`);
      await admin.query('SELECT pg_reload_conf()');
    }
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const dataSource = new DataSource({ ...dataSourceOptions(withDatabase(serverUrl, TEMPLATE_DB)), migrationsRun: false });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
}
