import type { Response } from 'superagent';
import { FEC_COLUMNS } from '../src/admin/bookkeeping';
import { parisMidnight } from '../src/admin/accounting-export';
import { InvoicingRepository } from '../src/invoicing/invoicing.repository';
import { InvoicingService } from '../src/invoicing/invoicing.service';
import { type BuyerSnapshot, type LegalDocument, legalNumber } from '../src/invoicing/legal-document';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { parseCsv } from './helpers/admin';
import { companyBuyer, creditNoteDocument, individualBuyer, invoiceDocument, line } from './helpers/legal-documents';
import { binary, unzip } from './helpers/privacy';

/** A full past year: its documents are inserted with their issue dates, numbered as the product numbers them. */
const YEAR = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date())) - 1;
const day = (month: number, d: number) => `${YEAR}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

interface Issued {
  id: string;
  document: LegalDocument;
  userId: string | null;
  replacesId: string | null;
}

type Row = Record<(typeof FEC_COLUMNS)[number], string>;
const cents = (amount: string) => {
  const [units, decimals] = amount.split(',');
  return Number(units) * 100 + Number(decimals);
};

/**
 * The FEC (fichier des écritures comptables, LPF article A47 A-1) over a generated year of documents, against real
 * PostgreSQL: invoices at 20 %, at 10 % and under the franchise, to companies and individuals (names with œ, Š, €
 * and typographic apostrophes), full and partial refunds, a correction (its credit note and corrected invoice).
 * The file's format (columns, encoding, dates, amounts), every entry balanced, entry numbers continuous per journal,
 * its totals those of the documents; the accountant's ZIP carries it and the sales journal one row per VAT rate.
 */
describe('the FEC of a year', () => {
  let t: TestApp;
  let admin: SessionBody;
  let client: SessionBody;
  let siren: string;
  const issued: Issued[] = [];

  const download = async (path: string, status = 200) =>
    t.api.raw.get(path).set(bearer(admin)).buffer(true).parse(binary).expect(status) as unknown as Promise<Response & { body: Buffer }>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    client = await registerClient(t.api, { name: 'Élodie Martin', email: 'elodie.fec@example.com' });
    const other = await registerClient(t.api, { name: 'Zoé Lefèvre', email: 'zoe.fec@example.com' });
    siren = (await t.app.get(InvoicingService).currentSeller()).siren;
    const repo = t.app.get(InvoicingRepository);
    const buyers: Array<{ buyer: BuyerSnapshot; userId: string | null }> = [
      { buyer: companyBuyer('Œuvres d’Éloïse SARL', 'elodie.fec@example.com'), userId: client.user.id },
      { buyer: individualBuyer('Zoé Lefèvre', 'zoe.fec@example.com'), userId: other.user.id },
      { buyer: individualBuyer('Françoise Šimek', 'francoise@example.com'), userId: null },
      { buyer: companyBuyer('Café « Le Zinc » — 5 €', 'zinc@example.com'), userId: null },
    ];

    const issue = async (
      document: Omit<LegalDocument, 'number'>,
      source: { userId: string | null; creditedId?: string | null; replacesId?: string | null; key: string },
    ): Promise<Issued> => {
      const year = Number(document.issueDate.slice(0, 4));
      const issuedAt = new Date(parisMidnight(document.issueDate).getTime() + 12 * 3600_000 + issued.length * 1000);
      const { id, number } = await t.dataSource.transaction((tx) =>
        repo.issue(
          {
            kind: document.kind,
            sourceKey: source.key,
            stripeInvoiceId: null,
            creditedId: source.creditedId ?? null,
            replacesId: source.replacesId ?? null,
            userId: source.userId,
            issuedAt,
            paidAt: document.paymentDate ? new Date(`${document.paymentDate}T10:00:00Z`) : null,
            year,
            document,
          },
          (seq) => legalNumber(document.kind, year, seq),
          tx,
        ),
      );
      const doc: Issued = {
        id,
        document: { ...document, number } as LegalDocument,
        userId: source.userId,
        replacesId: source.replacesId ?? null,
      };
      issued.push(doc);
      return doc;
    };

    // Four payments a month; the rate is 20 % until June, 20 % and 10 % mixed in the summer, then 10 % and the
    // franchise; every fifth payment refunded in full two days later, every seventh in part; one correction in May.
    // Issued in date order, as the product issues them (numbers follow issue times).
    const plan: Array<{ date: string; run: () => Promise<unknown> }> = [];
    let n = 0;
    for (let month = 1; month <= 12; month++) {
      for (let k = 0; k < 4; k++) {
        n += 1;
        const key = n;
        const { buyer, userId } = buyers[n % buyers.length];
        const vat = month <= 6 ? '20' : month <= 9 ? (k % 2 ? '10' : '20') : k % 2 ? 'franchise' : '10';
        const lines = [line('Formule Pro', 2900)];
        if (n % 3 === 0) lines.push(line('Adresse e-mail supplémentaire', 200, 2));
        if (n % 4 === 0) lines.push(line('Crédit au prorata : Formule Essentiel (période non utilisée)', -1234));
        let invoice: Issued;
        plan.push({
          date: day(month, 2 + k * 7),
          run: async () =>
            (invoice = await issue(invoiceDocument({ issueDate: day(month, 2 + k * 7), buyer, vat, lines }), { userId, key: `in_${key}` })),
        });
        if (n % 5 === 0 || n % 7 === 0)
          plan.push({
            date: day(month, 4 + k * 7),
            run: () =>
              issue(
                creditNoteDocument(invoice.document, {
                  issueDate: day(month, 4 + k * 7),
                  amountInclCents: key % 5 === 0 ? undefined : 1000,
                }),
                { userId, creditedId: invoice.id, key: `refund:re_${key}` },
              ),
          });
        if (month === 5 && k === 1)
          plan.push({
            date: day(5, 20),
            run: async () => {
              await issue(creditNoteDocument(invoice.document, { issueDate: day(5, 20), paymentDate: null }), {
                userId,
                creditedId: invoice.id,
                replacesId: invoice.id,
                key: `correction:${invoice.id}:avoir`,
              });
              await issue(
                invoiceDocument({
                  issueDate: day(5, 20),
                  paymentDate: invoice.document.paymentDate,
                  buyer: companyBuyer('Nom corrigé SAS', buyer.email),
                  vat,
                  lines,
                }),
                { userId, replacesId: invoice.id, key: `correction:${invoice.id}:facture` },
              );
            },
          });
      }
    }
    // A stable sort: same-day documents keep their order.
    for (const step of plan.map((p, i) => ({ ...p, i })).sort((a, b) => a.date.localeCompare(b.date) || a.i - b.i)) await step.run();
  });
  afterAll(() => t.close());

  async function fecOf(from: string, to: string) {
    const res = await download(`/api/admin/exports/fec.txt?from=${from}&to=${to}`);
    const bytes = res.body;
    const text = new TextDecoder('iso-8859-15').decode(bytes);
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    const [header, ...rest] = lines.map((l) => l.split('\t'));
    const rows = rest.map((fields) => Object.fromEntries(FEC_COLUMNS.map((c, i) => [c, fields[i]])) as Row);
    return { res, bytes, text, header, fields: rest, rows };
  }

  it('is named, typed and laid out as article A47 A-1 says: 18 named fields, tabs, AAAAMMJJ dates, decimal commas', async () => {
    const { res, header, fields, rows, bytes } = await fecOf(`${YEAR}-01-01`, `${YEAR}-12-31`);
    expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-15');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${siren}FEC${YEAR}1231.txt"`);
    expect(header).toEqual([
      'JournalCode',
      'JournalLib',
      'EcritureNum',
      'EcritureDate',
      'CompteNum',
      'CompteLib',
      'CompAuxNum',
      'CompAuxLib',
      'PieceRef',
      'PieceDate',
      'EcritureLib',
      'Debit',
      'Credit',
      'EcritureLet',
      'DateLet',
      'ValidDate',
      'Montantdevise',
      'Idevise',
    ]);
    expect(fields.every((f) => f.length === 18)).toBe(true);
    const realDate = (v: string) =>
      /^\d{8}$/.test(v) &&
      new Date(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}T00:00:00Z`).toISOString().slice(0, 10).replace(/-/g, '') === v;
    for (const r of rows) {
      expect([r.EcritureDate, r.PieceDate, r.ValidDate].every(realDate)).toBe(true);
      expect(r.EcritureDate.startsWith(String(YEAR))).toBe(true);
      expect(r.Debit).toMatch(/^\d+,\d{2}$/);
      expect(r.Credit).toMatch(/^\d+,\d{2}$/);
      // One side per line, never an empty line of nothing.
      expect([cents(r.Debit) > 0, cents(r.Credit) > 0].filter(Boolean)).toHaveLength(1);
      expect(r.CompteNum).toMatch(/^\d{3}/);
      expect(r.JournalCode && r.JournalLib && r.CompteLib && r.PieceRef && r.EcritureLib).toBeTruthy();
      expect([r.EcritureLet, r.DateLet, r.Montantdevise, r.Idevise]).toEqual(['', '', '', '']);
      // The client's lines carry its auxiliary account, no other.
      expect(Boolean(r.CompAuxNum)).toBe(r.CompteNum === '411000');
    }
    // ISO 8859-15: one byte per French letter and per euro sign, no UTF-8, no control character but the line's own.
    expect(bytes.includes(Buffer.from('é', 'utf8'))).toBe(false);
    expect([...bytes].every((b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f) || b >= 0xa0)).toBe(true);
    const names = new Set(rows.map((r) => r.CompAuxLib));
    expect(names).toEqual(
      new Set(['', "Œuvres d'Éloïse SARL", 'Zoé Lefèvre', 'Françoise Šimek', 'Café « Le Zinc » - 5 €', 'Nom corrigé SAS']),
    );
    // Entries in the order they were validated.
    const valid = rows.map((r) => r.ValidDate);
    expect([...valid].sort()).toEqual(valid);
  });

  it('balances every entry, numbers each journal’s entries without gap, and adds up to the documents', async () => {
    const { rows } = await fecOf(`${YEAR}-01-01`, `${YEAR}-12-31`);
    const entries = new Map<string, Row[]>();
    for (const r of rows)
      entries.set(`${r.JournalCode}:${r.EcritureNum}`, [...(entries.get(`${r.JournalCode}:${r.EcritureNum}`) ?? []), r]);
    for (const [key, lines] of entries) {
      const balance = lines.reduce((sum, r) => sum + cents(r.Debit) - cents(r.Credit), 0);
      expect([key, balance]).toEqual([key, 0]);
      // One entry, one document, one date.
      expect(new Set(lines.map((r) => `${r.PieceRef} ${r.EcritureDate} ${r.EcritureLib}`)).size).toBe(1);
    }
    for (const journal of ['VT', 'BQ']) {
      const numbers = [...new Set(rows.filter((r) => r.JournalCode === journal).map((r) => Number(r.EcritureNum)))];
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
    expect(new Set(rows.map((r) => `${r.JournalCode} ${r.JournalLib}`))).toEqual(new Set(['VT Ventes', 'BQ Encaissements Stripe']));

    // Every document once in the sales journal; the money of each payment and refund once in the Stripe journal,
    // none for the correction's two documents.
    const docs = issued.filter((d) => d.document.issueDate.startsWith(String(YEAR)));
    expect(docs.length).toBeGreaterThan(55);
    const vtRefs = [...new Set(rows.filter((r) => r.JournalCode === 'VT').map((r) => `${r.EcritureNum} ${r.PieceRef}`))].map(
      (s) => s.split(' ')[1],
    );
    expect(vtRefs).toEqual(docs.map((d) => d.document.number));
    const bqRefs = [...new Set(rows.filter((r) => r.JournalCode === 'BQ').map((r) => `${r.EcritureNum} ${r.PieceRef}`))].map(
      (s) => s.split(' ')[1],
    );
    expect(bqRefs).toEqual(docs.filter((d) => !d.replacesId).map((d) => d.document.number));
    expect(docs.filter((d) => d.replacesId)).toHaveLength(2);

    // The accounts' balances are the documents' totals.
    const balance = (account: string, journal?: string) =>
      rows
        .filter((r) => r.CompteNum === account && (!journal || r.JournalCode === journal))
        .reduce((sum, r) => sum + cents(r.Credit) - cents(r.Debit), 0);
    const sum = (pick: (d: LegalDocument) => number, filter: (d: Issued) => boolean = () => true) =>
      docs.filter(filter).reduce((s, d) => s + (d.document.kind === 'invoice' ? 1 : -1) * pick(d.document), 0);
    expect(balance('706000')).toBe(sum((d) => d.totals.exclCents));
    expect(balance('4457120')).toBe(
      sum(
        (d) => d.totals.vatCents,
        (d) => d.document.vat.ratePercent === '20',
      ),
    );
    expect(balance('4457110')).toBe(
      sum(
        (d) => d.totals.vatCents,
        (d) => d.document.vat.ratePercent === '10',
      ),
    );
    expect(balance('4457110')).toBeGreaterThan(0);
    expect(-balance('467000')).toBe(
      sum(
        (d) => d.totals.inclCents,
        (d) => !d.replacesId,
      ),
    );
    expect(balance('411000')).toBe(0);
    expect(
      rows.some(
        (r) => r.CompteNum.startsWith('44571') && r.PieceRef === docs.find((d) => d.document.vat.category === 'E')!.document.number,
      ),
    ).toBe(false);
    // A credit note is the reverse entry: its client's line on the credit side of the sales journal.
    const credit = docs.find((d) => d.document.kind === 'credit_note' && !d.replacesId)!;
    const clientLine = rows.find((r) => r.JournalCode === 'VT' && r.PieceRef === credit.document.number && r.CompteNum === '411000')!;
    expect([clientLine.Debit, cents(clientLine.Credit)]).toEqual(['0,00', credit.document.totals.inclCents]);
    expect(clientLine.EcritureLib).toBe(
      `Avoir ${credit.document.number} sur ${credit.document.credited!.number} - ${credit.document.buyer.name}`,
    );
    // One auxiliary account per client account, the same on each of its documents.
    const auxOf = (userId: string) =>
      new Set(
        rows
          .filter((r) => docs.some((d) => d.userId === userId && d.document.number === r.PieceRef) && r.CompAuxNum)
          .map((r) => r.CompAuxNum),
      );
    expect(auxOf(client.user.id).size).toBe(1);
  });

  it('is in the accountant’s ZIP, whose sales journal has one row per VAT rate of each document, the rate in a column', async () => {
    const from = `${YEAR}-07-01`;
    const to = `${YEAR}-07-31`;
    const entries = await unzip((await download(`/api/admin/exports/accounting.zip?from=${from}&to=${to}`)).body);
    const { bytes } = await fecOf(from, to);
    expect(entries.get(`${siren}FEC${YEAR}0731.txt`)).toEqual(bytes);
    const july = issued.filter((d) => d.document.issueDate.startsWith(`${YEAR}-07`));
    const [header, ...rows] = parseCsv(entries.get('journal-des-ventes.csv')!.toString('utf8').slice(1));
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
    expect(rows.map((r) => [r[1], r[6]])).toEqual(july.map((d) => [d.document.number, d.document.vat.ratePercent]));
    expect(new Set(rows.map((r) => r[6]))).toEqual(new Set(['20', '10']));
    expect(rows.some((r) => r.some((cell) => cell === '-0,00'))).toBe(false);
  });

  it('writes a franchise credit note’s VAT as 0,00 in the journal, never -0,00', async () => {
    const note = issued.find((d) => d.document.kind === 'credit_note' && d.document.vat.category === 'E');
    expect(note).toBeDefined();
    const date = note!.document.issueDate;
    const entries = await unzip((await download(`/api/admin/exports/accounting.zip?from=${date}&to=${date}`)).body);
    const [, ...rows] = parseCsv(entries.get('journal-des-ventes.csv')!.toString('utf8').slice(1));
    const row = rows.find((r) => r[1] === note!.document.number)!;
    expect(row.slice(6, 10)).toEqual(['0', `-${(note!.document.totals.inclCents / 100).toFixed(2).replace('.', ',')}`, '0,00', row[9]]);
  });

  it('answers a bad period with French messages per field, and only to an admin', async () => {
    const bad = async (query: string) =>
      (await t.api.get(`/api/admin/exports/fec.txt?${query}`).set(bearer(admin)).expect(400)).body.errors as Record<string, string>;
    expect(await bad(`from=${YEAR}-02-30&to=${YEAR}-03-01`)).toEqual({ from: 'Date de début invalide (AAAA-MM-JJ)' });
    expect(await bad(`from=${YEAR}-01-01`)).toEqual({ to: 'La date de fin est requise' });
    expect(await bad(`from=${YEAR}-03-01&to=${YEAR}-01-01`)).toEqual({ to: 'La date de fin précède la date de début' });
    expect(await bad(`from=${YEAR - 2}-01-01&to=${YEAR}-01-01`)).toEqual({ to: 'Une période de 400 jours au plus' });
    await t.api.raw.get(`/api/admin/exports/fec.txt?from=${YEAR}-01-01&to=${YEAR}-12-31`).expect(401);
    await t.api.raw.get(`/api/admin/exports/fec.txt?from=${YEAR}-01-01&to=${YEAR}-12-31`).set(bearer(client)).expect(403);
    // A period without documents: the header alone.
    const { rows } = await fecOf(`${YEAR - 3}-01-01`, `${YEAR - 3}-01-31`);
    expect(rows).toEqual([]);
  });
});
