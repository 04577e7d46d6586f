import {
  billingFramework,
  buyerDisplayName,
  decimal,
  frenchDate,
  type LegalDocument,
  mentionOf,
  normalizedLine,
  splitAddress,
} from './legal-document';

/**
 * A legal document as the UN/CEFACT Cross Industry Invoice (D16B) of the Factur-X EN 16931 profile, the XML embedded
 * in its PDF: written here from the frozen snapshot, element by element in the order of the schema, so that it says
 * what EN 16931 and the French rules (XP Z12-012, the FNFE's BR-FR schematron) want of each document:
 * - BT-23 a French billing framework (S2: services already paid; S1: to pay), and the due date of a paid one (BT-9);
 * - the mentions as notes with their subject codes (PMT, PMD, AAB, AAI), the seller's legal form and capital (REG) and
 *   registration (ABL), and the e-invoicing treatment (BAR: B2B for a company with a SIREN, B2C for an individual);
 * - the seller's SIRET (BT-29, scheme 0009), SIREN (BT-30, 0002), legal information (BT-33) and VAT number; the
 *   buyer's SIREN (0002), VAT number, and electronic address (its SIREN in the directory, 0225, or its e-mail);
 * - the lines with their quantity and unit price (a credit: a negative quantity at a positive price);
 * - a credit note's invoice, its number and date (BT-25, BT-26).
 * The official artefacts (XSD and schematrons, backend/test/einvoice) check every kind of document in the tests.
 */

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** The EN 16931 specification identifier (BT-24), the Factur-X EN 16931 profile's. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

/** Characters XML 1.0 cannot carry at all (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF): dropped. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or an attribute's value as XML: markup characters escaped, characters XML cannot carry dropped. */
const escape = (value: string): string =>
  value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An element: its children (elements, already written) or its text; nothing when it has neither. */
type Node = string | null | undefined | false;
function el(name: string, content: Node | Node[], attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${escape(v)}"`)
    .join('');
  if (Array.isArray(content)) {
    const inner = content.filter((c): c is string => typeof c === 'string' && c !== '').join('');
    return inner ? `<${name}${attrs}>${inner}</${name}>` : '';
  }
  if (content === null || content === undefined || content === false || content === '') return '';
  return `<${name}${attrs}>${escape(content)}</${name}>`;
}

/** 'YYYY-MM-DD' → the CII date (format 102, AAAAMMJJ), under `udt:` or (a referenced document's) `qdt:`. */
const date = (isoDate: string, prefix: 'udt' | 'qdt' = 'udt') =>
  el(`${prefix}:DateTimeString`, isoDate.replaceAll('-', ''), { format: '102' });

const amount = (cents: number) => decimal(cents);

