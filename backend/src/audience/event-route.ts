import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { toErrorBody } from '../common/http-exception.filter';
import { recordRequest } from '../common/metrics/http-metrics';
import { AudienceIngest } from './audience-ingest.service';
import { MAX_BODY_BYTES, parseEvent } from './ingest';

/** The beacon's path, as the script sends it (the controller's AUDIENCE_EVENT_PATH under the API prefix). */
export const AUDIENCE_EVENT_URL = '/api/a/e';
/** The metrics' route of the beacon, answered here (no Express route to name it). */
const METRICS_REQUEST = { method: 'POST', route: { path: AUDIENCE_EVENT_URL } };
const TOO_LARGE = Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' });
/** Express's 'trust proxy' function: whether the address at `hop` (0: the socket's) is a proxy of ours. */
type TrustProxy = (address: string, hop: number) => boolean;

/**
 * `POST /api/a/e` answered in the HTTP server's own request listener, before Express (and so before every layer the
 * app mounts: the request logger, helmet, CORS, compression, cookies, Nest's router, guard, pipes, interceptors), as
 * the raw baseline of bench/audience.ts does: the hottest public route, a 202 without a body, where Express's turn
 * alone cost more than the event (docs/decisions/0024-audience-beacon-before-the-framework.md). Installed by
 * configureApp (app.setup.ts) on the app's server, for main.ts and the tests alike.
 *
 * The same steps and answers as AudienceIngestController.event, which stays the contract's description of the route
 * and answers what this listener leaves to the framework: a request with an Authorization header (never a beacon's:
 * the access guard refuses API keys there), a body in another charset than UTF-8 or compressed, another spelling of
 * the path. Here: the body read (2 KB at most, 413 beyond), the privacy signals and robots (202, nothing stored), the
 * event checked (400 with the French message of each field), its site and origin (404, 403), the limits (429 with
 * Retry-After), then 202 with the CORS header for the site's origin only; the client's address as Express reads it
 * (`trust proxy`). Every answer is counted in the request metrics under its route; none is written as a log line (the
 * clients' page views, thousands a second, would drown the log), a 5xx excepted.
 */
export function answerBeaconsFirst(app: NestExpressApplication): void {
  const server = app.getHttpServer() as Server;
  const express = app.getHttpAdapter().getInstance() as ((req: IncomingMessage, res: ServerResponse) => void) & {
    get(setting: 'trust proxy fn'): TrustProxy;
  };
  const beacon = beaconListener(app.get(AudienceIngest), () => express.get('trust proxy fn'));
  // In place of Express's listener, the others (the connection drain's, first: common/http-drain.ts) kept in order.
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  if (!listeners.includes(express)) throw new Error("Le serveur HTTP de l'application n'écoute pas Express");
  server.removeAllListeners('request');
  for (const listener of listeners)
    server.on(
      'request',
      listener !== express ? listener : (req: IncomingMessage, res: ServerResponse) => beacon(req, res) || express(req, res),
    );
}

/** A listener that answers the beacons it takes (true) and leaves every other request to the framework (false). */
export function beaconListener(
  ingest: AudienceIngest,
  trustProxy: () => TrustProxy,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const logger = new Logger('HTTP');
  // Answered to other sites' pages: a same-origin resource policy would have the browser block the answer. Given to
  // writeHead at once (one setHeader each would cost as much again).
  const always = { 'Cross-Origin-Resource-Policy': 'cross-origin', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  const answer = (res: ServerResponse, status: number, body?: string) => {
    if (res.headersSent) return void res.end();
    if (body === undefined) return void res.writeHead(status, { ...always, 'Content-Length': 0 }).end();
    res
      .writeHead(status, { ...always, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) })
      .end(body);
  };
  const accept = (res: ServerResponse, origin: string) =>
    void res.writeHead(202, { ...always, 'Access-Control-Allow-Origin': origin, Vary: 'Origin', 'Content-Length': 0 }).end();
  const fail = (res: ServerResponse, error: unknown) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (body.retryAfter !== undefined && !res.headersSent) res.setHeader('Retry-After', String(body.retryAfter));
    answer(res, body.statusCode, JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse, text: string) => {
    if (ingest.ignored(req.headers)) return answer(res, 202);
    const sent = parseEvent(text);
    const origin = req.headers.origin;
    await ingest.ingest({ sent, origin, ip: clientAddress(req, trustProxy()), headers: req.headers });
    accept(res, origin!);
  };
  return (req, res) => {
    if (req.method !== 'POST' || !isBeaconUrl(req.url) || req.headers.authorization || !plainUtf8(req.headers)) return false;
    const started = performance.now();
    // 'close' comes once the answer is sent, or when the client leaves first: one listener for both.
    res.once('close', () => recordRequest(METRICS_REQUEST, res.statusCode, performance.now() - started));
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      fail(res, TOO_LARGE);
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (!res.headersSent) fail(res, TOO_LARGE);
    });
    req.once('end', () => {
      if (size > MAX_BODY_BYTES) return;
      let text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      handle(req, res, text).catch((error: unknown) => fail(res, error));
    });
    req.once('error', (error) => fail(res, error));
    return true;
  };
}

/** `/api/a/e`, as Express's mount would match it (any case, a trailing slash, a query string). */
export function isBeaconUrl(url: string | undefined): boolean {
  if (!url || url.length < AUDIENCE_EVENT_URL.length || (url[1] !== 'a' && url[1] !== 'A')) return false;
  const end = url.indexOf('?');
  let path = end < 0 ? url : url.slice(0, end);
  if (path.length === AUDIENCE_EVENT_URL.length + 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.length === AUDIENCE_EVENT_URL.length && path.toLowerCase() === AUDIENCE_EVENT_URL;
}

/** A body this listener reads as body-parser would: not compressed, UTF-8 (sendBeacon's text/plain;charset=UTF-8). */
function plainUtf8(headers: IncomingMessage['headers']): boolean {
  const encoding = headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity') return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(headers['content-type'] ?? '')?.[1].toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/**
 * The client's address as Express's `req.ip` reads it (proxy-addr): from the socket's address back through
 * X-Forwarded-For, the first hop that is not a trusted proxy, or the farthest one.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  let address = req.socket.remoteAddress ?? '';
  const header = req.headers['x-forwarded-for'];
  if (!header) return address;
  // Whether the connection's own address is a proxy of ours: read once per connection (a keep-alive one carries many
  // beacons), not parsed again for each.
  let socket = trustedSockets.get(req.socket);
  if (socket?.trust !== trust) trustedSockets.set(req.socket, (socket = { trust, trusted: trust(address, 0) }));
  const hops = (typeof header === 'string' ? header : header.join(',')).split(',');
  for (let i = hops.length - 1, hop = 0; i >= 0; i--) {
    const next = hops[i].trim();
    if (!next) continue;
    if (!(hop === 0 ? socket.trusted : trust(address, hop))) return address;
    hop++;
    address = next;
  }
  return address;
}

const trustedSockets = new WeakMap<object, { trust: TrustProxy; trusted: boolean }>();
