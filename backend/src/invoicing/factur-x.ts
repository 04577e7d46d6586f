import { readFileSync } from 'node:fs';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { type Invoice as EInvoice, FormatFactoryService, InvoiceService } from '@e-invoice-eu/core';
import { buyerDisplayName, decimal, frenchDate, KIND_TITLE, type LegalDocument, splitAddress } from './legal-document';

/**
 * A legal document as a Factur-X file (EN 16931 profile): the French PDF a person reads, drawn with pdf-lib (DejaVu
 * Sans embedded, so every glyph is in the file as PDF/A requires), then handed to @e-invoice-eu/core, which writes the
 * CII XML from the same snapshot, embeds it as `factur-x.xml` (AFRelationship Alternative) and makes the file PDF/A-3
 * (XMP metadata with the Factur-X extension schema and conformance level, sRGB output intent, document ids).
 */

export const FACTUR_X_FORMAT = 'Factur-X-EN16931';

const FONT_DIR = '@fontsource/dejavu-sans/files';
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
function fontBytes(): { regular: Uint8Array; bold: Uint8Array } {
  fonts ??= {
    regular: readFileSync(require.resolve(`${FONT_DIR}/dejavu-sans-latin-400-normal.woff`)),
    bold: readFileSync(require.resolve(`${FONT_DIR}/dejavu-sans-latin-700-normal.woff`)),
  };
  return fonts;
}

const EUR = 'EUR' as const;

