import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { XMLParser } from 'fast-xml-parser';
export { xsdErrors } from '../einvoice/validate';

/**
 * Reading a Factur-X file back for the tests: the embedded XML and how it is attached, the XMP metadata, the fonts,
 * the text a person reads. The XML's checks against the official artefacts (XSDs, schematrons): test/einvoice/validate.ts.
 */

export interface FacturXParts {
  xml: string;
  /** The embedded file's name and its /AFRelationship, and whether the catalog's /AF array lists it */
  attachment: { name: string; relationship: string | null; inCatalogAf: boolean; subtype: string | null };
  xmp: string;
  /** Every font dictionary has its font program embedded (/FontFile, /FontFile2 or /FontFile3) */
  fontsEmbedded: boolean;
  fontCount: number;
  /** The sRGB output intent PDF/A needs */
  outputIntent: boolean;
  text: string;
}

function lookupDict(doc: PDFDocument, value: unknown): PDFDict | undefined {
  const resolved = doc.context.lookup(value as never);
  return resolved instanceof PDFDict ? resolved : undefined;
}

/** '/text#2Fxml' → 'text/xml' */
function decodeName(name: unknown): string | null {
  if (!name) return null;
  return (
    String(name)
      .replace(/^\//, '')
      .replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) || null
  );
}

function streamText(stream: unknown): string {
  if (stream instanceof PDFRawStream) return Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
  if (stream instanceof PDFStream) return Buffer.from(stream.getContents()).toString('utf8');
  return '';
}

export async function readFacturX(file: Buffer): Promise<FacturXParts> {
  const doc = await PDFDocument.load(file, { updateMetadata: false });
  const attachments = doc.getAttachments();
  const xmlFile = attachments.find((a) => a.name === 'factur-x.xml');
  if (!xmlFile) throw new Error(`Pas de factur-x.xml parmi ${attachments.map((a) => a.name).join(', ')}`);
  // The file specification: /Names /EmbeddedFiles, and the catalog's /AF.
  const af = doc.catalog.lookup(PDFName.of('AF'));
  let relationship: string | null = null;
  let inCatalogAf = false;
  let subtype: string | null = null;
  if (af instanceof PDFArray) {
    for (let i = 0; i < af.size(); i++) {
      const spec = lookupDict(doc, af.get(i));
      if (!spec) continue;
      const name = spec.lookup(PDFName.of('F'));
      if (name && String((name as { decodeText?: () => string }).decodeText?.() ?? name).includes('factur-x.xml')) {
        inCatalogAf = true;
        relationship = decodeName(spec.get(PDFName.of('AFRelationship')));
        const ef = spec.lookup(PDFName.of('EF'));
        const embedded = ef instanceof PDFDict ? ef.lookup(PDFName.of('F')) : undefined;
        const dict = (embedded as { dict?: PDFDict } | undefined)?.dict;
        subtype = dict ? decodeName(dict.get(PDFName.of('Subtype'))) : null;
      }
    }
  }
  const xmp = streamText(doc.catalog.lookup(PDFName.of('Metadata')));
  const outputIntents = doc.catalog.lookup(PDFName.of('OutputIntents'));
  let fontCount = 0;
  let fontsEmbedded = true;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    if (object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    fontCount += 1;
    if (!['FontFile', 'FontFile2', 'FontFile3'].some((k) => object.get(PDFName.of(k)))) fontsEmbedded = false;
  }
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(file) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return {
    xml: Buffer.from(xmlFile.data).toString('utf8'),
    attachment: { name: xmlFile.name, relationship, inCatalogAf, subtype },
    xmp,
    fontsEmbedded,
    fontCount,
    outputIntent: outputIntents instanceof PDFArray && outputIntents.size() > 0,
    text,
  };
}

/** The CII XML as a plain object (namespaces' prefixes kept: `rsm:`, `ram:`, `udt:`). */
/** A parsed XML element: its children by name, its text under '#text', its attributes under '@name'. */
export interface XmlNode {
  [name: string]: XmlNode;
}

export function parseCii(xml: string): XmlNode {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    isArray: (name) => name === 'ram:IncludedSupplyChainTradeLineItem' || name === 'ram:IncludedNote' || name === 'ram:ApplicableTradeTax',
  }).parse(xml);
}

/** '24.17' → 2417 */
export const cents = (value: string | number): number => Math.round(Number(value) * 100);

/** What the XML says, in cents and plain strings, for the tests' comparisons. */
export function ciiFacts(xml: string) {
  const cii = parseCii(xml)['rsm:CrossIndustryInvoice'];
  const doc = cii['rsm:ExchangedDocument'];
  const tx = cii['rsm:SupplyChainTradeTransaction'];
  const agreement = tx['ram:ApplicableHeaderTradeAgreement'];
  const settlement = tx['ram:ApplicableHeaderTradeSettlement'];
  const sum = settlement['ram:SpecifiedTradeSettlementHeaderMonetarySummation'];
  const amount = (v: unknown) =>
    cents(typeof v === 'object' && v !== null ? ((v as Record<string, string>)['#text'] ?? '') : (v as string));
  const lines = tx['ram:IncludedSupplyChainTradeLineItem'] as unknown as XmlNode[];
  return {
    guideline: cii['rsm:ExchangedDocumentContext']['ram:GuidelineSpecifiedDocumentContextParameter']['ram:ID'] as unknown as string,
    number: doc['ram:ID'] as unknown as string,
    typeCode: doc['ram:TypeCode'] as unknown as string,
    notes: ((doc['ram:IncludedNote'] ?? []) as unknown as Array<Record<string, string>>).map((n) => n['ram:Content']),
    seller: agreement['ram:SellerTradeParty'],
    buyer: agreement['ram:BuyerTradeParty'],
    taxes: settlement['ram:ApplicableTradeTax'] as unknown as XmlNode[],
    referenced: settlement['ram:InvoiceReferencedDocument']?.['ram:IssuerAssignedID'] as unknown as string | undefined,
    referencedDate: settlement['ram:InvoiceReferencedDocument']?.['ram:FormattedIssueDateTime']?.['qdt:DateTimeString']?.[
      '#text'
    ] as unknown as string | undefined,
    lineTotal: amount(sum['ram:LineTotalAmount']),
    taxBasis: amount(sum['ram:TaxBasisTotalAmount']),
    taxTotal: amount(sum['ram:TaxTotalAmount']),
    grandTotal: amount(sum['ram:GrandTotalAmount']),
    prepaid: amount(sum['ram:TotalPrepaidAmount']),
    due: amount(sum['ram:DuePayableAmount']),
    lines: lines.map((l) => ({
      name: l['ram:SpecifiedTradeProduct']['ram:Name'] as unknown as string,
      quantity: Number(l['ram:SpecifiedLineTradeDelivery']['ram:BilledQuantity']['#text'] as unknown as string),
      net: amount(l['ram:SpecifiedLineTradeSettlement']['ram:SpecifiedTradeSettlementLineMonetarySummation']['ram:LineTotalAmount']),
    })),
  };
}
