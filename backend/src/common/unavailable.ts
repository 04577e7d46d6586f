/**
 * Failures of what the app depends on (PostgreSQL, Stripe), recognised by their shape so that common/ imports no
 * driver or SDK. They answer 503 with a French message and Retry-After instead of a 500: the request can be retried.
 */

export const DATABASE_UNAVAILABLE = 'Service momentanément indisponible, réessayez dans quelques instants.';
export const PAYMENT_UNAVAILABLE = 'Le service de paiement ne répond pas pour le moment. Réessayez dans quelques instants.';
export const PAYMENT_ERROR = 'Le service de paiement a renvoyé une erreur. Réessayez plus tard ou contactez-nous.';
/** Seconds a client should wait before retrying after a 503 */
export const RETRY_AFTER_SECONDS = 5;

/** Socket-level codes: the server is down, restarting, or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01 admin_shutdown (restart),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up), 53300 too_many_connections.
 */
const SQLSTATES = /^(08\d{3}|57P0[123]|53300)$/;
/** node-postgres' and pg-pool's own messages when the connection is lost or cannot be had. */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is not open|the database system is (shutting down|starting up)/i;

type Shape = { code?: unknown; message?: unknown; driverError?: unknown; errors?: unknown; type?: unknown; statusCode?: unknown };

/** True for an error that means PostgreSQL cannot be reached right now (TypeORM's QueryFailedError included). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as Shape;
  if (typeof e.type === 'string' && e.type.startsWith('Stripe')) return false;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATES.test(e.code))) return true;
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  if (e.driverError && isDatabaseUnavailable(e.driverError, depth + 1)) return true;
  // AggregateError of a connection tried on several addresses (::1 and 127.0.0.1)
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * A Stripe SDK error: 'unavailable' when Stripe could not be reached, timed out, answered 5xx or throttled us
 * (retrying later may work), 'error' for any other refusal. Undefined when it is not a Stripe error.
 */
export function stripeFailure(error: unknown): 'unavailable' | 'error' | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { type, statusCode } = error as Shape;
  if (typeof type !== 'string' || !type.startsWith('Stripe')) return undefined;
  if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') return 'unavailable';
  if (typeof statusCode === 'number' && (statusCode >= 500 || statusCode === 429)) return 'unavailable';
  return 'error';
}
