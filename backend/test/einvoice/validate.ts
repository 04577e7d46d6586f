import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { validateXML } from 'xmllint-wasm';

/**
 * The official e-invoicing validation artefacts, run on a CII XML in the tests (the versions, licences and provenance:
 * artefacts/README.md):
 * - the UN/CEFACT CII D16B XSD (uncoupled) the CEN's EN 16931 validation uses, and the Factur-X 1.09 EN 16931 XSD, by
 *   libxml2's xmllint as WebAssembly (xmllint-wasm);
 * - the CEN's EN 16931 CII schematron (validation 1.3.16), the Factur-X 1.09 EN 16931 schematron and the FNFE's French
 *   rules (BR-FR flux 2, fatal version), each an XSLT 2 stylesheet run by SaxonJS (xslt3 / saxon-js from npm). A
 *   stylesheet is compiled once to SEF (its compiled form) and kept under backend/.cache/einvoice (gitignored), named by
 *   the hash of the stylesheet, its path and the compiler's version: a changed artefact or a new SaxonJS compiles again.
 * A finding is a failed assertion or a successful report whose flag is "fatal" (or that has no flag); warnings are
 * returned apart.
 */

const ARTEFACTS = join(__dirname, 'artefacts');
const CACHE = join(__dirname, '..', '..', '.cache', 'einvoice');

export const SCHEMATRONS = {
  /** CEN/TC 434, EN 16931 model bound to CII */
  cen: join(ARTEFACTS, 'cen-en16931', 'EN16931-CII-validation.xslt'),
  /** FNFE-MPE, Factur-X 1.09 EN 16931 (reads FACTUR-X_EN16931_codedb.xml beside it) */
  facturX: join(ARTEFACTS, 'fnfe', 'factur-x-en16931', 'FACTUR-X_EN16931.xslt'),
  /** FNFE-MPE, the French reform's rules (XP Z12-012), flux 2, CII */
  brFr: join(ARTEFACTS, 'fnfe', 'br-fr', 'BR-FR-Flux2-Schematron-CII.xslt'),
} as const;
export type SchematronName = keyof typeof SCHEMATRONS;

const SCHEMAS = {
  /** The CII D16B schema (uncoupled code lists), as the CEN publishes it with its validation artefacts */
  ciiD16B: { dir: join(ARTEFACTS, 'cen-en16931', 'cii-d16b'), main: 'CrossIndustryInvoice_100pD16B.xsd' },
  /** The Factur-X EN 16931 profile's schema */
  facturX: { dir: join(ARTEFACTS, 'fnfe', 'factur-x-en16931'), main: 'Factur-X_EN16931.xsd' },
} as const;
export type SchemaName = keyof typeof SCHEMAS;

const saxonVersion = (): string => (JSON.parse(readFileSync(require.resolve('xslt3/package.json'), 'utf8')) as { version: string }).version;

/** Where a stylesheet's compiled form is cached. */
function sefPath(xslt: string): string {
  // The path too: the Factur-X stylesheet's compiled form reads its code lists from where it was compiled.
  const hash = createHash('sha256').update(readFileSync(xslt)).update(saxonVersion()).update(xslt).digest('hex').slice(0, 16);
  return join(
    CACHE,
    `${xslt
      .split('/')
      .pop()!
      .replace(/\.xslt?$/, '')}-${hash}.sef.json`,
  );
}

/**
 * Compiles every stylesheet not compiled yet (in parallel, about 40 s for the three on two cores; nothing once cached).
 * Written beside and renamed, so that two test workers compiling at once never read half a file.
 */
export async function compileSchematrons(): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  const run = promisify(execFile);
  const cli = require.resolve('xslt3/xslt3.js');
  await Promise.all(
    Object.values(SCHEMATRONS).map(async (xslt) => {
      const target = sefPath(xslt);
      if (existsSync(target)) return;
      const partial = `${target}.${process.pid}.part`;
      await run(process.execPath, [cli, `-xsl:${xslt}`, `-export:${partial}`, '-nogo'], { maxBuffer: 16 * 1024 * 1024 });
      renameSync(partial, target);
      // The compiled forms of former versions of this stylesheet are of no more use.
      const name = target
        .split('/')
        .pop()!
        .replace(/-[0-9a-f]{16}\.sef\.json$/, '');
      for (const file of readdirSync(CACHE))
        if (file.startsWith(`${name}-`) && file.endsWith('.sef.json') && join(CACHE, file) !== target)
          rmSync(join(CACHE, file), { force: true });
    }),
  );
}

export interface Finding {
  id: string;
  flag: string;
  location: string;
  text: string;
}

interface SaxonJS {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' },
    mode: 'sync',
  ): { principalResult: string };
}
// SaxonJS ships without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const saxon = require('saxon-js') as SaxonJS;

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The SVRL report's failed assertions and successful reports. */
export function svrlFindings(svrl: string): Finding[] {
  const findings: Finding[] = [];
  for (const match of svrl.matchAll(/<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g)) {
    const attrs = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])]));
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[3])?.[1] ?? '';
    findings.push({
      id: attrs.id ?? '',
      flag: attrs.flag ?? 'fatal',
      location: attrs.location ?? '',
      text: decode(text).replace(/\s+/g, ' ').trim(),
    });
  }
  return findings;
}

/** The compiled stylesheets, read once per test file (a SEF is a few megabytes of JSON). */
const loaded = new Map<SchematronName, unknown>();

/** Runs one schematron on a CII XML: its findings (fatal and warnings). Needs `compileSchematrons()` first. */
export function schematron(name: SchematronName, xml: string): Finding[] {
  let stylesheet = loaded.get(name);
  if (!stylesheet) {
    const sef = sefPath(SCHEMATRONS[name]);
    if (!existsSync(sef)) throw new Error(`${name} : feuille de style non compilée (compileSchematrons)`);
    stylesheet = JSON.parse(readFileSync(sef, 'utf8'));
    loaded.set(name, stylesheet);
  }
  return svrlFindings(
    saxon.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' }, 'sync').principalResult,
  );
}

/** xmllint against one of the two schemas: the errors, none when valid. */
export async function xsdErrors(xml: string, name: SchemaName = 'facturX'): Promise<string[]> {
  const { dir, main } = SCHEMAS[name];
  const files = readdirSync(dir).filter((f) => f.endsWith('.xsd'));
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [{ fileName: main, contents: readFileSync(join(dir, main), 'utf8') }],
    preload: files.filter((f) => f !== main).map((f) => ({ fileName: f, contents: readFileSync(join(dir, f), 'utf8') })),
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

export interface Validation {
  /** Every fatal finding, as 'artefact: rule — message' (empty: the document passes them all) */
  fatal: string[];
  /** Warnings, for information */
  warnings: string[];
}

/** A CII XML against the five artefacts: both XSDs, the three schematrons. */
export async function validateEInvoice(xml: string): Promise<Validation> {
  const fatal: string[] = [];
  const warnings: string[] = [];
  for (const name of Object.keys(SCHEMAS) as SchemaName[])
    for (const error of await xsdErrors(xml, name)) fatal.push(`${name} XSD: ${error.trim()}`);
  for (const name of Object.keys(SCHEMATRONS) as SchematronName[])
    for (const f of schematron(name, xml)) (f.flag === 'fatal' ? fatal : warnings).push(`${name}: ${f.id} — ${f.text}`);
  return { fatal, warnings };
}
