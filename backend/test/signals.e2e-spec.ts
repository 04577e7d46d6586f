import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DRAINING_MESSAGE } from '../src/health/health.service';
import { V8_FLAGS } from '../src/main';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_JWT_SECRET } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { requestInFlight, send } from './helpers/http';
import { unusedPort } from './helpers/smtp';

const root = resolve(__dirname, '../..');
const backend = join(root, 'backend');
const main = join(backend, 'dist', 'main.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function newestSource(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newestSource(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );
}

/** backend/dist as `npm start` runs it; built here only when missing or older than the sources (CI builds it before). */
function ensureBuilt(): void {
  if (existsSync(main) && statSync(main).mtimeMs >= newestSource(join(backend, 'src'))) return;
  execFileSync(process.execPath, [join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js'), 'build'], {
    cwd: backend,
    stdio: 'inherit',
  });
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * The real signal on the real launcher: `node scripts/start.ts` (Stripe sandbox, then backend/dist/main.js on an
 * embedded PostgreSQL) while 40 requests are in flight: SIGTERM to the launcher (an orchestrator), or SIGINT to its
 * whole process group (Ctrl-C in a terminal).
 */
describe.each([
  { name: 'SIGTERM to the launcher', signal: (launcher: ChildProcess) => launcher.kill('SIGTERM') },
  { name: 'Ctrl-C (SIGINT to the whole process group)', signal: (launcher: ChildProcess) => process.kill(-launcher.pid!, 'SIGINT') },
])('$name with 40 requests in flight', ({ signal }) => {
  let dataDir: string;
  let child: ChildProcess;
  let output = '';
  let base: string;
  let pgPort: number;
  let sandboxPort: number;

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'vitrine-signals-'));
    chmodSync(dataDir, 0o755); // the embedded server runs as the 'postgres' user when we are root
    const port = await unusedPort();
    pgPort = await unusedPort();
    sandboxPort = await unusedPort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_POSTGRES_PORT: String(pgPort),
        STRIPE_SANDBOX_PORT: String(sandboxPort),
        DATABASE_URL: '',
        STRIPE_SECRET_KEY: '',
        SMTP_URL: '',
        FRONTEND_DIST: '/nonexistent',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SHUTDOWN_GRACE_MS: '500',
        SHUTDOWN_TIMEOUT_MS: '8000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // a process group of its own, like a shell's job
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) throw new Error(`npm start s'est arrêté :\n${output}`);
      if ((await send(`${base}/api/health`).catch(() => undefined))?.status === 200) return;
      await sleep(300);
    }
    throw new Error(`npm start ne répond pas :\n${output}`);
  }, 240_000);
  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every request in flight, says draining meanwhile, stops PostgreSQL then the sandbox, and exits 0', async () => {
    const login = await send(
      `${base}/api/auth/login`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' } },
      JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    );
    expect(login.status).toBe(200);
    const headers = {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${(JSON.parse(login.body) as { access_token: string }).access_token}`,
    };
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      requestInFlight(`${base}/api/auth/me`, { method: 'PATCH', headers }, JSON.stringify({ name: `Admin ${i}` })),
    );
    await Promise.all(inFlight.map((r) => r.sent));
    await sleep(500); // the server has them all

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const started = Date.now();
    signal(child);
    let health = await send(`${base}/api/health`);
    for (let i = 0; i < 20 && health.status === 200; i++) health = await send(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body).message).toBe(DRAINING_MESSAGE);

    await sleep(700); // past the grace: no new connection
    await expect(send(`${base}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
    expect(await listening(pgPort)).toBe(true); // the database waits for the requests in flight
    expect(await listening(sandboxPort)).toBe(true);
    for (const request of inFlight) request.finish();
    const answers = await Promise.all(inFlight.map((r) => r.answer));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
    // Stopped cleanly: the embedded server gone with its pid file, then the sandbox.
    expect(await listening(pgPort)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(await listening(sandboxPort)).toBe(false);
    expect(output).not.toMatch(/ERROR|"level":"error"/);
    // The last line of the server's log says the stop went through, and in how long (JSON logs in production).
    expect(output).toMatch(/"msg":"Arrêt terminé en \d+,\d s"/);
    // The launcher gives the V8 settings on node's command line (the server says when they are missing).
    expect(output).not.toContain(`Lancé sans ${V8_FLAGS.join(' ')}`);
  }, 60_000);
});

