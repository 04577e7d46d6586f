// The one way to start the product (`npm start`, `npm run dev`, the browser journeys, the bench): the backend, and
// beside it the Stripe sandbox when STRIPE_SECRET_KEY is unset. The backend only reads its configuration: it gets the
// sandbox's key and address in its environment (STRIPE_SECRET_KEY, STRIPE_API_URL). SIGINT and SIGTERM go to the
// backend, which drains its requests in flight (sandbox still up for them); when it exits, the sandbox stops and the
// launcher exits with the backend's code. What stops the start (another instance on DATA_DIR, the sandbox's port taken;
// the backend's own: backend/src/config/startup-errors.ts) is one French sentence on stderr, and exit code 1.
//
//   node scripts/start.ts              node --no-allocation-site-pretenuring --max-semi-space-size=16 --heap-growing-percent=100
//                                      backend/dist/main.js
//                                      (built by `npm run build`), with MALLOC_ARENA_MAX=2 unless the environment sets it
//   node scripts/start.ts CMD ARGS…    another command, e.g. the backend in watch mode
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { dataDirInUseMessage, embeddedPostgresPid, freePortNear, isOrphaned, sandboxMessage, stopOrphan } from './start-checks.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const main = join(root, 'backend', 'dist', 'main.js');
// The server's V8 settings, on node's command line (never changed at run time; why: V8_FLAGS in backend/src/main.ts,
// which the Dockerfile's CMD repeats).
const V8_FLAGS = ['--no-allocation-site-pretenuring', '--max-semi-space-size=16', '--heap-growing-percent=100'];
const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : [process.execPath, ...V8_FLAGS, main];
const env = { ...process.env };
// glibc's malloc arenas: two, not one per thread that allocates (its freed pages stay resident in each); read by the
// C library at the process's start, so given in its environment (why: V8_FLAGS in backend/src/main.ts).
env.MALLOC_ARENA_MAX ??= '2';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** An integer port from the environment, or the fallback when unset; undefined when malformed. */
function port(key: string, fallback: number): number | undefined {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= 65535 ? value : undefined;
}

if (process.argv.length <= 2 && !existsSync(main)) fail(`${main} introuvable : lancez d'abord npm run build (npm start le fait).`);

// DATA_DIR is read against the working directory (the root for npm start and npm run dev); the backend gets it
// absolute, so that `npm run dev`, which runs it from backend/, uses the same folder.
const dataDir = resolve(env.DATA_DIR || '.data');
env.DATA_DIR = dataDir;

// A second instance on the same DATA_DIR: said first, before the sandbox finds its port taken by the first one's.
// The server of an instance killed without stopping it (kill -9, out of memory: its parent gone) is stopped cleanly
// instead, so that a supervisor re-running npm start does not loop on this refusal.
const runningPostgres = env.DATABASE_URL ? undefined : embeddedPostgresPid(dataDir);
if (runningPostgres !== undefined) {
  if (!isOrphaned(runningPostgres)) fail(dataDirInUseMessage(dataDir, runningPostgres));
  console.log(`PostgreSQL embarqué (pid ${runningPostgres}) tournait encore sans son instance, arrêtée brutalement : arrêt propre…`);
  if (!(await stopOrphan(runningPostgres)))
    fail(
      `PostgreSQL embarqué (pid ${runningPostgres}), resté seul dans ${dataDir} après l'arrêt brutal d'une instance, ne s'arrête pas : ` +
        `arrêtez-le (kill ${runningPostgres}) puis relancez.`,
    );
}

let sandbox: StripeSandbox | undefined;
if (!env.STRIPE_SECRET_KEY) {
  // A development and test component, loaded only here: with real keys it is never imported.
  const { SANDBOX_SECRET_KEY, resolveDelivery, startStripeSandbox } = await import('@vitrine/stripe-sandbox');
  const sandboxPort = port('STRIPE_SANDBOX_PORT', 12111);
  if (sandboxPort === undefined)
    fail(`Configuration invalide :\n  - STRIPE_SANDBOX_PORT doit être un entier entre 0 et 65535 (reçu « ${env.STRIPE_SANDBOX_PORT} »)`);
  // The backend checks PORT itself; webhooks go to the port it will listen on (none when it picks one at random).
  const appPort = port('PORT', 3000);
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || 'whsec_sandbox';
  // Webhooks as Stripe sends them (late, in any order, some twice, some after a failed attempt), from a seed the
  // sandbox's first line prints (STRIPE_SANDBOX_WEBHOOK_SEED replays it; STRIPE_SANDBOX_WEBHOOK_DELIVERY=ordered for
  // in order and at once, STRIPE_SANDBOX_WEBHOOK_MAX_DELAY_MS for the longest delay).
  let webhookDelivery: ReturnType<typeof resolveDelivery>;
  try {
    webhookDelivery = resolveDelivery({}, env, () => undefined);
  } catch (error) {
    fail(`Configuration invalide :\n  - ${(error as Error).message}`);
  }
  const dataFile = join(dataDir, 'stripe-sandbox.json');
  try {
    sandbox = await startStripeSandbox({
      port: sandboxPort,
      webhookSecret,
      webhookUrl: appPort ? `http://127.0.0.1:${appPort}/api/billing/webhook` : undefined,
      dataFile,
      webhookDelivery,
      log: (line) => console.log(`[StripeSandbox] ${line}`),
      logRequests: false,
    });
  } catch (error) {
    const taken = (error as { code?: string } | undefined)?.code === 'EADDRINUSE';
    fail(sandboxMessage(error, sandboxPort, dataFile, taken ? await freePortNear(sandboxPort) : undefined));
  }
  Object.assign(env, { STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY, STRIPE_API_URL: sandbox.url, STRIPE_WEBHOOK_SECRET: webhookSecret });
  console.log(`Stripe : bac à sable sur ${sandbox.url} (STRIPE_SECRET_KEY pour le vrai Stripe)`);
}

// The built backend gets a process group of its own: Ctrl-C in a terminal signals the whole foreground group, and
// the embedded PostgreSQL (the backend's child) would stop at once under the requests in flight. Only the launcher
// gets it and forwards it to the backend, which drains, then stops PostgreSQL. (A custom command, e.g. watch mode,
// stays in the terminal's group, which stops its children.)
const ownGroup = process.argv.length <= 2;
const backend = spawn(command, args, { env, stdio: 'inherit', detached: ownGroup });
const forward = (signal: NodeJS.Signals): void => {
  if (backend.exitCode === null && backend.signalCode === null) backend.kill(signal);
};
process.on('SIGINT', forward);
process.on('SIGTERM', forward);

// Never leave the backend behind when the launcher itself ends abnormally.
process.on('exit', () => {
  if (ownGroup && backend.pid && backend.exitCode === null && backend.signalCode === null) backend.kill('SIGTERM');
});

const finish = async (code: number): Promise<never> => {
  await sandbox?.close();
  process.exit(code);
};
backend.once('error', (error) => {
  console.error(`Impossible de lancer ${command} : ${error.message}`);
  void finish(1);
});
backend.once('exit', (code, signal) => {
  void finish(code ?? (signal ? 128 + constants.signals[signal] : 1));
});
