// The built product started as `npm start` starts it (scripts/start.ts: the Stripe sandbox, then backend/dist/main.js
// serving frontend/dist), on free ports with a temporary DATA_DIR: embedded PostgreSQL, the sandbox and captured mail.
// Used by the browser journeys and the page-speed benchmark.
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' };

/**
 * Whether the journeys take their pictures of the pages they pass through (for a person to look at; no check reads
 * them): on a developer's machine, yes; under CI=true, where nobody sees them, no, unless E2E_PICTURES=1. They were a
 * quarter of Chromium's work in the browser tier (docs/performance-tests.md). A failure's picture is always taken.
 */
export const PICTURES = process.env.E2E_PICTURES ? process.env.E2E_PICTURES === '1' : process.env.CI !== 'true';

/**
 * The Chromium the journeys drive: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell, the
 * same Chromium built for headless use only, which Playwright itself runs for headless tests), else the full browser.
 * The shell ran the whole browser tier in 350 s where the full browser took 494 s, every journey passing in both
 * (decision 0029).
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ||
  '/usr/bin/chromium-headless-shell';

/** The ports this process has handed out: the copies of the product started side by side never get the same one. */
const handedOut = new Set<number>();

/**
 * A port the system says is free, never one handed out before by this process: three copies started at once each ask
 * for three, and a port closed after the question is free to be given again before its copy binds it (one CI run
 * had the sandbox of one copy and the PostgreSQL of another on the same port).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export interface BuiltApp {
  baseUrl: string;
  /** What the app printed so far */
  log(): string;
  /** SIGTERM, then its exit code (null if it had to be killed); the data folder is removed */
  stop(): Promise<number | null>;
}

/** A temporary data folder the embedded PostgreSQL can use (it runs as the 'postgres' user when we are root). */
export function tempDataDir(name: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), `vitrine-${name}-`));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/**
 * `options.dataDir` / `options.postgresPort`: start on a data folder prepared beforehand (the admin bench seeds it
 * first); it is removed at stop all the same.
 */
export async function startBuiltApp(
  name: string,
  timeoutMs = 90_000,
  options: { dataDir?: string; postgresPort?: number; logFile?: string; outputFile?: string } = {},
): Promise<BuiltApp> {
  const dataDir = options.dataDir ?? tempDataDir(name);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const outputFd = options.outputFile ? openSync(options.outputFile, 'w') : undefined;
  const app = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(options.postgresPort ?? (await freePort())),
      STRIPE_SANDBOX_PORT: String(await freePort()),
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      APP_URL: baseUrl,
      // The journeys all sign up and pay from 127.0.0.1.
      SIGNUP_LIMIT_PER_IP: '10000',
      CHECKOUT_LIMIT_PER_IP: '10000',
    },
    // outputFile: the app writes its output straight into the file (no pipe read by this process).
    stdio: options.outputFile ? ['ignore', outputFd!, outputFd!] : ['ignore', 'pipe', 'pipe'],
  });
  if (outputFd !== undefined) closeSync(outputFd);
  let output = '';
  const record = (d: Buffer) => {
    output += d;
    // The journeys read the captured mails' links there (see capturedLink): the mail log shows them masked.
    if (options.logFile) appendFileSync(options.logFile, d);
  };
  app.stdout?.on('data', record);
  app.stderr?.on('data', record);
  const log = () => (options.outputFile ? readFileSync(options.outputFile, 'utf8') : output);

  const stop = async (): Promise<number | null> => {
    const code =
      app.exitCode !== null
        ? app.exitCode
        : await new Promise<number | null>((resolve) => {
            const timer = setTimeout(() => {
              app.kill('SIGKILL');
              resolve(null);
            }, 20_000);
            app.once('exit', (c) => {
              clearTimeout(timer);
              resolve(c);
            });
            app.kill('SIGTERM');
          });
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(
    app.exitCode !== null && app.exitCode !== 0
      ? `l'application s'est arrêtée (code ${app.exitCode})\n${log()}`
      : `l'application ne répond pas sur ${baseUrl} après ${timeoutMs / 1000} s\n${log()}`,
  );
}
