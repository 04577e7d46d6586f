// Browser tier: starts the built product as `npm start` does (see app.ts), then runs the journeys in Debian's
// Chromium with Node's test runner. The journeys run on E2E_WORKERS copies of the product side by side (3 by default;
// measured on 2 cores: three copies ran 860 s of journeys in a 289 s tier, each journey slower for sharing the CPU,
// where two had run a smaller suite, 597 s of journeys, in 290 s: docs/performance-tests.md),
// each with its own database, Stripe sandbox and captured mail: every journey file is self-contained, and one that
// changes what every page shows (the agency's settings) never runs beside another on the same product. Each copy takes
// the next journey file from one queue, the longest first by the durations measured in a CI run (e2e/durations.json;
// `E2E_RECORD_DURATIONS=1 npm run test:e2e` writes them again), so none waits long for the others at the end: ordered
// by their files' lengths instead, the last copy ended 19 s after the first in a simulation of a CI run's durations,
// 1 s by their durations.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuiltApp, CHROMIUM_PATH, PICTURES, root, startBuiltApp } from './app.ts';

const only = process.argv.slice(2);

// Without Chromium the browser tier fails (so `npm test` never passes without having run it), unless the developer
// says to skip it with SKIP_BROWSER=1, and then it says so.
if (!existsSync(CHROMIUM_PATH)) {
  const message = `Chromium introuvable (${CHROMIUM_PATH}) : les parcours navigateur ne peuvent pas tourner. Installez-le : sudo apt-get install -y chromium-headless-shell (ou chromium, ou CHROMIUM_PATH=...).`;
  if (process.env.SKIP_BROWSER === '1' && process.env.CI !== 'true') {
    console.warn(`ATTENTION : ${message} SKIP_BROWSER=1 : parcours navigateur NON exécutés.`);
    process.exit(0);
  }
  console.error(`ÉCHEC : ${message} (SKIP_BROWSER=1 les saute hors CI.)`);
  process.exit(1);
}

