import type express from 'express';
import type { Response } from 'express';

/**
 * `res.json` of an Express app, for the common answer (an API answer's JSON body, nothing set that Express's `send`
 * would read): the body is written as `send` writes it (the same `Content-Type: application/json; charset=utf-8`,
 * `Content-Length` and bytes) without its round of settings, content-type parsing and formatting and freshness check.
 * Every other answer goes through Express's own `json` as before: a HEAD request, a conditional one (`If-None-Match`,
 * `If-Modified-Since`, which `send` may answer 304), one of an app that makes ETags, an answer without a body (204, 205, 304), one whose
 * `Content-Type`, `ETag` or `Last-Modified` is already set, a body JSON cannot write (`undefined`).
 *
 * Nest answers every route's object through `res.json` (its Express adapter's `reply`): for `GET /api/auth/me`,
 * Express's `json` and `send` were about a tenth of the framework's own time per request (bench:api,
 * docs/performance.md). The app sets none of Express's JSON settings (`json replacer`, `json spaces`, `json escape`):
 * `JSON.stringify` alone is what `json` would run.
 */
export function answerJsonDirectly(app: express.Express): void {
  const json = app.response.json;
  app.response.json = function answerJson(this: Response, body?: unknown) {
    const req = this.req;
    const status = this.statusCode;
    if (
      typeof this.app.get('etag fn') === 'function' ||
      req.method === 'HEAD' ||
      status === 204 ||
      status === 205 ||
      status === 304 ||
      req.headers['if-none-match'] !== undefined ||
      req.headers['if-modified-since'] !== undefined ||
      this.hasHeader('Content-Type') ||
      this.hasHeader('ETag') ||
      this.hasHeader('Last-Modified')
    )
      return json.call(this, body);
    const text = JSON.stringify(body) as string | undefined;
    if (text === undefined) return json.call(this, body);
    this.setHeader('Content-Type', 'application/json; charset=utf-8');
    this.setHeader('Content-Length', Buffer.byteLength(text));
    this.end(text);
    return this;
  };
}
