import { createServer } from 'node:net';
import { Client } from 'pg';
import { ConfigError } from './app-config';

/**
 * Why the app could not start, as one French sentence that says what to change: main.ts prints it as is, without a
 * stack trace, and exits 1. Thrown by the start-up checks below and by the embedded PostgreSQL's.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** A port the start needs: the variable that moves it, and what it is for (after « Le port 3000 »). */
export interface PortUse {
  variable: 'PORT' | 'EMBEDDED_POSTGRES_PORT';
  /** '' for the app's own port, ' de PostgreSQL embarqué'… */
  label: string;
}

export const APP_PORT: PortUse = { variable: 'PORT', label: '' };
export const EMBEDDED_POSTGRES_PORT: PortUse = { variable: 'EMBEDDED_POSTGRES_PORT', label: ' de PostgreSQL embarqué' };

type ErrorWithCode = Error & { code?: string; syscall?: string; path?: string; errors?: Array<{ code?: string }> };

/** The error's fields, if it is one (an error of another realm too: no instanceof). */
function fieldsOf(error: unknown): Partial<ErrorWithCode> {
  return typeof error === 'object' && error !== null ? (error as ErrorWithCode) : {};
}

/** The code of a system error; for several addresses tried (localhost: ::1 then 127.0.0.1), the first one's. */
function codeOf(error: unknown): string | undefined {
  const e = fieldsOf(error);
  return e.code ?? e.errors?.find((inner) => inner.code)?.code;
}

/** The error's message (its first line), or the value itself. */
function messageOf(error: unknown): string {
  const message = fieldsOf(error).message;
  return (typeof message === 'string' ? message : String(error)).split('\n')[0];
}

/** The sentence for a port the app cannot listen on; undefined for an error that is not about the port. */
export function portMessage(
  code: string | undefined,
  port: number,
  host: string,
  use: PortUse,
  other = port < 65535 ? port + 1 : port - 1,
): string | undefined {
  switch (code) {
    case 'EADDRINUSE':
      return (
        `Le port ${port}${use.label} est déjà utilisé : arrêtez le programme qui l'occupe ou choisissez un autre port ` +
        `avec ${use.variable} (par exemple ${use.variable}=${other}).`
      );
    case 'EACCES':
      return `Le port ${port}${use.label} est réservé à l'administrateur de cette machine : choisissez un port entre 1024 et 65535 avec ${use.variable}.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return use.variable === 'PORT'
        ? `L'adresse ${host} n'appartient pas à cette machine : corrigez HOST (0.0.0.0 pour toutes ses interfaces, 127.0.0.1 pour elle seule).`
        : undefined;
    default:
      return undefined;
  }
}

/** The error of listening on `port` at `host` a moment, or undefined when it is free (then released at once). */
export function probePort(port: number, host: string): Promise<ErrorWithCode | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: ErrorWithCode) => resolve(error));
    server.listen(port, host, () => server.close(() => resolve(undefined)));
  });
}

/**
 * A port near `port` that nothing listens on at `host` right now (the following ones first, then the preceding ones,
 * 1024 at the lowest): what a « port taken » sentence proposes, so that following it works.
 */
export async function freePortNear(port: number, host: string): Promise<number> {
  for (let candidate = port + 1; candidate <= Math.min(65535, port + 100); candidate++) {
    if (!(await probePort(candidate, host))) return candidate;
  }
  for (let candidate = port - 1; candidate >= Math.max(1024, port - 100); candidate--) {
    if (!(await probePort(candidate, host))) return candidate;
  }
  return port < 65535 ? port + 1 : port - 1;
}

/** portMessage, proposing a port that is free when the port is taken. */
export async function portMessageNow(code: string | undefined, port: number, host: string, use: PortUse): Promise<string | undefined> {
  return portMessage(code, port, host, use, code === 'EADDRINUSE' ? await freePortNear(port, host) : undefined);
}

/**
 * Fails with the sentence of `use` when `port` cannot be listened on at `host`: checked before anything starts, so a
 * port taken stops the start at once, before the database (and Nest's own log line about it).
 */
export async function assertPortFree(port: number, host: string, use: PortUse): Promise<void> {
  if (port === 0) return;
  const error = await probePort(port, host);
  if (!error) return;
  const message = await portMessageNow(error.code, port, host, use);
  throw message ? new StartupError(message, { cause: error }) : error;
}

/** Where DATABASE_URL points, without its credentials: `host:port`. */
export function databaseAddress(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname || 'localhost'}:${port || '5432'}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** The sentence for a DATABASE_URL the app cannot use (credentials never shown). */
export function databaseMessage(error: unknown, url: string): string {
  const at = databaseAddress(url);
  const code = codeOf(error);
  const text = messageOf(error);
  let database = '';
  try {
    database = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  } catch {
    // shown without its name
  }
  switch (code) {
    case 'ECONNREFUSED':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ECONNRESET':
      return `PostgreSQL ne répond pas à l'adresse de DATABASE_URL (${at}) : démarrez-le, corrigez DATABASE_URL ou retirez-la pour utiliser la base embarquée.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `L'hôte de DATABASE_URL (${at}) est introuvable : corrigez DATABASE_URL ou retirez-la pour utiliser la base embarquée.`;
    case '28P01':
    case '28000':
      return `PostgreSQL (${at}) refuse l'utilisateur ou le mot de passe de DATABASE_URL : corrigez-les dans DATABASE_URL.`;
    case '3D000':
      return `La base « ${database} » n'existe pas sur le serveur de DATABASE_URL (${at}) : créez-la ou corrigez DATABASE_URL.`;
  }
  if (/timeout/i.test(text)) {
    return `PostgreSQL ne répond pas à l'adresse de DATABASE_URL (${at}) : démarrez-le, corrigez DATABASE_URL ou retirez-la pour utiliser la base embarquée.`;
  }
  return `PostgreSQL (${at}) refuse la connexion de DATABASE_URL (« ${text} ») : corrigez DATABASE_URL.`;
}

/** Connects once to DATABASE_URL (5 s at most) before anything else uses it, to say plainly why it cannot be used. */
export async function assertDatabaseReachable(url: string, timeoutMs = 5000): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A connection dropped after it failed emits 'error' too: it is the failure already reported.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new StartupError(databaseMessage(error, url), { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * What main.ts prints when the start fails: the sentence of an explained failure (a StartupError, the configuration's
 * list of problems, a port, a data folder it cannot write), or for anything else a French line followed by the error
 * (a bug, whose stack is worth reporting).
 */
export function startupMessage(error: unknown, config?: { port: number; host: string }): string {
  if (error instanceof StartupError || error instanceof ConfigError) return error.message;
  const e = fieldsOf(error);
  const code = codeOf(error);
  if (config && e.syscall === 'listen') {
    const message = portMessage(code, config.port, config.host, APP_PORT);
    if (message) return message;
  }
  if (e.path && (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')) {
    return `Le dossier ${e.path} n'est pas accessible en écriture : donnez-en les droits à cet utilisateur ou choisissez un autre DATA_DIR.`;
  }
  if (e.path && code === 'ENOSPC') {
    return `Le disque de ${e.path} est plein : libérez de la place ou choisissez un autre DATA_DIR.`;
  }
  const detail = typeof e.stack === 'string' ? e.stack : String(error);
  return `Le démarrage a échoué sur une erreur inattendue :\n${detail}`;
}
