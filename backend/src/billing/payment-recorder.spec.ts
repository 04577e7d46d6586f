import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { InvoiceFromStripe, PaidCheckout, StripeInvoiceFacts, SubscriptionFromStripe } from '../billing-facts/facts';
import { Transactions } from '../database/transactions';
import { BillingRepository } from './billing.repository';
import { PaymentRecorder } from './payment-recorder';
import { RefundCredits } from './refund-credits';
import { type Effects, StripeReader } from './stripe-reader';

const syncedAt = new Date('2027-01-15T08:00:00Z');
const subscription = (changes: Partial<SubscriptionFromStripe> = {}): SubscriptionFromStripe => ({
  id: 'sub_1',
  customerId: 'cus_1',
  userId: null,
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: 1_802_000_000,
  priceId: 'price_pro',
  plan: 'pro',
  metadata: {},
  startedAt: 1_800_000_000,
  endedAt: null,
  syncedAt,
  cancellationReason: null,
  ...changes,
});
const facts: StripeInvoiceFacts = {
  number: 'F-1',
  billingReason: 'subscription_cycle',
  paidAt: 1_800_000_100,
  lines: [],
  customerName: 'Ana',
  customerEmail: 'ana@example.com',
  customerAddress: null,
};
const invoice = (changes: Partial<InvoiceFromStripe> = {}): InvoiceFromStripe => ({
  id: 'in_1',
  customerId: 'cus_1',
  userId: null,
  subscriptionId: 'sub_1',
  number: 'F-1',
  created: 1_800_000_000,
  amountCents: 2900,
  currency: 'eur',
  status: 'paid',
  description: 'Abonnement Formule Pro',
  hostedUrl: 'https://stripe.example/in_1',
  pdfUrl: null,
  paymentFailed: false,
  syncedAt,
  amountDue: 0,
  facts,
  ...changes,
});
const checkout: PaidCheckout = {
  sessionId: 'cs_1',
  draftId: 'draft_1',
  planType: 'pro',
  addOns: { logo: false, googleBusiness: false, trustpilot: false, extraEmailCount: 0 },
  subscriptionId: 'sub_1',
  email: 'ana@example.com',
  name: 'Ana',
};
const refund = {
  id: 're_1',
  invoiceId: 'in_1',
  chargeId: 'ch_1',
  paymentIntentId: 'pi_1',
  customerId: 'cus_1',
  amountCents: 2900,
  currency: 'eur',
  status: 'succeeded',
  reason: null,
  created: 1_800_000_200,
  syncedAt,
};

/**
 * The recorder with its real bus: billing's own reactions (attach the customer, link the site) run for real, every
 * other one only records (once per fact), in one timeline with billing's writes, the fact it heard and the transaction it ran in.
 */
function recorder() {
  const tx = { id: 'tx' } as unknown as EntityManager;
  const timeline: string[] = [];
  const heard: Array<{ type: string; fact: Record<string, unknown>; tx: EntityManager }> = [];
  const bus = new BillingFacts();
  const billing = automock<BillingRepository>();
  billing.upsertSubscription.mockImplementation(async (row) => void timeline.push(`upsert ${row.id}`));
  billing.upsertInvoice.mockImplementation(async (row) => void timeline.push(`upsert ${row.id}`));
  billing.userOfCustomer.mockImplementation(async () => {
    timeline.push('user of customer');
    return 'u1';
  });
  billing.openFailedInvoiceOf.mockResolvedValue(null);
  billing.siteOfSubscription.mockResolvedValue('site_1');
  billing.ownerOfInvoice.mockResolvedValue({ userId: 'u1', siteId: 'site_1' });
  const refundCredits = automock<RefundCredits>();
  refundCredits.record.mockImplementation(async (rows) => {
    timeline.push(`record ${rows.map((r) => r.id).join(',')}`);
    return ['in_1'];
  });
  const transactions = automock<Transactions>({ run: jest.fn(async (fn: (t: EntityManager) => Promise<unknown>) => fn(tx)) });
  const { sut, mock } = newTestService(PaymentRecorder, [
    [BillingRepository, billing],
    [BillingFacts, bus],
    [Transactions, transactions],
    [RefundCredits, refundCredits],
  ]);
  const hooked = new Set<string>();
  for (const key of bus.unregistered()) {
    const [type, name] = key.split(' → ') as [never, never];
    const first = !hooked.has(type);
    hooked.add(type);
    bus.on(type, name, async (fact: Record<string, unknown>, t: EntityManager) => {
      if (!first) return; // a fact is heard once, whatever its number of reactions
      timeline.push(type);
      heard.push({ type, fact, tx: t });
    });
  }
  const published = () => heard.map((h) => h.type);
  const factOf = (type: string) => heard.find((h) => h.type === type)?.fact;
  return { sut, bus, billing, reader: mock(StripeReader), refundCredits, transactions, tx, timeline, heard, published, factOf };
}

