import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { InvoiceFiles } from '../src/invoicing/invoice-files';
import type { LegalDocument } from '../src/invoicing/legal-document';
import { bearer, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { parseCsv } from './helpers/admin';
import { compileSchematrons, validateEInvoice } from './einvoice/validate';
import { ciiFacts, readFacturX, xsdErrors } from './helpers/factur-x';
import { orderAndCheckout } from './helpers/orders';
import { payOnSandbox, sessionIdOf, settle as settleWebhooks, SIMPLE, TEST_CARD } from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';
import { binary, unzip } from './helpers/privacy';

const YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
const COMPANY = {
  buyerType: 'company',
  companyName: 'Boulangerie Martin SARL',
  siren: '732 829 320',
  vatNumber: 'FR 44 732 829 320',
};
interface LegalRow {
  id: string;
  kind: string;
  number: string;
  seq: number;
  user_id: string | null;
  stripe_invoice_id: string | null;
  credited_id: string | null;
  total_incl_cents: number;
  total_excl_cents: number;
  vat_cents: number;
  document: LegalDocument;
  render_status: string;
}

/**
 * Legal invoices end to end, against the Stripe sandbox and a real database: the buyer's billing identity at the
 * order and in the profile; an invoice for every amount Stripe collects (first payment with its add-ons, renewals, a
 * prorated upgrade) and a credit note for a refund, numbered without gaps and frozen; their Factur-X files (XSD-valid
 * XML whose amounts are the PDF's and Stripe's); the client's and the admin's downloads; the accountant's export.
 */
describe('legal invoices', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let close: () => Promise<void>;
  let admin: SessionBody;

  const settle = async () => {
    await settleWebhooks({ sandbox, t }, 2);
    await t.app.get(InvoiceFiles).drain();
  };
  const payCheckout = async (url: string) =>
    (await payOnSandbox(sandbox, url, { card: TEST_CARD, email: 'a@example.com', name: 'Acheteur' })).status;
  const legalOf = (userId: string): Promise<LegalRow[]> =>
    t.dataSource.query(`SELECT * FROM legal_invoices WHERE user_id = $1 ORDER BY year, kind, seq`, [userId]);
  const download = async (path: string, session: SessionBody, status = 200) =>
    (await t.api.raw.get(path).set(bearer(session)).buffer(true).parse(binary).expect(status)).body as Buffer;

  async function companyClientWithSite(email: string, billing: object = COMPANY, data: object = {}) {
    const client = await registerClient(t.api, { email, name: 'Élodie Martin' });
    const { url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', billing, data });
    expect(await payCheckout(url)).toBe(303);
    await settle();
    const [site] = await t.dataSource.query(`SELECT id, stripe_subscription_id FROM sites WHERE user_id = $1`, [client.user.id]);
    return { client, siteId: site.id as string, subscriptionId: site.stripe_subscription_id as string };
  }

  beforeAll(async () => {
    ({ sandbox, stripe, t, close } = await appWithSandbox());
    admin = await loginAdmin(t.api);
  });
  afterAll(() => close());

  describe('the buyer’s billing identity', () => {
    it('is checked field by field, in French, at the order’s billing step and in the profile', async () => {
      const client = await registerClient(t.api, { email: 'identite@example.com', name: 'Élodie Martin' });
      const bad = async (billing: object) => {
        const { draft } = await (async () => {
          const res = await t.api.post('/api/order-drafts').set(bearer(client)).send({ planType: 'pro' }).expect(201);
          return { draft: res.body };
        })();
        return (
          await t.api
            .post('/api/checkout-sessions')
            .set(bearer(client))
            .send({ consumerRequest: true, draftId: draft.id, billing })
            .expect(400)
        ).body.errors;
      };
      const base = {
        fullName: 'Élodie Martin',
        email: 'identite@example.com',
        address: '3 place du Marché',
        city: 'Lyon',
        postalCode: '69001',
      };
      expect(await bad({ ...base, buyerType: 'company' })).toEqual({ 'billing.companyName': "Le nom de l'entreprise est requis." });
      expect(await bad({ ...base, ...COMPANY, siren: '732829321' })).toEqual({
        'billing.siren': 'SIREN invalide : 9 chiffres avec une clé de contrôle correcte.',
      });
      expect(await bad({ ...base, ...COMPANY, vatNumber: 'FR65912345675' })).toEqual({
        'billing.vatNumber': 'Le numéro de TVA ne correspond pas au SIREN.',
      });
      expect(await bad({ ...base, ...COMPANY, vatNumber: 'DE123' })).toEqual({
        'billing.vatNumber': 'Numéro de TVA invalide : FR, une clé de 2 caractères, puis les 9 chiffres du SIREN.',
      });
      expect(await bad({ ...base, buyerType: 'association' })).toEqual({ 'billing.buyerType': 'Choisissez particulier ou entreprise.' });
      // An individual's company fields are not checked (and not kept).
      await t.api.post('/api/order-drafts').set(bearer(client)).send({ planType: 'pro' }).expect(201);

      const { email: _email, ...profileBase } = base;
      // The profile: the account's name until something is saved; then what was saved, identifiers compact.
      expect((await t.api.get('/api/billing/profile').set(bearer(client)).expect(200)).body).toMatchObject({
        buyerType: 'individual',
        fullName: 'Élodie Martin',
        companyName: '',
        updatedAt: null,
      });
      const wrong = await t.api
        .put('/api/billing/profile')
        .set(bearer(client))
        .send({ ...profileBase, buyerType: 'company', companyName: '', siren: '123', vatNumber: 'DE123' })
        .expect(400);
      expect(wrong.body.errors).toEqual({
        companyName: "Le nom de l'entreprise est requis.",
        siren: 'SIREN invalide : 9 chiffres avec une clé de contrôle correcte.',
        vatNumber: 'Numéro de TVA invalide : FR, une clé de 2 caractères, puis les 9 chiffres du SIREN.',
      });
      const saved = await t.api
        .put('/api/billing/profile')
        .set(bearer(client))
        .send({ ...profileBase, ...COMPANY })
        .expect(200);
      expect(saved.body).toMatchObject({
        buyerType: 'company',
        companyName: 'Boulangerie Martin SARL',
        siren: '732829320',
        vatNumber: 'FR44732829320',
      });
      await t.api.get('/api/billing/profile').expect(401);
    });
  });

  describe('issued for every amount Stripe collects', () => {
    let client: SessionBody;
    let siteId: string;
    let subscriptionId: string;

    beforeAll(async () => {
      ({ client, siteId, subscriptionId } = await companyClientWithSite('societe@example.com'));
    });

    it('the first payment with its add-ons: a legal invoice, the company as buyer, Stripe’s amounts, a valid Factur-X file', async () => {
      const [invoice] = await legalOf(client.user.id);
      expect(invoice).toMatchObject({ kind: 'invoice', number: `F-${YEAR}-000001`, seq: 1, render_status: 'rendered' });
      const stripeInvoice = await stripe.invoices.retrieve(invoice.stripe_invoice_id!);
      expect(invoice.total_incl_cents).toBe(stripeInvoice.amount_paid);
      expect(stripeInvoice.amount_paid).toBeGreaterThan(2900); // the plan and its add-ons (logo, options, e-mails)
      expect(invoice.document.buyer).toMatchObject({
        type: 'company',
        companyName: 'Boulangerie Martin SARL',
        siren: '732829320',
        vatNumber: 'FR44732829320',
        name: 'Jeanne Martin',
        address: '3 place du Marché',
        postalCode: '69001',
        city: 'Lyon',
      });
      expect(invoice.document.seller).toMatchObject({
        legalName: 'Vitrine SAS',
        siren: '912345675',
        vat: 'FR65912345675',
        vatRegime: 'standard',
        vatRate: '20',
      });
      expect(invoice.document.lines.map((l: { label: string }) => l.label)).toEqual(
        expect.arrayContaining(['Formule Pro', 'Création de logo', 'Fiche Google Business']),
      );
      expect(invoice.document.lines[0].detail).toBe('Site « Boulangerie Martin »');

      // The client's list shows the legal number beside Stripe's links; the download is the Factur-X file.
      const list = (await t.api.get('/api/billing/invoices').set(bearer(client)).expect(200)).body.invoices;
      const row = list.find((i: { id: string }) => i.id === invoice.stripe_invoice_id);
      expect(row.legalDocuments).toEqual([{ id: invoice.id, kind: 'invoice', number: `F-${YEAR}-000001` }]);
      expect(row.hostedUrl).toBeTruthy();
      const pdf = await download(`/api/billing/legal-invoices/${invoice.id}/pdf`, client);
      const parts = await readFacturX(pdf);
      expect(await xsdErrors(parts.xml)).toEqual([]);
      const facts = ciiFacts(parts.xml);
      expect(facts.number).toBe(`F-${YEAR}-000001`);
      // Amounts in the XML = the PDF's = Stripe's.
      expect(facts.grandTotal).toBe(stripeInvoice.amount_paid);
      expect(facts.taxBasis).toBe(invoice.total_excl_cents);
      expect(facts.taxTotal).toBe(invoice.vat_cents);
      const text = parts.text.replace(/\s+/g, ' ');
      const euros = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')} €`;
      expect(text).toContain(`Total TTC ${euros(stripeInvoice.amount_paid)}`);
      expect(text).toContain(`Total HT ${euros(invoice.total_excl_cents)}`);
      expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement');
      expect(facts.buyer['ram:SpecifiedTaxRegistration']['ram:ID']['#text']).toBe('FR44732829320');

      // Another client's download: 404, as an unknown id; the admin downloads it and sees it among the client's.
      const other = await registerClient(t.api, { email: 'autre@example.com', name: 'Autre' });
      await download(`/api/billing/legal-invoices/${invoice.id}/pdf`, other, 404);
      await download(`/api/billing/legal-invoices/00000000-0000-4000-8000-000000000000/pdf`, client, 404);
      await t.api.raw.get(`/api/billing/legal-invoices/${invoice.id}/pdf`).expect(401);
      await t.api.raw.get(`/api/admin/legal-invoices/${invoice.id}/pdf`).set(bearer(client)).expect(403);
      expect((await download(`/api/admin/legal-invoices/${invoice.id}/pdf`, admin)).equals(pdf)).toBe(true);
      const perClient = (await t.api.get(`/api/admin/legal-invoices?userId=${client.user.id}`).set(bearer(admin)).expect(200)).body;
      expect(perClient).toMatchObject({
        total: 1,
        legalInvoices: [{ id: invoice.id, number: `F-${YEAR}-000001`, buyerName: 'Boulangerie Martin SARL' }],
      });
      const adminInvoices = (await t.api.get('/api/admin/invoices').set(bearer(admin)).expect(200)).body.invoices;
      expect(adminInvoices.find((i: { id: string }) => i.id === invoice.stripe_invoice_id).legalDocuments[0].number).toBe(
        `F-${YEAR}-000001`,
      );
    });

    it('each renewal and a prorated upgrade: the next numbers, no gap, Stripe’s amounts and the proration’s lines, valid e-invoices', async () => {
      expect((await fetch(`${sandbox.url}/test/subscriptions/${subscriptionId}/renew`, { method: 'POST' })).status).toBe(200);
      await settle();
      await t.api.post(`/api/sites/${siteId}/subscription/upgrade`).set(bearer(client)).expect(200);
      await settle();
      const docs = await legalOf(client.user.id);
      expect(docs.map((d) => d.number)).toEqual([`F-${YEAR}-000001`, `F-${YEAR}-000002`, `F-${YEAR}-000003`]);
      for (const doc of docs) {
        const stripeInvoice = await stripe.invoices.retrieve(doc.stripe_invoice_id!);
        expect(doc.total_incl_cents).toBe(stripeInvoice.amount_paid);
      }
      const upgrade = docs[2].document;
      expect(upgrade.lines.map((l: { label: string }) => l.label)).toEqual([
        expect.stringMatching(/^Crédit au prorata : Formule Pro \(période non utilisée\)$/),
        expect.stringMatching(/^Ajustement au prorata : Formule Business$/),
      ]);
      expect(upgrade.lines[0].totalExclCents).toBeLessThan(0);
      expect(upgrade.lines[1].periodStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The file the client downloads, issued by the real path (webhooks, the issuing transaction, the renderer), passes
      // the official e-invoicing artefacts (the proration's credit: a negative quantity at a positive price).
      const parts = await readFacturX(await download(`/api/billing/legal-invoices/${docs[2].id}/pdf`, client));
      await compileSchematrons();
      expect((await validateEInvoice(parts.xml)).fatal).toEqual([]);
      expect(upgrade.lines[0]).toMatchObject({ quantity: -1, unitPriceExclCents: -upgrade.lines[0].totalExclCents });
      expect(ciiFacts(parts.xml).grandTotal).toBe(docs[2].total_incl_cents);
    }, 300_000);

    it('an issued invoice is unchanged after the client renames their company; the next one carries the new name', async () => {
      const [first] = await legalOf(client.user.id);
      const before = await download(`/api/billing/legal-invoices/${first.id}/pdf`, client);
      await t.api
        .put('/api/billing/profile')
        .set(bearer(client))
        .send({
          buyerType: 'company',
          fullName: 'Élodie Martin',
          companyName: 'Martin & Fils SAS',
          siren: '',
          vatNumber: '',
          address: '8 rue Neuve',
          postalCode: '69002',
          city: 'Lyon',
        })
        .expect(200);
      const [again] = await legalOf(client.user.id);
      expect(again.document).toEqual(first.document);
      expect((await download(`/api/billing/legal-invoices/${first.id}/pdf`, client)).equals(before)).toBe(true);
      const text = (await readFacturX(before)).text;
      expect(text).toContain('Boulangerie Martin SARL');
      expect(text).not.toContain('Martin & Fils');
      // The database itself refuses to change or delete an issued document.
      await expect(
        t.dataSource.query(`UPDATE legal_invoices SET document = document || '{"number":"X"}' WHERE id = $1`, [first.id]),
      ).rejects.toThrow(/frozen/);
      await expect(t.dataSource.query(`DELETE FROM legal_invoices WHERE id = $1`, [first.id])).rejects.toThrow(/cannot be deleted/);

      expect((await fetch(`${sandbox.url}/test/subscriptions/${subscriptionId}/renew`, { method: 'POST' })).status).toBe(200);
      await settle();
      const docs = await legalOf(client.user.id);
      expect(docs.at(-1)!.document.buyer).toMatchObject({ companyName: 'Martin & Fils SAS', siren: null, address: '8 rue Neuve' });
    });
  });

  it('a refunded duplicate payment: a credit note that refers to the duplicate’s invoice', async () => {
    const client = await registerClient(t.api, { email: 'double@example.com', name: 'Paul Double' });
    const { draftId, url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
    const original = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
    const price = (await stripe.checkout.sessions.listLineItems(original.id)).data[0].price!.id;
    const twin = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      customer_email: 'double@example.com',
      metadata: { ...original.metadata },
      subscription_data: { metadata: { planType: 'pro', draftId } },
      success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(await payCheckout(url)).toBe(303);
    expect(await payCheckout(twin.url!)).toBe(303);
    await settle();
    const [dup] = await t.dataSource.query(`SELECT * FROM duplicate_payments WHERE reference_id = $1`, [draftId]);
    expect(dup.status).toBe('refunded');
    const docs = await legalOf(client.user.id);
    const invoices = docs.filter((d) => d.kind === 'invoice');
    const credits = docs.filter((d) => d.kind === 'credit_note');
    expect(invoices).toHaveLength(2);
    expect(credits).toHaveLength(1);
    const duplicateInvoice = invoices.find((d) => d.stripe_invoice_id === dup.invoice_id)!;
    expect(credits[0]).toMatchObject({
      number: `AV-${YEAR}-000001`,
      credited_id: duplicateInvoice.id,
      stripe_invoice_id: dup.invoice_id,
      total_incl_cents: 2900,
    });
    expect(credits[0].document.credited).toEqual({ number: duplicateInvoice.number, issueDate: duplicateInvoice.document.issueDate });
    const parts = await readFacturX(await download(`/api/billing/legal-invoices/${credits[0].id}/pdf`, client));
    expect(await xsdErrors(parts.xml)).toEqual([]);
    expect(ciiFacts(parts.xml)).toMatchObject({ typeCode: '381', referenced: duplicateInvoice.number, grandTotal: 2900 });
    // The client's list shows the invoice and its credit note on the refunded payment.
    const list = (await t.api.get('/api/billing/invoices').set(bearer(client)).expect(200)).body.invoices;
    expect(list.find((i: { id: string }) => i.id === dup.invoice_id).legalDocuments.map((d: { number: string }) => d.number)).toEqual([
      duplicateInvoice.number,
      `AV-${YEAR}-000001`,
    ]);
    // A replay of every event issues nothing more.
    for (const e of (await stripe.events.list({ limit: 100 })).data)
      await fetch(`${sandbox.url}/test/events/${e.id}/resend`, { method: 'POST' });
    await settle();
    expect(await legalOf(client.user.id)).toHaveLength(3);
  });

  it('the accountant’s export: a ZIP of the period’s Factur-X files and the sales journal (CSV)', async () => {
    const all: LegalRow[] = await t.dataSource.query(`SELECT * FROM legal_invoices ORDER BY issued_at, id`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const res = await t.api.raw
      .get(`/api/admin/exports/accounting.zip?from=${YEAR}-01-01&to=${today}`)
      .set(bearer(admin))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="vitrine-comptabilite-${YEAR}-01-01-${today}.zip"`);
    const entries = await unzip(res.body as Buffer);
    const expected = all.map((d) => `${d.kind === 'invoice' ? 'factures' : 'avoirs'}/${d.number}.pdf`);
    const fec = `${all[0].document.seller.siren}FEC${today.replace(/-/g, '')}.txt`;
    expect([...entries.keys()].sort()).toEqual([...expected, 'journal-des-ventes.csv', fec].sort());
    for (const d of all) {
      const facts = ciiFacts((await readFacturX(entries.get(`${d.kind === 'invoice' ? 'factures' : 'avoirs'}/${d.number}.pdf`)!)).xml);
      expect(facts.number).toBe(d.number);
      expect(facts.grandTotal).toBe(d.total_incl_cents);
    }
    const csv = entries.get('journal-des-ventes.csv')!.toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(csv.slice(1));
    expect(header).toEqual([
      'Date',
      'Numéro',
      'Type',
      'Facture corrigée',
      'Client',
      'SIREN du client',
      'Taux de TVA (%)',
      'Montant HT (€)',
      'TVA (€)',
      'Montant TTC (€)',
      'Date de paiement',
    ]);
    expect(rows.map((r) => r[1])).toEqual(all.map((d) => d.number));
    const amount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    for (const [i, d] of all.entries()) {
      const sign = d.kind === 'credit_note' ? -1 : 1;
      expect(rows[i][6]).toBe(d.document.vat.ratePercent);
      expect(rows[i].slice(7, 10)).toEqual([
        amount(sign * d.total_excl_cents),
        amount(sign * d.vat_cents),
        amount(sign * d.total_incl_cents),
      ]);
      expect(rows[i][2]).toBe(d.kind === 'invoice' ? 'Facture' : 'Avoir');
    }
    const company = rows.find((r) => r[1] === `F-${YEAR}-000001`)!;
    expect(company[4]).toBe('Boulangerie Martin SARL');
    expect(company[5]).toBe('732829320');
    // A period with nothing: the journal's header alone. A wrong period: French 400s.
    const empty = await unzip(
      (
        await t.api.raw
          .get('/api/admin/exports/accounting.zip?from=2020-01-01&to=2020-01-31')
          .set(bearer(admin))
          .buffer(true)
          .parse(binary)
          .expect(200)
      ).body as Buffer,
    );
    expect([...empty.keys()]).toEqual(['journal-des-ventes.csv', `${all[0].document.seller.siren}FEC20200131.txt`]);
    const bad = await t.api.get('/api/admin/exports/accounting.zip?from=2026-02-30&to=2026-01-01').set(bearer(admin)).expect(400);
    expect(bad.body.errors).toEqual({ from: 'Date de début invalide (AAAA-MM-JJ)' });
    const reversed = await t.api.get('/api/admin/exports/accounting.zip?from=2026-03-01&to=2026-01-01').set(bearer(admin)).expect(400);
    expect(reversed.body.errors).toEqual({ to: 'La date de fin précède la date de début' });
    await t.api.raw.get(`/api/admin/exports/accounting.zip?from=${YEAR}-01-01&to=${today}`).expect(401);
  });
});
