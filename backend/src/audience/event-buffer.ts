import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { tooManyRequests } from '../common/errors';
import { AudienceRepository } from './audience.repository';
import type { StoredEvent } from './ingest';

export const FLUSH_EVERY_MS = 1000;
export const FLUSH_AT_EVENTS = 500;
/** Events waiting at most (about 300 bytes each): beyond, the ingest answers 429 (back-pressure), never drops. */
export const MAX_PENDING_EVENTS = 20_000;
export const BUFFER_FULL = 'Trop d’événements en attente, réessayez dans un instant';

/**
 * The ingest's batches, as the logs batch their lines (common/logging/logger.ts): an acknowledged event waits here
 * and is written with others in one INSERT, every second or once FLUSH_AT_EVENTS wait, and at shutdown. A failed
 * write keeps its events for the next flush; a full buffer refuses new events with a 429 instead of growing.
 */
@Injectable()
export class EventBuffer implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Audience');
  private pending: Array<StoredEvent & { receivedAt: Date }> = [];
  private writing: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  maxPending = MAX_PENDING_EVENTS;

  constructor(private readonly repository: AudienceRepository) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch((error: unknown) => this.logger.error(`Événements d’audience non écrits à l’arrêt : ${String(error)}`));
  }

  get size(): number {
    return this.pending.length;
  }

  /** Takes one event (429 when the buffer is full). */
  push(event: StoredEvent, receivedAt: Date): void {
    if (this.pending.length >= this.maxPending) throw tooManyRequests(BUFFER_FULL, 1);
    this.pending.push({ ...event, receivedAt });
    if (this.pending.length >= FLUSH_AT_EVENTS) void this.flush().catch(() => undefined);
  }

  /** Writes every waiting event (one write at a time; a failure puts its batch back and rejects). */
  flush(): Promise<void> {
    const run = this.writing.then(async () => {
      while (this.pending.length) {
        // FLUSH_AT_EVENTS per INSERT: its parameters are built and serialised at once, holding the event loop (about
        // 10 ms for 2,000 events on a busy machine: the ingest's p99); between two writes, the requests go on.
        const batch = this.pending.splice(0, FLUSH_AT_EVENTS);
        try {
          await this.repository.insertEvents(batch);
        } catch (error) {
          this.pending.unshift(...batch);
          this.logger.warn(`Écriture de ${batch.length} événements d’audience en échec, nouvel essai : ${String(error)}`);
          throw error;
        }
      }
    });
    this.writing = run.catch(() => undefined);
    return run;
  }
}
