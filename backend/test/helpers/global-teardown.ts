import type { EmbeddedDatabase } from '../../src/database/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as Record<string, unknown>).__EMBEDDED_PG__ as EmbeddedDatabase | undefined;
  await embedded?.stop();
}
