import type { EntityManager } from 'typeorm';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { InvoiceFromStripe, SubscriptionFromStripe } from '../billing-facts/facts';
import { BillingEvents } from './billing-events';
import { WebhookEvents } from './webhook-events';

const invoice = (changes: Partial<InvoiceFromStripe> = {}): InvoiceFromStripe => ({
  id: 'in_1',
  customerId: 'cus_1',
  userId: null,
  subscriptionId: 'sub_1',
  number: 'F-1',
  created: 1_800_000_000,
  amountCents: 2900,
  amountDue: 0,
  currency: 'eur',
  status: 'paid',
  description: 'Abonnement Formule Pro',
  hostedUrl: 'https://stripe.example/in_1',
  pdfUrl: 'https://stripe.example/in_1.pdf',
  paymentFailed: false,
  syncedAt: new Date(),
  ...changes,
});
/** The invoice as integrators receive it. */
const invoiceObject = (userId: string | null) => ({
  id: 'in_1',
  number: 'F-1',
  date: '2027-01-15T08:00:00.000Z',
  amountCents: 2900,
  currency: 'eur',
  status: 'paid',
  description: 'Abonnement Formule Pro',
  hostedUrl: 'https://stripe.example/in_1',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  userId,
});

/** Integrators' reactions on a real bus, every other reaction doing nothing. */
function integrators() {
  const tx = { id: 'tx' } as unknown as EntityManager;
  const facts = new BillingFacts();
  const events = automock<WebhookEvents>();
  newTestService(BillingEvents, [
    [BillingFacts, facts],
    [WebhookEvents, events],
  ]);
  for (const key of facts.unregistered()) {
    const [type, name] = key.split(' → ') as [never, never];
    facts.on(type, name, async () => undefined);
  }
  return { facts, events, tx };
}

describe('BillingEvents', () => {
  it('tells integrators of a paid invoice once per invoice, in the fact’s transaction, with the account billing knows', async () => {
    const { facts, events, tx } = integrators();
    await facts.publish('invoice.paid', { invoice: invoice(), userId: 'u1' }, tx);
    expect(events.record).toHaveBeenCalledWith(tx, {
      type: 'invoice.paid',
      objectType: 'invoice',
      objectId: 'in_1',
      object: invoiceObject('u1'),
      dedupeKey: 'invoice.paid:in_1',
    });
  });

  it('names the invoice’s own account before the one billing found for its customer', async () => {
    const { facts, events, tx } = integrators();
    await facts.publish('invoice.paid', { invoice: invoice({ userId: 'u_owner' }), userId: 'u1' }, tx);
    expect(events.record).toHaveBeenCalledWith(tx, expect.objectContaining({ object: invoiceObject('u_owner') }));
    await facts.publish('invoice.paid', { invoice: invoice(), userId: null }, tx);
    expect(events.record).toHaveBeenLastCalledWith(tx, expect.objectContaining({ object: invoiceObject(null) }));
  });

  it('tells integrators of a failing payment once per invoice', async () => {
    const { facts, events, tx } = integrators();
    await facts.publish('payment.failed', { invoice: invoice(), customerId: 'cus_1', email: null, userId: 'u1' }, tx);
    expect(events.record).toHaveBeenCalledWith(tx, {
      type: 'invoice.payment_failed',
      objectType: 'invoice',
      objectId: 'in_1',
      object: invoiceObject('u1'),
      dedupeKey: 'invoice.payment_failed:in_1',
    });
  });

  it('tells integrators of a canceled subscription once, with its account, site and dates in ISO form', async () => {
    const { facts, events, tx } = integrators();
    const subscription: SubscriptionFromStripe = {
      id: 'sub_1',
      customerId: 'cus_1',
      userId: null,
      status: 'canceled',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: 1_800_000_000,
      priceId: 'price_pro',
      plan: 'pro',
      metadata: {},
      startedAt: 1_800_000_000,
      endedAt: null,
      syncedAt: new Date(),
      cancellationReason: 'cancellation_requested',
    };
    await facts.publish('subscription.ended', { subscription, userId: 'u1', siteId: 'site_1' }, tx);
    expect(events.record).toHaveBeenCalledWith(tx, {
      type: 'subscription.canceled',
      objectType: 'subscription',
      objectId: 'sub_1',
      object: {
        id: 'sub_1',
        status: 'canceled',
        plan: 'pro',
        customerId: 'cus_1',
        userId: 'u1',
        siteId: 'site_1',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: '2027-01-15T08:00:00.000Z',
        startedAt: '2027-01-15T08:00:00.000Z',
        endedAt: null,
        cancellationReason: 'cancellation_requested',
      },
      dedupeKey: 'subscription.canceled:sub_1',
    });
  });
});
