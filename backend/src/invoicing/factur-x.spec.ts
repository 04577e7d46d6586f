import { corpus } from '../../test/einvoice/corpus';
import { cents, ciiFacts, readFacturX, xsdErrors } from '../../test/helpers/factur-x';
import { facturX, laidOutOnce, unitPriceText } from './factur-x';
import { buyerOf } from './invoicing.service';
import { documentLines, type LegalDocument, mandatoryMentions, normalizedLine, type SellerSnapshot, vatOf } from './legal-document';

const seller: SellerSnapshot = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  legalForm: 'société par actions simplifiée',
  capital: '5 000 €',
  address: '12 rue des Artisans, 69002 Lyon',
  country: 'France',
  rcsCity: 'Lyon',
  siren: '912345675',
  siret: '91234567500017',
  vat: 'FR65912345675',
  email: 'support@vitrine.example',
  phone: '01 99 00 24 24',
  vatRegime: 'standard',
  vatRate: '20',
};

function sample(over: Partial<SellerSnapshot> = {}, company = false): LegalDocument {
  const s = { ...seller, ...over };
  const vat = vatOf(s);
  const { lines, totals } = documentLines(
    [
      {
        label: 'Formule Pro',
        detail: 'Boulangerie Martin',
        periodStart: '2026-11-24',
        periodEnd: '2026-12-24',
        quantity: 1,
        amountInclCents: 2900,
      },
      { label: 'Création de logo', detail: null, periodStart: null, periodEnd: null, quantity: 1, amountInclCents: 1500 },
      { label: 'Adresse e-mail supplémentaire', detail: null, periodStart: null, periodEnd: null, quantity: 3, amountInclCents: 300 },
    ],
    vat,
  );
  const buyer = company
    ? {
        type: 'company' as const,
        name: 'Élodie Martin',
        companyName: 'Boulangerie Martin SARL',
        siren: '732829320',
        vatNumber: 'FR44732829320',
        address: '3 place du Marché',
        postalCode: '69003',
        city: 'Lyon',
        countryCode: 'FR',
        email: 'elodie@example.com',
      }
    : {
        type: 'individual' as const,
        name: 'Élodie Martin',
        companyName: null,
        siren: null,
        vatNumber: null,
        address: '3 place du Marché',
        postalCode: '69003',
        city: 'Lyon',
        countryCode: 'FR',
        email: 'elodie@example.com',
      };
  return {
    kind: 'invoice',
    number: 'F-2026-000001',
    issueDate: '2026-11-24',
    paymentDate: '2026-11-24',
    currency: 'EUR',
    seller: s,
    buyer,
    lines,
    vat,
    totals,
    mentions: mandatoryMentions('invoice', s, buyer, '2026-11-24'),
    credited: null,
    stripeNumber: 'ABC-0001',
  };
}

const MENTIONS = {
  penalties: "pénalités au taux de trois fois le taux d'intérêt légal",
  indemnity: 'Indemnité forfaitaire pour frais de recouvrement',
  franchise: 'TVA non applicable, art. 293 B du CGI',
  paid: 'Facture acquittée',
  category: "Catégorie d'opération : prestation de services",
};

