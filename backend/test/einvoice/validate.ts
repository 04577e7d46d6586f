import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { validateXML } from 'xmllint-wasm';

/**
 * The official e-invoicing validation artefacts, run on a CII XML in the tests (the versions, licences and provenance:
 * artefacts/README.md):
 * - the UN/CEFACT CII D16B XSD (uncoupled) the CEN's EN 16931 validation uses, and the Factur-X 1.09 EN 16931 XSD, by
 *   libxml2's xmllint as WebAssembly (xmllint-wasm);
 * - the CEN's EN 16931 CII schematron (validation 1.3.16), the Factur-X 1.09 EN 16931 schematron and the FNFE's French
 *   rules (BR-FR flux 2, fatal version), each an XSLT 2 stylesheet run by SaxonJS (xslt3 / saxon-js from npm). A
 *   stylesheet runs from its compiled form (SEF): the one committed in test/einvoice/compiled when its manifest names
 *   this stylesheet's hash and this SaxonJS (about 35 s of CPU saved on every fresh clone, decision 0026), else one
 *   the tests compile and cache under backend/.cache/einvoice (gitignored).
 * A finding is a failed assertion or a successful report whose flag is "fatal" (or that has no flag); warnings are
 * returned apart.
 */

const ARTEFACTS = join(__dirname, 'artefacts');
/** The compiled forms kept in the repository (gzipped, with their manifest): a fresh clone compiles nothing. */
export const COMPILED = join(__dirname, 'compiled');
/** Where a stylesheet changed since its committed compiled form is compiled by the tests instead (gitignored). */
const CACHE = join(__dirname, '..', '..', '.cache', 'einvoice');
const MANIFEST = join(COMPILED, 'manifest.json');

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

export const saxonVersion = (): string =>
  (JSON.parse(readFileSync(require.resolve('xslt3/package.json'), 'utf8')) as { version: string }).version;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** What the committed compiled forms were compiled from: SaxonJS's version, and each stylesheet's hash. */
export interface CompiledManifest {
  saxon: string;
  stylesheets: Record<SchematronName, { source: string; sha256: string }>;
}

/** The manifest the committed compiled forms would have for the vendored stylesheets and the installed SaxonJS. */
export function expectedManifest(): CompiledManifest {
  const stylesheets = Object.fromEntries(
    (Object.keys(SCHEMATRONS) as SchematronName[]).map((name) => [
      name,
      { source: relative(ARTEFACTS, SCHEMATRONS[name]), sha256: sha256(SCHEMATRONS[name]) },
    ]),
  ) as CompiledManifest['stylesheets'];
  return { saxon: saxonVersion(), stylesheets };
}

export function committedManifest(): CompiledManifest | undefined {
  return existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as CompiledManifest) : undefined;
}

/** The committed compiled form of a stylesheet, when it is that of the vendored file and this SaxonJS. */
function committedSef(name: SchematronName): string | undefined {
  const manifest = committedManifest();
  const entry = manifest?.stylesheets[name];
  if (!manifest || manifest.saxon !== saxonVersion() || entry?.sha256 !== sha256(SCHEMATRONS[name])) return undefined;
  const file = join(COMPILED, `${name}.sef.json.gz`);
  return existsSync(file) ? file : undefined;
}

/** Where the tests cache a stylesheet they had to compile: named by its content and the compiler's version. */
function cachedSef(name: SchematronName): string {
  const hash = createHash('sha256').update(readFileSync(SCHEMATRONS[name])).update(saxonVersion()).digest('hex').slice(0, 16);
  return join(CACHE, `${name}-${hash}.sef.json`);
}

/**
 * A stylesheet compiled to SEF by SaxonJS's compiler (xslt3), relocatable: a compiled form keeps no absolute path
 * (its relative links, the Factur-X stylesheet's code lists, are resolved from `stylesheetBaseURI` when it runs), so
 * the one compiled on a machine serves every clone. About 11 s of CPU each.
 */
async function compile(xslt: string, target: string): Promise<void> {
  const cli = require.resolve('xslt3/xslt3.js');
  await promisify(execFile)(process.execPath, [cli, `-xsl:${xslt}`, `-export:${target}`, '-nogo', '-relocate:on'], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Makes sure every stylesheet has a compiled form: the committed one (test/einvoice/compiled, nothing to do), or
 * else one compiled now into backend/.cache/einvoice (in parallel, about 40 s for the three on two cores). Written
 * beside and renamed, so that two test workers compiling at once never read half a file.
 */
export async function compileSchematrons(): Promise<void> {
  await Promise.all(
    (Object.keys(SCHEMATRONS) as SchematronName[]).map(async (name) => {
      if (committedSef(name)) return;
      const target = cachedSef(name);
      if (existsSync(target)) return;
      mkdirSync(CACHE, { recursive: true });
      const partial = `${target}.${process.pid}.part`;
      await compile(SCHEMATRONS[name], partial);
      renameSync(partial, target);
      // The compiled forms of former versions of this stylesheet are of no more use.
      for (const file of readdirSync(CACHE))
        if (file.startsWith(`${name}-`) && file.endsWith('.sef.json') && join(CACHE, file) !== target)
          rmSync(join(CACHE, file), { force: true });
    }),
  );
}

/**
 * Compiles the three stylesheets into test/einvoice/compiled, gzipped, with their manifest: after an update of the
 * artefacts or of SaxonJS (EINVOICE_UPDATE_COMPILED=1 on the corpus spec, artefacts/README.md).
 */
export async function updateCommittedSchematrons(): Promise<void> {
  mkdirSync(COMPILED, { recursive: true });
  await Promise.all(
    (Object.keys(SCHEMATRONS) as SchematronName[]).map(async (name) => {
      const sef = join(COMPILED, `${name}.sef.json`);
      await compile(SCHEMATRONS[name], sef);
      writeFileSync(`${sef}.gz`, gzipSync(readFileSync(sef), { level: 9 }));
      rmSync(sef);
    }),
  );
  writeFileSync(MANIFEST, `${JSON.stringify(expectedManifest(), null, 2)}\n`);
}

export interface Finding {
  id: string;
  flag: string;
  location: string;
  text: string;
}

interface SaxonJS {
  transform(
    options: { stylesheetInternal: unknown; stylesheetBaseURI: string; sourceText: string; destination: 'serialized' },
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
    const committed = committedSef(name);
    const cached = cachedSef(name);
    if (committed) stylesheet = JSON.parse(gunzipSync(readFileSync(committed)).toString('utf8'));
    else if (existsSync(cached)) stylesheet = JSON.parse(readFileSync(cached, 'utf8'));
    else throw new Error(`${name} : feuille de style non compilée (compileSchematrons)`);
    loaded.set(name, stylesheet);
  }
  const run = { stylesheetInternal: stylesheet, stylesheetBaseURI: pathToFileURL(SCHEMATRONS[name]).href, sourceText: xml };
  return svrlFindings(saxon.transform({ ...run, destination: 'serialized' }, 'sync').principalResult);
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
