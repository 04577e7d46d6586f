import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';

/**
 * The IETF rate-limit headers (draft-ietf-httpapi-ratelimit-headers): a limited route tells its caller, on every
 * answer, how many requests its window allows (`RateLimit-Limit`), how many are left (`RateLimit-Remaining`) and in
 * how many seconds the window starts again (`RateLimit-Reset`); a 429 adds `Retry-After`. When a request counts
 * against several limits (per address and per e-mail), the one with the fewest requests left is said.
 */
interface Said {
  res: Response;
  remaining: number;
}

const current = new AsyncLocalStorage<Said>();

/** Express middleware: the answer of this request, for `sayRateLimit` called deeper (in a service). */
export function rateLimitHeaders(_req: Request, res: Response, next: NextFunction): void {
  current.run({ res, remaining: Number.POSITIVE_INFINITY }, next);
}

/** Sets the headers of the current answer for one limit just counted, unless a stricter one was already said. */
export function sayRateLimit(limit: number, hits: number, resetSeconds: number): void {
  const said = current.getStore();
  if (!said || said.res.headersSent) return;
  const remaining = Math.max(0, limit - hits);
  if (remaining > said.remaining) return;
  said.remaining = remaining;
  said.res.setHeader('RateLimit-Limit', String(limit));
  said.res.setHeader('RateLimit-Remaining', String(remaining));
  said.res.setHeader('RateLimit-Reset', String(Math.max(0, Math.ceil(resetSeconds))));
}

/** The OpenAPI extension by which `RateLimited` marks an operation for app.setup.ts, which documents the headers. */
export const RATE_LIMITED_EXTENSION = 'x-rate-limit-headers';

/**
 * A route whose answers carry the RateLimit-* headers, and its 429 (with Retry-After), in openapi.yaml. A limit whose
 * state must not be disclosed (sign-in lockouts per e-mail) documents only its 429.
 */
export const RateLimited = (description: string): MethodDecorator =>
  applyDecorators(ApiTooManyRequestsResponse({ description }), ApiExtension(RATE_LIMITED_EXTENSION, true));
