import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { InvoiceRow, SubscriptionEnded } from '../billing-facts/facts';
import { fromUnix } from '../common/format';
import { type WebhookEventInput, WebhookEvents } from './webhook-events';

/** An invoice as integrators receive it. */
const invoiceObject = (i: InvoiceRow, userId: string | null) => ({
  id: i.id,
  number: i.number,
  date: fromUnix(i.created).toISOString(),
  amountCents: i.amountCents,
  currency: i.currency,
  status: i.status,
  description: i.description,
  hostedUrl: i.hostedUrl,
  customerId: i.customerId,
  subscriptionId: i.subscriptionId,
  userId: i.userId ?? userId,
});

/** An invoice's event, once per invoice and type. */
const invoiceEvent = (type: 'invoice.paid' | 'invoice.payment_failed', invoice: InvoiceRow, userId: string | null): WebhookEventInput => ({
  type,
  objectType: 'invoice',
  objectId: invoice.id,
  object: invoiceObject(invoice, userId),
  dedupeKey: `${type}:${invoice.id}`,
});

/**
 * What integrators hear of billing's facts, recorded in the transaction of the fact, each once whatever the replays
 * (their dedupe keys): every paid invoice (`invoice.paid`), the invoice whose payment is failing now
 * (`invoice.payment_failed`, once per invoice, like the client's mail), a canceled subscription (`subscription.canceled`).
 */
@Injectable()
export class BillingEvents {
  constructor(
    facts: BillingFacts,
    private readonly events: WebhookEvents,
  ) {
    facts.on('invoice.paid', 'outbound-webhooks.invoice-paid', ({ invoice, userId }, tx) =>
      this.events.record(tx, invoiceEvent('invoice.paid', invoice, userId)),
    );
    facts.on('payment.failed', 'outbound-webhooks.payment-failed', ({ invoice, userId }, tx) =>
      this.events.record(tx, invoiceEvent('invoice.payment_failed', invoice, userId)),
    );
    facts.on('subscription.ended', 'outbound-webhooks.subscription-canceled', (fact, tx) => this.canceled(fact, tx));
  }

  private async canceled({ subscription: sub, userId, siteId }: SubscriptionEnded, tx: EntityManager): Promise<void> {
    await this.events.record(tx, {
      type: 'subscription.canceled',
      objectType: 'subscription',
      objectId: sub.id,
      object: {
        id: sub.id,
        status: sub.status,
        plan: sub.plan,
        customerId: sub.customerId,
        userId,
        siteId,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        currentPeriodEnd: sub.currentPeriodEnd ? fromUnix(sub.currentPeriodEnd).toISOString() : null,
        startedAt: sub.startedAt ? fromUnix(sub.startedAt).toISOString() : null,
        endedAt: sub.endedAt ? fromUnix(sub.endedAt).toISOString() : null,
        cancellationReason: sub.cancellationReason,
      },
      dedupeKey: `subscription.canceled:${sub.id}`,
    });
  }
}
