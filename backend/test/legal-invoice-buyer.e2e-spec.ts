import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { OBJECT_OF_TYPE } from '../src/billing/stripe-reader';
import { WebhookService } from '../src/billing/webhook.service';
import type { BuyerSnapshot } from '../src/invoicing/legal-document';
import { bearer, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { BILLING, orderAndCheckout } from './helpers/orders';
import { payOnSandbox, sandboxEvents, SIMPLE, TEST_CARD } from './helpers/scenarios';
import { appWithSandbox, postEvent, signature, webhooksProcessed } from './helpers/stripe';

/** The events of a purchase that carry the order (its session), the subscription and the first invoice. */
const CARRIERS: string[] = ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'];

interface SandboxEvent {
  id: string;
  event: Stripe.Event;
}

/** The name typed on the sandbox's card form: never a legal document's buyer. */
const CARD_HOLDER = 'Titulaire Carte Bancaire';
/** What the order's billing step said: the buyer of its first invoice. */
const COMPANY_ORDER = {
  ...BILLING,
  fullName: 'Jeanne Martin',
  buyerType: 'company',
  companyName: 'Boulangerie Martin SARL',
  siren: '732 829 320',
  vatNumber: 'FR 44 732 829 320',
};
const COMPANY_BUYER = {
  type: 'company',
  name: 'Jeanne Martin',
  companyName: 'Boulangerie Martin SARL',
  siren: '732829320',
  vatNumber: 'FR44732829320',
  address: '3 place du Marché',
  postalCode: '69001',
  city: 'Lyon',
};
/** An account's billing identity from before the order: not this order's buyer. */
const OLD_PROFILE = {
  buyerType: 'individual',
  fullName: 'Ancienne Identité',
  address: '1 rue Ancienne',
  postalCode: '75001',
  city: 'Paris',
};

/** Every order of the items, each once. */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/**
 * Issue 36, item 3: the buyer on a legal document is always the order's buyer. The first invoice of an order is made
 * out to the order's billing identity, frozen when its payment opened, and waits for it rather than falling back to
 * what the card form said: under every order of the purchase's Stripe events, applied one by one or all in one batch
 * beside another order of the same account, and with the sandbox failing the checkout-session reads.
 */
describe('the buyer of an order’s first invoice', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let webhookUrl: string;
  let close: () => Promise<void>;
  let client: SessionBody;

  beforeAll(async () => {
    ({ sandbox, stripe, t, webhookUrl, close } = await appWithSandbox({
      WEBHOOK_RETRY_BASE_SECONDS: '1',
      // The inbox looks for due events only when woken (or a retry comes due): a batch is what the test stores.
      WEBHOOK_POLL_INTERVAL_MS: '200',
    }));
    client = await registerClient(t.api, { email: 'cliente.fidele@example.com', name: 'Cliente Fidèle' });
  });
  afterAll(async () => {
    await fetch(`${sandbox.url}/test/faults`, { method: 'DELETE' });
    await close();
  });

  /** An order of the account (or an anonymous one), checked out with the company's billing identity. */
  async function order(session: SessionBody | undefined, billing: object = COMPANY_ORDER): Promise<string> {
    if (session) await t.api.put('/api/billing/profile').set(bearer(session)).send(OLD_PROFILE).expect(200);
    const email = session ? session.user.email : `anonyme-${Math.random().toString(36).slice(2, 8)}@example.com`;
    return (await orderAndCheckout(t.api, { session, data: SIMPLE, billing: { ...billing, email } })).sessionId;
  }

  /** Pays with webhooks held back (no endpoint, no delivery), with another name on the card; the payment's events. */
  async function payHeld(sessionId: string): Promise<Stripe.Event[]> {
    const before = new Set((await sandboxEvents<SandboxEvent>(sandbox)).map((e) => e.id));
    sandbox.setWebhookUrl('');
    try {
      expect((await payOnSandbox(sandbox, sessionId, { card: TEST_CARD, name: CARD_HOLDER })).status).toBe(303);
    } finally {
      sandbox.setWebhookUrl(webhookUrl);
    }
    return (await sandboxEvents<SandboxEvent>(sandbox)).filter((e) => !before.has(e.id)).map((e) => e.event);
  }

  /** The legal invoice of a session's first Stripe invoice (its id given, or read from Stripe), if issued. */
  async function invoiceOf(sessionId: string, stripeInvoiceId?: string): Promise<{ buyer: BuyerSnapshot; userId: string } | null> {
    const id = stripeInvoiceId ?? (await stripe.checkout.sessions.retrieve(sessionId)).invoice;
    const [row] = await t.dataSource.query(
      `SELECT document->'buyer' AS buyer, user_id FROM legal_invoices WHERE stripe_invoice_id = $1 AND kind = 'invoice'`,
      [id],
    );
    return row ? { buyer: row.buyer, userId: row.user_id } : null;
  }

  const pending = async () =>
    ((await t.dataSource.query(`SELECT count(*)::int AS n FROM stripe_events WHERE outcome = 'pending'`)) as Array<{ n: number }>)[0].n;

  it('is the order’s billing identity under every order of the purchase’s events, each applied before the next arrives', async () => {
    for (const session of [client, undefined]) {
      const probe = await payHeld(await order(session));
      const handled = probe.filter((e) => OBJECT_OF_TYPE[e.type]).map((e) => e.type);
      expect(handled).toEqual(expect.arrayContaining(CARRIERS));
      for (const types of permutations(CARRIERS)) {
        const sessionId = await order(session);
        const events = await payHeld(sessionId);
        // The other events first (acknowledged, or acted on without carrying the order or its invoice: the subscription's
        // later updates), then the three that carry them in this order.
        const ordered = [...events.filter((e) => !CARRIERS.includes(e.type)), ...types.map((type) => events.find((e) => e.type === type)!)];
        for (const event of ordered) {
          await postEvent(t.api, event).expect(200);
          await webhooksProcessed(t);
        }
        const invoice = await invoiceOf(sessionId);
        expect({ order: types.join(' → '), buyer: invoice?.buyer }).toEqual({
          order: types.join(' → '),
          buyer: expect.objectContaining({ ...COMPANY_BUYER, email: session ? session.user.email : expect.stringMatching(/^anonyme-/) }),
        });
        if (session) expect(invoice!.userId).toBe(session.user.id);
      }
    }
  });

  it('is each order’s own when two orders of one account, with different buyers, are applied in one batch', async () => {
    const individual = { ...BILLING, fullName: 'Jeanne Martin (particulier)', address: '8 rue Mercière', postalCode: '69002' };
    const first = await order(client, COMPANY_ORDER);
    const second = await order(client, individual);
    const events = [...(await payHeld(first)), ...(await payHeld(second))];
    // Stored together (one INSERT) without waking the inbox, then taken in one batch (one transaction).
    const webhooks = t.app.get(WebhookService);
    await Promise.all(
      events.map((event) => {
        const payload = JSON.stringify(event);
        return webhooks.receive(Buffer.from(payload), signature(payload));
      }),
    );
    await webhooksProcessed(t);
    expect((await invoiceOf(first))?.buyer).toMatchObject(COMPANY_BUYER);
    expect((await invoiceOf(second))?.buyer).toMatchObject({
      type: 'individual',
      name: 'Jeanne Martin (particulier)',
      companyName: null,
      address: '8 rue Mercière',
      postalCode: '69002',
    });
  });

  it('waits for the order while the checkout-session reads fail, then is the order’s, never the card form’s name', async () => {
    const sessionId = await order(undefined);
    const events = await payHeld(sessionId);
    const stripeInvoiceId = (await stripe.checkout.sessions.retrieve(sessionId)).invoice as string;
    // Each attempt reads the session three times (the SDK's retries): the first attempt fails.
    await fetch(`${sandbox.url}/test/faults?mode=error&count=3&path=/v1/checkout/sessions/&method=GET`, { method: 'POST' });
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    for (const event of [...events.filter((e) => e !== completed), completed]) await postEvent(t.api, event).expect(200);
    await webhooksProcessed(t);
    // The invoice was paid and read: no legal invoice without the order's buyer.
    expect(await invoiceOf(sessionId, stripeInvoiceId)).toBeNull();
    expect(await pending()).toBe(1);
    // WEBHOOK_RETRY_BASE_SECONDS=1: the inbox takes the checkout’s event again after a second.
    for (let i = 0; i < 200 && (await pending()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await pending()).toBe(0);
    const invoice = await invoiceOf(sessionId, stripeInvoiceId);
    expect(invoice?.buyer).toMatchObject(COMPANY_BUYER);
    expect(JSON.stringify(invoice)).not.toContain(CARD_HOLDER);
  });
});
