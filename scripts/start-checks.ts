// What the launcher (scripts/start.ts) checks and says before it starts anything: each failure one French sentence
// that says what to change, as the backend's own (backend/src/config/startup-errors.ts), which it cannot import (the
// backend is CommonJS, compiled; the launcher runs its TypeScript as is).
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * The pid of the embedded PostgreSQL running on DATA_DIR (its postmaster.pid in DATA_DIR/postgres), or undefined: no
 * pid file, no such process, or (where /proc tells) a process that is not PostgreSQL. The backend checks the same
 * (runningServer in backend/src/database/embedded-postgres.ts); the launcher checks it first, before the Stripe
 * sandbox, whose port a second instance would otherwise find taken.
 */
export function embeddedPostgresPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user (the postgres user when we are root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  try {
    if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return undefined;
  } catch {
    // No /proc (macOS): the pid is all there is to go on.
  }
  return pid;
}

/** The parent pid of `pid` from the process table (/proc/PID/stat), or undefined without one (macOS). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * Whether the embedded server `pid` lost the instance that started it (its parent no longer a node process: the
 * instance was killed without stopping it, kill -9 or out of memory), as the backend's isOrphaned
 * (backend/src/database/embedded-postgres.ts). Without a process table, never.
 */
export function isOrphaned(pid: number): boolean {
  const parent = parentOf(pid);
  if (parent === undefined || !Number.isInteger(parent)) return false;
  if (parent <= 1) return true;
  return !isNode(parent);
}

/**
 * Whether `pid` is a node process: its name in the process table (`node`, or `MainThread`, the name Node's main thread
 * takes) or the program it runs (`…/node`). False for a process that is gone.
 */
function isNode(pid: number): boolean {
  try {
    if (['node', 'MainThread'].includes(readFileSync(`/proc/${pid}/comm`, 'utf8').trim())) return true;
    const program = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return /(^|\/)node(\.exe)?$/.test(program);
  } catch {
    return false;
  }
}

/**
 * Stops cleanly (SIGINT: PostgreSQL's fast shutdown) an embedded server whose instance is gone, and waits for it to
 * exit (30 s at most): true once stopped, false if it would not stop.
 */
export async function stopOrphan(pid: number, timeoutMs = 30_000): Promise<boolean> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  process.kill(pid, 'SIGINT');
  for (const deadline = Date.now() + timeoutMs; alive();) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
  return true;
}

export function dataDirInUseMessage(dataDir: string, pid: number): string {
  return (
    `Une autre instance utilise déjà le dossier de données ${dataDir} (son PostgreSQL embarqué, pid ${pid}, tourne encore) : ` +
    `arrêtez-la ou choisissez un autre DATA_DIR (plusieurs instances partagent une base avec DATABASE_URL).`
  );
}

/** Whether nothing listens on `port` at `host` right now (checked by listening on it a moment). */
function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * A port near `port` that is free at `host` right now (the following ones first, then the preceding ones, 1024 at
 * the lowest), as the backend's freePortNear: what a « port taken » sentence proposes, so that following it works.
 */
export async function freePortNear(port: number, host = '127.0.0.1'): Promise<number> {
  for (let candidate = port + 1; candidate <= Math.min(65535, port + 100); candidate++) if (await isFree(candidate, host)) return candidate;
  for (let candidate = port - 1; candidate >= Math.max(1024, port - 100); candidate--) if (await isFree(candidate, host)) return candidate;
  return port < 65535 ? port + 1 : port - 1;
}

/** Why the Stripe sandbox did not start, in one sentence (`free`: a free port to propose when its port is taken). */
export function sandboxMessage(error: unknown, port: number, dataFile: string, free = port < 65535 ? port + 1 : port - 1): string {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: string; message?: string };
  const cause = (message ?? String(error)).split('\n')[0];
  switch (code) {
    case 'EADDRINUSE':
      return (
        `Le port ${port} du bac à sable Stripe est déjà utilisé : arrêtez le programme qui l'occupe ou choisissez un autre ` +
        `port avec STRIPE_SANDBOX_PORT (par exemple STRIPE_SANDBOX_PORT=${free}).`
      );
    case 'EACCES':
      if (!(error as { path?: string }).path)
        return `Le port ${port} du bac à sable Stripe est réservé à l'administrateur de cette machine : choisissez un port entre 1024 et 65535 avec STRIPE_SANDBOX_PORT.`;
  }
  if (error instanceof SyntaxError || (error as { name?: string })?.name === 'SyntaxError') {
    return `Le fichier ${dataFile} du bac à sable Stripe est illisible (« ${cause} ») : supprimez-le (il repart vide) ou choisissez un autre DATA_DIR.`;
  }
  return `Le bac à sable Stripe ne démarre pas sur le port ${port} (« ${cause} ») : choisissez un autre STRIPE_SANDBOX_PORT ou DATA_DIR, ou donnez STRIPE_SECRET_KEY pour le vrai Stripe.`;
}