/** 2417 → '24,17 €' (fixed French form, no locale data needed) */
export function eurosText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${sign}${units},${String(abs % 100).padStart(2, '0')} €`;
}

/** The document in @e-invoice-eu/core's internal format (UBL-shaped), from which it writes the CII XML. */
export function toEInvoice(doc: LegalDocument): EInvoice {
  const s = doc.seller;
  const b = doc.buyer;
  const sellerAddress = splitAddress(s.address);
  const category = {
    'cbc:ID': doc.vat.category,
    'cbc:Percent': doc.vat.ratePercent,
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
  const buyerParty: EInvoice['ubl:Invoice']['cac:AccountingCustomerParty']['cac:Party'] = {
    'cbc:EndpointID': b.email,
    'cbc:EndpointID@schemeID': 'EM',
    'cac:PostalAddress': {
      'cbc:StreetName': b.address || undefined,
      'cbc:CityName': b.city || undefined,
      'cbc:PostalZone': b.postalCode || undefined,
      'cac:Country': { 'cbc:IdentificationCode': b.countryCode as 'FR' },
    },
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': buyerDisplayName(b),
      ...(b.type === 'company' && b.siren ? { 'cbc:CompanyID': b.siren, 'cbc:CompanyID@schemeID': '0002' as const } : {}),
    },
    ...(b.type === 'company' && b.vatNumber
      ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': b.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
      : {}),
    'cac:Contact': { 'cbc:Name': b.name, 'cbc:ElectronicMail': b.email },
  };
  const invoice: EInvoice['ubl:Invoice'] = {
    'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
    'cbc:ID': doc.number,
    'cbc:IssueDate': doc.issueDate,
    'cbc:InvoiceTypeCode': doc.kind === 'invoice' ? '380' : '381',
    // One note: the library writes each note of the list as one more Content of a single IncludedNote, which the
    // EN 16931 schema refuses.
    'cbc:Note': [doc.mentions.join('\n')],
    'cbc:DocumentCurrencyCode': EUR,
    ...(doc.credited
      ? {
          'cac:BillingReference': [
            { 'cac:InvoiceDocumentReference': { 'cbc:ID': doc.credited.number, 'cbc:IssueDate': doc.credited.issueDate } },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        'cbc:EndpointID': s.email,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PartyIdentification': [{ 'cbc:ID': s.siret, 'cbc:ID@schemeID': '0009' }],
        'cac:PartyName': { 'cbc:Name': s.name },
        'cac:PostalAddress': {
          'cbc:StreetName': sellerAddress.street,
          ...(sellerAddress.city ? { 'cbc:CityName': sellerAddress.city } : {}),
          ...(sellerAddress.postalCode ? { 'cbc:PostalZone': sellerAddress.postalCode } : {}),
          'cac:Country': { 'cbc:IdentificationCode': 'FR' },
        },
        'cac:PartyTaxScheme': [{ 'cbc:CompanyID': s.vat, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
        'cac:PartyLegalEntity': {
          'cbc:RegistrationName': s.legalName,
          'cbc:CompanyID': s.siren,
          'cbc:CompanyID@schemeID': '0002',
          'cbc:CompanyLegalForm': `${s.legalForm} au capital de ${s.capital} — RCS ${s.rcsCity} ${s.siren}`,
        },
        'cac:Contact': { 'cbc:Telephone': s.phone, 'cbc:ElectronicMail': s.email },
      },
    },
    'cac:AccountingCustomerParty': { 'cac:Party': buyerParty },
    ...(doc.paymentDate ? { 'cac:Delivery': { 'cbc:ActualDeliveryDate': doc.paymentDate } } : {}),
    'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': '48', 'cbc:PaymentMeansCode@name': 'Carte bancaire' }],
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': decimal(doc.totals.vatCents),
        'cbc:TaxAmount@currencyID': EUR,
        'cac:TaxSubtotal': [
          {
            'cbc:TaxableAmount': decimal(doc.totals.exclCents),
            'cbc:TaxableAmount@currencyID': EUR,
            'cbc:TaxAmount': decimal(doc.totals.vatCents),
            'cbc:TaxAmount@currencyID': EUR,
            'cac:TaxCategory': {
              ...category,
              ...(doc.vat.exemptionReason
                ? { 'cbc:TaxExemptionReasonCode': 'VATEX-FR-FRANCHISE', 'cbc:TaxExemptionReason': doc.vat.exemptionReason }
                : {}),
            } as never,
          },
        ],
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': decimal(doc.totals.exclCents),
      'cbc:LineExtensionAmount@currencyID': EUR,
      'cbc:TaxExclusiveAmount': decimal(doc.totals.exclCents),
      'cbc:TaxExclusiveAmount@currencyID': EUR,
      'cbc:TaxInclusiveAmount': decimal(doc.totals.inclCents),
      'cbc:TaxInclusiveAmount@currencyID': EUR,
      // Paid by card when issued (an invoice), or refunded (a credit note): nothing left to pay.
      'cbc:PrepaidAmount': decimal(doc.paymentDate ? doc.totals.inclCents : 0),
      'cbc:PrepaidAmount@currencyID': EUR,
      'cbc:PayableAmount': decimal(doc.paymentDate ? 0 : doc.totals.inclCents),
      'cbc:PayableAmount@currencyID': EUR,
    },
    'cac:InvoiceLine': doc.lines.map((line, i) => ({
      'cbc:ID': String(i + 1),
      'cbc:InvoicedQuantity': String(line.quantity),
      'cbc:InvoicedQuantity@unitCode': 'C62',
      'cbc:LineExtensionAmount': decimal(line.totalExclCents),
      'cbc:LineExtensionAmount@currencyID': EUR,
      ...(line.periodStart && line.periodEnd
        ? { 'cac:InvoicePeriod': { 'cbc:StartDate': line.periodStart, 'cbc:EndDate': line.periodEnd } }
        : {}),
      'cac:Item': {
        ...(line.detail ? { 'cbc:Description': line.detail } : {}),
        'cbc:Name': line.label,
        'cac:ClassifiedTaxCategory': category,
      },
      'cac:Price': { 'cbc:PriceAmount': decimal(line.unitPriceExclCents), 'cbc:PriceAmount@currencyID': EUR },
    })) as EInvoice['ubl:Invoice']['cac:InvoiceLine'],
  };
  return { 'ubl:Invoice': invoice };
}

// ---------------------------------------------------------------------------------------------------------------
// The PDF a person reads
// ---------------------------------------------------------------------------------------------------------------

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);

interface Pen {
  doc: PDFDocument;
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  y: number;
}

/** Splits a text into lines that fit `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    for (const word of paragraph.split(/\s+/)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    lines.push(current);
  }
  return lines;
}

function ensureRoom(pen: Pen, height: number): void {
  if (pen.y - height > MARGIN) return;
  pen.page = pen.doc.addPage([A4.width, A4.height]);
  pen.y = A4.height - MARGIN;
}

function text(
  pen: Pen,
  value: string,
  x: number,
  options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; width?: number; right?: boolean } = {},
): number {
  const size = options.size ?? 9;
  const font = options.bold ? pen.bold : pen.regular;
  const lines = wrap(font, value, size, options.width ?? (options.right ? x - MARGIN : A4.width - MARGIN - x));
  let y = pen.y;
  for (const line of lines) {
    const lineX = options.right ? x - font.widthOfTextAtSize(line, size) : x;
    pen.page.drawText(line, { x: lineX, y, size, font, color: options.color ?? INK });
    y -= size * 1.35;
  }
  return pen.y - y;
}

