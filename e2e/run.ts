// Browser tier: starts the built product as `npm start` does (backend/dist/main.js serving frontend/dist, embedded
// PostgreSQL in a temporary DATA_DIR), then runs the journeys in Debian's Chromium with Node's test runner.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const message = `Chromium introuvable (${chromium}) : les parcours navigateur ne peuvent pas tourner. Installez-le : sudo apt-get install -y chromium (ou CHROMIUM_PATH=...).`;
  if (process.env.CI === 'true') {
    console.error(`ÉCHEC : ${message}`);
    process.exit(1);
  }
  console.warn(`ATTENTION : ${message} Parcours navigateur NON exécutés.`);
  process.exit(0);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, app: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`l'application s'est arrêtée (code ${app.exitCode})`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`l'application ne répond pas sur ${url} après ${timeoutMs / 1000} s`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-e2e-'));
chmodSync(dataDir, 0o755); // PostgreSQL runs as the 'postgres' user when we are root
const port = await freePort();
const pgPort = await freePort();
const stripePort = await freePort();
const baseUrl = `http://localhost:${port}`;
const artifacts = join(root, 'e2e', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const app = spawn(process.execPath, [join(root, 'backend', 'dist', 'main.js')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(pgPort),
    STRIPE_SANDBOX_PORT: String(stripePort),
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
    DATABASE_URL: '',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-password-123',
    APP_URL: baseUrl,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let appLog = '';
app.stdout!.on('data', (d) => (appLog += d));
app.stderr!.on('data', (d) => (appLog += d));

async function stopApp(): Promise<number | null> {
  if (app.exitCode !== null) return app.exitCode;
  app.kill('SIGTERM');
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      app.kill('SIGKILL');
      resolve(null);
    }, 20_000);
    app.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

let code = 1;
try {
  await waitForHealth(baseUrl, app);
  const files = readdirSync(join(root, 'e2e', 'journeys'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('e2e', 'journeys', f));
  const runner = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
    cwd: root,
    env: { ...process.env, BASE_URL: baseUrl, CHROMIUM_PATH: chromium, ARTIFACTS_DIR: artifacts },
    stdio: 'inherit',
  });
  code = await new Promise<number>((resolve) => runner.once('exit', (c) => resolve(c ?? 1)));
} catch (error) {
  console.error(`Parcours navigateur impossibles : ${(error as Error).message}\n--- journal de l'application ---\n${appLog}`);
} finally {
  const exit = await stopApp();
  if (exit !== 0) {
    console.error(`L'application ne s'est pas arrêtée proprement (code ${exit}).\n--- journal ---\n${appLog.slice(-4000)}`);
    code = code || 1;
  }
}
console.log(`Captures d'écran : ${artifacts}`);
process.exit(code);
