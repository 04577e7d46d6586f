import { Test as NestTest } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Test } from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { fileApiRoutes } from '../../src/common/route-table';
import { type AppConfig, loadConfig } from '../../src/config/app-config';
import { assertMatchesContract } from './contract';
import { createTestDatabase } from './database';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-123';
export const TEST_JWT_SECRET = 'test-secret-for-jwt-signing-0123456789abcdef';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
/** supertest requests on the app, each answer checked against openapi.yaml. */
export type Api = Record<Method, (url: string) => Test> & { raw: ReturnType<typeof request> };

export interface TestApp {
  app: NestExpressApplication;
  api: Api;
  config: AppConfig;
  dataSource: DataSource;
  close(): Promise<void>;
}

/**
 * The real app (same setup as main.ts) on a fresh, migrated database, or on `shareDatabaseOf`'s database to run
 * two instances side by side. The mail worker does not poll: tests call `MailWorker.drain()`.
 */
export async function createTestApp(env: Record<string, string> = {}, shareDatabaseOf?: TestApp): Promise<TestApp> {
  const db = shareDatabaseOf ? { url: shareDatabaseOf.config.databaseUrl!, drop: async () => undefined } : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-test-data-')),
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    APP_URL: 'http://localhost:3000',
    FRONTEND_DIST: '/nonexistent',
    MAIL_WORKER: 'off',
    TEAM_EMAIL: 'equipe@vitrine.example',
    // Every test request comes from 127.0.0.1: the per-IP and per-e-mail limits of sign-up and checkout are raised
    // here, and the tests of those limits set them low again.
    SIGNUP_LIMIT_PER_IP: '10000',
    SIGNUP_LIMIT_PER_EMAIL: '10000',
    CHECKOUT_LIMIT_PER_IP: '10000',
    CHECKOUT_LIMIT_PER_EMAIL: '10000',
    // argon2's smallest cost for the passwords the tests set (about 50 times cheaper than production's, which
    // loadConfig keeps outside NODE_ENV=test); the tests that measure timings ask for PASSWORD_HASH_COST=full again.
    PASSWORD_HASH_COST: 'test-minimum',
    ...env,
    DATABASE_URL: db.url,
  });
  const moduleRef = await NestTest.createTestingModule({ imports: [AppModule.forRoot(config, db.url)] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['error'] });
  configureApp(app, config);
  await app.init();
  fileApiRoutes(app.getHttpAdapter().getInstance());
  const server = app.getHttpServer();
  const agent = request(server);
  const api = { raw: agent } as Api;
  for (const method of ['get', 'post', 'patch', 'put', 'delete'] as Method[]) {
    api[method] = (url: string) => agent[method](url).expect(assertMatchesContract);
  }
  return {
    app,
    api,
    config,
    dataSource: app.get(DataSource),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

export interface SessionBody {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  token_type: string;
  user: { id: string; email: string; name: string; role: 'client' | 'admin'; createdAt: string };
}

let counter = 0;
export async function registerClient(
  api: Api,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<SessionBody> {
  counter += 1;
  const password = overrides.password ?? 'client-password';
  const res = await api
    .post('/api/auth/register')
    .send({
      name: overrides.name ?? `Client ${counter}`,
      email: overrides.email ?? `client${counter}-${Date.now()}@example.com`,
      password,
      confirmPassword: password,
    })
    .expect(201);
  return res.body as SessionBody;
}

export async function loginAdmin(api: Api): Promise<SessionBody> {
  const res = await api.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
  return res.body as SessionBody;
}

export const bearer = (session: { access_token: string }) => ({ Authorization: `Bearer ${session.access_token}` });
