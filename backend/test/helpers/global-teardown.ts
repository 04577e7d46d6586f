import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EmbeddedDatabase } from '../../src/database/embedded-postgres';

const ROOT = resolve(__dirname, '..', '..', '..');

/**
 * The conformance check of what the run's Stripe sandboxes answered and sent (stripe-sandbox/conformance/check.ts): every
 * object against the stripe SDK's types for the pinned API version. Its report is printed; a divergence fails the run.
 */
function checkStripeConformance(dir: string): void {
  try {
    if (!readdirSync(dir).some((f) => f.endsWith('.jsonl'))) return; // no test file of this run used the sandbox
    const node = join(ROOT, 'node_modules', '.bin', 'node'); // the project's Node (runs the checker's TypeScript)
    const check = spawnSync(
      existsSync(node) ? node : process.execPath,
      [join(ROOT, 'stripe-sandbox', 'conformance', 'check.ts'), dir, '--label', 'tests du backend'],
      { encoding: 'utf8' },
    );
    process.stdout.write(`\n${check.stdout}${check.stderr}`);
    if (check.status !== 0) throw new Error('Le sandbox Stripe a divergé des types du SDK stripe (rapport ci-dessus).');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function globalTeardown(): Promise<void> {
  const capture = (globalThis as Record<string, unknown>).__STRIPE_CAPTURE__ as string | undefined;
  const started = (globalThis as Record<string, unknown>).__EMBEDDED_PG__ as { dir: string; embedded: EmbeddedDatabase } | undefined;
  if (started) {
    await started.embedded.stop();
    rmSync(started.dir, { recursive: true, force: true });
  }
  if (capture) checkStripeConformance(capture);
}
