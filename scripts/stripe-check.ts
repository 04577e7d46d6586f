// `npm run stripe:check`: every money flow of the product driven end to end, through Stripe's public API (test clocks
// included) and the product's own API only, one French line per step (✓ or ✗, and what it proves); exit code 1 on any
// failure. Described in docs/payments.md (« Avant la mise en production »).
//
// - No configuration: starts the built product as `npm start` does (scripts/start.ts, through e2e/app.ts: the Stripe
//   sandbox in its Stripe-like delivery mode — webhooks late, reordered, duplicated — embedded PostgreSQL, its own
//   DATA_DIR in a temporary folder, free ports) with STRIPE_TEST_CLOCKS=true, runs every flow, stops what it started.
//   That is how CI runs it (`npm test`, tier test:stripe-check).
// - STRIPE_SECRET_KEY=sk_test_… and STRIPE_CHECK_APP_URL=https://… : the same flows against a real Stripe test-mode
//   account and a product already running with that key, STRIPE_TEST_CLOCKS=true and its webhooks forwarded. A live
//   key (sk_live_, rk_live_) is refused. Stripe has no API that pays a Checkout page: the check drives Stripe's hosted
//   page in /usr/bin/chromium (playwright-core); an open invoice is paid with `invoices.pay` and a working card, where
//   the sandbox posts its hosted invoice page's form.
//
// Every wait is for a state (the product's API or Stripe's, asked again with a bounded back-off), never a fixed delay.
import { existsSync } from 'node:fs';
import Stripe from 'stripe';
import { startBuiltApp, type BuiltApp } from '../e2e/app.ts';

const SANDBOX_KEY = 'sk_test_sandbox';
const CHROMIUM = '/usr/bin/chromium';
const HOUR = 3600;
const DAY = 86400;

/** Thrown for a step that fails: its message is the French line's reason. */
class CheckFailure extends Error {}

function fail(message: string): never {
  throw new CheckFailure(message);
}

/** One French sentence on stderr and exit code 1: what stops the check before it starts. */
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

// ---- where it runs ----------------------------------------------------------------------------------------------

interface Target {
  /** The product's address (http://localhost:port, or STRIPE_CHECK_APP_URL) */
  appUrl: string;
  stripe: Stripe;
  /** The sandbox's address; undefined: real Stripe */
  sandboxUrl?: string;
  /** How long a state may take to arrive */
  waitMs: number;
  stop(): Promise<void>;
}

