import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { PAID_MEANWHILE } from '../src/orders/order-drafts.service';
import { bearer, loginAdmin, type SessionBody, type TestApp } from './helpers/app';
import { phoneJpeg } from './helpers/images';
import { as, BILLING, COMPLETE_FORM, type Owner, startDraft } from './helpers/orders';
import { outboxFor } from './helpers/outbox';
import { payOnSandbox, sandboxEvents, settle, SIMPLE } from './helpers/scenarios';
import { appWithSandbox, postEvent, webhooksProcessed } from './helpers/stripe';

interface SandboxEvent {
  id: string;
  event: Stripe.Event;
}

/** What the probe changed once the payment page was open: Business, logo creation, both listings, five mailboxes. */
const EDIT = {
  planType: 'business',
  data: {
    logoOption: 'create',
    includeGoogleBusiness: true,
    includeTrustpilot: true,
    extraEmails: ['contact', 'compta', 'commandes', 'rh', 'direction'],
  },
};

/**
 * Issue 35, item 7, the second money defect: what the team is handed is what the checkout charged. The order is frozen
 * when its payment opens; an edit while that payment is open expires it first (docs/payments.md), and one that comes
 * once the payment is made is refused in French; the team's mail, the order sheet and the order itself are the paid
 * session's, never a later edit.
 */