describe('PaymentRecorder: one event’s effects', () => {
  it('records billing’s rows, then publishes a paid checkout’s facts in their order, all in the transaction', async () => {
    const { sut, tx, timeline, heard, published } = recorder();
    const ended = subscription({ status: 'canceled', endedAt: 1_800_000_300, cancellationReason: 'payment_failed' });
    const failing = invoice({ id: 'in_2', status: 'open', amountDue: 2900, paymentFailed: true });
    await sut.apply(
      {
        customerId: 'cus_1',
        email: 'stripe@example.com',
        subscription: ended,
        invoices: [failing, invoice()],
        mail: 'payment-failed',
        paidOrder: checkout,
        restart: { sessionId: 'cs_1', siteId: 'site_1', planType: 'pro', subscriptionId: 'sub_1', userId: 'u1' },
        cardChange: { sessionId: 'cs_2', siteId: 'site_1', subscriptionId: 'sub_1', last4: '4242' },
      },
      tx,
    );
    expect(published()).toEqual([
      'order.paid',
      'restart.paid',
      'subscription.changed',
      'invoice.paid',
      'payment.failed',
      'subscription.ended',
      'payment-method.changed',
    ]);
    expect(heard.every((h) => h.tx === tx)).toBe(true);
    // Billing's own rows first; the account is read once the order's buyer is linked, for the facts that follow.
    expect(timeline.slice(0, 5)).toEqual(['upsert sub_1', 'upsert in_2', 'upsert in_1', 'order.paid', 'user of customer']);
  });

  it('says what was paid: the checkout with its first invoice, the restart and the account billing’s rows give', async () => {
    const { sut, tx, factOf } = recorder();
    const restart = { sessionId: 'cs_1', siteId: 'site_1', planType: 'pro' as const, subscriptionId: 'sub_1', userId: 'u1' };
    await sut.apply({ customerId: 'cus_1', email: 'stripe@example.com', invoices: [invoice()], paidOrder: checkout, restart }, tx);
    const ref = { id: 'in_1', amountCents: 2900, hostedUrl: 'https://stripe.example/in_1' };
    expect(factOf('order.paid')).toEqual({ customerId: 'cus_1', checkout, email: 'stripe@example.com', invoice: ref });
    expect(factOf('restart.paid')).toEqual({ restart, customerId: 'cus_1', userId: 'u1', invoice: ref });
    expect(factOf('invoice.paid')).toEqual({ invoice: invoice(), userId: 'u1' });
  });

  it('publishes customer.seen instead of order.paid for an event that is not an order’s payment', async () => {
    const { sut, tx, published, factOf } = recorder();
    await sut.apply({ customerId: 'cus_1', email: 'stripe@example.com', invoices: [invoice({ status: 'open' })] }, tx);
    expect(published()).toEqual(['customer.seen']);
    expect(factOf('customer.seen')).toEqual({ customerId: 'cus_1', email: 'stripe@example.com' });
  });

  it('links the customer of an order’s subscription by its id only, never by e-mail: the order’s own event names its buyer', async () => {
    const { sut, tx, factOf } = recorder();
    await sut.apply(
      {
        customerId: 'cus_1',
        email: 'ana@example.com',
        subscription: subscription({ metadata: { planType: 'pro', draftId: 'draft_1' } }),
        invoices: [invoice()],
      },
      tx,
    );
    expect(factOf('customer.seen')).toEqual({ customerId: 'cus_1', email: null });

    const restarted = recorder();
    await restarted.sut.apply(
      { customerId: 'cus_1', email: 'ana@example.com', subscription: subscription({ metadata: { siteId: 'site_1' } }), invoices: [] },
      restarted.tx,
    );
    expect(restarted.factOf('customer.seen')).toEqual({ customerId: 'cus_1', email: 'ana@example.com' });
  });

  it('records an event’s refunds before anything else, and only them when the event names no customer', async () => {
    const withCustomer = recorder();
    await withCustomer.sut.apply({ customerId: 'cus_1', invoices: [invoice()], refunds: [refund] }, withCustomer.tx);
    expect(withCustomer.timeline[0]).toBe('record re_1');
    expect(withCustomer.refundCredits.record).toHaveBeenCalledWith([refund], withCustomer.tx);

    const without = recorder();
    await without.sut.apply({ invoices: [invoice()], refunds: [refund] }, without.tx);
    expect(without.timeline).toEqual(['record re_1']);
  });

  it('tells a subscription’s change with its paid invoice, and the failing one only when it is not live', async () => {
    const { sut, tx, billing, factOf } = recorder();
    const open = { id: 'in_2', amountCents: 2900, paymentFailedAt: new Date('2027-01-01'), hostedUrl: null };
    billing.openFailedInvoiceOf.mockResolvedValue(open);
    const active = subscription();
    await sut.apply(
      { customerId: 'cus_1', subscription: active, invoices: [invoice({ subscriptionId: 'sub_other' }), invoice({ id: 'in_3' })] },
      tx,
    );
    expect(factOf('subscription.changed')).toEqual({
      subscription: active,
      byClient: false,
      paidInvoice: { id: 'in_3', amountCents: 2900, hostedUrl: 'https://stripe.example/in_1' },
      openFailedInvoice: null,
    });
    expect(billing.openFailedInvoiceOf).not.toHaveBeenCalled();

    const late = recorder();
    late.billing.openFailedInvoiceOf.mockResolvedValue(open);
    await late.sut.apply({ customerId: 'cus_1', subscription: subscription({ status: 'past_due' }), invoices: [] }, late.tx);
    expect(late.factOf('subscription.changed')).toMatchObject({ byClient: false, paidInvoice: null, openFailedInvoice: open });
    expect(late.billing.openFailedInvoiceOf).toHaveBeenCalledWith('sub_1', late.tx);
    // Not over: nothing ended.
    expect(late.published()).not.toContain('subscription.ended');
  });

  it('tells a subscription the client canceled as theirs, and its end with its site and account', async () => {
    const { sut, tx, factOf } = recorder();
    const canceled = subscription({ status: 'canceled', endedAt: 1_800_000_300, cancellationReason: 'cancellation_requested' });
    await sut.apply({ customerId: 'cus_1', subscription: canceled, invoices: [] }, tx);
    expect(factOf('subscription.changed')).toMatchObject({ byClient: true });
    expect(factOf('subscription.ended')).toEqual({ subscription: canceled, userId: 'u1', siteId: 'site_1' });

    const byStripe = recorder();
    await byStripe.sut.apply(
      { customerId: 'cus_1', subscription: { ...canceled, cancellationReason: 'payment_failed' }, invoices: [] },
      byStripe.tx,
    );
    expect(byStripe.factOf('subscription.changed')).toMatchObject({ byClient: false });
  });

  it('gives back an invoice paid after Stripe ended its subscription for failed payments, in the transaction, and nothing else', async () => {
    const ended = subscription({ status: 'canceled', endedAt: 1_800_000_300, cancellationReason: 'payment_failed' });
    const late = invoice({ id: 'in_late', facts: { ...facts, paidAt: 1_800_000_300 } });
    const { sut, tx, heard } = recorder();
    await sut.apply({ customerId: 'cus_1', subscription: ended, invoices: [late] }, tx);
    const found = heard.filter((h) => h.type === 'duplicate-payment.found');
    expect(found).toEqual([
      {
        type: 'duplicate-payment.found',
        tx,
        fact: expect.objectContaining({
          kind: 'invoice',
          cause: 'subscription-ended',
          referenceId: 'site_1',
          siteId: 'site_1',
          checkoutSessionId: null,
          subscriptionId: 'sub_1',
          invoiceId: 'in_late',
          customerId: 'cus_1',
          userId: 'u1',
          amountCents: 2900,
        }),
      },
    ]);
    // Paid before the end, ended by the client, another subscription's, or not paid: nothing to give back.
    for (const [sub, inv] of [
      [ended, invoice({ facts: { ...facts, paidAt: 1_800_000_299 } })],
      [{ ...ended, cancellationReason: 'cancellation_requested' }, late],
      [ended, invoice({ id: 'in_other', subscriptionId: 'sub_2', facts: { ...facts, paidAt: 1_800_000_400 } })],
      [ended, invoice({ status: 'open', facts: { ...facts, paidAt: null } })],
    ] as const) {
      const other = recorder();
      await other.sut.apply({ customerId: 'cus_1', subscription: sub, invoices: [inv] }, other.tx);
      expect(other.published()).not.toContain('duplicate-payment.found');
    }
  });

  it('publishes a failed payment only when the state calls for its mail, with the first invoice and Stripe’s e-mail', async () => {
    const { sut, tx, factOf, published } = recorder();
    const failing = invoice({ status: 'open', amountDue: 2900, paymentFailed: true });
    await sut.apply({ customerId: 'cus_1', email: 'stripe@example.com', invoices: [failing], mail: 'payment-failed' }, tx);
    expect(factOf('payment.failed')).toEqual({ invoice: failing, customerId: 'cus_1', email: 'stripe@example.com', userId: 'u1' });

    const quiet = recorder();
    await quiet.sut.apply({ customerId: 'cus_1', invoices: [failing] }, quiet.tx);
    expect(quiet.published()).not.toContain('payment.failed');
    expect(published()).not.toContain('invoice.paid');
  });

  it('publishes payment.action-required instead of payment.failed when the payment waits for the client’s authentication', async () => {
    const { sut, tx, factOf, published } = recorder();
    const waiting = invoice({ status: 'open', amountDue: 2900, paymentFailed: true, actionRequired: true });
    await sut.apply({ customerId: 'cus_1', email: null, invoices: [waiting], mail: 'payment-action-required' }, tx);
    expect(factOf('payment.action-required')).toEqual({ invoice: waiting, customerId: 'cus_1', email: null, userId: 'u1' });
    expect(published()).not.toContain('payment.failed');
  });
});

