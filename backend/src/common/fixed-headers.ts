import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Headers every answer gets, the same for all: [name, value] pairs set as they are, and names removed. */
export interface FixedHeaders {
  readonly set: ReadonlyArray<readonly [name: string, value: string]>;
  readonly remove: readonly string[];
}

/**
 * What a middleware whose headers do not depend on the request (helmet with static directives) sets on an answer,
 * found once by running it on a recording answer. Helmet runs a chain of thirteen middlewares per request and
 * builds its Content-Security-Policy string again each time; the list found here is set with one loop
 * (applyFixedHeaders). Refuses a middleware that does not call next synchronously (it would depend on the request).
 */
export function recordFixedHeaders(middleware: RequestHandler): FixedHeaders {
  const set: Array<readonly [string, string]> = [];
  const remove: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      const at = set.findIndex(([existing]) => existing.toLowerCase() === name.toLowerCase());
      const header = Object.freeze([name, Array.isArray(value) ? value.join(', ') : String(value)] as const);
      if (at >= 0) set[at] = header;
      else set.push(header);
      return recorder;
    },
    removeHeader(name: string) {
      remove.push(name);
    },
    getHeader: () => undefined,
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    called = true;
  });
  if (!called) throw new Error("Ce middleware n'appelle pas next() sans attendre : ses en-têtes dépendent de la requête");
  return Object.freeze({ set: Object.freeze(set), remove: Object.freeze(remove) });
}

/** Sets the fixed headers on an answer. */
export function applyFixedHeaders(res: Response, headers: FixedHeaders): void {
  for (const name of headers.remove) res.removeHeader(name);
  for (const [name, value] of headers.set) res.setHeader(name, value);
}

/** An Express middleware setting the fixed headers. */
export function fixedHeaders(headers: FixedHeaders): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    applyFixedHeaders(res, headers);
    next();
  };
}
