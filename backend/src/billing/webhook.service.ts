import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { Coalescer } from '../common/coalescer';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import { BillingRepository, type ClaimedEvent, type ReceivedEvent } from './billing.repository';
import { DuplicatePayments } from './duplicate-payments';
import { EndedInvoices } from './ended-invoices';
import { PaymentRecorder } from './payment-recorder';
import { type Effects, OBJECT_OF_TYPE, StripeReader } from './stripe-reader';
import { StripeProvider } from './stripe.provider';

/** At most `limit` of `items` handled at once. */
async function forEachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** Stripe reads of one batch in flight at once. */
const READ_CONCURRENCY = 8;

/** The events of one batch about one object, and what that object's current state calls for. */
interface Loaded {
  group: ClaimedEvent[];
  effects: Effects;
}

const ids = (group: ClaimedEvent[]) => group.map((e) => e.id);

/** A received event as the inbox stores it, with the reason it is ignored (null: for the worker). */
interface StoredEvent {
  event: ReceivedEvent;
  ignored: string | null;
}

/**
 * The webhook inbox. The webhook only checks the signature and stores the event (its id once: a replay, even two
 * copies at the same moment, finds it and is answered as a duplicate), then answers; Stripe never waits on our work.
 * The inbox worker (webhook-inbox.ts) hands batches of stored events to `processBatch`: each event's object is read
 * back from Stripe (its current state, not the event's snapshot; the plan of each price) outside any transaction, then
 * its effects are written in one short transaction with no network call, the same that takes the event out of the
 * inbox. Events of one batch about the same object are applied once, from one read. A copy read earlier never
 * overwrites one read later, so the local rows end up the same whatever order events arrive in. An event whose object
 * Stripe does not know is recorded as ignored; any other failure puts the event back in line (exponential backoff),
 * until `WEBHOOK_MAX_ATTEMPTS`.
 */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger('Billing');
  /** Webhooks received at the same moment are stored by one INSERT (see `store`). */
  private readonly inbox = new Coalescer((events: StoredEvent[]) => this.store(events));

  constructor(
    private readonly stripe: StripeProvider,
    private readonly billing: BillingRepository,
    private readonly transactions: Transactions,
    private readonly reader: StripeReader,
    private readonly recorder: PaymentRecorder,
    private readonly duplicates: DuplicatePayments,
    private readonly endedInvoices: EndedInvoices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Verifies the signature and stores the event; `queued` when the worker has it to process. */
  async receive(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean; queued: boolean }> {
    if (!rawBody || !signature) throw new BadRequestException('Signature Stripe manquante');
    let event: Stripe.Event;
    try {
      event = this.stripe.constructEvent(rawBody, signature);
    } catch {
      throw new BadRequestException('Signature Stripe invalide');
    }
    // Signed, so it comes from Stripe (or whoever holds the secret); still, a shape we cannot read is refused, not a 500.
    const data = (event as Partial<Stripe.Event>).data as { object?: unknown } | undefined;
    if (
      typeof event.id !== 'string' ||
      !event.id ||
      event.id.length > 255 ||
      typeof event.type !== 'string' ||
      event.type.length > 255 ||
      !data ||
      typeof data.object !== 'object' ||
      data.object === null ||
      (event.created !== undefined && !(Number.isInteger(event.created) && event.created >= 0 && event.created < 2 ** 35))
    ) {
      throw new BadRequestException('Événement Stripe illisible');
    }
    const objectId = (data.object as { id?: unknown }).id;
    const readable = typeof objectId === 'string' && objectId.length > 0 && objectId.length <= 255;
    const handled = Boolean(OBJECT_OF_TYPE[event.type]);
    const ignored = !handled ? 'type d’événement non traité' : !readable ? 'objet sans identifiant' : null;
    const stored = await this.inbox.push({
      event: {
        id: event.id,
        type: event.type,
        objectId: readable ? objectId : null,
        created: event.created ?? Math.floor(Date.now() / 1000),
      },
      ignored,
    });
    // Stripe sends many more event types than the product acts on (customer.created, payment_intent.*, charge.*,
    // invoice.created…; docs/payments.md lists those the endpoint needs): they are kept, as ignored, without a word.
    if (stored && ignored && handled) this.logger.warn(`Événement Stripe ${event.id} (${event.type}) ignoré : ${ignored}`);
    else if (stored && ignored) this.logger.debug(`Événement Stripe ${event.id} (${event.type}) ignoré : ${ignored}`);
    return { received: true, duplicate: !stored, queued: stored && !ignored };
  }

  /**
   * Stores a batch of received events in one statement. Should it fail (the database refusing one of them), each is
   * stored alone, so that one event never fails the others: only its own request answers an error.
   */
  private async store(events: StoredEvent[]): Promise<Array<boolean | Promise<boolean>>> {
    if (events.length === 1) return this.billing.storeEvents(events);
    try {
      return await this.billing.storeEvents(events);
    } catch {
      return events.map((one) => this.billing.storeEvents([one]).then(([stored]) => stored));
    }
  }

  /**
   * Processes events claimed from the inbox. Each object is read from Stripe once for the whole batch, a few at a
   * time; then every event of the batch is applied in one transaction (the events about one object together, once).
   * If that transaction fails, each object's events are applied again in a transaction of their own, so that only
   * the failing ones wait for another attempt.
   */
  async processBatch(events: ClaimedEvent[]): Promise<void> {
    const reader = this.reader.batch();
    const groups = new Map<string, ClaimedEvent[]>();
    for (const event of events) {
      const key = `${OBJECT_OF_TYPE[event.type] ?? event.type}:${event.objectId}`;
      const group = groups.get(key);
      if (group) group.push(event);
      else groups.set(key, [event]);
    }
    const loaded: Loaded[] = [];
    await forEachLimit([...groups.values()], READ_CONCURRENCY, async (group) => {
      try {
        const effects = await this.reader.load(group[0], reader);
        if (effects.ignored === undefined) loaded.push({ group, effects });
        else if ((await this.billing.finishEvents(ids(group), 'ignored', effects.ignored)).length)
          this.logger.warn(`Événement Stripe ${ids(group).join(', ')} (${group[0].type}) ignoré : ${effects.ignored}`);
      } catch (error) {
        await this.attemptFailed(group, error);
      }
    });
    if (!loaded.length) return;
    try {
      await this.applyInOneTransaction(loaded);
    } catch {
      for (const one of loaded) {
        try {
          await this.applyInOneTransaction([one]);
        } catch (error) {
          await this.attemptFailed(one.group, error);
        }
      }
    }
    // A payment we did not intend is cancelled and refunded at once (outside the transaction: Stripe calls); the open
    // invoice of a subscription that ended is voided at once, and one paid after the end refunded.
    const ended = loaded.some((l) => l.effects.subscription?.status === 'canceled');
    if (ended) {
      await this.endedInvoices
        .voidPending()
        .catch((error: unknown) =>
          this.logger.warn(`Annulation des factures d’un abonnement terminé reportée : ${(error as Error).message}`),
        );
    }
    if (ended || loaded.some((l) => l.effects.paidOrder || l.effects.restart)) {
      await this.duplicates
        .settlePending()
        .catch((error: unknown) => this.logger.warn(`Remboursement d'un paiement en double reporté : ${(error as Error).message}`));
    }
  }

  /** Takes the events out of the inbox and applies the effects of those still there (another worker may have taken some). */
  private applyInOneTransaction(loaded: Loaded[]): Promise<void> {
    return this.transactions.run(async (tx) => {
      const taken = new Set(
        await this.billing.finishEvents(
          loaded.flatMap((l) => ids(l.group)),
          'processed',
          null,
          tx,
        ),
      );
      const applied = loaded.filter(({ group }) => group.some((e) => taken.has(e.id)));
      for (const { effects } of applied) await this.recorder.apply(effects, tx);
      // Last, once every account, site and subscription of the batch is in place: the legal invoices of what Stripe
      // collected, numbered in this transaction (the counter's row lock is held only until it commits).
      for (const { effects } of applied) await this.recorder.collect(effects, tx);
      // Then a credit note for each refund read (made in Stripe's dashboard, or a duplicate's), once per refund.
      for (const { effects } of applied) await this.recorder.credit(effects, tx);
    });
  }

  /** Back in line after a wait that doubles each time, or `failed` after the last attempt; never lost. */
  private async attemptFailed(group: ClaimedEvent[], error: unknown): Promise<void> {
    const message = ((error as Error)?.message || 'Erreur inconnue').slice(0, 500);
    const attempts = Math.max(...group.map((e) => e.attempts));
    const { maxAttempts, retryBaseSeconds } = this.config.webhooks;
    try {
      if (attempts >= maxAttempts) {
        await this.billing.finishEvents(ids(group), 'failed', message);
        this.logger.error(
          `Événement Stripe ${ids(group).join(', ')} (${group[0].type}) abandonné après ${attempts} tentatives : ${message}`,
        );
      } else {
        const delay = retryDelaySeconds(attempts, retryBaseSeconds);
        await this.billing.retryEvents(ids(group), message, delay);
        this.logger.warn(
          `Événement Stripe ${ids(group).join(', ')} (${group[0].type}) non traité (tentative ${attempts}), nouvel essai dans ${delay} s : ${message}`,
        );
      }
    } catch (markError) {
      // The database is gone too: the claim expires and another attempt takes the events again.
      this.logger.error(`Événement Stripe ${ids(group).join(', ')} laissé en attente : ${(markError as Error).message}`);
    }
  }
}
