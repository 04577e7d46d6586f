import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { bearer, registerClient, type TestApp } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import { outboxFor, tokenFromMail } from './helpers/outbox';
import { payAndSettle, SIMPLE } from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';

const BUYER = {
  fullName: 'Hortense Vidal',
  phone: '0612345678',
  address: '7 rue des Tanneurs',
  city: 'Tours',
  postalCode: '37000',
};

/**
 * Issue 35, item 7, the third money defect: an anonymous order goes only to an account of its address that existed
 * when its payment opened (or that nobody can use without reading that mailbox); someone who signs up with that
 * address while the payment page is open gets nothing of it: the payer opens a new account by the first-login link
 * mailed to the address they paid with.
 */
describe('an anonymous order’s account', () => {
  let sandbox: StripeSandbox;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sandbox, t, close } = await appWithSandbox());
  });
  afterAll(() => close());

  const sitesOf = async (userId: string) => (await t.dataSource.query(`SELECT id FROM sites WHERE user_id = $1`, [userId])).length;

  it('is never one that signed up with its address after the payment opened: the payer opens a new one by the mailed link', async () => {
    const email = 'hortense.vidal@example.com';
    const order = await orderAndCheckout(t.api, { data: SIMPLE, billing: { ...BUYER, email } });
    // While the payment page is open, someone signs up with that address.
    const squatter = await registerClient(t.api, { email, name: 'Quelqu’un d’autre', password: 'mot-de-passe-du-squatteur' });
    await payAndSettle({ sandbox, t }, order.sessionId);

    // The sign-up gets nothing: no site, no payment, no invoice, no billing identity, not the buyer's name or address.
    expect(await sitesOf(squatter.user.id)).toBe(0);
    for (const table of ['subscriptions', 'invoices', 'legal_invoices', 'billing_profiles', 'order_drafts'])
      expect({ table, rows: await t.dataSource.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [squatter.user.id]) }).toEqual({
        table,
        rows: [],
      });
    // Its address went back to the payment that had it first: it can no longer sign in, its session is over.
    await t.api.get('/api/auth/me').set(bearer(squatter)).expect(401);
    await t.api.post('/api/auth/login').send({ email, password: 'mot-de-passe-du-squatteur' }).expect(401);
    const [team] = (await outboxFor(t, 'equipe@vitrine.example', 'team-notice')).filter(
      (m) => m.subject === 'Adresse reprise pour une commande payée',
    );
    expect(team.text).toContain(email);

    // The payer opens the new account by the first-login link mailed to the address they paid with.
    const [buyer] = await t.dataSource.query(`SELECT id, name FROM users WHERE email = $1`, [email]);
    expect(buyer).toEqual({ id: expect.not.stringMatching(squatter.user.id), name: 'Hortense Vidal' });
    expect((await outboxFor(t, email)).map((m) => m.template)).toEqual(expect.arrayContaining(['first-login', 'order-receipt']));
    const token = await tokenFromMail(t, email, 'first-login');
    const session = (await t.api.post('/api/auth/first-login').send({ token, password: 'mot-de-passe-d-hortense' }).expect(200)).body;
    expect(session.user.id).toBe(buyer.id);
    const sites = (await t.api.get('/api/sites').set(bearer(session)).expect(200)).body.sites;
    expect(sites).toHaveLength(1);
    const invoices = (await t.api.get('/api/billing/invoices').set(bearer(session)).expect(200)).body.invoices;
    expect(invoices).toHaveLength(1);
    const [legal] = await t.dataSource.query(
      `SELECT user_id, document->'buyer' AS buyer FROM legal_invoices WHERE stripe_invoice_id = $1`,
      [invoices[0].id],
    );
    expect(legal).toMatchObject({ user_id: buyer.id, buyer: { name: 'Hortense Vidal', address: '7 rue des Tanneurs', city: 'Tours' } });
    // Now that the mailbox is proven, the address signs in with the password chosen through the link.
    await t.api.post('/api/auth/login').send({ email, password: 'mot-de-passe-d-hortense' }).expect(200);
  });

  it('is the account the address’s earlier order opened, reached only through that mailbox, for a second order paid meanwhile', async () => {
    const email = 'double.commande@example.com';
    const first = await orderAndCheckout(t.api, { data: SIMPLE, billing: { ...BUYER, email } });
    const second = await orderAndCheckout(t.api, { data: { ...SIMPLE, siteName: 'Deuxième site' }, billing: { ...BUYER, email } });
    await payAndSettle({ sandbox, t }, first.sessionId);
    await payAndSettle({ sandbox, t }, second.sessionId);
    const accounts = await t.dataSource.query(`SELECT id FROM users WHERE email = $1`, [email]);
    expect(accounts).toHaveLength(1);
    expect(await sitesOf(accounts[0].id)).toBe(2);
  });
});