describe('PaymentRecorder: the batch’s legal invoices', () => {
  it('publishes payment.collected only for a paid invoice of more than zero that has its facts, with the owner billing’s rows give', async () => {
    const { sut, tx, billing, heard } = recorder();
    const effects: Pick<Effects, 'customerId' | 'email' | 'invoices'> = {
      customerId: 'cus_1',
      email: 'stripe@example.com',
      invoices: [
        invoice({ id: 'in_open', status: 'open' }),
        invoice({ id: 'in_zero', amountCents: 0 }),
        invoice({ id: 'in_bare', facts: undefined }),
        invoice({ id: 'in_paid' }),
      ],
    };
    await sut.collect(effects, tx);
    expect(heard.map((h) => [h.type, h.fact])).toEqual([
      [
        'payment.collected',
        { invoice: invoice({ id: 'in_paid' }), owner: { userId: 'u1', siteId: 'site_1' }, email: 'stripe@example.com', checkout: null },
      ],
    ]);
    expect(heard[0].tx).toBe(tx);
    expect(billing.ownerOfInvoice).toHaveBeenCalledWith('in_paid', tx);
    expect(billing.ownerOfInvoice).toHaveBeenCalledTimes(1);
  });

  it('tells invoicing which checkout opened a subscription’s first invoice: an order’s from any event, a restart’s from its own', async () => {
    const first = invoice({ id: 'in_first', facts: { ...facts, billingReason: 'subscription_create' } });
    // An order's, read before its checkout's event: told as an order's (invoicing waits for the order's buyer).
    const early = recorder();
    early.billing.openerOf.mockResolvedValue('order');
    await early.sut.collect({ customerId: 'cus_1', invoices: [first] }, early.tx);
    expect(early.billing.openerOf).toHaveBeenCalledWith('sub_1', early.tx);
    expect(early.heard.map((h) => [h.type, h.fact.checkout])).toEqual([['payment.collected', 'order']]);

    const fromCheckout = recorder();
    await fromCheckout.sut.collect({ customerId: 'cus_1', invoices: [first], paidOrder: checkout }, fromCheckout.tx);
    expect(fromCheckout.heard.map((h) => [h.type, h.fact.checkout])).toEqual([['payment.collected', 'order']]);
    expect(fromCheckout.billing.openerOf).not.toHaveBeenCalled();

    // A restart's: only from the restart's own event, which links its site first.
    const restartEarly = recorder();
    restartEarly.billing.openerOf.mockResolvedValue('restart');
    await restartEarly.sut.collect({ customerId: 'cus_1', invoices: [first] }, restartEarly.tx);
    expect(restartEarly.heard).toEqual([]);
    const fromRestart = recorder();
    const restart = { sessionId: 'cs_2', siteId: 'site_1', planType: 'pro' as const, subscriptionId: 'sub_1', userId: 'u1' };
    await fromRestart.sut.collect({ customerId: 'cus_1', invoices: [first], restart }, fromRestart.tx);
    expect(fromRestart.heard.map((h) => h.fact.checkout)).toEqual(['restart']);

    // A subscription made elsewhere (the team's, in Stripe's dashboard): its first invoice is issued from its own event.
    const elsewhere = recorder();
    elsewhere.billing.openerOf.mockResolvedValue(null);
    await elsewhere.sut.collect({ customerId: 'cus_1', invoices: [first] }, elsewhere.tx);
    expect(elsewhere.heard.map((h) => [h.type, h.fact.checkout])).toEqual([['payment.collected', null]]);
  });

  it('credits the refunds an event read once the batch is applied', async () => {
    const { sut, tx, refundCredits } = recorder();
    await sut.credit({ customerId: 'cus_1', invoices: [], refunds: [refund] }, tx);
    expect(refundCredits.creditRefunds).toHaveBeenCalledWith([refund], tx);
  });
});

