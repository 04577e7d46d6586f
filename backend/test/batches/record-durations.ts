// `npm run test:durations -w backend`: runs every e2e spec file on its own (Jest project `e2e`) and records how long
// each took in durations.json, which balances the batches of `npm test` (batches.ts). Only the balance depends on
// it: a stale or missing figure never skips a test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

// Run by npm from backend/.
const BACKEND = process.cwd();

const output = join(mkdtempSync(join(tmpdir(), 'vitrine-durations-')), 'results.json');
const run = spawnSync('npx', ['jest', '--selectProjects', 'e2e', '--maxWorkers=2', '--json', `--outputFile=${output}`], {
  cwd: BACKEND,
  env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules' },
  stdio: 'inherit',
});
if (run.status !== 0) {
  console.error('Des tests ont échoué : durées non enregistrées.');
  process.exit(1);
}
const results = JSON.parse(readFileSync(output, 'utf8')) as { testResults: { name: string; startTime: number; endTime: number }[] };
const durations = Object.fromEntries(
  results.testResults
    .map((r) => [basename(r.name), Math.round((r.endTime - r.startTime) / 100) / 10] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(join(BACKEND, 'test', 'batches', 'durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} fichiers mesurés : test/batches/durations.json`);