/** The human-readable document: a French A4 PDF with every mandatory mention. */
export async function renderPdf(doc: LegalDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = fontBytes();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  const pen: Pen = { doc: pdf, page: pdf.addPage([A4.width, A4.height]), regular, bold, y: A4.height - MARGIN };
  const s = doc.seller;
  const b = doc.buyer;
  const right = A4.width - MARGIN;

  // Header: the seller, and the document's title and number.
  const top = pen.y;
  text(pen, s.legalName, MARGIN, { size: 14, bold: true });
  pen.y -= 18;
  for (const line of [
    s.address,
    s.country,
    `${s.legalForm} au capital de ${s.capital}`,
    `SIREN ${s.siren} — RCS ${s.rcsCity} — SIRET ${s.siret}`,
    `N° TVA intracommunautaire : ${s.vat}`,
    `${s.email} — ${s.phone}`,
  ])
    pen.y -= text(pen, line, MARGIN, { size: 8.5, color: MUTED, width: 300 });
  const sellerBottom = pen.y;
  pen.y = top;
  text(pen, `${KIND_TITLE[doc.kind]} ${doc.number}`, right, { size: 14, bold: true, right: true });
  pen.y -= 20;
  pen.y -= text(pen, `Date d'émission : ${frenchDate(doc.issueDate)}`, right, { size: 9, right: true });
  if (doc.paymentDate)
    pen.y -= text(pen, `${doc.kind === 'invoice' ? 'Date de paiement' : 'Date de remboursement'} : ${frenchDate(doc.paymentDate)}`, right, {
      size: 9,
      right: true,
    });
  if (doc.credited)
    pen.y -= text(pen, `Avoir sur la facture ${doc.credited.number} du ${frenchDate(doc.credited.issueDate)}`, right, {
      size: 9,
      right: true,
    });
  if (doc.stripeNumber) pen.y -= text(pen, `Référence de paiement : ${doc.stripeNumber}`, right, { size: 8, right: true, color: MUTED });
  pen.y = Math.min(pen.y, sellerBottom) - 20;

  // The buyer.
  text(pen, doc.kind === 'invoice' ? 'Facturé à' : 'Client', 320, { size: 8.5, bold: true, color: MUTED });
  pen.y -= 13;
  const buyerLines = [
    buyerDisplayName(b),
    ...(b.type === 'company' ? [`À l'attention de ${b.name}`] : []),
    b.address,
    `${b.postalCode} ${b.city}`.trim(),
    b.countryCode === 'FR' ? 'France' : b.countryCode,
    ...(b.type === 'company' && b.siren ? [`SIREN ${b.siren}`] : []),
    ...(b.type === 'company' && b.vatNumber ? [`N° TVA intracommunautaire : ${b.vatNumber}`] : []),
    b.email,
  ].filter((l) => l.trim() !== '');
  buyerLines.forEach((line, i) => {
    pen.y -= text(pen, line, 320, { size: 9, bold: i === 0, width: right - 320 });
  });
  pen.y -= 24;

  // The lines.
  const cols = { label: MARGIN, qty: 345, unit: 420, total: right };
  const header = (): void => {
    ensureRoom(pen, 40);
    pen.page.drawRectangle({ x: MARGIN - 4, y: pen.y - 5, width: right - MARGIN + 8, height: 18, color: rgb(0.93, 0.95, 0.97) });
    text(pen, 'Désignation', cols.label, { size: 8.5, bold: true });
    text(pen, 'Qté', cols.qty, { size: 8.5, bold: true, right: true });
    text(pen, 'Prix unit. HT', cols.unit, { size: 8.5, bold: true, right: true });
    text(pen, 'Total HT', cols.total, { size: 8.5, bold: true, right: true });
    pen.y -= 22;
  };
  header();
  for (const line of doc.lines) {
    const labelLines = wrap(pen.bold, line.label, 9, cols.qty - 40 - MARGIN);
    const detail = [
      line.detail,
      line.periodStart && line.periodEnd ? `Période du ${frenchDate(line.periodStart)} au ${frenchDate(line.periodEnd)}` : null,
    ]
      .filter(Boolean)
      .join(' — ');
    const detailLines = detail ? wrap(pen.regular, detail, 8, cols.qty - 40 - MARGIN) : [];
    ensureRoom(pen, (labelLines.length + detailLines.length) * 12 + 10);
    const rowTop = pen.y;
    text(pen, String(line.quantity), cols.qty, { size: 9, right: true });
    text(pen, eurosText(line.unitPriceExclCents), cols.unit, { size: 9, right: true });
    text(pen, eurosText(line.totalExclCents), cols.total, { size: 9, right: true });
    pen.y -= text(pen, line.label, cols.label, { size: 9, bold: true, width: cols.qty - 40 - MARGIN });
    if (detail) pen.y -= text(pen, detail, cols.label, { size: 8, color: MUTED, width: cols.qty - 40 - MARGIN });
    pen.y = Math.min(pen.y, rowTop - 12) - 6;
    pen.page.drawLine({
      start: { x: MARGIN - 4, y: pen.y + 3 },
      end: { x: right + 4, y: pen.y + 3 },
      thickness: 0.4,
      color: rgb(0.85, 0.87, 0.9),
    });
    pen.y -= 8;
  }

  // Totals, VAT per rate.
  ensureRoom(pen, 80);
  pen.y -= 6;
  const vatLabel =
    doc.vat.category === 'E' ? 'TVA (0 %)' : `TVA ${doc.vat.ratePercent.replace('.', ',')} % (base ${eurosText(doc.totals.exclCents)})`;
  const rows: Array<[string, string, boolean]> = [
    ['Total HT', eurosText(doc.totals.exclCents), false],
    [vatLabel, eurosText(doc.totals.vatCents), false],
    ['Total TTC', eurosText(doc.totals.inclCents), true],
  ];
  if (doc.paymentDate)
    rows.push(
      [doc.kind === 'invoice' ? 'Déjà payé' : 'Remboursé', eurosText(doc.totals.inclCents), false],
      ['Net à payer', eurosText(0), true],
    );
  for (const [label, value, strong] of rows) {
    text(pen, label, 300, { size: strong ? 10 : 9, bold: strong });
    text(pen, value, right, { size: strong ? 10 : 9, bold: strong, right: true });
    pen.y -= strong ? 16 : 14;
  }
  pen.y -= 16;

  // Mentions.
  for (const mention of doc.mentions) {
    ensureRoom(pen, 24);
    pen.y -= text(pen, mention, MARGIN, { size: 8, color: MUTED, width: right - MARGIN }) + 3;
  }
  ensureRoom(pen, 24);
  pen.y -= 6;
  text(pen, `${s.legalName} — ${s.legalForm} au capital de ${s.capital} — RCS ${s.rcsCity} ${s.siren} — ${s.address}`, MARGIN, {
    size: 7,
    color: MUTED,
    width: right - MARGIN,
  });

  pdf.setTitle(`${KIND_TITLE[doc.kind]} ${doc.number}`);
  pdf.setLanguage('fr-FR');
  return pdf.save({ useObjectStreams: false });
}

