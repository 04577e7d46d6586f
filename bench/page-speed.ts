// Page-speed benchmark of the built home page (not a test): Lighthouse (npm) driving Debian's Chromium, mobile and
// desktop, median of RUNS runs each; then the home page's JavaScript (gzip) and the chunks it loads, proving that no
// admin or client-area code is among them.
//
//   npm run build && node bench/page-speed.ts        (RUNS=3 by default; CHROMIUM_PATH to use another browser)
//
// It builds nothing: it starts the built app as `npm start` does, like the browser journeys (e2e/app.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { root, startBuiltApp } from '../e2e/app.ts';

const dist = join(root, 'frontend', 'dist');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const JS_BUDGET_KB = 170;

for (const file of [join(root, 'backend', 'dist', 'main.js'), join(dist, 'index.html')]) {
  if (!existsSync(file)) {
    console.error(`${file} introuvable : lancez d'abord npm run build.`);
    process.exit(1);
  }
}
if (!existsSync(chromium)) {
  console.error(`Chromium introuvable (${chromium}) : apt-get install -y chromium, ou CHROMIUM_PATH=...`);
  process.exit(1);
}

// ---- the app, as npm start runs it ----------------------------------------------------------------------------
const app = await startBuiltApp('bench');
const baseUrl = app.baseUrl;

// ---- measurements ------------------------------------------------------------------------------------------------
interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  scripts: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

const pageOrigin = baseUrl;

async function measure(chromePort: number, formFactor: 'mobile' | 'desktop'): Promise<Run> {
  const result = await lighthouse(
    `${pageOrigin}/`,
    { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse n’a rien renvoyé');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse : ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scripts = items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(pageOrigin)).map((i) => new URL(i.url).pathname);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    scripts,
  };
}

const median = (runs: Run[]): Run => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Chunks of the build holding admin or client-area code: the area pages, the admin API calls, their page titles. */
function areaChunks(): Set<string> {
  const markers = ['/api/admin/', 'Tableau de bord administrateur', 'Mon profil'];
  const assets = join(dist, 'assets');
  return new Set(
    readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .filter((f) => /^(Admin|Dashboard|Profile)/.test(f) || markers.some((m) => readFileSync(join(assets, f), 'utf8').includes(m)))
      .map((f) => `/assets/${f}`),
  );
}

let exitCode = 0;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  // A first visit warms the server (lazy routes, database connections) so every measured run is comparable.
  await fetch(`${baseUrl}/`);
  await fetch(`${baseUrl}/api/catalogue`);

  const port = chrome.port;
  // Lighthouse sometimes fails to record a trace (NO_NAVSTART…): try such a run again, twice at most.
  const measureWithRetry = async (formFactor: 'mobile' | 'desktop', attempt = 1): Promise<Run> => {
    try {
      return await measure(port, formFactor);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (${(error as Error).message} — nouvel essai)`);
      return measureWithRetry(formFactor, attempt + 1);
    }
  };
  // One unmeasured run first: the browser's caches and the server's first-request work must not count.
  await measureWithRetry('mobile');

  const results: Record<string, Run> = {};
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureWithRetry(formFactor));
    results[formFactor] = median(runs);
    console.log(`${formFactor}: scores ${runs.map((r) => r.score).join(', ')} → médiane ${results[formFactor].score}`);
  }

  console.log(`\nPage d'accueil ${pageOrigin}/ (servie par l’application, compressée en gzip) — Lighthouse ${RUNS} passage(s), médiane\n`);
  console.log('            score   FCP        LCP        TBT       CLS');
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(10)}  ${String(r.score).padStart(5)}   ${`${(r.fcp / 1000).toFixed(2)} s`.padEnd(9)}  ${`${(r.lcp / 1000).toFixed(2)} s`.padEnd(9)}  ${`${Math.round(r.tbt)} ms`.padEnd(8)}  ${r.cls.toFixed(3)}`,
    );
  }

  // JavaScript of the home page: every script the mobile run loaded, gzip-compressed as a server would send it.
  const scripts = [...new Set(results.mobile.scripts)];
  let rawTotal = 0;
  let gzipTotal = 0;
  console.log('\nJavaScript chargé par la page d’accueil :');
  for (const path of scripts) {
    const file = join(dist, path);
    const body = readFileSync(file);
    const gz = gzipSync(body, { level: 9 }).length;
    rawTotal += body.length;
    gzipTotal += gz;
    console.log(`  ${path.padEnd(44)} ${kb(body.length).padStart(10)}  gzip ${kb(gz).padStart(9)}`);
  }
  console.log(`  ${'total'.padEnd(44)} ${kb(rawTotal).padStart(10)}  gzip ${kb(gzipTotal).padStart(9)}  (budget ${JS_BUDGET_KB} KB gzip)`);

  const area = areaChunks();
  const leaked = scripts.filter((s) => area.has(s));
  console.log(
    `\nChunks admin / espace client dans le build (${area.size}) : ${[...area].map((p) => p.replace('/assets/', '')).join(', ') || 'aucun'}`,
  );
  console.log(`Chargés sur la page d’accueil : ${leaked.length ? leaked.join(', ') : 'aucun'}`);

  const problems: string[] = [];
  if (results.mobile.score < 90) problems.push(`score mobile ${results.mobile.score} < 90`);
  if (results.desktop.score < 95) problems.push(`score desktop ${results.desktop.score} < 95`);
  for (const [name, r] of Object.entries(results)) if (r.cls > 0.05) problems.push(`CLS ${name} ${r.cls.toFixed(3)} > 0,05`);
  if (gzipTotal / 1024 > JS_BUDGET_KB) problems.push(`JavaScript ${kb(gzipTotal)} gzip > ${JS_BUDGET_KB} KB`);
  if (leaked.length) problems.push('du code admin ou espace client est chargé sur la page d’accueil');
  console.log(
    problems.length
      ? `\nObjectifs non atteints : ${problems.join(' ; ')}`
      : '\nObjectifs atteints (mobile ≥ 90, desktop ≥ 95, CLS ≤ 0,05, JS ≤ 170 KB gzip, aucun code admin/client).',
  );
} catch (error) {
  console.error(`Benchmark impossible : ${(error as Error).message}\n--- journal de l'application ---\n${app.log().slice(-4000)}`);
  exitCode = 1;
} finally {
  chrome?.kill();
  await app.stop();
}
process.exit(exitCode);
