import { companyBuyer, creditNoteDocument, individualBuyer, invoiceDocument, line } from '../../test/helpers/legal-documents';
import type { LegalDocument } from '../invoicing/legal-document';
import { type BookedDocument, clientAccount, FEC_COLUMNS, fecAmount, fecFileName, FecWriter, journalRows, latin9 } from './bookkeeping';
import { csvAmount } from './csv';

const USER = '7d4c9a5e-1b2f-4c3d-9e8f-0a1b2c3d4e5f';
const numbered = (doc: Omit<LegalDocument, 'number'>, number: string): LegalDocument => ({ ...doc, number }) as LegalDocument;
const booked = (document: LegalDocument, over: Partial<BookedDocument> = {}): BookedDocument => ({
  kind: document.kind,
  number: document.number,
  userId: USER,
  replacesId: null,
  creditedNumber: document.credited?.number ?? null,
  replacesNumber: null,
  document,
  ...over,
});

const at20 = numbered(
  invoiceDocument({
    issueDate: '2026-03-02',
    buyer: companyBuyer('Boulangerie Martin SARL', 'elodie@example.com'),
    vat: '20',
    lines: [line('Formule Pro', 2900), line('Création de logo', 1500)],
  }),
  'F-2026-000001',
);
const at10 = numbered(
  invoiceDocument({
    issueDate: '2026-03-05',
    buyer: individualBuyer('Zoé Lefèvre', 'zoe@example.com'),
    vat: '10',
    lines: [line('Formule Pro', 2900)],
  }),
  'F-2026-000002',
);
const franchise = numbered(
  invoiceDocument({
    issueDate: '2026-03-06',
    buyer: individualBuyer('Jean Dupont', 'jean@example.com'),
    vat: 'franchise',
    lines: [line('Formule Essentiel', 1900)],
  }),
  'F-2026-000003',
);
const franchiseCredit = numbered(creditNoteDocument(franchise, { issueDate: '2026-03-07' }), 'AV-2026-000001');

/** The FEC's lines as fields, header apart. */
function parseFec(bytes: Buffer): { header: string[]; rows: string[][] } {
  const [header, ...rows] = new TextDecoder('iso-8859-15')
    .decode(bytes)
    .split('\r\n')
    .slice(0, -1)
    .map((l) => l.split('\t'));
  return { header, rows };
}
const cents = (amount: string) => Math.round(Number(amount.replace(',', '.')) * 100);

