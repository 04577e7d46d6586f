import { Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { Transactions } from '../database/transactions';
import type { AppConfig } from '../config/app-config';
import { BillingRepository, type ClaimedEvent } from './billing.repository';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';
import { BillingFacts } from '../billing-facts/billing-facts';
import { PaymentRecorder } from './payment-recorder';
import { RefundCredits } from './refund-credits';
import { paidOrderOf, StripeReader } from './stripe-reader';
import { WebhookService } from './webhook.service';

const claimed = (type: string, objectId: string, id = 'evt_1', attempts = 1): ClaimedEvent => ({
  id,
  type,
  objectId,
  created: 1_800_000_000,
  attempts,
});
const invoice = (status: string, subscription: string | null = null) => ({
  id: 'in_1',
  customer: 'cus_1',
  customer_email: 'a@example.com',
  number: 'F-1',
  created: 1_800_000_000,
  total: 2900,
  amount_due: 2900,
  currency: 'eur',
  status,
  attempt_count: 1,
  description: 'Pro',
  hosted_invoice_url: 'https://stripe.example/in_1',
  invoice_pdf: null,
  parent: subscription ? { subscription_details: { subscription } } : null,
  lines: { data: [] },
});
const subscription = {
  id: 'sub_1',
  customer: 'cus_1',
  status: 'active',
  cancel_at_period_end: false,
  items: { data: [] },
  metadata: {},
  created: 1_800_000_000,
};
const config = { webhooks: { retryBaseSeconds: 5, maxAttempts: 3, pollIntervalMs: 1000 } } as unknown as AppConfig;

/** The inbox's processing with a fake Stripe, and a transaction that records what happens while it is open. */
function inbox(options: { finished?: boolean; invoice?: () => Promise<unknown>; event?: unknown } = {}) {
  const timeline: string[] = [];
  let open = false;
  const stripeCall = (name: string, answer: () => Promise<unknown>) =>
    jest.fn(async () => {
      timeline.push(open ? `stripe ${name} INSIDE transaction` : `stripe ${name}`);
      return answer();
    });
  const refunds = [
    {
      id: 're_2',
      amount: 500,
      currency: 'eur',
      charge: 'ch_1',
      payment_intent: 'pi_1',
      customer: 'cus_1',
      status: 'succeeded',
      created: 2,
    },
    {
      id: 're_1',
      amount: 1000,
      currency: 'eur',
      charge: 'ch_1',
      payment_intent: 'pi_1',
      customer: 'cus_1',
      status: 'succeeded',
      created: 1,
    },
  ];
  const client = {
    refunds: {
      retrieve: stripeCall('refunds.retrieve', async () => refunds[1]),
      // Stripe's list answer: a promise that is also an async iterator over every page.
      list: jest.fn(() => {
        timeline.push(open ? 'stripe refunds.list INSIDE transaction' : 'stripe refunds.list');
        return Object.assign(Promise.resolve({ data: refunds }), {
          [Symbol.asyncIterator]: async function* () {
            yield* refunds;
          },
        });
      }),
    },
    invoicePayments: { list: stripeCall('invoicePayments.list', async () => ({ data: [{ invoice: 'in_1', status: 'paid' }] })) },
    invoices: { retrieve: stripeCall('invoices.retrieve', options.invoice ?? (async () => invoice('paid'))) },
    subscriptions: { retrieve: stripeCall('subscriptions.retrieve', async () => subscription) },
    customers: { retrieve: stripeCall('customers.retrieve', async () => ({ id: 'cus_1', email: 'a@example.com' })) },
  };
  const billing = automock<BillingRepository>();
  billing.finishEvents.mockImplementation(async (ids: string[], outcome: string) => {
    timeline.push(`${outcome} ${ids.join(',')}`);
    return options.finished === false ? [] : ids;
  });
  billing.retryEvents.mockImplementation(
    async (ids: string[], _error: string, delay: number) => void timeline.push(`retry ${ids.join(',')} in ${delay} s`),
  );
  billing.storeEvents.mockImplementation(async (events: unknown[]) => events.map(() => true));
  billing.upsertInvoice.mockImplementation(async () => void timeline.push('upsert invoice'));
  billing.upsertSubscription.mockImplementation(async () => void timeline.push('upsert subscription'));
  billing.userOfCustomer.mockResolvedValue('u1');
  const transactions = automock<Transactions>({
    run: jest.fn(async (fn: (tx: EntityManager) => Promise<unknown>) => {
      open = true;
      timeline.push('begin');
      try {
        return await fn({} as EntityManager);
      } finally {
        open = false;
        timeline.push('commit');
      }
    }),
  });
  const prices = automock<PriceBook>();
  prices.planOfPrice.mockResolvedValue('pro');
  const stripe = automock<StripeProvider>({ client, constructEvent: jest.fn(() => options.event) });
  // The webhook's three parts: receiving and storing (WebhookService), reading Stripe (StripeReader), recording and
  // telling the facts (PaymentRecorder); every reaction to the facts only says it ran (each has its own spec).
  const refundCredits = automock<RefundCredits>();
  refundCredits.record.mockImplementation(async (rows: Array<{ id: string; invoiceId: string | null }>) => {
    timeline.push(`record ${rows.map((r) => `${r.id}→${r.invoiceId}`).join(',')}`);
    return ['in_1'];
  });
  refundCredits.creditRefunds.mockImplementation(async (rows: Array<{ invoiceId: string | null }> | undefined) => {
    for (const id of new Set((rows ?? []).map((r) => r.invoiceId))) timeline.push(`credit ${id}`);
  });
  const reader = newTestService(StripeReader, [
    [StripeProvider, stripe],
    [PriceBook, prices],
  ]).sut;
  const facts = new BillingFacts();
  const recorder = newTestService(PaymentRecorder, [
    [BillingRepository, billing],
    [BillingFacts, facts],
    [Transactions, transactions],
    [StripeReader, reader],
    [RefundCredits, refundCredits],
  ]).sut;
  const published: Array<[string, unknown]> = [];
  for (const key of facts.unregistered()) {
    const [type, name] = key.split(' → ') as [never, never];
    facts.on(type, name, async (fact: unknown) => {
      timeline.push(key);
      published.push([key, fact]);
    });
  }
  const { sut } = newTestService(WebhookService, [
    [StripeProvider, stripe],
    [BillingRepository, billing],
    [Transactions, transactions],
    [StripeReader, reader],
    [PaymentRecorder, recorder],
    [7, config],
  ]);
  return { sut, timeline, billing, published, client };
}

describe('WebhookService: receiving', () => {
  const receive = (event: unknown) => {
    const t = inbox({ event });
    return { ...t, answer: t.sut.receive(Buffer.from('{}'), 't=1,v1=x') };
  };

  it('stores an event it acts on as pending, for the worker, and reads nothing from Stripe', async () => {
    const { answer, billing, timeline } = receive({
      id: 'evt_1',
      type: 'invoice.paid',
      created: 1_800_000_000,
      data: { object: { id: 'in_1' } },
    });
    expect(await answer).toEqual({ received: true, duplicate: false, queued: true });
    expect(billing.storeEvents).toHaveBeenCalledWith([
      { event: { id: 'evt_1', type: 'invoice.paid', objectId: 'in_1', created: 1_800_000_000 }, ignored: null },
    ]);
    expect(timeline).toEqual([]);
  });

  it('stores an event type the product does not act on, or an object without id, as ignored: nothing to queue', async () => {
    const other = receive({ id: 'evt_2', type: 'customer.created', created: 1, data: { object: { id: 'cus_1' } } });
    expect(await other.answer).toEqual({ received: true, duplicate: false, queued: false });
    expect(other.billing.storeEvents).toHaveBeenCalledWith([
      { event: expect.objectContaining({ id: 'evt_2' }), ignored: 'type d’événement non traité' },
    ]);
    const noId = receive({ id: 'evt_3', type: 'invoice.paid', created: 1, data: { object: {} } });
    expect(await noId.answer).toMatchObject({ queued: false });
    expect(noId.billing.storeEvents).toHaveBeenCalledWith([
      { event: expect.objectContaining({ id: 'evt_3', objectId: null }), ignored: 'objet sans identifiant' },
    ]);
  });

  it('ignores the types Stripe sends that the product does not act on quietly (debug), a handled one it cannot read with a warning', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    try {
      for (const type of ['customer.created', 'payment_intent.succeeded', 'charge.succeeded', 'invoice.finalized', 'invoice_payment.paid'])
        await receive({ id: `evt_${type}`, type, created: 1, data: { object: { id: 'x_1' } } }).answer;
      expect(warn).not.toHaveBeenCalled();
      expect(debug).toHaveBeenCalledTimes(5);
      await receive({ id: 'evt_noid', type: 'invoice.paid', created: 1, data: { object: {} } }).answer;
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('objet sans identifiant'));
    } finally {
      warn.mockRestore();
      debug.mockRestore();
    }
  });

  it('stores webhooks received at the same moment with one statement; should it fail, each alone, so one bad event fails only its own request', async () => {
    const event = (n: number) => ({ id: `evt_${n}`, type: 'invoice.paid', created: 1, data: { object: { id: `in_${n}` } } });
    const { sut, billing } = inbox();
    const stripe = (sut as unknown as { stripe: { constructEvent: jest.Mock } }).stripe;
    billing.storeEvents.mockImplementation(async (events: Array<{ event: { id: string } }>) => {
      if (events.some((e) => e.event.id === 'evt_3')) throw new Error('timestamp out of range');
      return events.map(() => true);
    });
    const answers = [1, 2, 3, 4].map((n) => {
      stripe.constructEvent.mockReturnValueOnce(event(n));
      return sut.receive(Buffer.from('{}'), 't=1,v1=x').then(
        (a) => a.duplicate,
        (e: Error) => e.message,
      );
    });
    expect(await Promise.all(answers)).toEqual([false, false, 'timestamp out of range', false]);
    // evt_1 alone (nothing in flight), then 2, 3 and 4 together, which failed, then each alone.
    expect(billing.storeEvents.mock.calls.map(([events]) => (events as Array<{ event: { id: string } }>).map((e) => e.event.id))).toEqual([
      ['evt_1'],
      ['evt_2', 'evt_3', 'evt_4'],
      ['evt_2'],
      ['evt_3'],
      ['evt_4'],
    ]);
  });

  it('answers a replay as a duplicate, queueing nothing', async () => {
    const { sut, billing } = inbox({ event: { id: 'evt_1', type: 'invoice.paid', created: 1, data: { object: { id: 'in_1' } } } });
    billing.storeEvents.mockResolvedValue([false]);
    expect(await sut.receive(Buffer.from('{}'), 't=1,v1=x')).toEqual({ received: true, duplicate: true, queued: false });
  });
});

