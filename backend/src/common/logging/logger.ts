import { AsyncLocalStorage } from 'node:async_hooks';
import { type DestinationStream, type Logger, pino, stdSerializers } from 'pino';
import PinoPretty from 'pino-pretty';
import type { LogConfig } from '../../config/app-config';

/**
 * The app's logs: one pino logger per process (created by main.ts), written as one JSON object a line in production
 * (`LOG_FORMAT=json`) or as readable lines elsewhere (`pretty`). Every line says its time, level and message (`msg`);
 * request lines (http-logger.ts) and the lines written while a request is handled carry its `requestId`.
 *
 * What never reaches a line: request and response headers and bodies are never logged (request lines list chosen
 * fields only), and as a second guard any field below is replaced by `[masqué]` wherever code logs an object.
 */
export const REDACTED = '[masqué]';
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'access_token',
  'refresh_token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'set-cookie',
  'secret',
  'secretLink',
  'secret_link',
  'stripe-signature',
  'card',
  'cardNumber',
  'cvc',
  'resetUrl',
  'firstLoginUrl',
  'buffer',
];
/** Each key at the top of a logged object or one level down (`{ user: { password } }`). */
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => {
  const plain = /^\w+$/.test(key);
  return [plain ? key : `["${key}"]`, plain ? `*.${key}` : `*["${key}"]`];
});

/**
 * What the app keeps about the request being handled, in one AsyncLocalStorage entered once per request (by the
 * request logger, http-logger.ts; read by the rate-limit headers, common/rate-limit/rate-limit-headers.ts): each `run` makes a new async context frame, and the request line's
 * id and the rate-limit headers' answer each had their own.
 */
export interface RequestContext {
  /** The request's id and the root logger (logging/logger.ts's requestLogger): set by the request logger. */
  requestId?: string;
  root?: Logger;
  logger?: Logger;
  /** The answer whose RateLimit-* headers `sayRateLimit` sets, and the fewest requests left said so far. */
  answer?: { headersSent: boolean; setHeader(name: string, value: string): unknown };
  rateLimitRemaining: number;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/**
 * The request being handled, for the Nest adapter (its lines carry the request id): its id, and its child logger once
 * a line of the app needs it (requestLogger). The one request context (requestContext).
 */
export const requestLoggers = requestContext;

/** The logger of the request being handled (made on first use), or none outside a request. */
export function requestLogger(): Logger | undefined {
  const context = requestContext.getStore();
  if (!context?.root) return undefined;
  context.logger ??= context.root.child({ requestId: context.requestId });
  return context.logger;
}

/** The sibling of each root logger that writes request lines (requestLineLogger). */
const requestLineLoggers = new WeakMap<Logger, Logger>();

/**
 * The logger of request lines (http-logger.ts): the root's level, format and destination, without the redaction pass.
 * A request line lists fields chosen one by one (never a header, a body or a query string), so the pass has nothing
 * to mask there, and it is what a line cost most: 28 µs with the 46 paths below against 3 µs without, per line
 * (measured with pino 10), about ten points of the lightest routes' share of the raw baseline (bench:api).
 * A logger not made by createLogger is its own.
 */
export function requestLineLogger(root: Logger): Logger {
  return requestLineLoggers.get(root) ?? root;
}

/** Bytes of JSON lines kept before they are written (about 15 request lines), and the longest a line waits. */
export const LOG_BATCH_BYTES = 4096;
export const LOG_BATCH_MS = 1000;

/**
 * Standard output for JSON lines, written in batches: once LOG_BATCH_BYTES are waiting, every LOG_BATCH_MS, and at
 * the process's exit (process.exit after a signal or a failed start, an uncaught error), synchronously each time.
 * One write per line was one system call per request: about ten points of the lightest route's share of the raw
 * baseline (`bench:api`, `GET /api/auth/me`, 7 alternating rounds: 110 % (105–116) of the same build writing each
 * line at once). What a batch can lose is its last second of lines when the process is killed outright (kill -9, the
 * kernel's out-of-memory killer).
 */
function batchedStdout(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: true, minLength: LOG_BATCH_BYTES });
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output closed (its reader gone): nothing left to write to.
    }
  };
  setInterval(flush, LOG_BATCH_MS).unref();
  process.once('exit', flush);
  return stream;
}

/**
 * The root logger. `destination`: where lines go (stdout by default: JSON lines in batches, batchedStdout; readable
 * lines at once); the tests pass a stream of their own.
 */
export function createLogger(config: LogConfig, destination?: DestinationStream): Logger {
  const options = {
    level: config.level,
    // An ISO time and the level's name, what log tools index without a mapping.
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const stream =
    config.format === 'json'
      ? (destination ?? batchedStdout())
      : PinoPretty({
          destination: destination ?? 1,
          sync: true,
          colorize: !destination && process.stdout.isTTY === true,
          translateTime: 'SYS:HH:MM:ss.l',
          // The request line's fields are in its message already.
          ignore: 'pid,hostname,context,requestId,method,route,path,status,durationMs,userId,aborted',
          messageFormat: '{if context}[{context}] {end}{msg}{if requestId} ({requestId}){end}',
          singleLine: false,
        });
  const root = pino({ ...options, redact: { paths: REDACTED_PATHS, censor: REDACTED }, serializers: { err: stdSerializers.err } }, stream);
  requestLineLoggers.set(root, pino(options, stream));
  return root;
}