describe('an order is handed over as it was paid', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let webhookUrl: string;
  let close: () => Promise<void>;
  let admin: SessionBody;

  beforeAll(async () => {
    ({ sandbox, stripe, t, webhookUrl, close } = await appWithSandbox());
    admin = await loginAdmin(t.api);
  });
  afterAll(() => close());

  /** A complete anonymous order with no option, and its payment opened: Pro, 29 €. */
  async function openedOrder(siteName: string): Promise<{ draftId: string; owner: Owner; sessionId: string; email: string }> {
    const email = `${siteName.toLowerCase().replace(/\W+/g, '-')}@example.com`;
    const { draft, owner } = await startDraft(t.api, 'pro');
    await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
      .send({ data: { ...COMPLETE_FORM, ...SIMPLE, siteName }, prefersCall: false, currentStep: '4' })
      .expect(200);
    await as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner)
      .attach('file', phoneJpeg(), 'devanture.jpg')
      .expect(201);
    const res = await as(t.api.post('/api/checkout-sessions'), owner)
      .send({ consumerRequest: true, draftId: draft.id, billing: { ...BILLING, email } })
      .expect(201);
    return { draftId: draft.id, owner, sessionId: res.body.sessionId, email };
  }

  /** Pays with webhooks held back (no endpoint, no delivery); the payment's events, to deliver later. */
  async function payHeld(sessionId: string): Promise<Stripe.Event[]> {
    const before = new Set((await sandboxEvents<SandboxEvent>(sandbox)).map((e) => e.id));
    sandbox.setWebhookUrl('');
    try {
      expect((await payOnSandbox(sandbox, sessionId)).status).toBe(303);
    } finally {
      sandbox.setWebhookUrl(webhookUrl);
    }
    return (await sandboxEvents<SandboxEvent>(sandbox)).filter((e) => !before.has(e.id)).map((e) => e.event);
  }

  /** The team's mail and the admin's order sheet of an order's site. */
  async function handedOver(draftId: string, siteName: string) {
    const [site] = await t.dataSource.query(`SELECT id, type FROM sites WHERE order_draft_id = $1`, [draftId]);
    const team = (await outboxFor(t, 'equipe@vitrine.example', 'order-team')).find((m) => m.subject.endsWith(siteName))!;
    const sheet = (await t.api.get(`/api/admin/sites/${site.id}`).set(bearer(admin)).expect(200)).body.order;
    return { site, team, sheet: (sheet.answers as Array<{ label: string; value: string }>).map((a) => `${a.label} : ${a.value}`) };
  }

  const PAID_PRO = ['Formule : Pro', 'Logo : Pas de logo', 'Fiche Google Business : Non', 'Profil Trustpilot : Non'];
  const EDITED = ['Formule : Business', 'Création de logo', 'Fiche Google Business : Oui', 'Profil Trustpilot : Oui', 'compta@'];

  it('an edit while the payment page is open expires that payment: it can no longer be paid, the next one charges the edit', async () => {
    const { draftId, owner, sessionId } = await openedOrder('Fournil Ouvert');
    const first = await stripe.checkout.sessions.retrieve(sessionId);
    expect(first.status).toBe('open');

    await as(t.api.patch(`/api/order-drafts/${draftId}`), owner)
      .send(EDIT)
      .expect(200);
    expect((await stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    expect((await payOnSandbox(sandbox, sessionId)).status).not.toBe(303);

    const again = await as(t.api.post('/api/checkout-sessions'), owner)
      .send({ consumerRequest: true, draftId, billing: { ...BILLING, email: 'fournil-ouvert@example.com' } })
      .expect(201);
    expect((await stripe.checkout.sessions.retrieve(again.body.sessionId)).amount_total).toBeGreaterThan(first.amount_total!);
    expect((await payOnSandbox(sandbox, again.body.sessionId)).status).toBe(303);
    await settle({ sandbox, t });
    const { site, team, sheet } = await handedOver(draftId, 'Fournil Ouvert');
    expect(site.type).toBe('business');
    expect(team.subject).toBe('Nouvelle commande Business : Fournil Ouvert');
    expect(sheet).toContain('Formule : Business (option Business)');
  });

  it('an edit once the payment is made is refused in French; the team, the order sheet and the order are what was paid', async () => {
    const { draftId, owner, sessionId, email } = await openedOrder('Fournil Payé');
    const events = await payHeld(sessionId);

    const refused = await as(t.api.patch(`/api/order-drafts/${draftId}`), owner)
      .send(EDIT)
      .expect(409);
    expect(refused.body.message).toBe(PAID_MEANWHILE);
    const photo = await as(t.api.post(`/api/order-drafts/${draftId}/photos`), owner)
      .attach('file', phoneJpeg(), 'autre.jpg')
      .expect(409);
    expect(photo.body.message).toBe(PAID_MEANWHILE);

    for (const event of events) await postEvent(t.api, event).expect(200);
    await webhooksProcessed(t);
    const { site, team, sheet } = await handedOver(draftId, 'Fournil Payé');
    expect(site.type).toBe('pro');
    expect(team.subject).toBe('Nouvelle commande Pro : Fournil Payé');
    for (const answer of PAID_PRO) {
      expect(team.text).toContain(answer);
      expect(sheet).toContain(answer);
    }
    for (const edited of EDITED) expect(`${team.text}\n${sheet.join('\n')}`).not.toContain(edited);
    expect((await outboxFor(t, email, 'order-receipt'))[0].text).toMatch(/Premier mois : 29,00\s€/);
  });

  it('an order changed behind its open payment (no edit of ours does that) is still handed over as the payment opened', async () => {
    const { draftId, sessionId } = await openedOrder('Fournil Figé');
    // What no request can do any more, done straight in the table: the order's options changed under the open payment.
    await t.dataSource.query(
      `UPDATE order_drafts SET plan_type = 'business', data = data || $2::jsonb, prefers_call = true WHERE id = $1`,
      [draftId, JSON.stringify(EDIT.data)],
    );
    await t.dataSource.query(`DELETE FROM order_photos WHERE draft_id = $1`, [draftId]);
    expect((await payOnSandbox(sandbox, sessionId)).status).toBe(303);
    await settle({ sandbox, t });

    const { site, team, sheet } = await handedOver(draftId, 'Fournil Figé');
    expect(site.type).toBe('pro');
    for (const answer of [...PAID_PRO, 'Suite de la commande : Formulaire en ligne']) {
      expect(team.text).toContain(answer);
      expect(sheet).toContain(answer);
    }
    for (const edited of EDITED) expect(team.text).not.toContain(edited);
    const [order] = await t.dataSource.query(`SELECT status, plan_type, prefers_call, data FROM order_drafts WHERE id = $1`, [draftId]);
    expect(order).toMatchObject({
      status: 'paid',
      plan_type: 'pro',
      prefers_call: false,
      data: expect.objectContaining({ logoOption: 'none' }),
    });
  });
});
