import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { DestinationStream, Logger } from 'pino';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { ConnectionDrain } from './common/http-drain';
import { httpLogger } from './common/logging/http-logger';
import { createLogger } from './common/logging/logger';
import { PinoNestLogger } from './common/logging/nest-logger';
import { fileApiRoutes } from './common/route-table';
import { type AppConfig, loadConfig } from './config/app-config';
import { APP_PORT, assertDatabaseReachable, assertPortFree, startupMessage } from './config/startup-errors';
import { type EmbeddedDatabase, leaveSignalsToTheApp, startEmbeddedPostgres } from './database/embedded-postgres';
import { Lifecycle } from './health/lifecycle';

/**
 * V8 settings of the server process, given on the node command line by whatever starts it (scripts/start.ts for
 * `npm start`, the Dockerfile's CMD, `npm run start:prod -w backend`), never changed at run time: V8 reads them before
 * it allocates anything (Node's documentation warns that `v8.setFlagsFromString` once the VM runs may behave
 * unpredictably). In production a start without them is said in the log.
 *
 * No allocation-site pretenuring. V8 allocates straight in the old generation the objects of allocation sites whose
 * earlier objects survived young collections. Sites that Express, the router and node:http use for every request
 * ended up there (a heap sampling of the server under load: 12 KB per request reached the old generation, headers and
 * request objects first), so each request's short-lived garbage filled the old generation: the heap grew by ~1.8 MB
 * per young collection up to 330 MB, a young collection took 10 ms instead of 0.8 ms, and full collections paused the
 * server. Measured on GET /api/auth/me, autocannon alone against the app, 10 connections, 10 s after a warm-up:
 * 3,578 → 4,370 req/s, p99 12 → 5 ms, 440 → 364 MB resident after the load.
 *
 * A young generation of 16 MB semi-spaces (`--max-semi-space-size=16`) instead of V8's 32 MB here (Node 24, this
 * heap limit): the young generation is resident whole once a load has grown it, and was the largest part of the heap
 * at rest (64 MB of new space in a 137 MB heap). bench:api, 2,000 sites, one run each on a loaded machine: 204–219 →
 * 191 MB at rest, 406–469 → 299 MB after the load; 8 MB semi-spaces gave 173 and 240 MB with about 40 % more time
 * in young collections (docs/performance.md, "Memory at rest").
 * An old generation allowed to grow to twice what survived the last full collection before the next one
 * (`--heap-growing-percent=100`), instead of V8's own factor of up to four: after the bench's load the old space was
 * 129–202 MB, where two full collections leave about 60 MB (the heap's live objects after 300,000 requests of
 * GET /api/auth/me); a faster machine, serving more requests in the same rounds, let it grow that far: 389 and 420 MB
 * resident after the load (2,000 sites, 2026-11-29), over the 400 MB goal. With the flag, two runs: 279 and 275 MB
 * (old space 103–111 MB), the routes' speed within the runs' spread, and about as many full collections in the
 * bench's rounds (docs/performance.md, issue 39, 2026-11-29).
 * Beside these, the environment's MALLOC_ARENA_MAX=2 (scripts/start.ts, the Dockerfile) keeps glibc from giving each
 * thread that allocates (V8's compiler and GC threads, libuv's pool) an arena of its own that keeps its freed pages.
 */
export const V8_FLAGS = ['--no-allocation-site-pretenuring', '--max-semi-space-size=16', '--heap-growing-percent=100'];

