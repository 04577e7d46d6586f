import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { requestContext } from '../logging/logger';

/**
 * The IETF rate-limit headers (draft-ietf-httpapi-ratelimit-headers): a limited route tells its caller, on every
 * answer, how many requests its window allows (`RateLimit-Limit`), how many are left (`RateLimit-Remaining`) and in
 * how many seconds the window starts again (`RateLimit-Reset`); a 429 adds `Retry-After`. When a request counts
 * against several limits (per address and per e-mail), the one with the fewest requests left is said.
 */

/**
 * Express middleware: the answer of this request, for `sayRateLimit` called deeper (in a service). Kept in the
 * request's context when the request logger made one for this request (no second async context per request), else in
 * a new one.
 */
export function rateLimitHeaders(_req: Request, res: Response, next: NextFunction): void {
  const context = requestContext.getStore();
  if (context && context.answer === undefined) {
    context.answer = res;
    context.rateLimitRemaining = Number.POSITIVE_INFINITY;
    return next();
  }
  requestContext.run({ answer: res, rateLimitRemaining: Number.POSITIVE_INFINITY }, next);
}

/** Sets the headers of the current answer for one limit just counted, unless a stricter one was already said. */
export function sayRateLimit(limit: number, hits: number, resetSeconds: number): void {
  const said = requestContext.getStore();
  if (!said?.answer || said.answer.headersSent) return;
  const remaining = Math.max(0, limit - hits);
  if (remaining > said.rateLimitRemaining) return;
  said.rateLimitRemaining = remaining;
  said.answer.setHeader('RateLimit-Limit', String(limit));
  said.answer.setHeader('RateLimit-Remaining', String(remaining));
  said.answer.setHeader('RateLimit-Reset', String(Math.max(0, Math.ceil(resetSeconds))));
}

/** The OpenAPI extension by which `RateLimited` marks an operation for app.setup.ts, which documents the headers. */
export const RATE_LIMITED_EXTENSION = 'x-rate-limit-headers';

/**
 * A route whose answers carry the RateLimit-* headers, and its 429 (with Retry-After), in openapi.yaml. A limit whose
 * state must not be disclosed (sign-in lockouts per e-mail) documents only its 429.
 */
export const RateLimited = (description: string): MethodDecorator =>
  applyDecorators(ApiTooManyRequestsResponse({ description }), ApiExtension(RATE_LIMITED_EXTENSION, true));
