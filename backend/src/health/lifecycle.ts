import { Injectable } from '@nestjs/common';

/**
 * Whether this instance is shutting down. Set first thing on SIGTERM / SIGINT (see `drainAndClose` in main.ts): from
 * then on `GET /api/health` answers 503 so a load balancer stops sending new traffic, and every answer says
 * `Connection: close` so keep-alive clients reconnect elsewhere, while the requests in flight finish normally.
 */
@Injectable()
export class Lifecycle {
  private drainingSince?: Date;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= new Date();
  }
}
