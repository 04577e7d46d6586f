import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
type Fontkit = Parameters<import('@cantoo/pdf-lib').PDFDocument['registerFontkit']>[0];
import type { PDFDocument, PDFFont, PDFPage, RGB } from '@cantoo/pdf-lib';
import { ciiXml } from './cii';
import { buyerDisplayName, companyInvoiceLines, frenchDate, KIND_TITLE, type LegalDocument, mentionOf } from './legal-document';
import { SRGB_ICC_BASE64 } from './srgb-icc';

/**
 * A legal document as a Factur-X file (EN 16931 profile): the French PDF a person reads, drawn with pdf-lib (DejaVu
 * Sans embedded, so every glyph is in the file as PDF/A requires), with the CII XML written from the same snapshot
 * (cii.ts) embedded as `factur-x.xml` (AFRelationship Alternative, listed in the catalog's /AF), made PDF/A-3b: XMP
 * metadata with the PDF/A identification, the Factur-X extension schema and its conformance level, the same title,
 * author, subject, keywords and dates in the Info dictionary (in French: "Facture F-…", "Avoir AV-…"), an sRGB output
 * intent (its ICC profile with /N 3) and the document's ids.
 */

export const FACTUR_X_CONFORMANCE = 'EN 16931';

const FONT_DIR = '@fontsource/dejavu-sans/files';
let fonts: { regular: Uint8Array; bold: Uint8Array } | null = null;
function fontBytes(): { regular: Uint8Array; bold: Uint8Array } {
  fonts ??= {
    regular: readFileSync(require.resolve(`${FONT_DIR}/dejavu-sans-latin-400-normal.woff`)),
    bold: readFileSync(require.resolve(`${FONT_DIR}/dejavu-sans-latin-700-normal.woff`)),
  };
  return fonts;
}