async function target(): Promise<Target> {
  const key = process.env.STRIPE_SECRET_KEY ?? '';
  if (/^(sk|rk)_live_/.test(key))
    refuse(
      'npm run stripe:check refuse une clé live (sk_live_…) : il crée des clients, des paiements et des remboursements ; donnez la clé du mode test (sk_test_…).',
    );
  if (key && !/^(sk|rk)_test_/.test(key))
    refuse(`STRIPE_SECRET_KEY doit être une clé du mode test de Stripe (sk_test_…), reçu « ${key.slice(0, 8)}… ».`);
  if (key) {
    const appUrl = (process.env.STRIPE_CHECK_APP_URL ?? '').replace(/\/+$/, '');
    if (!/^https?:\/\//.test(appUrl))
      refuse(
        "Avec STRIPE_SECRET_KEY, donnez l'adresse du produit lancé avec cette clé, STRIPE_TEST_CLOCKS=true et ses webhooks relayés : STRIPE_CHECK_APP_URL=https://… (voir docs/payments.md).",
      );
    if (!existsSync(CHROMIUM))
      refuse(`Le vrai Stripe n'a pas d'API qui paie une page Checkout : ce contrôle la remplit dans ${CHROMIUM}, introuvable ici.`);
    return { appUrl, stripe: new Stripe(key, { maxNetworkRetries: 2 }), waitMs: 120_000, stop: async () => undefined };
  }
  // The product as `npm start` runs it, its new Checkout customers on test clocks.
  process.env.STRIPE_TEST_CLOCKS = 'true';
  process.env.CHECKOUT_LIMIT_PER_EMAIL = '1000';
  let app: BuiltApp;
  try {
    app = await startBuiltApp('stripe-check', 120_000);
  } catch (error) {
    refuse(`Le produit ne démarre pas : ${(error as Error).message.split('\n')[0]}`);
  }
  const sandboxUrl = /bac à sable sur (http:\/\/\S+)/.exec(app.log())?.[1];
  if (!sandboxUrl) {
    await app.stop();
    refuse("Le produit a démarré sans le bac à sable Stripe (STRIPE_SECRET_KEY est-il défini ?) : rien n'a été vérifié.");
  }
  const api = new URL(sandboxUrl);
  const stripe = new Stripe(SANDBOX_KEY, { host: api.hostname, port: Number(api.port), protocol: 'http', maxNetworkRetries: 2 });
  const seed = /seed (\d+)/.exec(app.log())?.[1];
  if (seed)
    console.log(`Bac à sable Stripe : webhooks en retard, désordonnés, en double (STRIPE_SANDBOX_WEBHOOK_SEED=${seed} rejoue ces choix).`);
  return {
    appUrl: app.baseUrl,
    stripe,
    sandboxUrl,
    waitMs: 30_000,
    stop: async () => {
      await app.stop();
    },
  };
}

// ---- waiting and calling --------------------------------------------------------------------------------------

/** Asks `read` again (10 ms, doubling up to 1 s) until it answers something other than undefined; fails after `ms`. */
async function until<T>(what: string, read: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (let wait = 10; ; wait = Math.min(wait * 2, 1000)) {
    try {
      const value = await read();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) fail(`${what} : toujours pas après ${ms / 1000} s${last ? ` (${(last as Error).message})` : ''}`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

interface Answer<T> {
  status: number;
  body: T;
}

class ProductApi {
  token?: string;
  private readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const res = await fetch(`${this.base}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** The call, which must answer `expected`; its body. */
  async ok<T = Record<string, unknown>>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const answer = await this.call<T>(method, path, body);
    if (!expected.includes(answer.status))
      fail(`${method} /api${path} a répondu ${answer.status} : ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body;
  }
}

// ---- the product's shapes (its OpenAPI) -------------------------------------------------------------------------

interface SiteSubscription {
  id: string;
  customerId: string;
  status: string;
  cancelAtPeriodEnd: boolean;
  plan: string | null;
  canRestart: boolean;
  paymentIssue: { invoiceId: string | null } | null;
}

interface ClientInvoice {
  id: string;
  status: string;
  amountCents: number;
  paymentFailed: boolean;
  refundedCents: number;
  siteId: string | null;
  legalDocuments: Array<{ kind: 'invoice' | 'credit_note'; number: string }>;
}

const FORM = {
  siteName: 'Vérification Stripe',
  businessSector: 'Boulangerie',
  domainChoice: 'new',
  domainName: 'verification-stripe',
  domainTld: '.fr',
  phone: '06 12 34 56 78',
  currentEmail: 'verification@example.com',
  displayEmailChoice: 'pro',
  proEmailLocalPart: 'bonjour',
  companyAddress: '3 place du Marché, 69001 Lyon',
  oldWebsiteUrl: '',
  tagline: 'Du bon pain depuis 1962',
  about: 'Boulangerie artisanale au cœur de Lyon, pains au levain et viennoiseries maison.',
  services: ['Pains au levain', 'Viennoiseries'],
  openingHours: 'Du mardi au dimanche, 7h-19h',
  socialLinks: [],
  logoOption: 'none',
  includeGoogleBusiness: false,
  includeTrustpilot: false,
  dominantColor: '#ca8a04',
  stylePreferences: ['classique'],
  businessFeatures: ['gallery'],
  specialRequirements: '',
  extraEmails: [],
};

// ---- the check ----------------------------------------------------------------------------------------------------

class Check {
  readonly api: ProductApi;
  readonly stripe: Stripe;
  readonly email = `stripe-check-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  siteId = '';
  subscriptionId = '';
  customerId = '';
  clockId = '';
  private readonly t: Target;

  constructor(t: Target) {
    this.t = t;
    this.api = new ProductApi(t.appUrl);
    this.stripe = t.stripe;
  }

  wait<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
    return until(what, read, this.t.waitMs);
  }

  /** Pays (or, in setup mode, saves the card on) a Checkout page as the buyer does. */
  async payCheckout(url: string, card = '4242424242424242'): Promise<void> {
    if (this.t.sandboxUrl) {
      const id = new URL(url).pathname.split('/').filter(Boolean).at(-1)!;
      const res = await fetch(`${this.t.sandboxUrl}/checkout/${id}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card, exp: '12/34', cvc: '123', name: 'Jeanne Martin' }).toString(),
        redirect: 'manual',
      });
      // A 3-D Secure card: the bank's test page first, authorized as the buyer does.
      if (res.status === 200 && (await res.text()).includes(`/checkout/${id}/authenticate`)) {
        const authorized = await fetch(`${this.t.sandboxUrl}/checkout/${id}/authenticate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ result: 'authorize' }).toString(),
          redirect: 'manual',
        });
        if (authorized.status !== 303) fail(`l'authentification 3-D Secure du bac à sable a répondu ${authorized.status}`);
        return;
      }
      if (card !== '4242424242424242') fail("la carte 3-D Secure a payé sans demander d'authentification");
      if (res.status !== 303) fail(`la page de paiement du bac à sable a répondu ${res.status}`);
      return;
    }
    // Real Stripe: its hosted page in a browser (no API pays a Checkout session).
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage();
      await page.goto(url);
      const fill = async (selector: string, value: string) => {
        const field = page.locator(selector);
        if ((await field.count()) > 0 && (await field.first().isEditable())) await field.first().fill(value);
      };
      await fill('#email', this.email);
      await fill('#cardNumber', card);
      await fill('#cardExpiry', '12 / 34');
      await fill('#cardCvc', '123');
      await fill('#billingName', 'Jeanne Martin');
      await page.locator('button[type="submit"]').first().click();
      // A 3-D Secure card: Stripe's test authentication page, in a frame, authorized as the buyer does.
      if (card !== '4242424242424242') {
        const deadline = Date.now() + this.t.waitMs;
        while (Date.now() < deadline && new URL(page.url()).origin !== new URL(this.t.appUrl).origin) {
          const frame = page.frames().find((f) => f.url().includes('3d_secure') || f.url().includes('authenticate'));
          const button = frame?.locator('#test-source-authorize-3ds');
          if (button && (await button.count()) > 0) {
            await button.click();
            break;
          }
          await page.waitForTimeout(250);
        }
      }
      await page.waitForURL((u) => u.origin === new URL(this.t.appUrl).origin, { timeout: this.t.waitMs });
    } finally {
      await browser.close();
    }
  }

  /** Pays an open invoice as the client does on its hosted page (real Stripe: invoices.pay with a working card). */
  async payInvoice(invoiceId: string): Promise<void> {
    const invoice = await this.stripe.invoices.retrieve(invoiceId);
    if (this.t.sandboxUrl) {
      const res = await fetch(`${invoice.hosted_invoice_url}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card: '4242424242424242', exp: '12/34', name: 'Jeanne Martin' }).toString(),
        redirect: 'manual',
      });
      if (res.status !== 303) fail(`la page de la facture du bac à sable a répondu ${res.status}`);
      return;
    }
    const pm = await this.stripe.paymentMethods.attach('pm_card_visa', { customer: this.customerId });
    await this.stripe.invoices.pay(invoiceId, { payment_method: pm.id });
  }

  /** The subscription's card made one whose charges fail, through Stripe's API (the client's card stopped working). */
  async failingCard(): Promise<void> {
    const pm = await this.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: this.customerId });
    await this.stripe.subscriptions.update(this.subscriptionId, { default_payment_method: pm.id });
  }

  /** Advances the client's test clock to `to` and waits until Stripe has done everything due. */
  async advance(to: number): Promise<void> {
    await this.stripe.testHelpers.testClocks.advance(this.clockId, { frozen_time: to });
    await this.wait('horloge de test prête', async () => {
      const clock = await this.stripe.testHelpers.testClocks.retrieve(this.clockId);
      return clock.status === 'ready' ? clock : undefined;
    });
  }

  async periodEnd(): Promise<number> {
    const sub = await this.stripe.subscriptions.retrieve(this.subscriptionId);
    return sub.items.data[0].current_period_end;
  }

  subscription(): Promise<SiteSubscription> {
    return this.api.ok<{ subscription: SiteSubscription }>('GET', `/sites/${this.siteId}/subscription`).then((b) => b.subscription);
  }

  invoices(): Promise<ClientInvoice[]> {
    return this.api.ok<{ invoices: ClientInvoice[] }>('GET', `/billing/invoices?siteId=${this.siteId}`).then((b) => b.invoices);
  }

  async paidInvoices(): Promise<number> {
    return (await this.invoices()).filter((i) => i.status === 'paid').length;
  }

  /** A card change through the product: its setup page filled with `card`, then the product confirms it. */
  async changeCard(card = '4242424242424242'): Promise<void> {
    const before = (await this.stripe.subscriptions.retrieve(this.subscriptionId)).default_payment_method;
    const { sessionId, url } = await this.api.ok<{ sessionId: string; url: string }>(
      'POST',
      `/sites/${this.siteId}/subscription/payment-method`,
    );
    await this.payCheckout(url, card);
    await this.wait('changement de carte confirmé par le produit', async () => {
      const { state } = await this.api.ok<{ state: string }>('GET', `/sites/${this.siteId}/subscription/checkout-sessions/${sessionId}`);
      return state === 'confirmed' ? state : undefined;
    });
    await this.wait("nouvelle carte de l'abonnement chez Stripe", async () => {
      const now = (await this.stripe.subscriptions.retrieve(this.subscriptionId)).default_payment_method;
      return now && now !== before ? now : undefined;
    });
  }

  // ---- the steps ------------------------------------------------------------------------------------------------

  /** Another client, of the same product and Stripe account. */
  another(): Check {
    return new Check(this.t);
  }

  /** A new client's order opened for payment: its Checkout session, its customer on a test clock. */
  private async openOrder(): Promise<{ sessionId: string; url: string }> {
    const session = await this.api.ok<{ access_token: string }>('POST', '/auth/register', {
      name: 'Jeanne Martin',
      email: this.email,
      password: 'verification-stripe-2026',
      confirmPassword: 'verification-stripe-2026',
    });
    this.api.token = session.access_token;
    const draft = await this.api.ok<{ id: string }>('POST', '/order-drafts', { planType: 'pro' });
    await this.api.ok('PATCH', `/order-drafts/${draft.id}`, { data: FORM, prefersCall: false, currentStep: '4' });
    const checkout = await this.api.ok<{ sessionId: string; url: string }>('POST', '/checkout-sessions', {
      // A private individual asks expressly for the work to start before the withdrawal period ends (CGV's annex).
      consumerRequest: true,
      draftId: draft.id,
      billing: {
        fullName: 'Jeanne Martin',
        email: this.email,
        phone: '0612345678',
        address: '3 place du Marché',
        city: 'Lyon',
        postalCode: '69001',
      },
    });
    const stripeSession = await this.stripe.checkout.sessions.retrieve(checkout.sessionId);
    const customer = stripeSession.customer ? await this.stripe.customers.retrieve(stripeSession.customer as string) : undefined;
    const clock = customer && !customer.deleted ? customer.test_clock : null;
    if (!clock)
      fail("le client Stripe de la commande n'est pas sur une horloge de test : le produit tourne-t-il avec STRIPE_TEST_CLOCKS=true ?");
    this.customerId = customer!.id;
    this.clockId = typeof clock === 'string' ? clock : clock.id;
    return checkout;
  }

  /** The paid order's site, its active subscription and its first paid invoice, as the product shows them. */
  private async purchased(sessionId: string): Promise<void> {
    const done = await this.wait('site créé après le paiement', async () => {
      const s = await this.api.ok<{ provisioned: boolean; siteId: string | null }>('GET', `/checkout-sessions/${sessionId}`);
      return s.provisioned && s.siteId ? s.siteId : undefined;
    });
    this.siteId = done;
    const sub = await this.wait('abonnement actif', async () => {
      const s = await this.subscription();
      return s?.status === 'active' ? s : undefined;
    });
    this.subscriptionId = sub.id;
    await this.wait('première facture payée', async () => ((await this.paidInvoices()) >= 1 ? true : undefined));
  }

  async cardPurchase(card = '4242424242424242'): Promise<void> {
    const checkout = await this.openOrder();
    await this.payCheckout(checkout.url, card);
    await this.purchased(checkout.sessionId);
  }

  /**
   * An order paid by SEPA Direct Debit: the session completes unpaid, the product says the debit is processing and
   * starts nothing; once the bank settles it (the sandbox's control for an IBAN that settles late; on Stripe, its test
   * IBAN that succeeds at once), the site is started as for a card.
   */
  async sepaPurchase(): Promise<void> {
    const checkout = await this.openOrder();
    if (this.t.sandboxUrl) {
      const id = new URL(checkout.url).pathname.split('/').filter(Boolean).at(-1)!;
      const res = await fetch(`${this.t.sandboxUrl}/checkout/${id}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          method: 'sepa_debit',
          iban: 'FR3020041010050500013M02609',
          account_holder: 'Jeanne Martin',
          email: this.email,
        }).toString(),
        redirect: 'manual',
      });
      if (res.status !== 303) fail(`la page de paiement du bac à sable a répondu ${res.status} au prélèvement SEPA`);
      await this.wait('prélèvement en cours signalé par le produit, rien de démarré', async () => {
        const s = await this.api.ok<{ provisioned: boolean; debit: string | null }>('GET', `/checkout-sessions/${checkout.sessionId}`);
        return s.debit === 'processing' && !s.provisioned ? s : undefined;
      });
      const settled = await fetch(`${this.t.sandboxUrl}/test/debits/settle?session=${checkout.sessionId}`, { method: 'POST' });
      if (settled.status !== 200) fail(`le règlement du prélèvement par le bac à sable a répondu ${settled.status}`);
    } else {
      // Real Stripe: its hosted page in a browser, the SEPA tab with Stripe's test IBAN that succeeds (no API pays Checkout).
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath: CHROMIUM });
      try {
        const page = await browser.newPage();
        await page.goto(checkout.url);
        await page.getByText(/SEPA/).first().click();
        await page.locator('#iban').fill('FR1420041010050500013M02606');
        await page.locator('#billingName').fill('Jeanne Martin');
        await page.locator('button[type="submit"]').first().click();
        await page.waitForURL((u) => u.origin === new URL(this.t.appUrl).origin, { timeout: this.t.waitMs });
      } finally {
        await browser.close();
      }
    }
    await this.purchased(checkout.sessionId);
  }

  async renewal(): Promise<void> {
    const before = await this.paidInvoices();
    await this.advance((await this.periodEnd()) + HOUR);
    await this.wait('facture de renouvellement payée', async () => ((await this.paidInvoices()) > before ? true : undefined));
    const sub = await this.subscription();
    if (sub.status !== 'active') fail(`abonnement ${sub.status} après le renouvellement`);
  }

  async failedRenewalPaidOnHostedPage(): Promise<void> {
    await this.failingCard();
    await this.advance((await this.periodEnd()) + HOUR);
    const issue = await this.wait('paiement en échec signalé au client', async () => {
      const { issues } = await this.api.ok<{ issues: Array<{ siteId: string; invoiceId: string | null }> }>(
        'GET',
        '/billing/payment-issues',
      );
      return issues.find((i) => i.siteId === this.siteId && i.invoiceId);
    });
    const failed = (await this.invoices()).find((i) => i.paymentFailed);
    if (!failed) fail("la facture en échec n'apparaît pas « Échouée » dans l'espace client");
    await this.payInvoice(issue.invoiceId!);
    await this.wait('facture réglée enregistrée, bandeau retiré', async () => {
      const { issues } = await this.api.ok<{ issues: Array<{ siteId: string }> }>('GET', '/billing/payment-issues');
      const sub = await this.subscription();
      return !issues.some((i) => i.siteId === this.siteId) && sub.status === 'active' ? true : undefined;
    });
  }

  async upgradeDeclinedThenRetried(): Promise<void> {
    // The card still fails (the hosted page's card is not the subscription's): the upgrade's charge is declined.
    const declined = await this.api.call<{ message?: string }>('POST', `/sites/${this.siteId}/subscription/upgrade`);
    if (declined.status !== 402) fail(`montée en gamme avec une carte qui échoue : ${declined.status} au lieu de 402`);
    if (!/carte|fonds|refus/i.test(String(declined.body?.message))) fail(`message du refus inattendu : ${JSON.stringify(declined.body)}`);
    const sub = await this.subscription();
    if (sub.plan !== 'pro') fail(`formule ${sub.plan} après un refus (attendu : pro inchangé)`);
    await this.changeCard();
    const upgraded = await this.api.ok<{ amountChargedCents: number }>('POST', `/sites/${this.siteId}/subscription/upgrade`);
    if (!(upgraded.amountChargedCents > 0)) fail(`prorata facturé : ${upgraded.amountChargedCents} centimes`);
    await this.wait('formule Business enregistrée', async () => ((await this.subscription()).plan === 'business' ? true : undefined));
    const stripeSub = await this.stripe.subscriptions.retrieve(this.subscriptionId);
    const invoice = await this.stripe.invoices.retrieve(stripeSub.latest_invoice as string);
    if (invoice.billing_reason !== 'subscription_update' || invoice.status !== 'paid')
      fail(`facture de prorata ${invoice.billing_reason} ${invoice.status} (attendu : subscription_update payée)`);
  }

  async cancelAndUndo(): Promise<void> {
    await this.api.ok('POST', `/sites/${this.siteId}/subscription/cancel`);
    await this.wait('annulation programmée', async () => ((await this.subscription()).cancelAtPeriodEnd ? true : undefined));
    if (!(await this.stripe.subscriptions.retrieve(this.subscriptionId)).cancel_at_period_end)
      fail("l'annulation n'est pas programmée chez Stripe");
    await this.api.ok('POST', `/sites/${this.siteId}/subscription/reactivate`);
    await this.wait('annulation retirée', async () => (!(await this.subscription()).cancelAtPeriodEnd ? true : undefined));
    if ((await this.stripe.subscriptions.retrieve(this.subscriptionId)).cancel_at_period_end)
      fail("l'annulation est toujours programmée chez Stripe");
  }

  async refundInDashboard(): Promise<void> {
    const invoices = await this.stripe.invoices.list({
      subscription: this.subscriptionId,
      status: 'paid',
      limit: 1,
      expand: ['data.payments'],
    });
    const paid = invoices.data[0];
    const pi = paid?.payments?.data[0]?.payment.payment_intent;
    if (!pi) fail('aucune facture payée à rembourser chez Stripe');
    if ((await this.invoices()).some((i) => i.legalDocuments.some((d) => d.kind === 'credit_note')))
      fail('un avoir existe déjà avant le remboursement');
    await this.stripe.refunds.create({ payment_intent: typeof pi === 'string' ? pi : pi.id, reason: 'requested_by_customer' });
    await this.wait('avoir émis pour le remboursement', async () => {
      const refunded = (await this.invoices()).find((i) => i.refundedCents > 0);
      return refunded?.legalDocuments.some((d) => d.kind === 'credit_note') ? true : undefined;
    });
  }

  async endOfDunning(): Promise<void> {
    await this.failingCard();
    await this.advance((await this.periodEnd()) + HOUR);
    // Then each automatic retry, as Stripe schedules them (the sandbox: 3, 5, 7 days; Smart Retries: its own times).
    for (let i = 0; i < 12; i++) {
      const sub = await this.stripe.subscriptions.retrieve(this.subscriptionId);
      if (sub.status === 'canceled' || sub.status === 'unpaid') break;
      const invoice = await this.stripe.invoices.retrieve(sub.latest_invoice as string);
      const clock = await this.stripe.testHelpers.testClocks.retrieve(this.clockId);
      await this.advance(Math.max(invoice.next_payment_attempt ?? clock.frozen_time + 7 * DAY, clock.frozen_time + 60) + HOUR);
    }
    const ended = await this.stripe.subscriptions.retrieve(this.subscriptionId);
    if (ended.status !== 'canceled' && ended.status !== 'unpaid') fail(`abonnement ${ended.status} après toutes les relances`);
    await this.wait('fin de l’abonnement enregistrée par le produit', async () => {
      const sub = await this.subscription();
      return ended.status === 'canceled' ? (sub.canRestart ? true : undefined) : sub.status === 'unpaid' ? true : undefined;
    });
  }

  async restart(): Promise<void> {
    const { sessionId, url } = await this.api.ok<{ sessionId: string; url: string }>('POST', `/sites/${this.siteId}/subscription/restart`, {
      planType: 'pro',
    });
    await this.payCheckout(url);
    await this.wait('relance confirmée par le produit', async () => {
      const { state } = await this.api.ok<{ state: string }>('GET', `/sites/${this.siteId}/subscription/checkout-sessions/${sessionId}`);
      return state === 'confirmed' ? state : undefined;
    });
    const sub = await this.wait('nouvel abonnement actif sur le même site', async () => {
      const s = await this.subscription();
      return s.status === 'active' && s.id !== this.subscriptionId ? s : undefined;
    });
    this.subscriptionId = sub.id;
  }
}

