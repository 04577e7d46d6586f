import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { DRAINING_MESSAGE } from '../src/health/health.service';
import { bootstrap, type RunningApp } from '../src/main';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_JWT_SECRET } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { requestInFlight, send } from './helpers/http';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shutdown of SIGTERM (RunningApp.close, what main.ts calls on the signal) on the real app listening on a port:
 * requests in flight finish, health says draining, keep-alive clients are told to leave, the pool closes last.
 */
describe('graceful shutdown', () => {
  let db: { url: string; drop(): Promise<void> };
  let running: RunningApp;
  let sigtermListeners: number;
  beforeAll(async () => {
    db = await createTestDatabase();
    sigtermListeners = process.listenerCount('SIGTERM');
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-shutdown-')),
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      FRONTEND_DIST: '/nonexistent',
      MAIL_WORKER: 'off',
      SHUTDOWN_GRACE_MS: '600',
      SHUTDOWN_TIMEOUT_MS: '1500',
    });
    running = await bootstrap(config);
  });
  afterAll(async () => {
    await running.close();
    await db.drop();
  });

  it('keeps an idle keep-alive connection longer than its clients do (they close first: no ECONNRESET on a busy server)', () => {
    const server = running.app.getHttpServer() as Server;
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('leaves the signals to main.ts: Nest adds no SIGTERM handler of its own that would close the pool at once', () => {
    expect(process.listenerCount('SIGTERM')).toBe(sigtermListeners);
  });

  it('finishes the 40 requests in flight, answers health 503 while draining, then cuts a stuck one at the bound', async () => {
    const login = await send(
      `${running.url}/api/auth/login`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' } },
      JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    );
    expect(login.status).toBe(200);
    const token = (JSON.parse(login.body) as { access_token: string }).access_token;
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const server = running.app.getHttpServer() as Server;
    let received = 0;
    server.on('request', () => (received += 1));

    const inFlight = Array.from({ length: 40 }, (_, i) =>
      requestInFlight(`${running.url}/api/auth/me`, { method: 'PATCH', headers }, JSON.stringify({ name: `Admin ${i}` })),
    );
    const stuck = requestInFlight(`${running.url}/api/auth/me`, { method: 'PATCH', headers }, JSON.stringify({ name: 'Jamais fini' }));
    await Promise.all([...inFlight, stuck].map((r) => r.sent));
    for (let i = 0; received < 41 && i < 200; i++) await sleep(10);
    expect(received).toBe(41);

    const started = Date.now();
    const closing = running.close();

    // Draining: health is 503 for the load balancer; a request still arriving during the grace is served, and told
    // to close its connection.
    const health = await send(`${running.url}/api/health`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ statusCode: 503, message: DRAINING_MESSAGE });
    expect(health.connection).toBe('close');
    const late = await send(`${running.url}/api/auth/me`, { headers });
    expect(late.status).toBe(200);
    expect(late.connection).toBe('close');

    await sleep(700); // past the grace: the server no longer accepts connections
    await expect(send(`${running.url}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
    for (const request of inFlight) request.finish();
    const answers = await Promise.all(inFlight.map((r) => r.answer));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.every((a) => a.connection === 'close')).toBe(true);
    expect(answers.every((a) => /^Admin \d+$/.test((JSON.parse(a.body) as { name: string }).name))).toBe(true);

    await closing;
    const elapsed = Date.now() - started;
    // 0.6 s of grace + 1.5 s for requests in flight, then the stuck one is cut.
    expect(elapsed).toBeGreaterThanOrEqual(2000);
    expect(elapsed).toBeLessThan(5000);
    await expect(stuck.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(running.app.get(DataSource).isInitialized).toBe(false);
  });
});
