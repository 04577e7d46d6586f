import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { trackJob } from '../common/metrics/job-runs';
import { OrderDraftsService } from './order-drafts.service';

const HOUR = 3600_000;

/**
 * Every hour (first a minute after start), deletes the drafts abandoned for ORDER_DRAFT_TTL_DAYS and their photos.
 * Safe with several instances: each deletes different rows (FOR UPDATE SKIP LOCKED in one statement).
 */
@Injectable()
export class OrderDraftPurger implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Orders');
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly drafts: OrderDraftsService) {}

  onApplicationBootstrap(): void {
    const run = () => {
      trackJob('draft-purge', this.drafts.purgeStale()).catch((error: unknown) =>
        this.logger.error(`Purge des commandes abandonnées en échec : ${(error as Error).message}`),
      );
    };
    this.timers = [setTimeout(run, 60_000).unref(), setInterval(run, HOUR).unref()];
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