describe('PaymentRecorder: a change through the API', () => {
  const stripeInvoice = {
    id: 'in_1',
    customer: 'cus_1',
    customer_email: 'ana@example.com',
    number: 'F-1',
    created: 1_800_000_000,
    total: 2900,
    amount_due: 0,
    currency: 'eur',
    status: 'paid',
    billing_reason: 'subscription_cycle',
    attempt_count: 1,
    description: null,
    hosted_invoice_url: 'https://stripe.example/in_1',
    invoice_pdf: null,
    parent: { subscription_details: { subscription: 'sub_1' } },
    lines: { data: [] },
  } as unknown as Stripe.Invoice;

  it('records it in one transaction and publishes the same facts as the webhook, as the client’s own', async () => {
    const { sut, tx, reader, transactions, timeline, heard, published, factOf } = recorder();
    const canceled = subscription({ status: 'canceled', endedAt: 1_800_000_300 });
    reader.toSubscriptionRow.mockResolvedValue(canceled);
    await sut.syncFromApi({ id: 'sub_1' } as Stripe.Subscription, [stripeInvoice]);
    expect(transactions.run).toHaveBeenCalledTimes(1);
    expect(reader.label).toHaveBeenCalledWith([expect.objectContaining({ id: 'in_1' })]);
    expect(timeline.slice(0, 2)).toEqual(['upsert sub_1', 'upsert in_1']);
    expect(published()).toEqual(['customer.seen', 'subscription.changed', 'invoice.paid', 'subscription.ended', 'payment.collected']);
    expect(heard.every((h) => h.tx === tx)).toBe(true);
    expect(factOf('customer.seen')).toEqual({ customerId: 'cus_1', email: null });
    expect(factOf('subscription.changed')).toMatchObject({ byClient: true, paidInvoice: { id: 'in_1' } });
    expect(factOf('payment.collected')).toMatchObject({ invoice: { id: 'in_1' }, owner: { userId: 'u1', siteId: 'site_1' }, email: null });
  });

  it('runs in the caller’s transaction when given one', async () => {
    const { sut, reader, transactions } = recorder();
    reader.toSubscriptionRow.mockResolvedValue(subscription());
    const outer = { id: 'outer' } as unknown as EntityManager;
    await sut.syncFromApi({ id: 'sub_1' } as Stripe.Subscription, [], outer);
    expect(transactions.run).toHaveBeenCalledWith(expect.any(Function), outer);
  });
});

describe('PaymentRecorder: billing’s own reactions', () => {
  it('gives the customer’s rows their account when the customer is linked, and a subscription its site when paid for', async () => {
    const { bus, billing, tx } = recorder();
    await bus.publish('customer.linked', { customerId: 'cus_1', userId: 'u1' }, tx);
    expect(billing.attachCustomer).toHaveBeenCalledWith('cus_1', 'u1', tx);
    await bus.publish('site.paid-for', { subscriptionId: 'sub_1', siteId: 'site_1' }, tx);
    expect(billing.linkSite).toHaveBeenCalledWith('sub_1', 'site_1', tx);
  });
});
