import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { partition } from './partition';

/*
 * `npm test` runs the e2e spec files (test/*.e2e-spec.ts) in a few batches, one Jest test file each
 * (test/batches/NN.batch.ts), instead of one by one: every Jest test file loads the app's modules again in a registry
 * of its own (Nest, TypeORM, the SDKs: about 1.7 s of a file that only starts the app), which the 68 files paid 68
 * times. Each spec file keeps its own app, database and servers (createTestApp) and runs whole inside a `describe`
 * named after it, so its hooks stay its own; a developer still runs one alone (`--selectProjects e2e`). The batches
 * are balanced on the files' measured durations (durations.json, refreshed by `npm run test:durations -w backend`;
 * a file not measured yet counts as the median).
 */
const TEST_DIR = join(__dirname, '..');

/** The batch files present (01.batch.ts…): their number is the number of batches. */
export function batchCount(): number {
  return readdirSync(__dirname).filter((f) => /^\d+\.batch\.ts$/.test(f)).length;
}

/** Every e2e spec file, with its measured duration. */
export function specFiles(): { name: string; seconds: number }[] {
  const measured = JSON.parse(readFileSync(join(__dirname, 'durations.json'), 'utf8')) as Record<string, number>;
  const known = Object.values(measured).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 5;
  return readdirSync(TEST_DIR)
    .filter((f) => f.endsWith('.e2e-spec.ts'))
    .map((name) => ({ name, seconds: measured[name] ?? median }));
}

/** The spec files of batch `n` (1-based). */
export function filesOfBatch(n: number): string[] {
  return partition(specFiles(), batchCount())[n - 1] ?? [];
}

/** Registers the spec files of batch `n`, each inside a describe of its name. */
export function runBatch(n: number): void {
  for (const file of filesOfBatch(n)) {
    describe(file, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the file's tests register as it loads
      require(join(TEST_DIR, file));
    });
  }
}