const artifacts = join(root, 'e2e', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const journeys = join(root, 'e2e', 'journeys');
const durationsFile = join(root, 'e2e', 'durations.json');
/** Each journey file's duration in a CI run (seconds). */
const durations: Record<string, number> = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
/** For a journey not measured yet: the measured ones' seconds per character of their files. */
let secondsPerCharacter: number | undefined;
const files = readdirSync(journeys)
  .filter((f) => f.endsWith('.test.ts'))
  // `node e2e/run.ts order checkout`: only the journeys whose file names contain one of these words.
  .filter((f) => only.length === 0 || only.some((word) => f.includes(word)));
const queue = files
  .map((f) => ({ file: join('e2e', 'journeys', f), seconds: expectedSeconds(f) }))
  .sort((a, b) => b.seconds - a.seconds)
  .map((j) => j.file);
/**
 * A journey file's expected duration: measured (durations.json), or for a file not measured yet, its length with the
 * journey modules it imports, at the measured files' seconds per character.
 */
function expectedSeconds(file: string): number {
  if (durations[file] !== undefined) return durations[file];
  secondsPerCharacter ??= perCharacter();
  return journeyLength(file) * secondsPerCharacter;
}
function perCharacter(): number {
  const measured = Object.keys(durations).filter((f) => existsSync(join(journeys, f)));
  const characters = measured.reduce((sum, f) => sum + journeyLength(f), 0);
  return characters ? measured.reduce((sum, f) => sum + durations[f], 0) / characters : 1;
}
/** A journey file's length, with the journey modules (e2e/journeys/*.ts, not tests) it imports ('./accessibility.ts'). */
function journeyLength(file: string): number {
  const source = readFileSync(join(journeys, file), 'utf8');
  const modules = [...source.matchAll(/from '\.\/([\w-]+\.ts)'/g)].map((m) => m[1]);
  return modules.reduce((length, module) => length + readFileSync(join(journeys, module)).length, source.length);
}
const workers = Math.max(1, Math.min(Number(process.env.E2E_WORKERS) || 3, queue.length));

// Each copy's sandbox sends its webhooks as Stripe does: late, in any order, some twice, some after a failed attempt
// (stripe-sandbox/src/webhooks.ts). Up to 300 ms late here, twice the backend tier's: on a loaded 2-core machine the
// browser is usually back from the hosted page before them, as with Stripe, and the return pages wait for them (they
// ask again after 1 s, 2.5 s, 4.75 s…); each journey waits for states, up to 20 s. One seed for the run, printed, so
// that a failure is replayed with the same choices (STRIPE_SANDBOX_WEBHOOK_SEED=…).
process.env.STRIPE_SANDBOX_WEBHOOK_SEED ||= String(randomInt(1, 2 ** 31 - 1));
process.env.STRIPE_SANDBOX_WEBHOOK_MAX_DELAY_MS ||= '300';
console.log(
  `Webhooks du bac à sable Stripe comme Stripe les envoie (jusqu'à ${process.env.STRIPE_SANDBOX_WEBHOOK_MAX_DELAY_MS} ms de retard), graine ${process.env.STRIPE_SANDBOX_WEBHOOK_SEED} : STRIPE_SANDBOX_WEBHOOK_SEED=${process.env.STRIPE_SANDBOX_WEBHOOK_SEED} la rejoue.`,
);

/** How long one journey file may run. */
const JOURNEY_LIMIT_MS = 10 * 60_000;

/** Runs one journey file against one copy of the product; its output is printed whole once it ends. */
function runJourney(file: string, app: BuiltApp, logFile: string): Promise<number> {
  const started = Date.now();
  const runner = spawn(process.execPath, ['--test', '--test-reporter=spec', file], {
    cwd: root,
    env: { ...process.env, BASE_URL: app.baseUrl, CHROMIUM_PATH, ARTIFACTS_DIR: artifacts, APP_LOG_FILE: logFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  runner.stdout.on('data', (d: Buffer) => (output += d));
  runner.stderr.on('data', (d: Buffer) => (output += d));
  // A journey that never ends (a copy of the product gone, a hook waiting on nothing) is stopped, not left to hold CI
  // until its own limit: the longest file takes under 2 minutes here.
  const limit = setTimeout(() => {
    output += `\nParcours arrêté : toujours en cours après ${JOURNEY_LIMIT_MS / 60_000} min.\n`;
    runner.kill('SIGKILL');
  }, JOURNEY_LIMIT_MS);
  return new Promise<number>((resolve) =>
    runner.once('close', (c) => {
      clearTimeout(limit);
      measuredSeconds[file.replace(/^e2e\/journeys\//, '')] = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n--- ${file} ---\n${output}`);
      resolve(c ?? 1);
    }),
  );
}

/** Each journey file's duration in this run (seconds). */
const measuredSeconds: Record<string, number> = {};

const apps: BuiltApp[] = [];
const failed: string[] = [];
let code = 1;
try {
  const logFiles = Array.from({ length: workers }, (_, i) => join(artifacts, workers === 1 ? 'app.log' : `app-${i + 1}.log`));
  for (const logFile of logFiles) writeFileSync(logFile, '');
  const started = await Promise.allSettled(logFiles.map((logFile, i) => startBuiltApp(`e2e-${i + 1}`, undefined, { logFile })));
  for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
  const refused = started.find((s) => s.status === 'rejected');
  if (refused) throw refused.reason;
  await Promise.all(
    apps.map(async (app, i) => {
      for (let file = queue.shift(); file; file = queue.shift()) if ((await runJourney(file, app, logFiles[i])) !== 0) failed.push(file);
    }),
  );
  code = failed.length ? 1 : 0;
  if (failed.length) console.error(`\nParcours en échec :\n${failed.join('\n')}`);
  else if (process.env.E2E_RECORD_DURATIONS === '1' && only.length === 0) {
    const sorted = Object.fromEntries(Object.entries(measuredSeconds).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
    console.log(`Durées des parcours enregistrées : ${durationsFile}`);
  }
} catch (error) {
  console.error(`Parcours navigateur impossibles : ${(error as Error).message}`);
} finally {
  const exits = await Promise.all(apps.map((app) => app.stop()));
  exits.forEach((exit, i) => {
    if (exit !== 0) {
      console.error(`L'application ne s'est pas arrêtée proprement (code ${exit}).\n--- journal ---\n${apps[i].log().slice(-4000)}`);
      code = code || 1;
    }
  });
}
console.log(
  PICTURES
    ? `Captures d'écran : ${artifacts}`
    : `Captures d'écran des échecs seulement (CI=true ; E2E_PICTURES=1 prend aussi celles des pages) : ${artifacts}`,
);
process.exit(code);
