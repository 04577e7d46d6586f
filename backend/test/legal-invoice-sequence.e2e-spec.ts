import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import type { EntityManager } from 'typeorm';
import { InvoicingService } from '../src/invoicing/invoicing.service';
import { createTestApp, type TestApp } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import { payOnSandbox, SIMPLE, TEST_CARD } from './helpers/scenarios';
import { appWithSandbox, postEvent, TEST_WEBHOOK_SECRET, webhooksProcessed } from './helpers/stripe';

const YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());

/**
 * The legal numbers under concurrency: 20 payments whose webhooks (each event delivered twice) reach two app instances
 * on one database at the same moment, and issues that roll back in the middle of others. Every number is given once,
 * and the numbers of what committed follow each other without a gap.
 */
describe('the gapless sequence of legal invoices', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let a: TestApp;
  let b: TestApp;
  let close: () => Promise<void>;

  const numbers = async (kind = 'invoice'): Promise<Array<{ seq: number; number: string; stripe_invoice_id: string }>> =>
    a.dataSource.query(`SELECT seq, number, stripe_invoice_id FROM legal_invoices WHERE kind = $1 ORDER BY seq`, [kind]);

  beforeAll(async () => {
    ({ sandbox, stripe, t: a, close } = await appWithSandbox());
    b = await createTestApp(
      { STRIPE_SECRET_KEY: 'sk_test_sandbox', STRIPE_API_URL: sandbox.url, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
      a,
    );
  });
  afterAll(async () => {
    await b.close();
    await close();
  });

  it('20 payments, their webhooks delivered twice to two instances at once: 20 invoices numbered 1 to 20, none twice', async () => {
    // The sandbox delivers nowhere while the 20 orders are paid: their events are then sent all at once, below.
    sandbox.setWebhookUrl('http://127.0.0.1:9/nowhere');
    const since = Math.floor(Date.now() / 1000) - 1;
    for (let i = 0; i < 20; i++) {
      const { url } = await orderAndCheckout(a.api, {
        planType: i % 2 ? 'business' : 'pro',
        data: SIMPLE,
        billing: { email: `paie${i}@example.com` },
      });
      const paid = await payOnSandbox(sandbox, url, { card: TEST_CARD, email: `paie${i}@example.com`, name: `Client ${i}` });
      expect(paid.status).toBe(303);
    }
    await sandbox.flushWebhooks();
    // Of the dozen events Stripe sends per checkout, those the product acts on for a new order.
    const events = (
      await stripe.events.list({
        limit: 100,
        created: { gte: since },
        types: ['checkout.session.completed', 'invoice.paid', 'customer.subscription.created'],
      })
    ).data;
    expect(events.filter((e) => e.type === 'invoice.paid')).toHaveLength(20);
    // Every event twice, to both instances, all at the same moment; each instance's inbox worker wakes on its own.
    const deliveries = events.flatMap((e, i) => [i % 2 ? a : b, i % 2 ? b : a].map((app) => postEvent(app.api, e)));
    const answers = await Promise.all(deliveries);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    await Promise.all([webhooksProcessed(a), webhooksProcessed(b)]);
    await Promise.all([webhooksProcessed(a), webhooksProcessed(b)]);

    const issued = await numbers();
    expect(issued.map((d) => d.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(issued.map((d) => d.number)).toEqual(Array.from({ length: 20 }, (_, i) => `F-${YEAR}-${String(i + 1).padStart(6, '0')}`));
    // One invoice per payment Stripe collected.
    const paidInvoices = events.filter((e) => e.type === 'invoice.paid').map((e) => (e.data.object as { id: string }).id);
    expect(new Set(issued.map((d) => d.stripe_invoice_id))).toEqual(new Set(paidInvoices));
    const [counter] = await a.dataSource.query(`SELECT last_seq FROM legal_invoice_counters WHERE kind = 'invoice' AND year = $1`, [
      Number(YEAR),
    ]);
    expect(counter.last_seq).toBe(20);
  });

  it('issues that roll back, between others on both instances, leave no gap', async () => {
    const before = (await numbers()).length;
    const services = [a.app.get(InvoicingService), b.app.get(InvoicingService)];
    const attempt = (i: number) =>
      services[i % 2]
        .run(async (tx: EntityManager) => {
          await services[i % 2].issueInvoice(
            {
              stripeInvoiceId: `in_parallel_${i}`,
              stripeNumber: null,
              userId: null,
              fallback: { name: `Client ${i}`, email: `parallele${i}@example.com` },
              paidAt: new Date(),
              lines: [{ label: 'Formule Pro', detail: null, periodStart: null, periodEnd: null, quantity: 1, amountInclCents: 2900 }],
            },
            tx,
          );
          // A third of them fail after taking their number (the rest of their transaction fails): it is given back.
          await tx.query('SELECT pg_sleep(0.02)');
          if (i % 3 === 0) throw new Error('échec simulé');
        })
        .then(
          () => 'committed',
          () => 'rolled back',
        );
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i)));
    const committed = outcomes.filter((o) => o === 'committed').length;
    expect(committed).toBe(13);
    const issued = await numbers();
    expect(issued.map((d) => d.seq)).toEqual(Array.from({ length: before + committed }, (_, i) => i + 1));
    expect(issued.filter((d) => d.stripe_invoice_id.startsWith('in_parallel_'))).toHaveLength(committed);
  });
});
