import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { UsersService } from '../auth/users.service';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { BillingRepository } from './billing.repository';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';
import { OrderProvisioning } from './order-provisioning.service';
import { paidOrderOf, WebhookService } from './webhook.service';

const event = (type: string, object: object, id = 'evt_1') => ({ id, type, created: 1_800_000_000, data: { object } }) as unknown as Stripe.Event;
const invoice = (status: string) => ({ id: 'in_1', customer: 'cus_1', customer_email: 'a@example.com', number: 'F-1', created: 1_800_000_000, total: 2900, amount_due: 2900, currency: 'eur', status, description: 'Pro', hosted_invoice_url: 'https://stripe.example/in_1', invoice_pdf: null, parent: null, lines: { data: [] } });

/** The inbox with a fake Stripe, and a transaction that records what happens while it is open. */
function inbox(options: { seen?: boolean; recorded?: boolean; invoice?: () => Promise<unknown> } = {}) {
  const timeline: string[] = [];
  let open = false;
  const stripeCall = (name: string, answer: () => Promise<unknown>) =>
    jest.fn(async () => {
      timeline.push(open ? `stripe ${name} INSIDE transaction` : `stripe ${name}`);
      return answer();
    });
  const client = { invoices: { retrieve: stripeCall('invoices.retrieve', options.invoice ?? (async () => invoice('paid'))) } };
  const billing = automock<BillingRepository>();
  billing.eventSeen.mockResolvedValue(options.seen ?? false);
  billing.recordEvent.mockImplementation(async (_e, outcome) => {
    timeline.push(`record ${outcome}`);
    return options.recorded ?? true;
  });
  billing.upsertInvoice.mockImplementation(async () => void timeline.push('upsert invoice'));
  const users = automock<UsersService>();
  users.linkStripeCustomer.mockResolvedValue({ id: 'u1', email: 'a@example.com', name: 'Ana' } as never);
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
  const mail = automock<MailService>();
  mail.link.mockImplementation((path: string) => `http://localhost:3000${path}`);
  const { sut } = newTestService(WebhookService, [
    [StripeProvider, automock<StripeProvider>({ client })],
    [PriceBook, automock<PriceBook>()],
    [BillingRepository, billing],
    [UsersService, users],
    [Transactions, transactions],
    [MailService, mail],
    [OrderProvisioning, automock<OrderProvisioning>()],
  ]);
  return { sut, timeline, billing, mail, transactions };
}

describe('WebhookService: the order of things', () => {
  it('reads Stripe before the transaction opens, then records the event and applies it in one transaction', async () => {
    const { sut, timeline } = inbox();
    expect(await sut.process(event('invoice.paid', { id: 'in_1' }))).toBe(false);
    expect(timeline).toEqual(['stripe invoices.retrieve', 'begin', 'record processed', 'upsert invoice', 'commit']);
  });

  it('reads nothing from Stripe for an event already recorded', async () => {
    const { sut, timeline } = inbox({ seen: true });
    expect(await sut.process(event('invoice.paid', { id: 'in_1' }))).toBe(true);
    expect(timeline).toEqual([]);
  });

  it('applies nothing when a concurrent copy recorded the event first', async () => {
    const { sut, timeline } = inbox({ recorded: false });
    expect(await sut.process(event('invoice.paid', { id: 'in_1' }))).toBe(true);
    expect(timeline).toEqual(['stripe invoices.retrieve', 'begin', 'record processed', 'commit']);
  });

  it('acknowledges an event whose object Stripe does not know, recording it as ignored outside any transaction', async () => {
    const missing = Object.assign(new Error("No such invoice: 'in_1'"), { statusCode: 404, code: 'resource_missing' });
    const { sut, timeline, billing } = inbox({ invoice: async () => Promise.reject(missing) });
    expect(await sut.process(event('invoice.paid', { id: 'in_1' }))).toBe(false);
    expect(timeline).toEqual(['stripe invoices.retrieve', 'record ignored']);
    expect(billing.recordEvent).toHaveBeenCalledWith(expect.objectContaining({ id: 'evt_1' }), 'ignored', expect.stringContaining('introuvable chez Stripe'));
  });

  it('lets any other Stripe failure through, recording nothing, so Stripe retries the event', async () => {
    const { sut, billing } = inbox({ invoice: async () => Promise.reject(Object.assign(new Error('timeout'), { statusCode: 500 })) });
    await expect(sut.process(event('invoice.paid', { id: 'in_1' }))).rejects.toThrow('timeout');
    expect(billing.recordEvent).not.toHaveBeenCalled();
  });

  it('mails a failed payment once per invoice, in the same transaction', async () => {
    const { sut, mail } = inbox({ invoice: async () => invoice('open') });
    await sut.process(event('invoice.payment_failed', { id: 'in_1' }));
    expect(mail.enqueue).toHaveBeenCalledWith(
      'payment-failed',
      'a@example.com',
      expect.objectContaining({ name: 'Ana', invoiceUrl: 'https://stripe.example/in_1' }),
      expect.objectContaining({ dedupeKey: 'payment-failed:in_1', tx: expect.anything() }),
    );
  });

  it('records an event type the product does not act on as ignored', async () => {
    const { sut, timeline } = inbox();
    expect(await sut.process(event('customer.created', { id: 'cus_1' }))).toBe(false);
    expect(timeline).toEqual(['record ignored']);
  });
});

describe('paidOrderOf', () => {
  const session = (changes: object = {}) =>
    ({
      id: 'cs_1',
      payment_status: 'paid',
      metadata: { draftId: '3f2b6c1e-1111-4000-8000-000000000001', planType: 'business', logo: 'true', googleBusiness: 'false', trustpilot: 'true', extraEmailCount: '2' },
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
    expect(paidOrderOf(session({ subscription: { id: 'sub_2' }, metadata: { draftId: '3f2b6c1e-1111-4000-8000-000000000001', extraEmailCount: '-3' } }))).toMatchObject({
      planType: 'pro',
      subscriptionId: 'sub_2',
      addOns: { logo: false, googleBusiness: false, trustpilot: false, extraEmailCount: 0 },
    });
  });

  it('provisions nothing for a session opened elsewhere or not paid', () => {
    expect(paidOrderOf(session({ metadata: {} }))).toBeUndefined();
    expect(paidOrderOf(session({ metadata: { draftId: '../../etc' } }))).toBeUndefined();
    expect(paidOrderOf(session({ payment_status: 'unpaid' }))).toBeUndefined();
  });
});
