import { rmSync } from 'node:fs';
import type { EmbeddedDatabase } from '../../src/database/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as Record<string, unknown>).__EMBEDDED_PG__ as { dir: string; embedded: EmbeddedDatabase } | undefined;
  if (!started) return;
  await started.embedded.stop();
  rmSync(started.dir, { recursive: true, force: true });
}
