import { ciiFacts, parseCii, type XmlNode } from '../../test/helpers/factur-x';
import { corpus } from '../../test/einvoice/corpus';
import {
  committedManifest,
  compileSchematrons,
  expectedManifest,
  schematron,
  updateCommittedSchematrons,
  validateEInvoice,
} from '../../test/einvoice/validate';
import { ciiXml } from './cii';

/**
 * Every kind of legal document the product issues (test/einvoice/corpus.ts: made by the issuing code from Stripe's
 * lines) passes the official e-invoicing artefacts with no fatal finding: the CII D16B and the Factur-X 1.09 EN 16931
 * XSDs, the CEN's EN 16931 CII schematron (1.3.16), the Factur-X 1.09 EN 16931 schematron and the FNFE's French rules
 * (BR-FR flux 2, V1.4.0). The stylesheets run from their compiled forms committed in test/einvoice/compiled
 * (`EINVOICE_UPDATE_COMPILED=1` on this spec compiles them again, after an update of the artefacts or of SaxonJS).
 */

const documents = corpus();
const xmlOf = new Map(documents.map(({ doc }) => [doc.number, ciiXml(doc)]));

beforeAll(() => (process.env.EINVOICE_UPDATE_COMPILED === '1' ? updateCommittedSchematrons() : compileSchematrons()), 300_000);

it('runs the compiled forms committed for these artefacts and this SaxonJS (else: EINVOICE_UPDATE_COMPILED=1 on this spec)', () => {
  expect(committedManifest()).toEqual(expectedManifest());
});

describe('the e-invoicing corpus against the official artefacts', () => {
  it.each(documents.map((d) => [d.name, d.doc.number] as const))('%s (%s): no fatal finding', async (_name, number) => {
    const { fatal } = await validateEInvoice(xmlOf.get(number)!);
    expect(fatal).toEqual([]);
  });

  it("catches today's upgrade invoice: a proration credit written as a negative unit price fails BR-27 (CEN, Factur-X) and BR-FR-DEC-03", async () => {
    const upgrade = documents.find((d) => d.doc.lines.some((l) => l.quantity < 0))!.doc;
    const credit = upgrade.lines.find((l) => l.quantity < 0)!;
    const price = (credit.unitPriceExclCents / 100).toFixed(2);
    // The XML as the product wrote it before: quantity 1 at a negative price.
    const before = xmlOf
      .get(upgrade.number)!
      .replace(`<ram:ChargeAmount>${price}</ram:ChargeAmount>`, `<ram:ChargeAmount>-${price}</ram:ChargeAmount>`)
      .replace('<ram:BilledQuantity unitCode="C62">-1</ram:BilledQuantity>', '<ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity>');
    expect(before).not.toBe(xmlOf.get(upgrade.number));
    const { fatal } = await validateEInvoice(before);
    expect(fatal).toEqual([
      expect.stringMatching(/^cen: BR-27 /),
      expect.stringMatching(/^facturX: FX-SCH-A-000206 .*BR-27/),
      expect.stringMatching(/^brFr: BR-FR-DEC-03_BT-146 /),
    ]);
  });

  it('catches a document without the French mentions and billing framework (BR-FR-05, BR-FR-08)', () => {
    const xml = xmlOf
      .get(documents[0].doc.number)!
      .replace(/<ram:SubjectCode>(PMT|PMD|AAB)<\/ram:SubjectCode>/g, '')
      .replace('<ram:ID>S2</ram:ID>', '<ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID>');
    expect(schematron('brFr', xml).map((f) => f.id)).toEqual(
      expect.arrayContaining(['BR-FR-05_BT-22_PMT', 'BR-FR-05_BT-22_PMD', 'BR-FR-05_BT-22_AAB', 'BR-FR-08_BT-23']),
    );
  });
});

