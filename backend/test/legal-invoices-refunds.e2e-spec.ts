import type Stripe from 'stripe';
import type { Response } from 'superagent';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { DataSource } from 'typeorm';
import { DuplicatePayments } from '../src/billing/duplicate-payments';
import { dataSourceOptions, MIGRATIONS } from '../src/data-source';
import { StripeRefunds1763715300000 } from '../src/database/migrations/1763715300000-StripeRefunds';
import { InvoiceFiles } from '../src/invoicing/invoice-files';
import type { LegalDocument } from '../src/invoicing/legal-document';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { createEmptyDatabase } from './helpers/database';
import { ciiFacts, readFacturX, xsdErrors } from './helpers/factur-x';
import { orderAndCheckout } from './helpers/orders';
import { payOnSandbox, sessionIdOf, settle as settleWebhooks, SIMPLE, TEST_CARD } from './helpers/scenarios';
import { appWithSandbox, postEvent, TEST_WEBHOOK_SECRET } from './helpers/stripe';

const YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
const av = (seq: number) => `AV-${YEAR}-${String(seq).padStart(6, '0')}`;
const REFUND_EVENTS = ['refund.created', 'charge.refunded', 'refund.updated', 'charge.refund.updated'];
/** supertest's parser for a binary answer (PDF): the bytes as they came. */
const binary = (res: Response, done: (err: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

interface LegalRow {
  id: string;
  kind: string;
  number: string;
  source_key: string;
  user_id: string | null;
  stripe_invoice_id: string | null;
  credited_id: string | null;
  total_incl_cents: number;
  total_excl_cents: number;
  vat_cents: number;
  document: LegalDocument;
}

/**
 * A credit note (avoir) for every refund, whoever makes it: an admin in Stripe's dashboard (full, or several partial
 * refunds of one payment) or the duplicate-payment worker; each Stripe refund credited once, whatever order its events
 * come in, however often, on however many instances. And an account without billing identity gets invoices made out
 * as Stripe knows the customer. Against the Stripe sandbox and a real database.
 */
describe('legal invoices: refunds and buyers without billing identity', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let webhookUrl: string;
  let close: () => Promise<void>;
  let admin: SessionBody;

  /** A second instance on the same database (started by the test that needs it, closed at the end). */
  let b: TestApp | undefined;

  /** Waits until every instance has processed every event the sandbox sent, and the files are rendered. */
  const settle = async () => {
    await settleWebhooks({ sandbox, t, others: b ? [b] : [] }, 2);
    await t.app.get(InvoiceFiles).drain();
  };
  const payCheckout = async (url: string, name = 'Acheteur') =>
    (await payOnSandbox(sandbox, url, { card: TEST_CARD, email: 'a@example.com', name })).status;
  const legalOf = (userId: string): Promise<LegalRow[]> =>
    t.dataSource.query(`SELECT * FROM legal_invoices WHERE user_id = $1 ORDER BY kind DESC, seq`, [userId]);
  const creditsOf = async (userId: string) => (await legalOf(userId)).filter((d) => d.kind === 'credit_note');
  const fileOf = async (id: string) =>
    readFacturX(
      (await t.api.raw.get(`/api/admin/legal-invoices/${id}/pdf`).set(bearer(admin)).buffer(true).parse(binary).expect(200)).body as Buffer,
    );
  /** The PaymentIntent that paid a Stripe invoice. */
  const paymentOf = async (stripeInvoiceId: string) => {
    const invoice = await stripe.invoices.retrieve(stripeInvoiceId, { expand: ['payments'] });
    return invoice.payments!.data[0].payment.payment_intent as string;
  };
  /** Every refund event the sandbox sent about a payment (its PaymentIntent), oldest first. */
  const refundEvents = async (paymentIntent: string) =>
    (await stripe.events.list({ limit: 100 })).data
      .filter((e) => REFUND_EVENTS.includes(e.type) && (e.data.object as { payment_intent?: string }).payment_intent === paymentIntent)
      .reverse();

  /** A client whose order (a Pro site, 29 €) is paid: their legal invoice F-… */
  async function paidClient(email: string, name = 'Élodie Martin') {
    const client = await registerClient(t.api, { email, name });
    const { url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
    expect(await payCheckout(url)).toBe(303);
    await settle();
    const [invoice] = await legalOf(client.user.id);
    expect(invoice).toMatchObject({ kind: 'invoice', total_incl_cents: 2900 });
    const [site] = await t.dataSource.query(`SELECT stripe_subscription_id FROM sites WHERE user_id = $1`, [client.user.id]);
    return { client, invoice, subscriptionId: site.stripe_subscription_id as string };
  }

  beforeAll(async () => {
    ({ sandbox, stripe, t, webhookUrl, close } = await appWithSandbox());
    admin = await loginAdmin(t.api);
  });
  afterAll(async () => {
    await b?.close();
    await close();
  });

  it('a full refund made in Stripe’s dashboard: one credit note of the whole invoice, however often its events come', async () => {
    const { client, invoice } = await paidClient('rembourse@example.com');
    const pi = await paymentOf(invoice.stripe_invoice_id!);
    // An admin refunds the payment in Stripe's dashboard: Stripe sends refund.created and charge.refunded.
    const refund = await stripe.refunds.create({ payment_intent: pi, reason: 'requested_by_customer' });
    await settle();

    const [credit, ...more] = await creditsOf(client.user.id);
    expect(more).toEqual([]);
    expect(credit).toMatchObject({
      number: av(1),
      source_key: `refund:${refund.id}`,
      credited_id: invoice.id,
      stripe_invoice_id: invoice.stripe_invoice_id,
      total_incl_cents: 2900,
      total_excl_cents: invoice.total_excl_cents,
      vat_cents: invoice.vat_cents,
    });
    // The whole invoice: its lines, its buyer, a reference to it.
    expect(credit.document.lines).toEqual(invoice.document.lines);
    expect(credit.document.buyer).toEqual(invoice.document.buyer);
    expect(credit.document.credited).toEqual({ number: invoice.number, issueDate: invoice.document.issueDate });
    const [row] = await t.dataSource.query(`SELECT refunded_cents FROM invoices WHERE id = $1`, [invoice.stripe_invoice_id]);
    expect(row.refunded_cents).toBe(2900);
    const parts = await fileOf(credit.id);
    expect(await xsdErrors(parts.xml)).toEqual([]);
    expect(ciiFacts(parts.xml)).toMatchObject({ typeCode: '381', referenced: invoice.number, grandTotal: 2900 });
    expect(parts.text.replace(/\s+/g, ' ')).toContain(`Avoir sur la facture ${invoice.number}`);
    // The client sees it beside the invoice.
    const list = (await t.api.get('/api/billing/invoices').set(bearer(client)).expect(200)).body.invoices;
    expect(
      list.find((i: { id: string }) => i.id === invoice.stripe_invoice_id).legalDocuments.map((d: { number: string }) => d.number),
    ).toEqual([invoice.number, av(1)]);

    // Its events again: the same ones (replays), and copies under other ids (as refund.updated would come).
    const events = await refundEvents(pi);
    expect(events.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    for (const e of events) {
      await fetch(`${sandbox.url}/test/events/${e.id}/resend`, { method: 'POST' });
      expect((await postEvent(t.api, { ...e, id: `${e.id}_copy` })).status).toBe(200);
    }
    await settle();
    expect(await creditsOf(client.user.id)).toHaveLength(1);
  });

  it('two partial refunds made in Stripe, their events out of order, twice each, on two instances: a credit note each, for its amount', async () => {
    const { client, invoice } = await paidClient('partiel@example.com');
    b = await createTestApp(
      { STRIPE_SECRET_KEY: 'sk_test_sandbox', STRIPE_API_URL: sandbox.url, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
      t,
    );
    // The sandbox delivers nowhere while the two refunds are made: their events are then sent below, last first.
    sandbox.setWebhookUrl('http://127.0.0.1:9/nowhere');
    const pi = await paymentOf(invoice.stripe_invoice_id!);
    const first = await stripe.refunds.create({ payment_intent: pi, amount: 1000 });
    const second = await stripe.refunds.create({ payment_intent: pi, amount: 500 });
    await sandbox.flushWebhooks();
    sandbox.setWebhookUrl(webhookUrl);
    const events = (await refundEvents(pi)).reverse();
    expect(events.map((e) => e.type)).toEqual(['charge.refunded', 'refund.created', 'charge.refunded', 'refund.created']);
    // Each event twice, to both instances, all at the same moment.
    const other = b;
    const deliveries = events.flatMap((e, i) => [i % 2 ? t : other, i % 2 ? other : t].map((app) => postEvent(app.api, e)));
    expect((await Promise.all(deliveries)).every((r) => r.status === 200)).toBe(true);
    await settle();

    const credits = await creditsOf(client.user.id);
    expect(credits).toHaveLength(2);
    const byRefund = new Map(credits.map((c) => [c.source_key, c]));
    for (const [refund, cents] of [
      [first, 1000],
      [second, 500],
    ] as const) {
      const credit = byRefund.get(`refund:${refund.id}`)!;
      expect(credit).toMatchObject({ credited_id: invoice.id, stripe_invoice_id: invoice.stripe_invoice_id, total_incl_cents: cents });
      expect(credit.total_excl_cents + credit.vat_cents).toBe(cents);
      expect(credit.document.lines).toEqual([
        expect.objectContaining({ label: `Remboursement partiel de la facture ${invoice.number}`, quantity: 1 }),
      ]);
      expect(credit.document.credited).toEqual({ number: invoice.number, issueDate: invoice.document.issueDate });
      const parts = await fileOf(credit.id);
      expect(await xsdErrors(parts.xml)).toEqual([]);
      expect(ciiFacts(parts.xml)).toMatchObject({ typeCode: '381', referenced: invoice.number, grandTotal: cents });
    }
    // Numbered after the first test's, without a gap.
    expect(credits.map((c) => c.number).sort()).toEqual([av(2), av(3)]);
    const [row] = await t.dataSource.query(`SELECT refunded_cents FROM invoices WHERE id = $1`, [invoice.stripe_invoice_id]);
    expect(row.refunded_cents).toBe(1500);
    const refunds = await t.dataSource.query(
      `SELECT id, invoice_id, amount_cents, status FROM stripe_refunds WHERE invoice_id = $1 ORDER BY amount_cents`,
      [invoice.stripe_invoice_id],
    );
    expect(refunds).toEqual([
      { id: second.id, invoice_id: invoice.stripe_invoice_id, amount_cents: 500, status: 'succeeded' },
      { id: first.id, invoice_id: invoice.stripe_invoice_id, amount_cents: 1000, status: 'succeeded' },
    ]);
  });

  it('a refund of a payment that has no legal invoice: recorded and logged, no credit note', async () => {
    // A subscription bought outside the product (no order, no account): Stripe collects, nothing is invoiced.
    const price = (await stripe.prices.list({ limit: 100 })).data.find((p) => p.recurring)!;
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: 'inconnu@example.com',
      success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(await payCheckout(session.url!)).toBe(303);
    await settle();
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const invoiceId = paid.invoice as string;
    expect(await t.dataSource.query(`SELECT id FROM legal_invoices WHERE stripe_invoice_id = $1`, [invoiceId])).toEqual([]);
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM legal_invoices`);
    const refund = await stripe.refunds.create({ payment_intent: await paymentOf(invoiceId) });
    await settle();
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM legal_invoices`)).toEqual(before);
    expect(await t.dataSource.query(`SELECT invoice_id, status FROM stripe_refunds WHERE id = $1`, [refund.id])).toEqual([
      { invoice_id: invoiceId, status: 'succeeded' },
    ]);
    const events = await t.dataSource.query(`SELECT DISTINCT outcome FROM stripe_events WHERE type = ANY($1)`, [REFUND_EVENTS]);
    expect(events).toEqual([{ outcome: 'processed' }]);
  });

  describe('a duplicate payment’s refund, which Stripe reports through charge.refunded too: one credit note', () => {
    /** An order paid twice (a second checkout of the same draft): the second payment is a duplicate, to refund. */
    async function paidTwice(email: string) {
      const client = await registerClient(t.api, { email, name: 'Paul Double' });
      const { draftId, url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
      const original = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
      const price = (await stripe.checkout.sessions.listLineItems(original.id)).data[0].price!.id;
      const twin = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        customer_email: email,
        metadata: { ...original.metadata },
        subscription_data: { metadata: { planType: 'pro', draftId } },
        success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      });
      expect(await payCheckout(url)).toBe(303);
      expect(await payCheckout(twin.url!)).toBe(303);
      return { client, draftId };
    }

    it('refunded by the worker first, then its events: credited once, keyed by the Stripe refund', async () => {
      const { client, draftId } = await paidTwice('double@example.com');
      await settle();
      const [dup] = await t.dataSource.query(`SELECT * FROM duplicate_payments WHERE reference_id = $1`, [draftId]);
      expect(dup).toMatchObject({ status: 'refunded', refund_id: expect.stringMatching(/^re_/), refunded_cents: 2900 });
      // Stripe reported the refund (refund.created, charge.refunded): read, and found credited (the charge's own
      // charge.succeeded is kept as ignored).
      const charge = (await stripe.refunds.retrieve(dup.refund_id)).charge as string;
      const reported = await t.dataSource.query(
        `SELECT type, outcome FROM stripe_events WHERE object_id = ANY($1) AND outcome <> 'ignored' ORDER BY type`,
        [[charge, dup.refund_id]],
      );
      expect(reported).toEqual([
        { type: 'charge.refunded', outcome: 'processed' },
        { type: 'refund.created', outcome: 'processed' },
      ]);
      const credits = await creditsOf(client.user.id);
      expect(credits).toHaveLength(1);
      const duplicateInvoice = (await legalOf(client.user.id)).find((d) => d.kind === 'invoice' && d.stripe_invoice_id === dup.invoice_id)!;
      expect(credits[0]).toMatchObject({ source_key: `refund:${dup.refund_id}`, credited_id: duplicateInvoice.id, total_incl_cents: 2900 });
      const [row] = await t.dataSource.query(`SELECT refunded_cents FROM invoices WHERE id = $1`, [dup.invoice_id]);
      expect(row.refunded_cents).toBe(2900);
      // Every event again: nothing more.
      for (const e of (await stripe.events.list({ limit: 100 })).data)
        await fetch(`${sandbox.url}/test/events/${e.id}/resend`, { method: 'POST' });
      await settle();
      expect(await creditsOf(client.user.id)).toHaveLength(1);
    });

    it('its events first (the worker’s attempt failed after Stripe refunded), then the worker: credited once', async () => {
      // The worker's refunds fail (Stripe answers 500 to each call and its retries): the duplicate stays pending.
      const fault = await fetch(`${sandbox.url}/test/faults?mode=error&count=100&path=/v1/refunds&method=POST`, { method: 'POST' });
      expect(fault.status).toBe(200);
      const { client, draftId } = await paidTwice('double-inverse@example.com');
      await settle();
      expect((await fetch(`${sandbox.url}/test/faults`, { method: 'DELETE' })).status).toBe(200);
      const [dup] = await t.dataSource.query(`SELECT * FROM duplicate_payments WHERE reference_id = $1`, [draftId]);
      expect(dup).toMatchObject({ status: 'pending', refund_id: null, last_error: expect.any(String) });
      expect(await creditsOf(client.user.id)).toEqual([]);
      // Stripe did refund it, under the worker's idempotency key (a call whose answer was lost): its events come first.
      const pi = await paymentOf(dup.invoice_id);
      const refund = await stripe.refunds.create(
        { payment_intent: pi, reason: 'duplicate', metadata: { duplicatePaymentId: dup.id, checkoutSessionId: dup.checkout_session_id } },
        { idempotencyKey: `duplicate-refund:${dup.id}` },
      );
      await settle();
      const credited = await creditsOf(client.user.id);
      expect(credited).toMatchObject([{ source_key: `refund:${refund.id}`, total_incl_cents: 2900 }]);
      // Then the worker's next attempt: the same refund (same key), found credited.
      expect(await t.app.get(DuplicatePayments).settlePending()).toBe(1);
      await settle();
      const [after] = await t.dataSource.query(`SELECT status, refund_id FROM duplicate_payments WHERE id = $1`, [dup.id]);
      expect(after).toEqual({ status: 'refunded', refund_id: refund.id });
      // The same credit note, and no other (its file columns move while the invoice-file worker renders it: not compared).
      const identity = (rows: LegalRow[]) =>
        rows.map(({ id, number, source_key, total_incl_cents }) => ({ id, number, source_key, total_incl_cents }));
      expect(identity(await creditsOf(client.user.id))).toEqual(identity(credited));
    });
  });

  it('an account without billing identity: invoices made out as Stripe knows the customer, at the invoice’s billing address', async () => {
    const { client, invoice, subscriptionId } = await paidClient('ancien@example.com', 'Élodie Ancienne');
    const customerId = (await stripe.subscriptions.retrieve(subscriptionId)).customer as string;
    // An account from before billing identities: no billing_profiles row. Stripe knows the customer's name and address.
    await t.dataSource.query(`DELETE FROM billing_profiles WHERE user_id = $1`, [client.user.id]);
    await stripe.customers.update(customerId, {
      name: 'Marie Ancienne',
      address: { line1: '8 rue Neuve', line2: 'Bâtiment B', postal_code: '69002', city: 'Lyon', country: 'FR' },
    });
    expect((await fetch(`${sandbox.url}/test/subscriptions/${subscriptionId}/renew`, { method: 'POST' })).status).toBe(200);
    await settle();
    const renewal = (await legalOf(client.user.id)).filter((d) => d.kind === 'invoice').at(-1)!;
    expect(renewal.id).not.toBe(invoice.id);
    expect(renewal.document.buyer).toEqual({
      type: 'individual',
      name: 'Marie Ancienne',
      companyName: null,
      siren: null,
      vatNumber: null,
      address: '8 rue Neuve, Bâtiment B',
      postalCode: '69002',
      city: 'Lyon',
      countryCode: 'FR',
      email: 'ancien@example.com',
    });
    const parts = await fileOf(renewal.id);
    expect(await xsdErrors(parts.xml)).toEqual([]);
    const text = parts.text.replace(/\s+/g, ' ');
    expect(text).toContain('Marie Ancienne');
    expect(text).toContain('8 rue Neuve, Bâtiment B');
    expect(text).toContain('69002 Lyon');
    expect(ciiFacts(parts.xml).buyer['ram:Name']).toBe('Marie Ancienne');

    // Stripe has neither name nor address any more: the account's name, never an empty buyer.
    await stripe.customers.update(customerId, { name: '', address: '' });
    expect((await fetch(`${sandbox.url}/test/subscriptions/${subscriptionId}/renew`, { method: 'POST' })).status).toBe(200);
    await settle();
    const next = (await legalOf(client.user.id)).filter((d) => d.kind === 'invoice').at(-1)!;
    expect(next.id).not.toBe(renewal.id);
    expect(next.document.buyer).toMatchObject({ type: 'individual', name: 'Élodie Ancienne', address: '', email: 'ancien@example.com' });
    expect(await xsdErrors((await fileOf(next.id)).xml)).toEqual([]);
  });

  it('every document carries the reform’s category of operation (services), on the page and in the XML', async () => {
    const all: LegalRow[] = await t.dataSource.query(`SELECT * FROM legal_invoices ORDER BY issued_at LIMIT 2`);
    for (const doc of all) {
      expect(doc.document.mentions).toContainEqual({ subject: 'AAI', text: "Catégorie d'opération : prestation de services" });
      const parts = await fileOf(doc.id);
      expect(parts.text.replace(/\s+/g, ' ')).toContain("Catégorie d'opération : prestation de services");
      expect(ciiFacts(parts.xml).notes.join('\n')).toContain("Catégorie d'opération : prestation de services");
    }
  });
});

/**
 * Migration StripeRefunds on a database that already has a refunded duplicate and its credit note: the credit note's
 * key becomes its Stripe refund's (so the refund's own events find it credited), the refund is recorded, the documents
 * stay frozen; and back.
 */
describe('migration StripeRefunds', () => {
  it('keys the credit notes of refunded duplicates by their Stripe refund, records the refunds, and undoes it', async () => {
    const db = await createEmptyDatabase();
    const at = MIGRATIONS.indexOf(StripeRefunds1763715300000);
    const before = new DataSource({ ...dataSourceOptions(db.url), migrations: MIGRATIONS.slice(0, at) });
    const after = new DataSource(dataSourceOptions(db.url));
    try {
      await before.initialize();
      await before.runMigrations({ transaction: 'each' });
      const [{ id: userId }] = await before.query(
        `INSERT INTO users (email, name, role) VALUES ('avant@example.com', 'Avant', 'client') RETURNING id`,
      );
      const [{ id: dupId }] = await before.query(
        `INSERT INTO duplicate_payments (kind, reference_id, checkout_session_id, invoice_id, customer_id, user_id, amount_cents, status, refund_id, refunded_cents, reason, settled_at)
         VALUES ('order', gen_random_uuid(), 'cs_dup', 'in_dup', 'cus_1', $1, 2900, 'refunded', 're_dup', 2900, 'Doublon', now()) RETURNING id`,
        [userId],
      );
      const doc = (number: string) => JSON.stringify({ number, totals: { exclCents: 2417, vatCents: 483, inclCents: 2900 } });
      const [{ id: invoiceId }] = await before.query(
        `INSERT INTO legal_invoices (kind, number, year, seq, source_key, stripe_invoice_id, user_id, issued_at, total_excl_cents, vat_cents, total_incl_cents, document)
         VALUES ('invoice', 'F-2026-000001', 2026, 1, 'in_dup', 'in_dup', $1, now(), 2417, 483, 2900, $2) RETURNING id`,
        [userId, doc('F-2026-000001')],
      );
      await before.query(
        `INSERT INTO legal_invoices (kind, number, year, seq, source_key, stripe_invoice_id, credited_id, user_id, issued_at, total_excl_cents, vat_cents, total_incl_cents, document)
         VALUES ('credit_note', 'AV-2026-000001', 2026, 1, $1, 'in_dup', $2, $3, now(), 2417, 483, 2900, $4)`,
        [`duplicate:${dupId}`, invoiceId, userId, doc('AV-2026-000001')],
      );
      await before.destroy();

      await after.initialize();
      await after.runMigrations({ transaction: 'each' });
      const keys = async () =>
        (await after.query(`SELECT source_key FROM legal_invoices WHERE kind = 'credit_note'`)).map(
          (r: { source_key: string }) => r.source_key,
        );
      expect(await keys()).toEqual(['refund:re_dup']);
      expect(await after.query(`SELECT id, invoice_id, amount_cents, status, reason FROM stripe_refunds`)).toEqual([
        { id: 're_dup', invoice_id: 'in_dup', amount_cents: 2900, status: 'succeeded', reason: 'duplicate' },
      ]);
      // Still frozen.
      await expect(after.query(`UPDATE legal_invoices SET source_key = 'x' WHERE kind = 'credit_note'`)).rejects.toThrow(/frozen/);
      // Undone down to StripeRefunds included (the migrations after it first).
      for (let i = at; i < MIGRATIONS.length; i++) await after.undoLastMigration({ transaction: 'each' });
      expect(await keys()).toEqual([`duplicate:${dupId}`]);
      await expect(after.query(`UPDATE legal_invoices SET source_key = 'x' WHERE kind = 'credit_note'`)).rejects.toThrow(/frozen/);
    } finally {
      if (before.isInitialized) await before.destroy();
      if (after.isInitialized) await after.destroy();
      await db.drop();
    }
  });
});