describe('SIGTERM while the app is still starting', () => {
  it('lets the start finish, then stops cleanly: exit 0, no PostgreSQL left running', async () => {
    ensureBuilt();
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-signals-start-'));
    chmodSync(dataDir, 0o755);
    const pgPort = await unusedPort();
    let output = '';
    const child = spawn(process.execPath, [main], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(await unusedPort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_POSTGRES_PORT: String(pgPort),
        DATABASE_URL: '',
        STRIPE_SECRET_KEY: '',
        SMTP_URL: '',
        FRONTEND_DIST: '/nonexistent',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        // Readable lines, as a terminal shows them (the JSON lines are checked above).
        LOG_FORMAT: 'pretty',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    try {
      for (let i = 0; i < 200 && !output.includes('PostgreSQL embarqué'); i++) await sleep(50);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('SIGTERM reçu');
      expect(output).toMatch(/Arrêt terminé en \d+,\d s/);
      expect(output).not.toContain('"msg"');
      expect(await listening(pgPort)).toBe(false);
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * How a request ended: answered (any status), refused before the server accepted its connection (it stopped
 * listening: the client knows it was never taken and may try elsewhere), or dropped after the server accepted it
 * (reset, hung up: the failure this guards against).
 */
type Outcome = { answered: number; connection?: string; path: string } | { refused: true } | { dropped: string };

function fire(url: string, agent: http.Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ answered: res.statusCode!, connection: res.headers.connection, path: new URL(url).pathname }));
      res.on('error', (error) => resolve({ dropped: error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? { refused: true } : { dropped: `${error.code ?? ''} ${error.message}` }),
    );
  });
}

/**
 * SIGTERM sent to the server process itself, as a container platform does at every deploy (not through the
 * launcher), with the default SHUTDOWN_GRACE_MS=0, while requests keep arriving: each of the 40 requests of a round
 * starts 0 to 50 ms before the signal, on a new connection, and 8 more on kept-alive connections. Before, Node's
 * server.close() closed the connections accepted but whose request was not read yet, as if idle: 27 to 31 of 40 were
 * reset. Every request must now get an HTTP answer, or find the port closed.
 */
describe('SIGTERM to the server process while requests are arriving', () => {
  let db: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    ensureBuilt();
    db = await createTestDatabase();
  }, 120_000);
  afterAll(() => db?.drop());

  async function startServer(): Promise<{ child: ChildProcess; base: string; output: () => string }> {
    const port = await unusedPort();
    let output = '';
    const child = spawn(process.execPath, [...V8_FLAGS, main], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-sigterm-')),
        DATABASE_URL: db.url,
        JWT_SECRET: TEST_JWT_SECRET,
        STRIPE_SECRET_KEY: '',
        SMTP_URL: '',
        FRONTEND_DIST: '/nonexistent',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SHUTDOWN_GRACE_MS: '',
        SHUTDOWN_TIMEOUT_MS: '',
        MAIL_WORKER: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté :\n${output}`);
      if ((await send(`${base}/api/health`).catch(() => undefined))?.status === 200) return { child, base, output: () => output };
      await sleep(100);
    }
    child.kill('SIGKILL');
    throw new Error(`le serveur ne répond pas :\n${output}`);
  }

  it('answers every request that reached the server, 4 rounds, default settings', async () => {
    const totals = { answered: 0, refused: 0, dropped: [] as string[] };
    for (let round = 0; round < 4; round++) {
      const { child, base, output } = await startServer();
      // Connections kept alive and idle when the signal comes, each reused by a request in the last 50 ms.
      const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });
      await Promise.all(Array.from({ length: 8 }, () => fire(`${base}/api/catalogue`, keepAlive)));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const outcomes: Array<Promise<Outcome>> = [];
      const paths = ['/api/health', '/api/catalogue', '/api/agency'];
      for (let i = 0; i < 40; i++) {
        const at = Math.random() * 50;
        outcomes.push(sleep(at).then(() => fire(`${base}${paths[i % paths.length]}`, false)));
      }
      for (let i = 0; i < 8; i++) outcomes.push(sleep(Math.random() * 50).then(() => fire(`${base}/api/catalogue`, keepAlive)));
      await sleep(50);
      child.kill('SIGTERM');
      const results = await Promise.all(outcomes);
      expect(await exited).toBe(0);
      keepAlive.destroy();
      for (const result of results) {
        if ('answered' in result) totals.answered += 1;
        else if ('refused' in result) totals.refused += 1;
        else totals.dropped.push(`round ${round}: ${result.dropped}`);
      }
      // Answers given while draining close their connection; health said 503.
      for (const result of results) {
        if ('answered' in result && result.path === '/api/health' && result.answered === 503) expect(result.connection).toBe('close');
      }
      expect(output()).toContain('SIGTERM reçu');
      expect(output()).not.toMatch(/"level":"error"/);
    }
    expect(totals.dropped).toEqual([]);
    // Most arrived before the server stopped listening (the ones after the signal may find it closed).
    expect(totals.answered).toBeGreaterThan(totals.refused);
  }, 60_000);
});