describe('the accountant’s books', () => {
  describe('the sales journal', () => {
    it('has a row per VAT rate of each document, with its rate, so a period mixing 20 % and 10 % reads as it is', () => {
      const rows = [at20, at10, franchise].flatMap((d) => journalRows(booked(d)));
      expect(rows.map((r) => [r[1], r[6], r[7], r[8], r[9]])).toEqual([
        ['F-2026-000001', '20', '36,67', '7,33', '44,00'],
        ['F-2026-000002', '10', '26,36', '2,64', '29,00'],
        ['F-2026-000003', '0', '19,00', '0,00', '19,00'],
      ]);
      expect(rows[0][4]).toBe('Boulangerie Martin SARL');
      expect(rows[0][5]).toBe('732829320');
    });

    it('writes a franchise credit note’s VAT as 0,00, never -0,00', () => {
      const [row] = journalRows(booked(franchiseCredit));
      expect(row.slice(2, 10)).toEqual(['Avoir', 'F-2026-000003', 'Jean Dupont', '', '0', '-19,00', '0,00', '-19,00']);
      expect(csvAmount(-0)).toBe('0,00');
      expect(csvAmount(-1 * 0)).toBe('0,00');
    });

    it('names the invoice a corrected invoice replaces in the column of the invoice corrected', () => {
      const [row] = journalRows(booked(numbered(at20, 'F-2026-000009'), { replacesId: 'x', replacesNumber: 'F-2026-000001' }));
      expect(row[3]).toBe('F-2026-000001');
    });
  });

  describe('the FEC', () => {
    it('writes the 18 fields of article A47 A-1 in their order, tab-separated, CRLF, dates AAAAMMJJ, decimal commas', () => {
      const fec = new FecWriter();
      fec.add(booked(at20));
      const { header, rows } = parseFec(fec.bytes());
      expect(header).toEqual([...FEC_COLUMNS]);
      expect(header.join('\t')).toBe(
        'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\tPieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise',
      );
      expect(rows).toEqual([
        [
          'VT',
          'Ventes',
          '1',
          '20260302',
          '411000',
          'Clients',
          clientAccount(USER, at20.buyer),
          'Boulangerie Martin SARL',
          'F-2026-000001',
          '20260302',
          'Facture F-2026-000001 - Boulangerie Martin SARL',
          '44,00',
          '0,00',
          '',
          '',
          '20260302',
          '',
          '',
        ],
        [
          'VT',
          'Ventes',
          '1',
          '20260302',
          '706000',
          'Prestations de services',
          '',
          '',
          'F-2026-000001',
          '20260302',
          'Facture F-2026-000001 - Boulangerie Martin SARL',
          '0,00',
          '36,67',
          '',
          '',
          '20260302',
          '',
          '',
        ],
        [
          'VT',
          'Ventes',
          '1',
          '20260302',
          '4457120',
          'TVA collectée 20 %',
          '',
          '',
          'F-2026-000001',
          '20260302',
          'Facture F-2026-000001 - Boulangerie Martin SARL',
          '0,00',
          '7,33',
          '',
          '',
          '20260302',
          '',
          '',
        ],
        [
          'BQ',
          'Encaissements Stripe',
          '1',
          '20260302',
          '467000',
          'Stripe - paiements par carte à recevoir',
          '',
          '',
          'F-2026-000001',
          '20260302',
          'Paiement carte F-2026-000001 - Boulangerie Martin SARL',
          '44,00',
          '0,00',
          '',
          '',
          '20260302',
          '',
          '',
        ],
        [
          'BQ',
          'Encaissements Stripe',
          '1',
          '20260302',
          '411000',
          'Clients',
          clientAccount(USER, at20.buyer),
          'Boulangerie Martin SARL',
          'F-2026-000001',
          '20260302',
          'Paiement carte F-2026-000001 - Boulangerie Martin SARL',
          '0,00',
          '44,00',
          '',
          '',
          '20260302',
          '',
          '',
        ],
      ]);
    });

    it('reverses a credit note, leaves out a VAT line of nothing, and posts no money for a correction', () => {
      const partial = numbered(creditNoteDocument(at10, { issueDate: '2026-03-09', amountInclCents: 1100 }), 'AV-2026-000002');
      const cancel = numbered({ ...creditNoteDocument(at20, { issueDate: '2026-03-10', paymentDate: null }) }, 'AV-2026-000003');
      const fec = new FecWriter();
      for (const d of [at20, at10, franchise, franchiseCredit]) fec.add(booked(d));
      fec.add(booked(partial));
      fec.add(booked(cancel, { replacesId: 'f1' }));
      fec.add(booked(numbered(at20, 'F-2026-000004'), { replacesId: 'f1', replacesNumber: 'F-2026-000001' }));
      const entries = fec.entries();
      const of = (ref: string, journal: string) => entries.filter((e) => e.pieceRef === ref && e.journal.code === journal);
      // A credit note: the client credited, revenue and VAT debited.
      expect(of('AV-2026-000002', 'VT').map((e) => [e.account.num, e.debitCents, e.creditCents])).toEqual([
        ['411000', 0, 1100],
        ['706000', 1000, 0],
        ['4457110', 100, 0],
      ]);
      expect(of('AV-2026-000002', 'BQ').map((e) => [e.account.num, e.debitCents, e.creditCents])).toEqual([
        ['467000', 0, 1100],
        ['411000', 1100, 0],
      ]);
      // The franchise: no VAT line.
      expect(of('F-2026-000003', 'VT').map((e) => e.account.num)).toEqual(['411000', '706000']);
      // A correction's documents: sales entries only.
      expect(of('AV-2026-000003', 'BQ')).toEqual([]);
      expect(of('F-2026-000004', 'BQ')).toEqual([]);
      expect(of('AV-2026-000003', 'VT').map((e) => [e.account.num, e.debitCents, e.creditCents])).toEqual([
        ['411000', 0, 4400],
        ['706000', 3667, 0],
        ['4457120', 733, 0],
      ]);
      // Every entry balanced, numbers continuous per journal.
      const byEntry = new Map<string, number>();
      for (const e of entries)
        byEntry.set(`${e.journal.code}${e.num}`, (byEntry.get(`${e.journal.code}${e.num}`) ?? 0) + e.debitCents - e.creditCents);
      expect([...byEntry.values()].every((v) => v === 0)).toBe(true);
      expect([...new Set(entries.filter((e) => e.journal.code === 'VT').map((e) => e.num))]).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect([...new Set(entries.filter((e) => e.journal.code === 'BQ').map((e) => e.num))]).toEqual([1, 2, 3, 4, 5]);
    });

    it('is ISO 8859-15: French letters and the euro sign as one byte each, typography it lacks as its nearest form', () => {
      expect([...latin9('é€œŒŸ')]).toEqual([0xe9, 0xa4, 0xbd, 0xbc, 0xbe]);
      expect(latin9('L’Atelier — « café »').toString('latin1')).toBe("L'Atelier - « café »");
      expect(latin9('Łódź 🙂').toString('latin1')).toBe('Lódz ?');
      expect(latin9('a\u0001b\u0085c').toString('latin1')).toBe('a?b?c');
      const fec = new FecWriter();
      fec.add(booked({ ...at20, buyer: { ...at20.buyer, companyName: 'Œuvres d’Éloïse\tet fils\n€' } }));
      const text = new TextDecoder('iso-8859-15').decode(fec.bytes());
      expect(text).toContain("\tŒuvres d'Éloïse et fils €\t");
      expect(text.split('\r\n').every((l) => l === '' || l.split('\t').length === 18)).toBe(true);
    });

    it('amounts and names as the norm wants them', () => {
      expect(fecAmount(0)).toBe('0,00');
      expect(fecAmount(5)).toBe('0,05');
      expect(fecAmount(123456789)).toBe('1234567,89');
      expect(fecAmount(-2417)).toBe('24,17');
      expect(fecFileName('912 345 675', '2026-12-31')).toBe('912345675FEC20261231.txt');
      // One auxiliary account per client account, the same in every export; a document of no account: its buyer's.
      expect(clientAccount(USER, at20.buyer)).toBe('C7D4C9A5E1B2F');
      expect(clientAccount(null, at10.buyer)).toBe(clientAccount(null, { ...at10.buyer, email: 'ZOE@example.com' }));
      expect(clientAccount(null, at10.buyer)).toMatch(/^C[0-9A-F]{12}$/);
      expect(parseFec(new FecWriter().bytes()).rows).toEqual([]);
      expect(cents('44,00')).toBe(4400);
    });
  });
});
