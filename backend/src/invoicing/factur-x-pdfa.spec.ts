import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { corpus } from '../../test/einvoice/corpus';
import { ciiXml } from './cii';
import { facturX } from './factur-x';
import { KIND_TITLE, type LegalDocument } from './legal-document';

/**
 * The PDF/A-3 structure of every kind of Factur-X file (veraPDF cannot be installed here): read back with pdf-lib,
 * the markers ISO 19005-3 and Factur-X 1.0 require: the header and its binary comment, the XMP metadata (PDF/A
 * identification part 3, conformance B; the Factur-X extension schema and its values), an Info dictionary equal to
 * the XMP, the embedded factur-x.xml (the document's CII, AFRelationship Alternative, in the catalog's /AF), the output
 * intent with its ICC profile and /N, every font embedded, the file's id, no encryption and no JavaScript.
 */

const documents = corpus();
const NOW = new Date('2026-11-24T09:30:15.123Z');
const files = new Map<string, Promise<Buffer>>();
const fileOf = (doc: LegalDocument) => {
  if (!files.has(doc.number)) files.set(doc.number, facturX(doc, NOW));
  return files.get(doc.number)!;
};

function streamBytes(stream: unknown): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFStream) return stream.getContents();
  throw new Error('pas un flux');
}

/** A text string of the Info dictionary or of a file specification. */
function textOf(value: unknown): string | undefined {
  if (value instanceof PDFHexString || value instanceof PDFString) return value.decodeText();
  return undefined;
}

/** The one value of an XMP property (a simple one, or the first of its Alt/Seq/Bag). */
function xmpValue(xmp: string, property: string): string | undefined {
  const match = new RegExp(`<${property}>([\\s\\S]*?)</${property}>`).exec(xmp);
  if (!match) return undefined;
  const inner = /<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/.exec(match[1]);
  return (inner ? inner[1] : match[1]).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').trim();
}

/** 'D:20261124093015Z' (or with an offset) → the instant. */
function pdfDate(value: string | undefined): number | undefined {
  const m = value && /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'?\d{2}'?)?/.exec(value);
  if (!m) return undefined;
  const offset = !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5)}`;
  return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${offset}`);
}

