import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase } from './helpers/database';

/**
 * `npm run seed` on a server of DATABASE_URL, without JWT_SECRET: the seed signs nothing and mails nobody, so it does
 * not ask for the secret the app requires with DATABASE_URL. Run as the tool is (compiled, its own process).
 */
describe('the seed tool', () => {
  const backend = join(__dirname, '..');
  let database: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    // Built with TypeScript 7, as `npm run build:tools` does (no compiler plugin here: decision 0028).
    const tsc = join(dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.tools.json'], {
      cwd: backend,
      stdio: 'inherit',
    });
    database = await createTestDatabase();
  }, 120_000);
  afterAll(() => database?.drop());

  it('fills the database of DATABASE_URL without JWT_SECRET', async () => {
    const run = spawnSync(process.execPath, [join(backend, 'dist-tools', 'tools', 'seed.js'), '--sites', '20', '--clients', '10'], {
      cwd: backend,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATABASE_URL: database.url },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Terminé en .* s : /);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM sites s JOIN users u ON u.id = s.user_id WHERE u.email LIKE '%@seed.vitrine.example'`,
      );
      expect(rows).toEqual([{ n: 20 }]);
    } finally {
      await client.end();
    }
  }, 120_000);
});