/** The notes of a document: subject code → contents. */
function notesOf(xml: string): Array<[string | undefined, string]> {
  const notes = parseCii(xml)['rsm:CrossIndustryInvoice']['rsm:ExchangedDocument']['ram:IncludedNote'] as unknown as Array<
    Record<string, string>
  >;
  return notes.map((n) => [n['ram:SubjectCode'], n['ram:Content']]);
}

const find = (name: string) => {
  const found = documents.find((d) => d.name.startsWith(name));
  if (!found) throw new Error(name);
  return { doc: found.doc, xml: xmlOf.get(found.doc.number)! };
};

describe('what the French reform needs in the XML', () => {
  it('a correction: the cancelling credit note (S1, 381) and the corrective invoice (384) each refer to the invoice corrected', () => {
    for (const [name, type, framework] of [
      ["avoir d'annulation", '381', 'S1'],
      ['facture rectificative', '384', 'S2'],
    ] as const) {
      const { doc, xml } = find(name);
      const cii = parseCii(xml)['rsm:CrossIndustryInvoice'];
      expect(cii['rsm:ExchangedDocument']['ram:TypeCode']).toBe(type);
      expect(cii['rsm:ExchangedDocumentContext']['ram:BusinessProcessSpecifiedDocumentContextParameter']['ram:ID']).toBe(framework);
      const referenced = cii['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeSettlement']['ram:InvoiceReferencedDocument'];
      expect(referenced['ram:IssuerAssignedID']).toBe((doc.credited ?? doc.replaces)!.number);
    }
  });

  it("the billing framework (BT-23): services already paid (S2), the payment's date as due date, nothing left to pay", () => {
    // A correction's credit note moves no money: a plain services document (S1), checked below.
    for (const { doc } of documents.filter((d) => d.doc.paymentDate !== null)) {
      const cii = parseCii(xmlOf.get(doc.number)!)['rsm:CrossIndustryInvoice'];
      expect(cii['rsm:ExchangedDocumentContext']['ram:BusinessProcessSpecifiedDocumentContextParameter']['ram:ID']).toBe('S2');
      const settlement = cii['rsm:SupplyChainTradeTransaction']['ram:ApplicableHeaderTradeSettlement'];
      expect(settlement['ram:SpecifiedTradePaymentTerms']['ram:DueDateDateTime']['udt:DateTimeString']['#text']).toBe(
        doc.paymentDate!.replaceAll('-', ''),
      );
      expect(ciiFacts(xmlOf.get(doc.number)!).due).toBe(0);
    }
  });

  it('the mentions as notes with their subject codes, the seller registration (REG, ABL) and the treatment (BAR)', () => {
    const company = notesOf(find('facture, entreprise avec SIREN').xml);
    expect(company.map(([code]) => code)).toEqual(['REG', 'ABL', 'AAI', 'AAB', 'PMD', 'PMT', 'BAR']);
    expect(company).toEqual(
      expect.arrayContaining([
        ['REG', 'Vitrine SAS, SAS au capital de 5 000 €'],
        ['ABL', 'RCS Lyon 912345675'],
        ['AAI', "Catégorie d'opération : prestation de services"],
        ['AAB', "Facture acquittée : payée par carte bancaire le 24/11/2026. Pas d'escompte pour paiement anticipé."],
        ['PMT', expect.stringContaining('40 €')],
        ['PMD', expect.stringContaining("trois fois le taux d'intérêt légal")],
        ['BAR', 'B2B'],
      ]),
    );
    // A private individual: e-reporting (B2C), and no 40 € indemnity.
    const individual = notesOf(find('facture, particulier').xml);
    expect(individual).toContainEqual(['BAR', 'B2C']);
    expect(individual.find(([code]) => code === 'PMT')![1]).not.toContain('40 €');
    // The franchise, where it applies.
    expect(notesOf(find('facture en franchise de TVA, entreprise').xml)).toContainEqual(['AAI', 'TVA non applicable, art. 293 B du CGI']);
    // A company without a SIREN cannot be routed as B2B: no treatment, reached by e-mail.
    expect(notesOf(find('facture, entreprise sans SIREN').xml).map(([code]) => code)).not.toContain('BAR');
  });

  it("the seller's SIRET, SIREN, legal information; the buyer's SIREN (0002), VAT number and directory address (0225)", () => {
    const { seller, buyer } = ciiFacts(find('facture, entreprise avec SIREN').xml);
    expect(seller['ram:GlobalID']).toEqual({ '#text': '91234567500017', '@schemeID': '0009' });
    expect(seller['ram:SpecifiedLegalOrganization']['ram:ID']).toEqual({ '#text': '912345675', '@schemeID': '0002' });
    expect(seller['ram:Description']).toBe('SAS au capital de 5 000 € — RCS Lyon 912345675');
    expect(buyer['ram:SpecifiedLegalOrganization']['ram:ID']).toEqual({ '#text': '732829320', '@schemeID': '0002' });
    expect(buyer['ram:SpecifiedTaxRegistration']['ram:ID']).toEqual({ '#text': 'FR44732829320', '@schemeID': 'VA' });
    expect(buyer['ram:URIUniversalCommunication']['ram:URIID']).toEqual({ '#text': '732829320', '@schemeID': '0225' });
    const individual = ciiFacts(find('facture, particulier').xml).buyer;
    expect(individual['ram:SpecifiedLegalOrganization']).toBeUndefined();
    expect(individual['ram:URIUniversalCommunication']['ram:URIID']).toEqual({ '#text': 'elodie@example.com', '@schemeID': 'EM' });
  });

  it('quantities and unit prices per line: 2 mailboxes at the unit price, a proration credit as a negative quantity at a positive price', () => {
    const linesOf = (xml: string) =>
      (
        parseCii(xml)['rsm:CrossIndustryInvoice']['rsm:SupplyChainTradeTransaction'][
          'ram:IncludedSupplyChainTradeLineItem'
        ] as unknown as XmlNode[]
      ).map((l) => ({
        name: l['ram:SpecifiedTradeProduct']['ram:Name'] as unknown as string,
        quantity: l['ram:SpecifiedLineTradeDelivery']['ram:BilledQuantity']['#text'] as unknown as string,
        price: l['ram:SpecifiedLineTradeAgreement']['ram:NetPriceProductTradePrice']['ram:ChargeAmount'] as unknown as string,
        total: l['ram:SpecifiedLineTradeSettlement']['ram:SpecifiedTradeSettlementLineMonetarySummation'][
          'ram:LineTotalAmount'
        ] as unknown as string,
      }));
    expect(linesOf(find('facture, entreprise avec SIREN').xml)).toContainEqual({
      name: 'Boîte mail supplémentaire',
      quantity: '2',
      price: '1.665',
      total: '3.33',
    });
    expect(linesOf(find('facture de changement de formule').xml)).toEqual([
      { name: 'Crédit au prorata : Formule Essentiel (période non utilisée)', quantity: '-1', price: '7.92', total: '-7.92' },
      { name: 'Ajustement au prorata : Formule Pro', quantity: '1', price: '12.08', total: '12.08' },
    ]);
    // Its credit note keeps the lines as billed.
    expect(linesOf(find("avoir d'une facture au prorata").xml)[0]).toMatchObject({ quantity: '-1', price: '7.92' });
  });

  it("a credit note refers to its invoice's number and date (BT-25, BT-26)", () => {
    for (const { doc } of documents.filter((d) => d.doc.kind === 'credit_note')) {
      const facts = ciiFacts(xmlOf.get(doc.number)!);
      expect(facts.typeCode).toBe('381');
      expect(facts.referenced).toBe(doc.credited!.number);
      expect(facts.referencedDate).toBe(doc.credited!.issueDate.replaceAll('-', ''));
    }
  });

  it('no negative zero anywhere (franchise credit notes)', () => {
    for (const { doc } of documents) expect(xmlOf.get(doc.number)).not.toMatch(/>-0(\.0+)?</);
  });
});