describe.each(documents.map((d) => [d.name, d.doc] as const))('Factur-X PDF/A-3 of %s', (_name, doc) => {
  let bytes: Buffer;
  let pdf: PDFDocument;
  let xmp: string;

  beforeAll(async () => {
    bytes = await fileOf(doc);
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const metadata = pdf.catalog.lookup(PDFName.of('Metadata'));
    expect(metadata).toBeInstanceOf(PDFRawStream);
    // Unfiltered, so that any reader finds it (PDF/A).
    expect((metadata as PDFRawStream).dict.get(PDFName.of('Filter'))).toBeUndefined();
    xmp = Buffer.from(streamBytes(metadata)).toString('utf8');
  });

  it('has a PDF header and the binary comment line', () => {
    expect(bytes.subarray(0, 8).toString('latin1')).toMatch(/^%PDF-1\.[4-7]$/);
    const second = bytes.subarray(bytes.indexOf(0x0a) + 1, bytes.indexOf(0x0a) + 6);
    expect(second[0]).toBe(0x25); // '%'
    expect([...second.subarray(1, 5)].every((b) => b > 127)).toBe(true);
  });

  it('identifies itself as PDF/A-3b and Factur-X EN 16931 in its XMP, with the extension schema that declares the fx properties', () => {
    expect(xmp).toMatch(/^<\?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"\?>/);
    expect(xmp.trimEnd()).toMatch(/<\?xpacket end="w"\?>$/);
    expect(xmpValue(xmp, 'pdfaid:part')).toBe('3');
    expect(xmpValue(xmp, 'pdfaid:conformance')).toBe('B');
    expect(xmpValue(xmp, 'fx:DocumentType')).toBe('INVOICE');
    expect(xmpValue(xmp, 'fx:DocumentFileName')).toBe('factur-x.xml');
    expect(xmpValue(xmp, 'fx:Version')).toBe('1.0');
    expect(xmpValue(xmp, 'fx:ConformanceLevel')).toBe('EN 16931');
    expect(xmp).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    const schema = /<pdfaExtension:schemas>([\s\S]*?)<\/pdfaExtension:schemas>/.exec(xmp)?.[1] ?? '';
    expect(xmpValue(schema, 'pdfaSchema:namespaceURI')).toBe('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    expect(xmpValue(schema, 'pdfaSchema:prefix')).toBe('fx');
    const declared = [...schema.matchAll(/<pdfaProperty:name>([^<]+)<\/pdfaProperty:name>/g)].map((m) => m[1]).sort();
    expect(declared).toEqual(['ConformanceLevel', 'DocumentFileName', 'DocumentType', 'Version']);
  });

  it('has an Info dictionary equal to the XMP, in French', () => {
    const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
    const entry = (key: string) => textOf(info.get(PDFName.of(key)));
    const title = `${KIND_TITLE[doc.kind]} ${doc.number}`;
    expect(entry('Title')).toBe(title);
    expect(title).toMatch(doc.kind === 'invoice' ? /^Facture F-/ : /^Avoir AV-/);
    expect(xmpValue(xmp, 'dc:title')).toBe(entry('Title'));
    expect(xmpValue(xmp, 'dc:creator')).toBe(entry('Author'));
    expect(entry('Author')).toBe(doc.seller.legalName);
    expect(xmpValue(xmp, 'dc:description')).toBe(entry('Subject'));
    expect(entry('Subject')).toMatch(new RegExp(`^${title} du \\d{2}/\\d{2}/\\d{4} émise? par ${doc.seller.legalName}$`));
    expect(xmpValue(xmp, 'pdf:Keywords')).toBe(entry('Keywords'));
    expect(entry('Keywords')).toBe(`${KIND_TITLE[doc.kind]}, Factur-X, EN 16931`);
    expect(xmpValue(xmp, 'xmp:CreatorTool')).toBe(entry('Creator'));
    expect(xmpValue(xmp, 'pdf:Producer')).toBe(entry('Producer'));
    expect(pdfDate(entry('CreationDate'))).toBe(Date.parse(xmpValue(xmp, 'xmp:CreateDate')!));
    expect(pdfDate(entry('ModDate'))).toBe(Date.parse(xmpValue(xmp, 'xmp:ModifyDate')!));
    expect(pdfDate(entry('CreationDate'))).toBe(Date.parse('2026-11-24T09:30:15Z'));
    expect(textOf(pdf.catalog.get(PDFName.of('Lang')))).toBe('fr-FR');
  });

  it("embeds factur-x.xml (the document's CII) as its Alternative, listed in the catalog's /AF", () => {
    const af = pdf.catalog.lookup(PDFName.of('AF'), PDFArray);
    const specs = af.asArray().map((ref) => pdf.context.lookup(ref, PDFDict));
    expect(specs).toHaveLength(1);
    const [spec] = specs;
    expect(spec.get(PDFName.of('Type'))).toBe(PDFName.of('Filespec'));
    expect(textOf(spec.get(PDFName.of('F')))).toBe('factur-x.xml');
    expect(textOf(spec.get(PDFName.of('UF')))).toBe('factur-x.xml');
    expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    const file = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    expect((file as PDFRawStream).dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('text/xml'));
    const params = (file as PDFRawStream).dict.lookup(PDFName.of('Params'), PDFDict);
    expect(params.get(PDFName.of('ModDate'))).toBeDefined();
    expect(Buffer.from(streamBytes(file)).toString('utf8')).toBe(ciiXml(doc));
    // And in the document's embedded files, the same file specification.
    const names = pdf.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict);
    const list = names.lookup(PDFName.of('Names'), PDFArray).asArray();
    expect(list.map((v) => textOf(v) ?? v)).toContain('factur-x.xml');
  });

  it('has an sRGB output intent whose ICC profile says its 3 components', () => {
    const intents = pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = intents.lookup(0, PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(textOf(intent.get(PDFName.of('OutputConditionIdentifier')))).toBeTruthy();
    const profile = intent.lookup(PDFName.of('DestOutputProfile')) as PDFRawStream;
    expect(profile.dict.lookup(PDFName.of('N'), PDFNumber).asNumber()).toBe(3);
    const icc = Buffer.from(streamBytes(profile));
    expect(icc.readUInt32BE(0)).toBe(icc.length); // the profile's own size
    expect(icc.subarray(36, 40).toString('latin1')).toBe('acsp');
    expect(icc.subarray(16, 20).toString('latin1')).toBe('RGB ');
    expect(['mntr', 'prtr']).toContain(icc.subarray(12, 16).toString('latin1'));
  });

  it('embeds every font it uses', () => {
    let descriptors = 0;
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
        descriptors += 1;
        expect(['FontFile', 'FontFile2', 'FontFile3'].some((k) => object.get(PDFName.of(k)))).toBe(true);
      }
      if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) {
        // No standard 14 font used without its program.
        expect(object.get(PDFName.of('Subtype'))).not.toBe(PDFName.of('Type1'));
      }
    }
    expect(descriptors).toBeGreaterThan(0);
  });

  it('has its file identifier, no encryption and no JavaScript or automatic action', () => {
    const id = pdf.context.lookup(pdf.context.trailerInfo.ID, PDFArray);
    expect(id.size()).toBe(2);
    expect(pdf.context.trailerInfo.Encrypt).toBeUndefined();
    expect(pdf.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    expect(pdf.catalog.get(PDFName.of('AA'))).toBeUndefined();
    expect(pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.get(PDFName.of('JavaScript'))).toBeUndefined();
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
      if (!dict) continue;
      expect(dict.get(PDFName.of('JS'))).toBeUndefined();
      expect(dict.get(PDFName.of('S'))).not.toBe(PDFName.of('JavaScript'));
    }
  });
});

it('the same document gives the same file identifier, another one another', async () => {
  const [a, b] = documents;
  const idOf = async (doc: LegalDocument, now: Date) => {
    const pdf = await PDFDocument.load(await facturX(doc, now), { updateMetadata: false });
    return pdf.context.lookup(pdf.context.trailerInfo.ID, PDFArray).get(0).toString();
  };
  expect(await idOf(a.doc, NOW)).toBe(await idOf(a.doc, new Date('2027-01-01T00:00:00Z')));
  expect(await idOf(a.doc, NOW)).not.toBe(await idOf(b.doc, NOW));
});