describe('WebhookService: processing a batch', () => {
  it('reads Stripe before the transaction opens, then takes the event out of the inbox and applies it in one transaction', async () => {
    const { sut, timeline } = inbox();
    await sut.processBatch([claimed('invoice.paid', 'in_1')]);
    expect(timeline).toEqual([
      'stripe invoices.retrieve',
      'begin',
      'processed evt_1',
      'upsert invoice',
      'customer.seen → auth.link-customer',
      // What a paid invoice tells, in the transaction: integrators, then (once the batch is applied) its legal invoice.
      'invoice.paid → outbound-webhooks.invoice-paid',
      'payment.collected → invoicing.issue-invoice',
      'commit',
    ]);
  });

  it('applies nothing when another worker took the event out first', async () => {
    const { sut, timeline } = inbox({ finished: false });
    await sut.processBatch([claimed('invoice.paid', 'in_1')]);
    expect(timeline).toEqual(['stripe invoices.retrieve', 'begin', 'processed evt_1', 'commit']);
  });

  it('reads each object once per batch and applies the events about one object together', async () => {
    const { sut, timeline, client } = inbox({ invoice: async () => invoice('paid', 'sub_1') });
    await sut.processBatch([
      claimed('invoice.paid', 'in_1', 'evt_1'),
      claimed('customer.subscription.updated', 'sub_1', 'evt_2'),
      claimed('invoice.payment_failed', 'in_1', 'evt_3'),
      claimed('customer.subscription.updated', 'sub_1', 'evt_4'),
    ]);
    expect(client.invoices.retrieve).toHaveBeenCalledTimes(1);
    expect(client.subscriptions.retrieve).toHaveBeenCalledTimes(1);
    expect(client.customers.retrieve).toHaveBeenCalledTimes(1);
    // One transaction for the batch; each object's effects applied once.
    expect(timeline.filter((line) => line === 'begin')).toHaveLength(1);
    const processed = timeline.find((line) => line.startsWith('processed'))!;
    expect(processed.slice('processed '.length).split(',').sort()).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4']);
    expect(timeline.filter((line) => line === 'upsert invoice')).toHaveLength(1);
    expect(timeline.some((line) => line.includes('INSIDE'))).toBe(false);
  });

  it('records an event whose object Stripe does not know as ignored, outside any transaction', async () => {
    const missing = Object.assign(new Error("No such invoice: 'in_1'"), { statusCode: 404, code: 'resource_missing' });
    const { sut, timeline, billing } = inbox({ invoice: async () => Promise.reject(missing) });
    await sut.processBatch([claimed('invoice.paid', 'in_1')]);
    expect(timeline).toEqual(['stripe invoices.retrieve', 'ignored evt_1']);
    expect(billing.finishEvents).toHaveBeenCalledWith(['evt_1'], 'ignored', expect.stringContaining('introuvable chez Stripe'));
  });

  it('puts the event back in line when Stripe fails, waiting longer each attempt, and marks it failed after the last', async () => {
    const down = async () => Promise.reject(Object.assign(new Error('timeout'), { statusCode: 500 }));
    const first = inbox({ invoice: down });
    await first.sut.processBatch([claimed('invoice.paid', 'in_1', 'evt_1', 1)]);
    expect(first.timeline).toEqual(['stripe invoices.retrieve', 'retry evt_1 in 5 s']);
    const second = inbox({ invoice: down });
    await second.sut.processBatch([claimed('invoice.paid', 'in_1', 'evt_1', 2)]);
    expect(second.timeline).toEqual(['stripe invoices.retrieve', 'retry evt_1 in 10 s']);
    const last = inbox({ invoice: down });
    await last.sut.processBatch([claimed('invoice.paid', 'in_1', 'evt_1', 3)]);
    expect(last.timeline).toEqual(['stripe invoices.retrieve', 'failed evt_1']);
    expect(last.billing.finishEvents).toHaveBeenCalledWith(['evt_1'], 'failed', 'timeout');
  });

  it('when the batch’s transaction fails, applies each object alone: only the failing one goes back in line, nothing is lost', async () => {
    const { sut, timeline, billing } = inbox({ invoice: async () => invoice('paid', 'sub_1') });
    billing.upsertInvoice.mockRejectedValue(new Error('deadlock detected'));
    await sut.processBatch([claimed('invoice.paid', 'in_1', 'evt_1'), claimed('customer.subscription.updated', 'sub_1', 'evt_2')]);
    const after = timeline.slice(timeline.indexOf('commit') + 1);
    expect(after.filter((line) => line === 'begin')).toHaveLength(2);
    expect(after).toContain('processed evt_2');
    expect(after).toContain('retry evt_1 in 5 s');
    expect(billing.retryEvents).toHaveBeenCalledTimes(1);
    expect(billing.retryEvents).toHaveBeenCalledWith(['evt_1'], 'deadlock detected', 5);
  });

  it('a refund (made in Stripe’s dashboard): every refund of the charge read before, recorded, then credited in the transaction', async () => {
    const { sut, timeline, client } = inbox();
    await sut.processBatch([claimed('refund.created', 're_1', 'evt_1'), claimed('charge.refunded', 'ch_1', 'evt_2')]);
    // The charge's refunds and the invoice its payment paid are read once for the batch, outside the transaction.
    expect(client.refunds.list).toHaveBeenCalledTimes(1);
    expect(client.invoicePayments.list).toHaveBeenCalledTimes(1);
    expect(timeline.some((line) => line.includes('INSIDE'))).toBe(false);
    const inside = timeline.slice(timeline.indexOf('begin'), timeline.indexOf('commit'));
    expect(inside.filter((line) => line.startsWith('record'))).toEqual(['record re_2→in_1,re_1→in_1', 'record re_2→in_1,re_1→in_1']);
    // Credited last, after every effect of the batch is applied.
    expect(inside.at(-1)).toBe('credit in_1');
    expect(inside.indexOf('credit in_1')).toBeGreaterThan(inside.lastIndexOf('record re_2→in_1,re_1→in_1'));
  });

  it('tells a failing payment once the invoice is recorded, in the same transaction: integrators first, then the client', async () => {
    const { sut, timeline, published } = inbox({ invoice: async () => invoice('open') });
    await sut.processBatch([claimed('invoice.payment_failed', 'in_1')]);
    const inside = timeline.slice(timeline.indexOf('begin'), timeline.indexOf('commit'));
    expect(inside.filter((line) => line.startsWith('payment.failed'))).toEqual([
      'payment.failed → outbound-webhooks.payment-failed',
      'payment.failed → auth.payment-failed-mail',
    ]);
    expect(inside.indexOf('upsert invoice')).toBeLessThan(inside.indexOf('payment.failed → auth.payment-failed-mail'));
    const [, fact] = published.find(([key]) => key === 'payment.failed → auth.payment-failed-mail')!;
    expect(fact).toMatchObject({
      customerId: 'cus_1',
      email: 'a@example.com',
      userId: 'u1',
      invoice: { id: 'in_1', amountDue: 2900, hostedUrl: 'https://stripe.example/in_1' },
    });
  });
});

