import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { recordRequest } from '../metrics/http-metrics';
import { requestContext, type RequestContext, requestLineLogger } from './logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const HEALTH_ROUTES = new Set(['/api/health', '/api/health/live', '/api/health/ready']);
/** A request id we take as sent: what a proxy or a client would generate (a UUID, a trace id…), nothing to escape. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's X-Request-Id when it is sane, else a new UUID. */
export function requestIdOf(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Where the request logger keeps a request's id and start until its line is written. */
const LINE = Symbol('requestLine');
type LoggedResponse = ServerResponse & { [LINE]?: { requestId?: string; started: number } };

type LoggedRequest = IncomingMessage & Partial<Pick<Request, 'route' | 'baseUrl' | 'originalUrl'>> & { user?: { user?: { id?: string } } };

/**
 * The route's pattern (`/api/sites/:id`), never the raw URL: ids stay out of the line, and so do query strings,
 * where one-time links carry their token (`/reset-password?token=…`). A request no route took (the frontend's pages
 * and files, a 404) says its path, without the query string.
 */
type Where = { route: string } | { path: string };
function routeOf(req: LoggedRequest): Where {
  const pattern = req.route?.path;
  if (typeof pattern === 'string') return { route: `${req.baseUrl ?? ''}${pattern}` };
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  return { path: path.length > 200 ? `${path.slice(0, 200)}…` : path };
}

/** The fields of a request line, chosen one by one: nothing of the headers, the body or the query string. */
function requestLine(req: LoggedRequest, res: ServerResponse, where: Where, durationMs: number): Record<string, unknown> {
  const line: Record<string, unknown> = { method: req.method, ...where, status: res.statusCode, durationMs };
  const userId = req.user?.user?.id;
  if (userId) line.userId = userId;
  // The client went away before the answer was sent (its status is what would have been sent).
  if (!res.writableFinished) line.aborted = true;
  return line;
}

function message(req: LoggedRequest, res: ServerResponse, where: Where, durationMs: number): string {
  return `${req.method} ${'route' in where ? where.route : where.path} ${res.statusCode} ${durationMs} ms`;
}

/** A 503 is a dependency down or the instance draining (said once elsewhere); other 5xx are errors; a health check that says all is well (a load balancer's, every few seconds) is debug. */
function levelOf(res: ServerResponse, where: Where): 'debug' | 'info' | 'warn' | 'error' {
  if (res.statusCode === 503) return 'warn';
  if (res.statusCode >= 500) return 'error';
  return res.statusCode === 200 && 'route' in where && HEALTH_ROUTES.has(where.route) ? 'debug' : 'info';
}

/**
 * One line per request once its answer is sent (or the client went away): request id, method, route pattern,
 * status, duration in ms, the signed-in user's id. The request id is the caller's `X-Request-Id` when sane (at most
 * 128 characters of [A-Za-z0-9._-]), else a new UUID, and goes back in the answer's `X-Request-Id`. While the request
 * is handled, what the app logs through Nest's Logger carries the same `requestId` (requestLoggers, the request's
 * context: requestContext in logger.ts).
 * Installed first (main.ts), so answers given by the middlewares themselves (415, 413, the frontend's files) have
 * their line and their id too.
 *
 * Written here rather than with pino-http: its per-request work (a child logger, wrapped serializers, its own
 * bookkeeping) cost more than half of the throughput of the lightest routes (GET /api/auth/me fell from 75 % to 33 %
 * of the raw baseline, bench:api), even with logging silenced. Here a request costs an id, one listener and, when
 * its level is written, one log call (without pino's redaction pass: requestLineLogger); the child logger for the
 * app's own lines is made only if one is written.
 */
export function httpLogger(root: Logger): RequestHandler {
  const lines = requestLineLogger(root);
  // One listener for every request, no closure made per request: what it needs is kept on the answer (LINE). An
  // answer's 'close' comes after its 'finish', or alone when the client went away first.
  function done(this: LoggedResponse): void {
    const line = this[LINE];
    if (!line) return;
    this[LINE] = undefined;
    const req = this.req as LoggedRequest;
    const elapsed = performance.now() - line.started;
    recordRequest(req, this.statusCode, elapsed);
    // The route (or path) found once for the level, the fields and the message.
    const where = routeOf(req);
    const level = levelOf(this, where);
    if (!lines.isLevelEnabled(level)) return;
    const durationMs = Math.round(elapsed);
    lines[level]({ requestId: line.requestId, ...requestLine(req, this, where, durationMs) }, message(req, this, where, durationMs));
  }
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req.headers['x-request-id']);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const context: RequestContext & { started: number } = {
      requestId,
      root,
      rateLimitRemaining: Number.POSITIVE_INFINITY,
      started: performance.now(),
    };
    (res as LoggedResponse)[LINE] = context;
    res.on('close', done);
    requestContext.run(context, next);
  };
}
