import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { ORDER_MESSAGES } from '@vitrine/domain';
import { euros } from '../src/common/format';
import { InvoiceFiles } from '../src/invoicing/invoice-files';
import { InvoicingService } from '../src/invoicing/invoicing.service';
import type { LegalDocument } from '../src/invoicing/legal-document';
import { bearer, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { ciiFacts, readFacturX, xsdErrors } from './helpers/factur-x';
import { orderAndCheckout } from './helpers/orders';
import { outboxFor } from './helpers/outbox';
import { payOnSandbox, settle as settleWebhooks, SIMPLE, TEST_CARD } from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';
import { binary, unzip } from './helpers/privacy';

const YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
const f = (seq: number) => `F-${YEAR}-${String(seq).padStart(6, '0')}`;
const av = (seq: number) => `AV-${YEAR}-${String(seq).padStart(6, '0')}`;
interface LegalRow {
  id: string;
  kind: string;
  number: string;
  source_key: string;
  user_id: string | null;
  stripe_invoice_id: string | null;
  credited_id: string | null;
  replaces_id: string | null;
  paid_at: Date | null;
  total_incl_cents: number;
  total_excl_cents: number;
  vat_cents: number;
  document: LegalDocument;
}

/** The buyer the invoice should have named: the company, with its SIREN and VAT number. */
const COMPANY = {
  reason: 'Facture établie au nom du gérant au lieu de la société',
  buyerType: 'company',
  fullName: 'Jeanne Martin',
  companyName: 'Boulangerie Martin SARL',
  siren: '732 829 320',
  vatNumber: 'FR 44 732 829 320',
  address: '3 place du Marché',
  postalCode: '69001',
  city: 'Lyon',
};

/**
 * Correcting an issued invoice the legal way, against the Stripe sandbox and a real database: the admin's one audited
 * action issues a credit note cancelling the invoice and a corrected invoice with the next number, the corrected buyer
 * (checked field by field, in French) or lines (the same total); the client is mailed both; both show in the client's
 * invoices, the admin's documents and the accountant's export (its journal and its FEC); a refund of the payment
 * afterwards credits the corrected invoice.
 */
describe('correcting an issued invoice', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let close: () => Promise<void>;
  let admin: SessionBody;
  let client: SessionBody;
  let original: LegalRow;

  const settle = async () => {
    await settleWebhooks({ sandbox, t }, 2);
    await t.app.get(InvoiceFiles).drain();
  };
  const legalOf = (userId: string): Promise<LegalRow[]> =>
    t.dataSource.query(`SELECT * FROM legal_invoices WHERE user_id = $1 ORDER BY issued_at, id`, [userId]);
  const correct = (id: string, body: object, status: number, session: SessionBody = admin) =>
    t.api.post(`/api/admin/legal-invoices/${id}/correction`).set(bearer(session)).send(body).expect(status);
  const download = async (path: string) =>
    (await t.api.raw.get(path).set(bearer(admin)).buffer(true).parse(binary).expect(200)).body as Buffer;

  beforeAll(async () => {
    ({ sandbox, stripe, t, close } = await appWithSandbox());
    admin = await loginAdmin(t.api);
    // The order named the manager as a private individual: the invoice went to her, not to her company.
    client = await registerClient(t.api, { email: 'martin@example.com', name: 'Jeanne Martin' });
    const { url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
    expect((await payOnSandbox(sandbox, url, { card: TEST_CARD, email: 'martin@example.com', name: 'J MARTIN' })).status).toBe(303);
    await settle();
    [original] = await legalOf(client.user.id);
    expect(original).toMatchObject({ kind: 'invoice', number: f(1), total_incl_cents: 2900 });
    expect(original.document.buyer).toMatchObject({ type: 'individual', name: 'Jeanne Martin', siren: null });
  });
  afterAll(() => close());

  it('shows the admin the invoice in detail: buyer, lines (their amounts including VAT add up), correctable', async () => {
    const detail = (await t.api.get(`/api/admin/legal-invoices/${original.id}`).set(bearer(admin)).expect(200)).body;
    expect(detail).toMatchObject({
      id: original.id,
      kind: 'invoice',
      number: f(1),
      stripeInvoiceId: original.stripe_invoice_id,
      issueDate: TODAY,
      paymentDate: original.document.paymentDate,
      vatRatePercent: '20',
      vatExemption: null,
      buyer: { type: 'individual', name: 'Jeanne Martin', companyName: null, email: 'martin@example.com' },
      refersTo: null,
      creditNotes: [],
      replacedBy: null,
      notCorrectable: null,
      replacesNumber: null,
    });
    expect(detail.lines.reduce((sum: number, l: { amountInclCents: number }) => sum + l.amountInclCents, 0)).toBe(2900);
    expect(detail.lines.map((l: { totalExclCents: number }) => l.totalExclCents)).toEqual(
      original.document.lines.map((l) => l.totalExclCents),
    );
    await t.api.get('/api/admin/legal-invoices/00000000-0000-4000-8000-000000000000').set(bearer(admin)).expect(404);
    await t.api.get(`/api/admin/legal-invoices/${original.id}`).set(bearer(client)).expect(403);
  });

  it('checks the correction field by field, in French, and refuses a correction that changes nothing', async () => {
    const errors = async (body: object) => (await correct(original.id, { ...COMPANY, ...body }, 400)).body.errors;
    expect(await errors({ siren: '732 829 321' })).toEqual({ siren: ORDER_MESSAGES.sirenInvalid });
    expect(await errors({ vatNumber: 'FR 12 732 829 320' })).toEqual({ vatNumber: ORDER_MESSAGES.vatNumberMismatch });
    expect(await errors({ vatNumber: 'DE123' })).toEqual({ vatNumber: ORDER_MESSAGES.vatNumberInvalid });
    expect(await errors({ companyName: '' })).toEqual({ companyName: ORDER_MESSAGES.companyNameRequired });
    expect(await errors({ fullName: ' ', address: '', reason: '' })).toEqual({
      fullName: ORDER_MESSAGES.fullNameRequired,
      address: ORDER_MESSAGES.addressRequired,
      reason: 'Le motif de la correction est requis',
    });
    expect(await errors({ buyerType: 'association' })).toEqual({ buyerType: ORDER_MESSAGES.buyerTypeInvalid });
    expect(await errors({ lines: [{ label: '', quantity: 0, amountInclCents: 2900 }] })).toEqual({
      'lines.0.label': 'Le libellé de la ligne est requis',
      'lines.0.quantity': 'La quantité est un nombre entier de 1 à 1 000.',
    });
    expect(await errors({ lines: [{ label: 'Formule Pro', quantity: 1, amountInclCents: 2500 }] })).toEqual({
      lines: `Le total TTC des lignes (${euros(2500)}) doit rester celui de la facture, encaissé : ${euros(2900)}.`,
    });
    expect(await errors({ lines: [] })).toEqual({ lines: 'Au moins une ligne' });
    expect(await errors({ stripeInvoiceId: 'in_x' })).toEqual({ stripeInvoiceId: 'Champ non autorisé' });
    const same = await correct(
      original.id,
      {
        reason: 'rien',
        buyerType: 'individual',
        fullName: 'Jeanne Martin',
        address: '3 place du Marché',
        postalCode: '69001',
        city: 'Lyon',
      },
      400,
    );
    expect(same.body.message).toBe("Rien à corriger : l'acheteur et les lignes sont ceux de la facture.");
    // Only an admin, only an existing invoice; nothing was issued.
    await correct(original.id, COMPANY, 403, client);
    await t.api.raw.post(`/api/admin/legal-invoices/${original.id}/correction`).send(COMPANY).expect(401);
    expect((await correct('00000000-0000-4000-8000-000000000000', COMPANY, 404)).body.message).toBe('Facture introuvable');
    expect(await legalOf(client.user.id)).toHaveLength(1);
  });

  it('issues a credit note cancelling the invoice and a corrected invoice with the next number, audited, mailed, listed', async () => {
    const res = await correct(original.id, COMPANY, 201);
    const [, note, corrected] = await legalOf(client.user.id);
    expect(res.body).toEqual({
      creditNote: { id: note.id, kind: 'credit_note', number: av(1) },
      invoice: { id: corrected.id, kind: 'invoice', number: f(2) },
    });
    // The credit note: the whole invoice, its buyer, refers to it; it refunds nothing.
    expect(note).toMatchObject({
      source_key: `correction:${original.id}:avoir`,
      credited_id: original.id,
      replaces_id: original.id,
      stripe_invoice_id: original.stripe_invoice_id,
      user_id: client.user.id,
      paid_at: null,
      total_incl_cents: 2900,
      total_excl_cents: original.total_excl_cents,
    });
    expect(note.document.lines).toEqual(original.document.lines);
    expect(note.document.buyer).toEqual(original.document.buyer);
    expect(note.document.credited).toEqual({ number: f(1), issueDate: original.document.issueDate });
    expect(note.document.paymentDate).toBeNull();
    expect(note.document.mentions).toContainEqual({
      subject: 'AAI',
      text: `Avoir d'annulation de la facture ${f(1)} du ${original.document.issueDate.split('-').reverse().join('/')}, remplacée par une facture rectificative.`,
    });
    // The corrected invoice: the company, compact identifiers, the same lines and amounts, paid when the first was.
    expect(corrected).toMatchObject({
      source_key: `correction:${original.id}:facture`,
      credited_id: null,
      replaces_id: original.id,
      stripe_invoice_id: original.stripe_invoice_id,
      total_incl_cents: 2900,
      vat_cents: original.vat_cents,
    });
    expect(new Date(corrected.paid_at!).getTime()).toBe(new Date(original.paid_at!).getTime());
    expect(corrected.document.buyer).toEqual({
      ...original.document.buyer,
      type: 'company',
      companyName: 'Boulangerie Martin SARL',
      siren: '732829320',
      vatNumber: 'FR44732829320',
    });
    expect(corrected.document.lines).toEqual(original.document.lines);
    expect(corrected.document.paymentDate).toBe(original.document.paymentDate);
    expect(corrected.document.replaces).toEqual({ number: f(1), issueDate: original.document.issueDate });
    expect(note.document.replaces).toBeUndefined();
    expect(corrected.document.mentions.at(-1)).toEqual({
      subject: 'AAI',
      text: expect.stringMatching(
        new RegExp(`^Facture rectificative : annule et remplace la facture ${f(1)} du .*, annulée par l'avoir ${av(1)}\\.$`),
      ),
    });
    // Its Factur-X file names the company.
    await t.app.get(InvoiceFiles).drain();
    const parts = await readFacturX(await download(`/api/admin/legal-invoices/${corrected.id}/pdf`));
    expect(await xsdErrors(parts.xml)).toEqual([]);
    // A corrective invoice (384) that refers to the invoice it replaces (BT-25/BT-26).
    const facts = ciiFacts(parts.xml);
    expect(facts).toMatchObject({ number: f(2), typeCode: '384', referenced: f(1), grandTotal: 2900 });
    expect(JSON.stringify(facts.buyer)).toContain('Boulangerie Martin SARL');
    const noteFacts = ciiFacts((await readFacturX(await download(`/api/admin/legal-invoices/${note.id}/pdf`))).xml);
    expect(noteFacts).toMatchObject({ number: av(1), typeCode: '381', referenced: f(1), grandTotal: 2900 });

    // Audited: who, which invoice, what was issued and why.
    const [entry] = await t.dataSource.query(`SELECT * FROM audit_log WHERE action = 'legal_invoice.correct'`);
    expect(entry).toMatchObject({ entity_type: 'legal_invoice', entity_id: original.id, actor_email: 'admin@example.com' });
    expect(entry.before).toMatchObject({ number: f(1), buyer: { type: 'individual', companyName: null } });
    expect(entry.after).toMatchObject({
      reason: COMPANY.reason,
      creditNote: av(1),
      invoice: f(2),
      buyer: { type: 'company', siren: '732829320' },
      savedToProfile: false,
    });
    // The client is mailed both numbers, with the way to their invoices.
    const [mail, ...more] = await outboxFor(t, 'martin@example.com', 'account-notice');
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Votre facture ${f(1)} est corrigée : facture ${f(2)}`);
    expect(mail.text).toContain(av(1));
    expect(mail.text).toContain(f(2));
    expect(mail.action_url).toBe('http://localhost:3000/dashboard/invoices');
    // The client sees the three documents with the payment; the admin lists them, the corrected invoice says which one it replaces.
    const own = (await t.api.get('/api/billing/invoices').set(bearer(client)).expect(200)).body.invoices;
    expect(
      own.find((i: { id: string }) => i.id === original.stripe_invoice_id).legalDocuments.map((d: { number: string }) => d.number),
    ).toEqual([f(1), av(1), f(2)]);
    const listed = (await t.api.get(`/api/admin/legal-invoices?userId=${client.user.id}`).set(bearer(admin)).expect(200)).body
      .legalInvoices;
    expect(
      listed.map((d: { number: string; creditedNumber: string | null; replacesNumber: string | null }) => [
        d.number,
        d.creditedNumber,
        d.replacesNumber,
      ]),
    ).toEqual([
      [f(2), null, f(1)],
      [av(1), f(1), null],
      [f(1), null, null],
    ]);
    // The invoice corrected cannot be corrected again, nor can a credit note; its detail says why and by what.
    const detail = (await t.api.get(`/api/admin/legal-invoices/${original.id}`).set(bearer(admin)).expect(200)).body;
    expect(detail).toMatchObject({
      notCorrectable: `Déjà corrigée : remplacée par la facture ${f(2)}.`,
      replacedBy: { id: corrected.id, kind: 'invoice', number: f(2) },
      creditNotes: [{ id: note.id, kind: 'credit_note', number: av(1) }],
    });
    expect((await t.api.get(`/api/admin/legal-invoices/${corrected.id}`).set(bearer(admin)).expect(200)).body).toMatchObject({
      refersTo: { id: original.id, kind: 'invoice', number: f(1) },
      notCorrectable: null,
    });
    expect((await t.api.get(`/api/admin/legal-invoices/${note.id}`).set(bearer(admin)).expect(200)).body).toMatchObject({
      refersTo: { id: original.id, number: f(1) },
      notCorrectable: 'Un avoir ne se corrige pas : corrigez la facture.',
    });
    expect((await correct(original.id, COMPANY, 409)).body.message).toBe(`Déjà corrigée : remplacée par la facture ${f(2)}.`);
    await correct(note.id, COMPANY, 409);
    expect(await legalOf(client.user.id)).toHaveLength(3);
  });

  it('corrects lines too (the same total), saves the identity for the next invoices if asked, and a later refund credits the invoice in force', async () => {
    const [, , corrected] = await legalOf(client.user.id);
    const lines = [
      { label: 'Formule Pro — site Boulangerie Martin', detail: 'Site « Boulangerie Martin »', quantity: 1, amountInclCents: 2400 },
      { label: 'Mise en ligne', quantity: 1, amountInclCents: 500 },
    ];
    await correct(corrected.id, { ...COMPANY, reason: 'Libellés à préciser', lines, saveToProfile: true }, 201);
    const docs = await legalOf(client.user.id);
    const [note, latest] = docs.slice(3);
    expect([note.number, note.credited_id, latest.number, latest.replaces_id]).toEqual([av(2), corrected.id, f(3), corrected.id]);
    expect(latest.document.lines.map((l) => [l.label, l.detail, l.quantity, l.totalExclCents])).toEqual([
      ['Formule Pro — site Boulangerie Martin', 'Site « Boulangerie Martin »', 1, 2000],
      ['Mise en ligne', null, 1, 417],
    ]);
    expect(latest.document.totals).toEqual({ exclCents: 2417, vatCents: 483, inclCents: 2900 });
    const profile = (await t.api.get('/api/billing/profile').set(bearer(client)).expect(200)).body;
    expect(profile).toMatchObject({ buyerType: 'company', companyName: 'Boulangerie Martin SARL', siren: '732829320' });

    // A refund of the payment made in Stripe afterwards: credited once, on the corrected invoice, to its buyer.
    const stripeInvoice = await stripe.invoices.retrieve(original.stripe_invoice_id!, { expand: ['payments'] });
    await stripe.refunds.create({ payment_intent: stripeInvoice.payments!.data[0].payment.payment_intent as string });
    await settle();
    const [refundNote, ...none] = (await legalOf(client.user.id)).slice(5);
    expect(none).toEqual([]);
    expect(refundNote).toMatchObject({ number: av(3), credited_id: latest.id, replaces_id: null, total_incl_cents: 2900 });
    expect(refundNote.document.buyer.companyName).toBe('Boulangerie Martin SARL');
    expect(refundNote.document.lines).toEqual(latest.document.lines);
  });

  it('a refund credited while a correction is being issued waits for it, then credits the corrected invoice', async () => {
    const other = await registerClient(t.api, { email: 'course@example.com', name: 'Paul Course' });
    const { url } = await orderAndCheckout(t.api, {
      session: other,
      planType: 'pro',
      data: SIMPLE,
      billing: { email: 'course@example.com' },
    });
    expect((await payOnSandbox(sandbox, url, { card: TEST_CARD, email: 'course@example.com', name: 'Paul Course' })).status).toBe(303);
    await settle();
    const [paid] = await legalOf(other.user.id);
    /** Sessions of this database waiting for a lock. */
    const waiting = async () =>
      Number(
        (
          await t.dataSource.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )[0].n,
      );
    const until = async (n: number) => {
      const deadline = Date.now() + 20_000;
      while ((await waiting()) < n) {
        if (Date.now() > deadline) throw new Error(`${n} transactions en attente attendues`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // The correction stops after issuing its documents, before its commit (the client's billing profile is held).
    const blocker = t.dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(`SELECT 1 FROM billing_profiles WHERE user_id = $1 FOR UPDATE`, [other.user.id]);
    const correcting = Promise.resolve(correct(paid.id, { ...COMPANY, saveToProfile: true }, 201));
    await until(1);
    // Meanwhile, a refund of the payment is credited.
    const invoicing = t.app.get(InvoicingService);
    const crediting = invoicing.run((tx) =>
      invoicing.issueCreditNote(
        { sourceKey: 'refund:re_course', stripeInvoiceId: paid.stripe_invoice_id!, refundedAt: new Date(), amountCents: 1000 },
        tx,
      ),
    );
    await until(2);
    await blocker.commitTransaction();
    await blocker.release();
    const [corrected, credited] = await Promise.all([correcting, crediting]);
    const replacement = corrected.body.invoice as { id: string; number: string };
    const note = (await legalOf(other.user.id)).find((d) => d.source_key === 'refund:re_course')!;
    expect(credited).toEqual({ id: note.id, number: note.number, created: true });
    expect(note.credited_id).toBe(replacement.id);
    expect(note.document.credited!.number).toBe(replacement.number);
    expect(note.document.buyer.companyName).toBe('Boulangerie Martin SARL');
  });

  it('puts every document in the accountant’s export: its Factur-X files, the journal, the FEC (sales only for a correction)', async () => {
    const all = await legalOf(client.user.id);
    const entries = await unzip(await download(`/api/admin/exports/accounting.zip?from=${TODAY}&to=${TODAY}`));
    for (const d of all) expect(entries.has(`${d.kind === 'invoice' ? 'factures' : 'avoirs'}/${d.number}.pdf`)).toBe(true);
    const journal = entries.get('journal-des-ventes.csv')!.toString('utf8');
    expect(journal).toContain(`;${f(2)};Facture;${f(1)};Boulangerie Martin SARL;732829320;20;`);
    expect(journal).toContain(`;${av(1)};Avoir;${f(1)};Jeanne Martin;;20;`);
    const fecName = [...entries.keys()].find((k) => /^\d{9}FEC\d{8}\.txt$/.test(k))!;
    const rows = new TextDecoder('iso-8859-15')
      .decode(entries.get(fecName))
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split('\t'));
    const journalsOf = (number: string) => [...new Set(rows.filter((r) => r[8] === number).map((r) => r[0]))];
    expect(journalsOf(f(1))).toEqual(['VT', 'BQ']);
    expect(journalsOf(av(1))).toEqual(['VT']);
    expect(journalsOf(f(2))).toEqual(['VT']);
    expect(journalsOf(f(3))).toEqual(['VT']);
    expect(journalsOf(av(3))).toEqual(['VT', 'BQ']);
  });
});