export interface RunningApp {
  app: NestExpressApplication;
  url: string;
  /** The graceful shutdown of SIGTERM / SIGINT (see drainAndClose); calling it again waits for the same one. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops an instance without dropping a request, in this order:
 * 1. /api/health answers 503 and every answer not yet started says `Connection: close` (a load balancer takes the
 *    instance out, keep-alive clients reconnect elsewhere);
 * 2. for `graceMs` (SHUTDOWN_GRACE_MS, 0 by default) new connections are still accepted and served;
 * 3. the server stops listening; every request already read is answered; an idle connection (keep-alive, or accepted
 *    with its request not read yet) is closed once nothing is in flight and it has been idle a short moment, so a
 *    request on its way is still answered (ConnectionDrain, common/http-drain.ts);
 * 4. for `timeoutMs` at most (SHUTDOWN_TIMEOUT_MS, 10 s), then remaining connections are cut;
 * 5. Nest closes: the mail worker finishes its current batch, timers stop, then TypeORM closes the pool;
 * 6. the caller stops the embedded PostgreSQL, last.
 */
export async function drainAndClose(
  app: NestExpressApplication,
  config: AppConfig,
  connections: ConnectionDrain,
  logger: Logger,
): Promise<void> {
  app.get(Lifecycle).startDraining();
  connections.startDraining();
  if (config.shutdown.graceMs > 0) {
    logger.info(`/api/health répond 503 ; nouvelles requêtes acceptées encore ${config.shutdown.graceMs} ms`);
    await sleep(config.shutdown.graceMs);
  }
  const cut = await connections.close(config.shutdown.timeoutMs);
  if (cut > 0) logger.warn(`Requêtes encore en cours après ${config.shutdown.timeoutMs} ms : ${cut} connexion(s) coupée(s)`);
  await app.close();
}

/**
 * An idle keep-alive connection stays open longer than its client keeps it (Node's fetch 4 s, browsers and proxies
 * about 60 s), so the client closes it first: never the server while the client is sending a request on it, which the
 * client sees as ECONNRESET. With Node's default 5 s, that happened when the event loop was busy (a PDF being rendered)
 * as the timer fired. Shutdown still closes idle connections at once (common/http-drain.ts).
 */
export function keepConnectionsLongerThanClients(server: Server): void {
  server.keepAliveTimeout = 65_000;
  // Must exceed keepAliveTimeout, or a slow request's headers could be cut by the wrong timer.
  server.headersTimeout = 66_000;
}

/**
 * Starts the whole product: database (embedded when DATABASE_URL is unset), migrations, API, frontend. Stripe is
 * what the configuration names (`npm start` runs this beside the Stripe sandbox when STRIPE_SECRET_KEY is unset).
 */
export async function bootstrap(
  config: AppConfig,
  options: { log?: Logger; logDestination?: DestinationStream } = {},
): Promise<RunningApp> {
  const log = options.log ?? createLogger(config.log, options.logDestination);
  const logger = log.child({ context: 'Bootstrap' });
  // What would stop the start later is checked first, each failure one French sentence (config/startup-errors.ts):
  // the port (before the database starts), then the database.
  await assertPortFree(config.port, config.host, APP_PORT);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = join(config.dataDir, 'postgres');
    logger.info(`PostgreSQL embarqué (données dans ${dir})`);
    embedded = await startEmbeddedPostgres(dir, config.embeddedPostgresPort, (line) => logger.warn(line));
    databaseUrl = embedded.url;
  } else {
    await assertDatabaseReachable(databaseUrl);
  }
  try {
    if (!config.stripe.secretKey) logger.warn('Stripe non configuré (STRIPE_SECRET_KEY) : le paiement en ligne est indisponible');
    if (config.nodeEnv === 'production' && V8_FLAGS.some((flag) => !process.execArgv.includes(flag)))
      logger.warn(`Lancé sans ${V8_FLAGS.join(' ')} : donnez-les à node (node ${V8_FLAGS.join(' ')} backend/dist/main.js)`);
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
      bodyParser: false,
      bufferLogs: false,
      // Nest's Logger, everywhere in the app, writes through pino (common/logging).
      logger: new PinoNestLogger(log),
    });
    // Before listening: every connection is counted from the first one (common/http-drain.ts).
    const connections = new ConnectionDrain(app.getHttpServer() as Server);
    keepConnectionsLongerThanClients(app.getHttpServer() as Server);
    // First of all the middlewares: one log line per request, with its id, whoever answers it.
    app.use(httpLogger(log));
    configureApp(app, config);
    // Nest registers the routes during the init: then they are filed by their first segment (common/route-table.ts).
    await app.init();
    fileApiRoutes(app.getHttpAdapter().getInstance());
    await app.listen(config.port, config.host);
    const server = app.getHttpServer() as Server;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        try {
          await drainAndClose(app, config, connections, log.child({ context: 'Shutdown' }));
        } finally {
          await embedded?.stop();
        }
      })());
    return { app, url, close };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

/** A duration as the shutdown's last line says it: « 1,3 s » (French decimal comma, one decimal). */
export function shutdownSeconds(ms: number): string {
  return `${(ms / 1000).toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
}

/**
 * A start that failed: one French sentence saying what to change (a port taken, another instance on DATA_DIR, the
 * configuration, DATABASE_URL unreachable…: startupMessage), without a stack trace, and exit code 1.
 */
function failToStart(error: unknown, config?: AppConfig): never {
  console.error(startupMessage(error, config));
  process.exit(1);
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    failToStart(error);
  }
  const log = createLogger(config.log);
  const logger = log.child({ context: 'Bootstrap' });
  // SIGINT / SIGTERM are ours from the start: embedded-postgres would otherwise stop the database at once and exit,
  // and a signal during the start (PostgreSQL, migrations) stops the app cleanly once it is up.
  // (embedded-postgres is loaded only for the embedded database: the production image, on DATABASE_URL, has it not.)
  if (!config.databaseUrl) leaveSignalsToTheApp();
  const state: { running?: RunningApp; stopping?: string } = {};
  const shutdown = (app: RunningApp) => {
    logger.info(`${state.stopping} reçu : arrêt propre (requêtes en cours terminées, ${config.shutdown.timeoutMs} ms au plus)…`);
    const started = Date.now();
    app.close().then(
      () => {
        // The last line: the operator (and a supervisor's log) sees the stop went through, and how long it took.
        logger.info(`Arrêt terminé en ${shutdownSeconds(Date.now() - started)}`);
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "L'arrêt a échoué");
        process.exit(1);
      },
    );
  };
  const stop = (signal: string) => {
    if (state.stopping) return;
    state.stopping = signal;
    if (state.running) shutdown(state.running);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const running = await bootstrap(config, { log }).catch((error: unknown) => failToStart(error, config));
  state.running = running;
  if (state.stopping) return shutdown(running);
  logger.info(`Prêt sur ${running.url} (API ${running.url}/api, documentation ${running.url}/api/docs)`);
}

if (require.main === module) {
  main().catch((error: unknown) => failToStart(error));
}
