import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { AppModule } from '../app.module';
import { API_PREFIX, createOpenApiDocument } from '../app.setup';
import { loadConfig } from '../config/app-config';

/** Sorts object keys recursively (arrays keep their order) so the file diffs cleanly. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Writes openapi.yaml from the app's metadata without a database and without listening (preview mode). */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://unused@127.0.0.1/unused' });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, config.databaseUrl!), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  app.setGlobalPrefix(API_PREFIX);
  const document = createOpenApiDocument(app);
  const target = resolve(__dirname, '../../../openapi.yaml');
  writeFileSync(target, stringify(sortKeys(document), { lineWidth: 0 }));
  console.log(`openapi.yaml écrit (${Object.keys(document.paths).length} chemins)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
