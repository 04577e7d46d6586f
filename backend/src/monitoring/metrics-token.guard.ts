import { type CanActivate, type ExecutionContext, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export const METRICS_TOKEN_REFUSED = 'Jeton de métriques absent ou invalide';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /api/metrics's own access check (the route is @Public(): Prometheus has no session): the request must carry
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the route answers 404, as an address that does not
 * exist; a missing or wrong token 401. The comparison takes the same time whatever the token sent: both sides are
 * hashed to 32 bytes first, then compared with timingSafeEqual (no early exit, and the length says nothing).
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const token = config.monitoring.metricsToken;
    this.expected = token ? digest(token) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) throw new NotFoundException();
    const http = context.switchToHttp();
    const header = http.getRequest<Request>().headers.authorization ?? '';
    const [scheme, token] = header.split(' ', 2);
    const ok = timingSafeEqual(digest(scheme?.toLowerCase() === 'bearer' && token ? token : ''), this.expected);
    if (ok) return true;
    http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new UnauthorizedException(METRICS_TOKEN_REFUSED);
  }
}
