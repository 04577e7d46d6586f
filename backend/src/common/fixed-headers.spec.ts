import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { applyFixedHeaders, recordFixedHeaders } from './fixed-headers';

/** An answer that keeps its headers, as Node's does (names compared without case). */
function answer(initial: Record<string, string> = {}) {
  const headers = new Map(Object.entries(initial).map(([k, v]) => [k.toLowerCase(), v]));
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  return { res: res as unknown as Response, headers };
}

describe('fixed headers recorded once', () => {
  it('set on an answer exactly what helmet sets, and remove what it removes', () => {
    const middleware = helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });
    const byHelmet = answer({ 'X-Powered-By': 'Express' });
    let called = false;
    middleware({ headers: {} } as Request, byHelmet.res, () => (called = true));
    expect(called).toBe(true);
    const recorded = answer({ 'X-Powered-By': 'Express' });
    applyFixedHeaders(recorded.res, recordFixedHeaders(middleware));
    expect(Object.fromEntries(recorded.headers)).toEqual(Object.fromEntries(byHelmet.headers));
    expect(recorded.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-abc';");
    expect(recorded.headers.has('x-powered-by')).toBe(false);
  });

  it('refuse a middleware whose headers depend on the request (it does not answer at once) or that fails', () => {
    const later: RequestHandler = (_req, _res, next: NextFunction) => void setImmediate(next);
    expect(() => recordFixedHeaders(later)).toThrow(/dépendent de la requête/);
    const failing: RequestHandler = (_req, _res, next: NextFunction) => next(new Error('directive invalide'));
    expect(() => recordFixedHeaders(failing)).toThrow('directive invalide');
  });
});
