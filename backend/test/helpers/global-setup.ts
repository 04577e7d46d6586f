import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/data-source';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { TEMPLATE_DB, withDatabase } from './database';

/**
 * One PostgreSQL for the run: DATABASE_URL's server when set, else an embedded one in a temporary folder. A template
 * database gets the real migrations once; each test file then clones it (see app.ts).
 */
export default async function globalSetup(): Promise<void> {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-test-pg-'));
    chmodSync(dir, 0o755); // the server runs as the 'postgres' user when we are root
    const port = 55000 + Math.floor(Math.random() * 1000);
    const embedded = await startEmbeddedPostgres(join(dir, 'pg'), port);
    (globalThis as Record<string, unknown>).__EMBEDDED_PG__ = embedded;
    serverUrl = embedded.url;
  }
  process.env.TEST_SERVER_URL = serverUrl;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
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