const logger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const service = new InvoiceService(logger);
const formats = new FormatFactoryService();

/**
 * The library's Factur-X output for a document. A credit note's reference to its invoice (BT-25, BG-3) needs a detour:
 * @e-invoice-eu/core 2.3.4 validates `cac:BillingReference[].cac:InvoiceDocumentReference.cbc:ID` (its schema, as
 * UBL has it) but its CII mapping reads `cac:BillingReference[].cbc:ID`, so the reference never reaches the XML. The
 * data is first validated as the library's schema wants it (by generating the CII once), then handed to the Factur-X
 * formatter with the reference where its mapping reads it. (Both found by the XSD check of the tests.)
 */
async function generate(invoice: EInvoice, pdf: Uint8Array, number: string): Promise<Uint8Array> {
  const options = {
    format: FACTUR_X_FORMAT,
    lang: 'fr-fr',
    pdf: { buffer: pdf, filename: `${number}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  };
  const references = invoice['ubl:Invoice']['cac:BillingReference'];
  if (!references?.length) return (await service.generate(invoice, options)) as Uint8Array;
  await service.generate(structuredClone(invoice), { format: 'CII', lang: 'fr-fr', noWarnings: true });
  const patched = structuredClone(invoice);
  // The invoice's number only: the library writes its date (BT-26, optional) as udt:DateTimeString, where the EN 16931
  // schema wants qdt:DateTimeString (the PDF shows the date).
  patched['ubl:Invoice']['cac:BillingReference'] = references.map((r) => ({ ...r, 'cbc:ID': r['cac:InvoiceDocumentReference']['cbc:ID'] }));
  const formatter = formats.createFormatService(FACTUR_X_FORMAT, logger);
  formatter.fillInvoiceDefaults(patched);
  return (await formatter.generate(patched, { ...options, format: formats.normalizeFormat(FACTUR_X_FORMAT) })) as Uint8Array;
}

/** The Factur-X file of a document: its PDF with the EN 16931 CII XML embedded, PDF/A-3. */
export async function facturX(doc: LegalDocument): Promise<Buffer> {
  return Buffer.from(await generate(toEInvoice(doc), await renderPdf(doc), doc.number));
}
