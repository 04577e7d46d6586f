import { Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { toErrorBody } from '../common/http-exception.filter';
import type { AudienceIngest } from './audience-ingest.service';
import { MAX_BODY_BYTES, parseEvent } from './ingest';

/**
 * `POST /api/a/e` answered before the framework's layers (app.setup.ts mounts it ahead of helmet, CORS, compression,
 * cookies and Nest's router, guard, pipes and interceptors): the hottest public route, a 202 without a body, where
 * those layers cost more than the event itself (bench/audience.ts, docs/performance.md). The request line and the
 * metrics (main.ts, mounted before) still see it. The same steps and answers as AudienceIngestController.event, which
 * stays the contract's description of the route: the body read as text (2 KB at most, 413 beyond), the privacy
 * signals and robots (202, nothing stored), the event checked (400 with the French message of each field), its site
 * and origin (404, 403), the limits (429 with Retry-After), then 202 with the CORS header for the site's origin only.
 * A request with an Authorization header (never a beacon's) is left to the framework, whose guard refuses API keys.
 */
export function audienceEventRoute(ingest: AudienceIngest): RequestHandler {
  const readText = express.text({ type: () => true, limit: MAX_BODY_BYTES });
  const logger = new Logger('HTTP');
  const fail = (res: Response, error: unknown) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (res.headersSent) return;
    if (body.retryAfter !== undefined) res.setHeader('Retry-After', String(body.retryAfter));
    res.status(body.statusCode).json(body);
  };
  const handle = async (req: Request, res: Response) => {
    // Answered to other sites' pages: a same-origin resource policy would have the browser block the answer.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!ingest.ignored(req.headers)) {
      const sent = parseEvent(req.body);
      await ingest.ingest({ sent, origin: req.headers.origin, ip: req.ip ?? '', headers: req.headers });
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin!);
      res.setHeader('Vary', 'Origin');
    }
    res.status(202).end();
  };
  return (req: Request, res: Response, next: NextFunction) => {
    // A request with credentials (an API key: refused on this route) goes the framework's way, its guard included.
    if (req.method !== 'POST' || (req.path !== '/' && req.path !== '') || req.headers.authorization) return next();
    readText(req, res, (error?: unknown) => {
      if (error) return fail(res, error);
      handle(req, res).catch((e: unknown) => fail(res, e));
    });
  };
}