/** Collapses the PDF text's line breaks and spacing, so that a wrapped sentence is found whole. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('Factur-X', () => {
  it.each([
    ['an individual, with VAT', {}, false],
    ['a business, with VAT', {}, true],
    ['an individual, under the franchise', { vatRegime: 'franchise' as const }, false],
    ['a business, under the franchise', { vatRegime: 'franchise' as const }, true],
  ] as Array<[string, Partial<SellerSnapshot>, boolean]>)(
    'for %s: every mandatory mention, in the PDF and the EN 16931 XML (valid against the XSD)',
    async (_case, seller, company) => {
      const doc = sample(seller, company);
      const parts = await readFacturX(await facturX(doc));
      expect(await xsdErrors(parts.xml)).toEqual([]);
      const text = flat(parts.text);
      const facts = ciiFacts(parts.xml);

      // Number, dates, seller identity (name, address, SIREN, VAT number, legal form, capital, RCS).
      for (const expected of [
        'Facture F-2026-000001',
        "Date d'émission : 24/11/2026",
        'Date de paiement : 24/11/2026',
        'Vitrine SAS',
        '12 rue des Artisans, 69002 Lyon',
        'SIREN 912345675',
        'SIRET 91234567500017',
        'RCS Lyon',
        'FR65912345675',
        'société par actions simplifiée au capital de 5 000 €',
        // Buyer, lines (description, quantity, unit price excl. tax), totals.
        '3 place du Marché',
        '69003 Lyon',
        'Formule Pro',
        'Période du 24/11/2026 au 24/12/2026',
        'Création de logo',
        'Total HT',
        'Total TTC 47,00 €',
        MENTIONS.penalties,
        MENTIONS.paid,
        MENTIONS.category,
      ])
        expect(text).toContain(expected);
      expect(facts.number).toBe('F-2026-000001');
      expect(facts.typeCode).toBe('380');
      expect(facts.seller['ram:Name']).toBe('Vitrine SAS');
      expect(facts.seller['ram:SpecifiedLegalOrganization']['ram:ID']['#text']).toBe('912345675');
      expect(facts.seller['ram:SpecifiedTaxRegistration']['ram:ID']['#text']).toBe('FR65912345675');
      expect(facts.notes.join('\n')).toContain(MENTIONS.penalties);
      // The reform's category of operation (2026–2027): services, on the page and in the XML's note.
      expect(facts.notes.join('\n')).toContain(MENTIONS.category);

      if (company) {
        expect(text).toContain('Boulangerie Martin SARL');
        expect(text).toContain('SIREN 732829320');
        expect(text).toContain('FR44732829320');
        expect(text).toContain(MENTIONS.indemnity);
        expect(text).toContain('40 €');
        expect(facts.buyer['ram:Name']).toBe('Boulangerie Martin SARL');
        expect(facts.buyer['ram:SpecifiedLegalOrganization']['ram:ID']['#text']).toBe('732829320');
        expect(facts.buyer['ram:SpecifiedTaxRegistration']['ram:ID']['#text']).toBe('FR44732829320');
        expect(facts.notes.join('\n')).toContain(MENTIONS.indemnity);
      } else {
        expect(text).toContain('Élodie Martin');
        expect(text).not.toContain(MENTIONS.indemnity);
        expect(text).not.toContain('40 €');
        expect(text).toContain("Pas d'indemnité forfaitaire pour frais de recouvrement : le client n'est pas un professionnel.");
        expect(facts.buyer['ram:Name']).toBe('Élodie Martin');
        expect(facts.buyer['ram:SpecifiedTaxRegistration']).toBeUndefined();
      }

      // Totals: Stripe's 47,00 € including tax, whatever the regime; lines sum to the total excluding tax (BR-CO-10),
      // the grand total is the base plus the VAT (BR-CO-15), the VAT is the base × the rate within a cent (BR-CO-17).
      expect(facts.grandTotal).toBe(4700);
      expect(facts.prepaid).toBe(4700);
      expect(facts.due).toBe(0);
      expect(facts.lines.reduce((sum, l) => sum + l.net, 0)).toBe(facts.lineTotal);
      expect(facts.taxBasis + facts.taxTotal).toBe(facts.grandTotal);
      const [tax] = facts.taxes;
      if (seller.vatRegime === 'franchise') {
        expect(text).toContain(MENTIONS.franchise);
        expect(text).toContain('TVA (0 %) 0,00 €');
        expect(tax['ram:CategoryCode']).toBe('E');
        expect(tax['ram:ExemptionReason']).toBe(MENTIONS.franchise);
        expect(tax['ram:ExemptionReasonCode']).toBe('VATEX-FR-FRANCHISE');
        expect(facts.taxTotal).toBe(0);
        expect(facts.taxBasis).toBe(4700);
      } else {
        expect(text).not.toContain(MENTIONS.franchise);
        expect(text).toContain('TVA 20 %');
        expect(text).toContain(`Total HT ${(facts.taxBasis / 100).toFixed(2).replace('.', ',')} €`);
        expect(tax['ram:CategoryCode']).toBe('S');
        expect(tax['ram:RateApplicablePercent']).toBe('20');
        expect(Math.abs(facts.taxTotal - Math.round(facts.taxBasis * 0.2))).toBeLessThanOrEqual(1);
        expect(facts.taxTotal).toBe(cents(String(tax['ram:CalculatedAmount'])));
        expect(facts.taxBasis).toBe(3917);
      }
    },
  );

  it('is a PDF/A-3 with its XML attached as the Alternative, the Factur-X XMP (EN 16931) and every font embedded', async () => {
    const parts = await readFacturX(await facturX(sample()));
    expect(parts.attachment).toMatchObject({ name: 'factur-x.xml', relationship: 'Alternative', inCatalogAf: true, subtype: 'text/xml' });
    expect(parts.xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(parts.xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(parts.xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(parts.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(parts.xmp).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    expect(parts.outputIntent).toBe(true);
    expect(parts.fontCount).toBeGreaterThan(0);
    expect(parts.fontsEmbedded).toBe(true);
  });

  it('reads each of its two fonts once, however many documents it draws, and every document still embeds its own', async () => {
    const fontkit = ((await import('@cantoo/fontkit')) as unknown as { default: { create: (...args: unknown[]) => unknown } }).default;
    const create = jest.spyOn(fontkit, 'create');
    const first = await readFacturX(await facturX(sample()));
    const second = await readFacturX(await facturX(sample({ legalName: 'Atelier Éloïse' })));
    // Without the fonts kept, pdf-lib has fontkit read both fonts again for each document: four reads.
    expect(create.mock.calls.length).toBeLessThanOrEqual(2);
    expect([first.fontsEmbedded, second.fontsEmbedded]).toEqual([true, true]);
    expect(second.text).toContain('Atelier Éloïse');
  });

  it('lays each text out once per font, up to its bound, and passes layouts with features through', () => {
    const layout = jest.fn((text: string, features?: unknown) => ({ text, features, glyphs: [...text] }));
    const font = laidOutOnce({ layout });
    const run = font.layout('Vitrine SAS');
    expect(font.layout('Vitrine SAS')).toBe(run);
    expect(layout).toHaveBeenCalledTimes(1);
    // Features change the glyphs chosen: never served from what was kept.
    font.layout('Vitrine SAS', { liga: false });
    font.layout('Vitrine SAS', { liga: false });
    expect(layout).toHaveBeenCalledTimes(3);
    // Bounded: past 2,000 texts it starts again rather than growing.
    for (let i = 0; i < 2_000; i++) font.layout(`ligne ${i}`);
    expect(font.layout('ligne 1999')).toBe(font.layout('ligne 1999'));
    layout.mockClear();
    font.layout('Vitrine SAS');
    expect(layout).toHaveBeenCalledTimes(1);
  });

  it('draws the same bytes for the same document, whatever the process drew before it', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const first = await facturX(sample({ legalName: 'Atelier Céramique Garnier' }), now);
    await facturX(sample({ legalName: 'Boulangerie Martin' }), now);
    await facturX(sample({}, true), now);
    expect((await facturX(sample({ legalName: 'Atelier Céramique Garnier' }), now)).equals(first)).toBe(true);
  });

  it('makes a credit note (381) that refers to its invoice', async () => {
    const invoice = sample();
    const credit: LegalDocument = {
      ...invoice,
      kind: 'credit_note',
      number: 'AV-2026-000001',
      credited: { number: invoice.number, issueDate: invoice.issueDate },
      mentions: mandatoryMentions('credit_note', invoice.seller, invoice.buyer, '2026-11-25'),
      paymentDate: '2026-11-25',
    };
    const parts = await readFacturX(await facturX(credit));
    expect(await xsdErrors(parts.xml)).toEqual([]);
    const facts = ciiFacts(parts.xml);
    expect(facts.typeCode).toBe('381');
    expect(facts.referenced).toBe('F-2026-000001');
    expect(facts.referencedDate).toBe('20261124');
    expect(facts.grandTotal).toBe(4700);
    const text = flat(parts.text);
    expect(text).toContain('Avoir AV-2026-000001');
    expect(text).toContain('Avoir sur la facture F-2026-000001 du 24/11/2026');
    expect(text).toContain('Remboursé par carte bancaire le 25/11/2026');
    expect(text).toContain(MENTIONS.category);
    expect(facts.notes.join('\n')).toContain(MENTIONS.category);
  });

  it.each([
    [
      "Stripe's name and the invoice's billing address",
      {
        name: 'Marie Ancienne',
        email: 'marie@example.com',
        address: { line1: '8 rue Neuve', line2: 'Bât. B', postalCode: '69002', city: 'Lyon', country: 'FR' },
      },
      { name: 'Marie Ancienne', address: '8 rue Neuve, Bât. B', postalCode: '69002', city: 'Lyon', countryCode: 'FR' },
    ],
    ['no name, no address: the e-mail', { name: '', email: 'marie@example.com' }, { name: 'marie@example.com', address: '', city: '' }],
    ['nothing at all: never empty', { name: ' ', email: '' }, { name: 'Client', address: '' }],
  ])('a buyer without billing identity (%s): named, and a valid Factur-X file', async (_case, fallback, expected) => {
    const buyer = buyerOf(null, fallback, fallback.email);
    expect(buyer).toMatchObject({ type: 'individual', companyName: null, siren: null, ...expected });
    const doc: LegalDocument = { ...sample(), buyer, mentions: mandatoryMentions('invoice', seller, buyer, '2026-11-24') };
    const parts = await readFacturX(await facturX(doc));
    expect(await xsdErrors(parts.xml)).toEqual([]);
    expect(ciiFacts(parts.xml).buyer['ram:Name']).toBe(expected.name);
    expect(flat(parts.text)).toContain(expected.name);
    if (buyer.city) expect(flat(parts.text)).toContain(`${buyer.postalCode} ${buyer.city}`);
  });

  it('a line keeps its quantity at its unit price, to four decimals when it does not fall on a cent; a credit is a negative quantity', () => {
    const { lines, totals } = documentLines(
      [
        { label: 'Adresse e-mail supplémentaire', detail: null, periodStart: null, periodEnd: null, quantity: 3, amountInclCents: 300 },
        { label: 'Boîte mail supplémentaire', detail: null, periodStart: null, periodEnd: null, quantity: 2, amountInclCents: 400 },
        { label: 'Crédit au prorata', detail: null, periodStart: null, periodEnd: null, quantity: 1, amountInclCents: -950 },
      ],
      vatOf(seller),
    );
    expect(lines).toEqual([
      expect.objectContaining({ label: 'Adresse e-mail supplémentaire', quantity: 3, unitPriceExclCents: 83.33, totalExclCents: 250 }),
      expect.objectContaining({ label: 'Boîte mail supplémentaire', quantity: 2, unitPriceExclCents: 166.5, totalExclCents: 333 }),
      expect.objectContaining({ label: 'Crédit au prorata', quantity: -1, unitPriceExclCents: 792, totalExclCents: -792 }),
    ]);
    expect(totals).toEqual({ exclCents: -209, vatCents: -41, inclCents: -250 });
    expect(unitPriceText(83.33)).toBe('0,8333 €');
    expect(unitPriceText(166.5)).toBe('1,665 €');
    expect(unitPriceText(792)).toBe('7,92 €');
  });

  it('a line of a document issued before quantities were kept (a negative price) is rendered as a negative quantity', () => {
    expect(
      normalizedLine({
        label: 'Crédit',
        detail: null,
        periodStart: null,
        periodEnd: null,
        quantity: 1,
        unitPriceExclCents: -2417,
        totalExclCents: -2417,
      }),
    ).toEqual(expect.objectContaining({ quantity: -1, unitPriceExclCents: 2417, totalExclCents: -2417 }));
  });

  it('writes no negative zero: credit notes under the franchise, on the page and in the XML', async () => {
    const franchiseCredits = corpus().filter(({ doc }) => doc.kind === 'credit_note' && doc.vat.category === 'E');
    expect(franchiseCredits.length).toBeGreaterThan(0);
    for (const { doc } of franchiseCredits) {
      const parts = await readFacturX(await facturX(doc));
      expect(flat(parts.text)).toContain('TVA (0 %) 0,00 €');
      expect(parts.text).not.toMatch(/-0,00/);
      expect(parts.xml).not.toMatch(/>-0\.00</);
    }
  });
});