describe('paidOrderOf', () => {
  const session = (changes: object = {}) =>
    ({
      id: 'cs_1',
      payment_status: 'paid',
      metadata: {
        draftId: '3f2b6c1e-1111-4000-8000-000000000001',
        planType: 'business',
        logo: 'true',
        googleBusiness: 'false',
        trustpilot: 'true',
        extraEmailCount: '2',
      },
      subscription: 'sub_1',
      customer_details: { email: 'ana@example.com', name: 'Ana' },
      customer_email: null,
      ...changes,
    }) as unknown as Stripe.Checkout.Session;

  it('reads the order and what was paid for from the session the checkout opened', () => {
    expect(paidOrderOf(session())).toEqual({
      sessionId: 'cs_1',
      draftId: '3f2b6c1e-1111-4000-8000-000000000001',
      planType: 'business',
      addOns: { logo: true, googleBusiness: false, trustpilot: true, extraEmailCount: 2 },
      subscriptionId: 'sub_1',
      email: 'ana@example.com',
      name: 'Ana',
    });
    expect(
      paidOrderOf(
        session({
          subscription: { id: 'sub_2' },
          metadata: { draftId: '3f2b6c1e-1111-4000-8000-000000000001', planType: 'pro', extraEmailCount: '-3' },
        }),
      ),
    ).toMatchObject({
      planType: 'pro',
      subscriptionId: 'sub_2',
      addOns: { logo: false, googleBusiness: false, trustpilot: false, extraEmailCount: 0 },
    });
  });

  it('provisions nothing for a session opened elsewhere or not paid', () => {
    expect(paidOrderOf(session({ metadata: {} }))).toBeUndefined();
    // A plan the catalogue does not sell by card is never read as Pro.
    expect(paidOrderOf(session({ metadata: { draftId: '3f2b6c1e-1111-4000-8000-000000000001', planType: 'teams' } }))).toBeUndefined();
    expect(paidOrderOf(session({ metadata: { draftId: '3f2b6c1e-1111-4000-8000-000000000001' } }))).toBeUndefined();
    expect(paidOrderOf(session({ metadata: { draftId: '../../etc' } }))).toBeUndefined();
    expect(paidOrderOf(session({ payment_status: 'unpaid' }))).toBeUndefined();
  });
});
