// First: V8 settings that must hold before the app allocates anything (see runtime-flags.ts).
import './runtime-flags';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { type AppConfig, loadConfig } from './config/app-config';
import { APP_PORT, assertDatabaseReachable, assertPortFree, startupMessage } from './config/startup-errors';
import { type EmbeddedDatabase, leaveSignalsToTheApp, startEmbeddedPostgres } from './database/embedded-postgres';
import { Lifecycle } from './health/lifecycle';

export interface RunningApp {
  app: NestExpressApplication;
  url: string;
  /** The graceful shutdown of SIGTERM / SIGINT (see drainAndClose); calling it again waits for the same one. */
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops an instance without dropping a request, in this order:
 * 1. /api/health answers 503 and every answer says `Connection: close` (a load balancer takes the instance out);
 * 2. for `graceMs` (SHUTDOWN_GRACE_MS, 0 by default) new requests are still served, for the balancer to notice;
 * 3. the server stops accepting connections and closes the idle keep-alive ones;
 * 4. requests in flight finish, for `timeoutMs` at most (SHUTDOWN_TIMEOUT_MS, 10 s), then remaining connections are cut;
 * 5. Nest closes: the mail worker finishes its current batch, timers stop, then TypeORM closes the pool;
 * 6. the caller stops the embedded PostgreSQL, last.
 */
export async function drainAndClose(app: NestExpressApplication, config: AppConfig, logger = new Logger('Shutdown')): Promise<void> {
  const server = app.getHttpServer() as Server;
  app.get(Lifecycle).startDraining();
  if (config.shutdown.graceMs > 0) {
    logger.log(`/api/health répond 503 ; nouvelles requêtes acceptées encore ${config.shutdown.graceMs} ms`);
    await sleep(config.shutdown.graceMs);
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), config.shutdown.timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    logger.warn(`Requêtes encore en cours après ${config.shutdown.timeoutMs} ms : connexions coupées`);
    server.closeAllConnections();
    await closed;
  }
  await app.close();
}

/**
 * Starts the whole product: database (embedded when DATABASE_URL is unset), migrations, API, frontend. Stripe is
 * what the configuration names (`npm start` runs this beside the Stripe sandbox when STRIPE_SECRET_KEY is unset).
 */
export async function bootstrap(config: AppConfig): Promise<RunningApp> {
  const logger = new Logger('Bootstrap');
  // What would stop the start later is checked first, each failure one French sentence (config/startup-errors.ts):
  // the port (before the database starts), then the database.
  await assertPortFree(config.port, config.host, APP_PORT);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = join(config.dataDir, 'postgres');
    logger.log(`PostgreSQL embarqué (données dans ${dir})`);
    embedded = await startEmbeddedPostgres(dir, config.embeddedPostgresPort, (line) => logger.warn(line));
    databaseUrl = embedded.url;
  } else {
    await assertDatabaseReachable(databaseUrl);
  }
  try {
    if (!config.stripe.secretKey) logger.warn('Stripe non configuré (STRIPE_SECRET_KEY) : le paiement en ligne est indisponible');
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
      bodyParser: false,
      bufferLogs: false,
      logger: config.nodeEnv === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
    });
    // While draining, every answer closes its connection so keep-alive clients reconnect to another instance.
    const lifecycle = app.get(Lifecycle);
    app.use((_req: Request, res: Response, next: NextFunction) => {
      if (lifecycle.draining) res.setHeader('Connection', 'close');
      next();
    });
    configureApp(app, config);
    await app.listen(config.port, config.host);
    const server = app.getHttpServer() as import('node:http').Server;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        try {
          await drainAndClose(app, config);
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
  // SIGINT / SIGTERM are ours from the start: embedded-postgres would otherwise stop the database at once and exit,
  // and a signal during the start (PostgreSQL, migrations) stops the app cleanly once it is up.
  leaveSignalsToTheApp();
  const state: { running?: RunningApp; stopping?: string } = {};
  const shutdown = (app: RunningApp) => {
    Logger.log(
      `${state.stopping} reçu : arrêt propre (requêtes en cours terminées, ${config.shutdown.timeoutMs} ms au plus)…`,
      'Bootstrap',
    );
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
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
  const running = await bootstrap(config).catch((error: unknown) => failToStart(error, config));
  state.running = running;
  if (state.stopping) return shutdown(running);
  Logger.log(`Prêt sur ${running.url} (API ${running.url}/api, documentation ${running.url}/api/docs)`, 'Bootstrap');
}

if (require.main === module) {
  main().catch((error: unknown) => failToStart(error));
}