const STEPS: Array<{ name: string; proves: string; run: (c: Check) => Promise<void> }> = [
  {
    name: 'Achat par carte',
    proves: 'une commande payée sur la page Stripe crée le site, l’abonnement actif et la facture, webhooks en désordre compris',
    run: (c) => c.cardPurchase(),
  },
  {
    name: 'Achat par carte 3-D Secure',
    proves: 'une carte qui demande l’authentification (4000 0027 6000 3184) paie la commande une fois authentifiée, et le site est créé',
    run: (c) => c.another().cardPurchase('4000002760003184'),
  },
  {
    name: 'Achat par prélèvement SEPA',
    proves:
      'une commande payée par prélèvement est « en cours de traitement » sans rien démarrer, puis le site est créé quand la banque confirme',
    run: (c) => c.another().sepaPurchase(),
  },
  {
    name: 'Renouvellement',
    proves: 'un mois plus tard (horloge de test), Stripe facture et prélève la carte ; le produit enregistre la facture payée',
    run: (c) => c.renewal(),
  },
  {
    name: 'Renouvellement en échec réglé sur la page de la facture',
    proves: 'la carte refusée au renouvellement est signalée au client, et le règlement de la facture ouverte rétablit l’abonnement',
    run: (c) => c.failedRenewalPaidOnHostedPage(),
  },
  {
    name: 'Montée en gamme refusée, changement de carte, nouvel essai',
    proves: 'un prorata refusé répond 402 en français sans rien changer ; après un changement de carte, le même essai passe aussitôt',
    run: (c) => c.upgradeDeclinedThenRetried(),
  },
  {
    name: 'Annulation puis reprise',
    proves: 'l’annulation en fin de période est programmée chez Stripe, puis retirée',
    run: (c) => c.cancelAndUndo(),
  },
  {
    name: 'Remboursement fait dans le tableau de bord Stripe',
    proves: 'un remboursement créé chez Stripe donne un avoir dans l’espace client',
    run: (c) => c.refundInDashboard(),
  },
  {
    name: 'Fin des relances',
    proves: 'après les relances automatiques en échec, Stripe termine l’abonnement et le produit propose la relance du site',
    run: (c) => c.endOfDunning(),
  },
  {
    name: 'Relance du site',
    proves: 'le paiement de la relance relie un nouvel abonnement actif au même site',
    run: (c) => c.restart(),
  },
];

const t = await target();
const check = new Check(t);
const started = Date.now();
let failed = 0;
try {
  for (const [i, step] of STEPS.entries()) {
    if (failed) {
      console.log(`✗ ${step.name} : non vérifié (une étape précédente a échoué)`);
      continue;
    }
    const t0 = Date.now();
    try {
      await step.run(check);
      console.log(`✓ ${step.name} — ${step.proves} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed = i + 1;
      const reason = error instanceof CheckFailure ? error.message : ((error as Error).stack ?? String(error));
      console.log(`✗ ${step.name} : ${reason}`);
    }
  }
} finally {
  await t.stop();
}
console.log(
  failed
    ? `Vérification Stripe : échec (${((Date.now() - started) / 1000).toFixed(0)} s).`
    : `Vérification Stripe : les ${STEPS.length} parcours passent (${((Date.now() - started) / 1000).toFixed(0)} s).`,
);
process.exit(failed ? 1 : 0);