/** A unit price in cents (at most two decimals of cents) → at least 2 and at most 4 decimals of euro. */
export function unitPrice(cents: number): string {
  const tenThousandths = Math.round(Math.abs(cents) * 100);
  const units = Math.floor(tenThousandths / 10000);
  const fraction = String(tenThousandths % 10000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${cents < 0 && tenThousandths ? '-' : ''}${units}.${fraction}`;
}

/** An address: street, postal code, city, country (BG-5, BG-8). */
const address = (a: { street: string | null; postalCode: string | null; city: string | null; country: string }) =>
  el('ram:PostalTradeAddress', [
    el('ram:PostcodeCode', a.postalCode),
    el('ram:LineOne', a.street),
    el('ram:CityName', a.city),
    el('ram:CountryID', a.country),
  ]);

/** The e-invoicing treatment of the document (a BAR note), when the French rules can tell it. */
export function treatmentOf(doc: Pick<LegalDocument, 'buyer'>): 'B2B' | 'B2C' | null {
  if (doc.buyer.type === 'individual') return 'B2C';
  return doc.buyer.siren ? 'B2B' : null;
}

/** The notes (BG-1): the seller's registration, the mandatory mentions, the treatment. */
function notes(doc: LegalDocument): string[] {
  const s = doc.seller;
  const coded: Array<{ subject: string | null; text: string }> = [
    { subject: 'REG', text: `${s.legalName}, ${s.legalForm} au capital de ${s.capital}` },
    { subject: 'ABL', text: `RCS ${s.rcsCity} ${s.siren}` },
    ...doc.mentions.map(mentionOf),
  ];
  const treatment = treatmentOf(doc);
  if (treatment) coded.push({ subject: 'BAR', text: treatment });
  return coded.map((n) => el('ram:IncludedNote', [el('ram:Content', n.text), n.subject && el('ram:SubjectCode', n.subject)]));
}

/** The CII XML of a legal document (Factur-X EN 16931 profile). */
export function ciiXml(doc: LegalDocument): string {
  const s = doc.seller;
  const b = doc.buyer;
  const sellerAddress = splitAddress(s.address);
  const paid = doc.paymentDate !== null;
  const referenced = doc.credited ?? doc.replaces ?? null;
  const vatCategory = [
    el('ram:TypeCode', 'VAT'),
    el('ram:CategoryCode', doc.vat.category),
    el('ram:RateApplicablePercent', doc.vat.ratePercent),
  ];
  const company = b.type === 'company';
  const buyerSiren = company && b.siren ? b.siren : null;

  const lines = doc.lines
    .map(normalizedLine)
    .map((line, i) =>
      el('ram:IncludedSupplyChainTradeLineItem', [
        el('ram:AssociatedDocumentLineDocument', [el('ram:LineID', String(i + 1))]),
        el('ram:SpecifiedTradeProduct', [el('ram:Name', line.label), el('ram:Description', line.detail)]),
        el('ram:SpecifiedLineTradeAgreement', [
          el('ram:NetPriceProductTradePrice', [el('ram:ChargeAmount', unitPrice(line.unitPriceExclCents))]),
        ]),
        el('ram:SpecifiedLineTradeDelivery', [el('ram:BilledQuantity', String(line.quantity), { unitCode: 'C62' })]),
        el('ram:SpecifiedLineTradeSettlement', [
          el('ram:ApplicableTradeTax', vatCategory),
          line.periodStart &&
            line.periodEnd &&
            el('ram:BillingSpecifiedPeriod', [
              el('ram:StartDateTime', [date(line.periodStart)]),
              el('ram:EndDateTime', [date(line.periodEnd)]),
            ]),
          el('ram:SpecifiedTradeSettlementLineMonetarySummation', [el('ram:LineTotalAmount', amount(line.totalExclCents))]),
        ]),
      ]),
    );

  const seller = el('ram:SellerTradeParty', [
    el('ram:GlobalID', s.siret, { schemeID: '0009' }),
    el('ram:Name', s.legalName),
    el('ram:Description', `${s.legalForm} au capital de ${s.capital} — RCS ${s.rcsCity} ${s.siren}`),
    el('ram:SpecifiedLegalOrganization', [el('ram:ID', s.siren, { schemeID: '0002' }), el('ram:TradingBusinessName', s.name)]),
    el('ram:DefinedTradeContact', [
      el('ram:TelephoneUniversalCommunication', [el('ram:CompleteNumber', s.phone)]),
      el('ram:EmailURIUniversalCommunication', [el('ram:URIID', s.email)]),
    ]),
    address({ street: sellerAddress.street, postalCode: sellerAddress.postalCode, city: sellerAddress.city, country: 'FR' }),
    // Its address in the e-invoicing directory: its SIREN (scheme 0225).
    el('ram:URIUniversalCommunication', [el('ram:URIID', s.siren, { schemeID: '0225' })]),
    el('ram:SpecifiedTaxRegistration', [el('ram:ID', s.vat, { schemeID: 'VA' })]),
  ]);

  const buyer = el('ram:BuyerTradeParty', [
    el('ram:Name', buyerDisplayName(b)),
    buyerSiren && el('ram:SpecifiedLegalOrganization', [el('ram:ID', buyerSiren, { schemeID: '0002' })]),
    el('ram:DefinedTradeContact', [el('ram:PersonName', b.name), el('ram:EmailURIUniversalCommunication', [el('ram:URIID', b.email)])]),
    address({ street: b.address || null, postalCode: b.postalCode || null, city: b.city || null, country: b.countryCode || 'FR' }),
    // A company with a SIREN is reached at its address in the directory (its SIREN, 0225), anyone else by e-mail.
    el('ram:URIUniversalCommunication', [
      buyerSiren ? el('ram:URIID', buyerSiren, { schemeID: '0225' }) : el('ram:URIID', b.email, { schemeID: 'EM' }),
    ]),
    company && b.vatNumber && el('ram:SpecifiedTaxRegistration', [el('ram:ID', b.vatNumber, { schemeID: 'VA' })]),
  ]);

  const settlement = el('ram:ApplicableHeaderTradeSettlement', [
    el('ram:InvoiceCurrencyCode', doc.currency),
    el('ram:SpecifiedTradeSettlementPaymentMeans', [el('ram:TypeCode', '48'), el('ram:Information', 'Carte bancaire')]),
    el('ram:ApplicableTradeTax', [
      el('ram:CalculatedAmount', amount(doc.totals.vatCents)),
      el('ram:TypeCode', 'VAT'),
      el('ram:ExemptionReason', doc.vat.exemptionReason),
      el('ram:BasisAmount', amount(doc.totals.exclCents)),
      el('ram:CategoryCode', doc.vat.category),
      doc.vat.exemptionReason && el('ram:ExemptionReasonCode', 'VATEX-FR-FRANCHISE'),
      el('ram:RateApplicablePercent', doc.vat.ratePercent),
    ]),
    paid &&
      el('ram:SpecifiedTradePaymentTerms', [
        el('ram:Description', `${doc.kind === 'invoice' ? 'Payée' : 'Remboursé'} par carte bancaire le ${frenchDate(doc.paymentDate!)}`),
        el('ram:DueDateDateTime', [date(doc.paymentDate!)]),
      ]),
    el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
      el('ram:LineTotalAmount', amount(doc.totals.exclCents)),
      el('ram:TaxBasisTotalAmount', amount(doc.totals.exclCents)),
      el('ram:TaxTotalAmount', amount(doc.totals.vatCents), { currencyID: doc.currency }),
      el('ram:GrandTotalAmount', amount(doc.totals.inclCents)),
      // Paid by card when issued (an invoice), or refunded (a credit note): nothing left to pay.
      el('ram:TotalPrepaidAmount', amount(paid ? doc.totals.inclCents : 0)),
      el('ram:DuePayableAmount', amount(paid ? 0 : doc.totals.inclCents)),
    ]),
    // BT-25/BT-26: the invoice a credit note credits, or the one a corrective invoice replaces (BR-FR-CO-04/05).
    referenced &&
      el('ram:InvoiceReferencedDocument', [
        el('ram:IssuerAssignedID', referenced.number),
        el('ram:FormattedIssueDateTime', [date(referenced.issueDate, 'qdt')]),
      ]),
  ]);

  const root = el(
    'rsm:CrossIndustryInvoice',
    [
      el('rsm:ExchangedDocumentContext', [
        el('ram:BusinessProcessSpecifiedDocumentContextParameter', [el('ram:ID', billingFramework(doc))]),
        el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', EN16931_GUIDELINE)]),
      ]),
      el('rsm:ExchangedDocument', [
        el('ram:ID', doc.number),
        // 380 an invoice, 384 a corrective invoice (facture rectificative), 381 a credit note.
        el('ram:TypeCode', doc.kind === 'credit_note' ? '381' : doc.replaces ? '384' : '380'),
        el('ram:IssueDateTime', [date(doc.issueDate)]),
        ...notes(doc),
      ]),
      el('rsm:SupplyChainTradeTransaction', [
        ...lines,
        el('ram:ApplicableHeaderTradeAgreement', [seller, buyer]),
        el('ram:ApplicableHeaderTradeDelivery', [
          doc.paymentDate && el('ram:ActualDeliverySupplyChainEvent', [el('ram:OccurrenceDateTime', [date(doc.paymentDate)])]),
        ]) || '<ram:ApplicableHeaderTradeDelivery/>',
        settlement,
      ]),
    ],
    { 'xmlns:rsm': NS.rsm, 'xmlns:qdt': NS.qdt, 'xmlns:ram': NS.ram, 'xmlns:udt': NS.udt },
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`;
}
