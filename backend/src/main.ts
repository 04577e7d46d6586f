import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';

export interface RunningApp {
  app: NestExpressApplication;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the whole product: database (embedded when DATABASE_URL is unset), migrations, API, frontend. Stripe is
 * what the configuration names (`npm start` runs this beside the Stripe sandbox when STRIPE_SECRET_KEY is unset).
 */
export async function bootstrap(config: AppConfig): Promise<RunningApp> {
  const logger = new Logger('Bootstrap');
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = join(config.dataDir, 'postgres');
    logger.log(`PostgreSQL embarqué (données dans ${dir})`);
    embedded = await startEmbeddedPostgres(dir, config.embeddedPostgresPort, (line) => logger.warn(line));
    databaseUrl = embedded.url;
  }
  try {
    if (!config.stripe.secretKey) logger.warn('Stripe non configuré (STRIPE_SECRET_KEY) : le paiement en ligne est indisponible');
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
      bodyParser: false,
      bufferLogs: false,
      logger: config.nodeEnv === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
    });
    configureApp(app, config);
    await app.listen(config.port, config.host);
    const server = app.getHttpServer() as import('node:http').Server;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await embedded?.stop();
    };
    return { app, url, close };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const running = await bootstrap(config);
  Logger.log(`Prêt sur ${running.url} (API ${running.url}/api, documentation ${running.url}/api/docs)`, 'Bootstrap');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    Logger.log(`${signal} reçu, arrêt propre…`, 'Bootstrap');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