/** 2417 → '24,17 €' (fixed French form, no locale data needed; never '-0,00 €') */
export function eurosText(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${sign}${units},${String(abs % 100).padStart(2, '0')} €`;
}

/** A unit price: '24,17 €', or with the decimals it has beyond the cent ('0,8333 €', '1,665 €'). */
export function unitPriceText(cents: number): string {
  if (Number.isInteger(cents)) return eurosText(cents);
  const tenThousandths = Math.round(Math.abs(cents) * 100);
  const units = String(Math.floor(tenThousandths / 10000)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const fraction = String(tenThousandths % 10000)
    .padStart(4, '0')
    .replace(/0$/, '');
  return `${cents < 0 ? '-' : ''}${units},${fraction} €`;
}

// ---------------------------------------------------------------------------------------------------------------
// The PDF a person reads
// ---------------------------------------------------------------------------------------------------------------

/**
 * pdf-lib and fontkit, loaded with the first document rather than at start: together about 20 MB of memory and 0.6 s
 * that most processes (and requests) never need (issue 39, docs/performance.md).
 */
let libraries: Promise<{ pdf: typeof import('@cantoo/pdf-lib'); fontkit: Fontkit }> | undefined;
const pdfLibraries = () =>
  (libraries ??= Promise.all([import('@cantoo/pdf-lib'), import('@cantoo/fontkit')]).then(([pdf, fontkit]) => ({
    pdf,
    fontkit: parsedOnce(((fontkit as { default?: unknown }).default ?? fontkit) as Fontkit),
  })));

/**
 * fontkit, keeping each font it has read: pdf-lib asks it to read the font again for every document, and reading the
 * WOFF (inflating its tables, decoding its layout lookups as text is measured) was most of a document's 290 ms of CPU.
 * A font read once is shared by every document after (each still gets its own subset), for the two fonts of
 * `fontBytes()`, whose bytes are read once too; and it keeps the texts it has laid out (`laidOutOnce`).
 */
function parsedOnce(fontkit: Fontkit): Fontkit {
  const read = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
  return {
    create(bytes: Uint8Array, postscriptName?: string) {
      if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
      let font = read.get(bytes);
      if (!font) read.set(bytes, (font = laidOutOnce(fontkit.create(bytes))));
      return font;
    },
  };
}

/** Texts laid out kept per font, at most: an invoice lays out about a hundred, most of them the same on every one. */
const LAID_OUT_TEXTS = 2_000;

/**
 * A font that keeps the glyph runs of the texts it has laid out (shaped: glyphs chosen, kerned), up to
 * `LAID_OUT_TEXTS`, then starts again: pdf-lib lays a text out again each time it measures it (wrapping a line,
 * aligning an amount) and when it draws it, and most texts of an invoice (the agency's identity, the headings, the
 * legal mentions) are the same on every one. pdf-lib only reads the runs (their glyphs' ids and widths), so a kept run
 * draws the same bytes. Only layouts without features (pdf-lib's, as embedded here) are kept.
 */
export function laidOutOnce<F>(font: F): F {
  const shaper = font as { layout?: (text: string, features?: unknown) => unknown };
  if (typeof shaper.layout !== 'function') return font;
  const layout = shaper.layout.bind(font);
  const runs = new Map<string, unknown>();
  shaper.layout = (text: string, features?: unknown) => {
    if (features !== undefined) return layout(text, features);
    let run = runs.get(text);
    if (run === undefined) {
      if (runs.size >= LAID_OUT_TEXTS) runs.clear();
      runs.set(text, (run = layout(text)));
    }
    return run;
  };
  return font;
}

/** pdf-lib's `rgb()`, without loading pdf-lib to declare the palette. */
const rgb = (red: number, green: number, blue: number): RGB => ({ type: 'RGB', red, green, blue }) as RGB;

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

/** The human-readable document: a French A4 PDF with every mandatory mention (not saved yet). */
async function drawPdf(doc: LegalDocument): Promise<PDFDocument> {
  const { pdf: lib, fontkit } = await pdfLibraries();
  const pdf = await lib.PDFDocument.create({ updateMetadata: false });
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
    ...companyInvoiceLines(b),
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
    text(pen, unitPriceText(line.unitPriceExclCents), cols.unit, { size: 9, right: true });
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
  for (const mention of doc.mentions.map(mentionOf)) {
    ensureRoom(pen, 24);
    pen.y -= text(pen, mention.text, MARGIN, { size: 8, color: MUTED, width: right - MARGIN }) + 3;
  }
  ensureRoom(pen, 24);
  pen.y -= 6;
  text(pen, `${s.legalName} — ${s.legalForm} au capital de ${s.capital} — RCS ${s.rcsCity} ${s.siren} — ${s.address}`, MARGIN, {
    size: 7,
    color: MUTED,
    width: right - MARGIN,
  });

  return pdf;
}

// ---------------------------------------------------------------------------------------------------------------
// Factur-X: the XML attached, PDF/A-3b
// ---------------------------------------------------------------------------------------------------------------

const PRODUCER = 'Vitrine (pdf-lib)';

/** What the Info dictionary and the XMP metadata both say of a document (PDF/A wants them equal). */
export function metadataOf(doc: LegalDocument, now: Date) {
  const title = `${KIND_TITLE[doc.kind]} ${doc.number}`;
  return {
    title,
    author: doc.seller.legalName,
    subject: `${title} du ${frenchDate(doc.issueDate)} ${doc.kind === 'invoice' ? 'émise' : 'émis'} par ${doc.seller.legalName}`,
    keywords: `${KIND_TITLE[doc.kind]}, Factur-X, ${FACTUR_X_CONFORMANCE}`,
    creator: doc.seller.name,
    producer: PRODUCER,
    /** To the second, as the Info dictionary's dates hold it */
    date: new Date(Math.floor(now.getTime() / 1000) * 1000),
  };
}

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The XMP packet: PDF/A-3b identification, Dublin Core, PDF and XMP basics, the Factur-X extension schema and values. */
export function xmpOf(meta: ReturnType<typeof metadataOf>): string {
  const date = meta.date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const property = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(meta.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${xmlText(meta.author)}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(meta.subject)}</rdf:li></rdf:Alt></dc:description>
      <dc:language><rdf:Bag><rdf:li>fr-FR</rdf:li></rdf:Bag></dc:language>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Keywords>${xmlText(meta.keywords)}</pdf:Keywords>
      <pdf:Producer>${xmlText(meta.producer)}</pdf:Producer>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${xmlText(meta.creator)}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property(
                'DocumentType',
                'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
              )}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property(
                'ConformanceLevel',
                'The conformance level of the embedded XML document',
              )}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${FACTUR_X_CONFORMANCE}</fx:ConformanceLevel>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** The Factur-X file of a document: its PDF with the EN 16931 CII XML embedded, PDF/A-3b. */
export async function facturX(doc: LegalDocument, now = new Date()): Promise<Buffer> {
  const { AFRelationship, PDFHexString, PDFName, PDFString } = (await pdfLibraries()).pdf;
  const pdf = await drawPdf(doc);
  const xml = Buffer.from(ciiXml(doc), 'utf8');
  const meta = metadataOf(doc, now);

  await pdf.attach(xml, 'factur-x.xml', {
    mimeType: 'text/xml',
    description: `Factur-X (${FACTUR_X_CONFORMANCE}) : ${meta.title}`,
    creationDate: meta.date,
    modificationDate: meta.date,
    afRelationship: AFRelationship.Alternative,
  });

  // The Info dictionary, as the XMP says it.
  pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setAuthor(meta.author);
  pdf.setSubject(meta.subject);
  pdf.setKeywords([meta.keywords]);
  pdf.setCreator(meta.creator);
  pdf.setProducer(meta.producer);
  pdf.setCreationDate(meta.date);
  pdf.setModificationDate(meta.date);
  pdf.setLanguage('fr-FR');
  const xmp = Buffer.from(xmpOf(meta), 'utf8');
  pdf.catalog.set(
    PDFName.of('Metadata'),
    pdf.context.register(pdf.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML', Length: xmp.length })),
  );

  // The sRGB output intent, its ICC profile with its number of components.
  const icc = Buffer.from(SRGB_ICC_BASE64, 'base64');
  const profile = pdf.context.register(pdf.context.flateStream(icc, { N: 3 }));
  const intent = pdf.context.register(
    pdf.context.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
      Info: PDFString.of('sRGB IEC61966-2.1'),
      DestOutputProfile: profile,
    }),
  );
  pdf.catalog.set(PDFName.of('OutputIntents'), pdf.context.obj([intent]));

  // The file's identifier (PDF/A wants one): the same document gives the same id.
  const id = PDFHexString.of(createHash('md5').update(doc.number).update(xml).digest('hex'));
  pdf.context.trailerInfo.ID = pdf.context.obj([id, id]);

  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
