// Shared helpers for the journeys: one Chromium per test file, a fresh context per test.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { ADMIN, CHROMIUM_PATH, PICTURES } from './app.ts';

export { PICTURES };

export const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const ARTIFACTS = process.env.ARTIFACTS_DIR ?? join(process.cwd(), 'e2e', 'artifacts');

/**
 * One Chromium for a journey file. Every host but this machine's own resolves to nothing, at once: a page's
 * third-party embed (the hero's Vimeo player) fails as it does offline, immediately, instead of waiting on the
 * machine's DNS, which on CI once kept its request pending for more than 20 s (a wait for 'networkidle' never ended).
 * `hosts`: host → `ip:port` served instead (a client's site on a domain of its own); `args`: more of Chromium's flags.
 */
export function launch({ hosts = {}, args = [] }: { hosts?: Record<string, string>; args?: string[] } = {}): Promise<Browser> {
  const rules = [...Object.entries(hosts).map(([host, to]) => `MAP ${host} ${to}`), 'MAP * ~NOTFOUND', 'EXCLUDE localhost'];
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
      `--host-resolver-rules=${rules.join(', ')}`,
      ...args,
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** A wide desktop screen, as the issues measure it. */
export const WIDE = { width: 1440, height: 900 };

/** What each page's journey expects to fail (a wrong password's 401…): anything else fails the journey. */
const expectedFailures = new WeakMap<BrowserContext, RegExp[]>();

/** The contexts still open, with the HTTP errors, console errors and exceptions seen so far in each. */
const openContexts = new Map<BrowserContext, string[]>();

/**
 * When a test fails, what each page still open shows: its address, its headings, its alerts and field errors, the
 * failures seen so far, and a screenshot (failure-<test>-<n>.jpg). A wait that gives up says only what it waited for:
 * CI's log is then all there is to tell a refused request from a page that had not changed yet.
 */
afterEach(async (t) => {
  // `passed` is Node 24's (its types here are older).
  if ((t as unknown as { passed?: boolean }).passed !== false) return;
  let n = 0;
  for (const [context, failures] of openContexts) {
    for (const page of context.pages()) {
      n += 1;
      const read = page.evaluate(() => {
        const texts = (selector: string) =>
          [...document.querySelectorAll<HTMLElement>(selector)]
            .filter((e) => e.offsetParent !== null || e.getClientRects().length > 0)
            .map((e) => e.innerText.trim().replace(/\s+/g, ' ').slice(0, 200))
            .filter(Boolean);
        return {
          headings: texts('h1, main h2, [role="dialog"] h2'),
          alerts: texts('[role="alert"], [role="status"], [id$="-error"]'),
        };
      });
      // A page that no longer answers (its renderer busy or gone) is said so after 5 s, not waited for.
      const shown = await Promise.race([
        read,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('pas de réponse en 5 s')), 5_000).unref()),
      ]).catch((error: Error) => ({ headings: [] as string[], alerts: [`(page illisible : ${error.message.split('\n')[0]})`] }));
      const name = `failure-${t.name.replace(/[^\w-]+/g, '-').slice(0, 60)}-${n}`;
      await picture(page, name).catch(() => undefined);
      console.log(
        [
          `Page ouverte à l'échec : ${page.url()}`,
          `  titres : ${JSON.stringify([...new Set(shown.headings)])}`,
          `  alertes et erreurs de champ : ${JSON.stringify([...new Set(shown.alerts)])}`,
          `  échecs vus : ${JSON.stringify(failures)}`,
          `  capture : ${name}.jpg`,
        ].join('\n'),
      );
    }
  }
});

/**
 * Says that this journey provokes these failures on purpose (matched against 'STATUS METHOD /path'), e.g.
 * `expectFailures(page, /^401 POST \/api\/auth\/login$/)`.
 */
export function expectFailures(page: Page, ...patterns: RegExp[]): void {
  const context = page.context();
  expectedFailures.set(context, [...(expectedFailures.get(context) ?? []), ...patterns]);
}

/**
 * A fresh context and page. Every journey fails on a console error, an uncaught exception or an HTTP error answered
 * by the app that it did not say it expects (`expectFailures`): a normal path never answers an error. The check runs
 * when the context is closed.
 */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: BASE_URL, locale: 'fr-FR' });
  const page = await context.newPage();
  // A wait for a state, never a delay: it ends as soon as the state shows. 20 s, because CI runs three copies of the
  // product and their Chromiums on two shared cores, where a page that shows in 1 s alone took more than 10 s twice
  // (the home page's images after a scroll, an accessibility audit's page) and failed a run that had nothing wrong.
  page.setDefaultTimeout(20_000);
  const failures: string[] = [];
  openContexts.set(context, failures);
  context.once('close', () => openContexts.delete(context));
  const origin = new URL(BASE_URL).origin;
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && url.origin === origin)
      failures.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  context.on('page', (opened) => watchConsole(opened, failures));
  watchConsole(page, failures);
  waitForAppOnLoad(page, origin);
  const close = context.close.bind(context);
  context.close = async (options) => {
    const allowed = expectedFailures.get(context) ?? [];
    await close(options);
    const unexpected = failures.filter((f) => !allowed.some((pattern) => pattern.test(f)));
    if (unexpected.length) throw new Error(`Erreurs inattendues pendant le parcours :\n${unexpected.join('\n')}`);
  };
  return { context, page };
}

/**
 * A prerendered page paints from its HTML and asks for its JavaScript once painted, so the browser's load event can
 * come before React has taken over: goto() and reload() on one of the app's pages also wait until the app says it is
 * interactive (`data-app-ready` on <html>, set by RootLayout), as a person would see the page respond.
 */
function waitForAppOnLoad(page: Page, origin: string): void {
  const ready = async <T>(navigation: Promise<T>): Promise<T> => {
    const response = await navigation;
    const url = new URL(page.url());
    if (
      url.origin === origin &&
      !url.pathname.startsWith('/api/') &&
      /html/.test((await (response as Response | null)?.headerValue?.('content-type')) ?? 'html')
    )
      await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', undefined, { timeout: 15_000 });
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = (url, options) => ready(goto(url, options));
  page.reload = (options) => ready(reload(options));
}

/**
 * The journeys' own init scripts (the theme or admin mode written to localStorage) also run in the frames the app
 * embeds without storage (the sandboxed mail preview, the video player's frame): their refusal is the harness's, not
 * the app's.
 */
const HARNESS_ONLY =
  /^Failed to read the 'localStorage' property from 'Window': (Access is denied for this document|The document is sandboxed)/;

function watchConsole(page: Page, failures: string[]): void {
  page.on('pageerror', (error) => {
    if (!HARNESS_ONLY.test(error.message)) failures.push(`exception ${error.message}`);
  });
  page.on('console', (message) => {
    // A failed resource is counted by its response above (with its address); the console line repeats it.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) failures.push(`console ${message.text()}`);
  });
}

/**
 * A screenshot in the artifacts when the journeys take pictures (PICTURES): the whole page, only what the window
 * shows (a dialog over the page), or one part of the page (a locator). JPEG at 85: the browser tier takes about 200 of them, and a whole home page at 1440 px
 * took 0.65–0.9 s as PNG against 0.33 s as JPEG (docs/performance-tests.md), for pictures a person looks at.
 */
export async function screenshot(target: Page | Locator, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (PICTURES) await picture(target, name, { fullPage });
}

/** The picture `<name>.jpg` in the artifacts, whatever PICTURES says; of a page, or of one part of it (a locator). */
async function picture(target: Page | Locator, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const options = { path: join(ARTIFACTS, `${name}.jpg`), type: 'jpeg', quality: 85 } as const;
  await ('goto' in target ? target.screenshot({ ...options, fullPage }) : target.screenshot(options));
}

/**
 * Opens a page of the app already loaded as its own links do: React Router follows the history (pushState, then the
 * popstate it listens to), keeping the loaded app and its cache (no reload: a journey visiting many pages in a row
 * pays one load). For the signed-in pages after a first one loaded: a sign-in through the API (a cookie) is seen by a
 * full load, and the public pages have their own entry. Waits until the page left is gone (its h1 replaced).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const samePage = new URL(path, page.url()).pathname === new URL(page.url()).pathname;
  const left = await page.evaluate((to) => {
    // The page being left, so that its content is not taken for the next page's (both lists of sites…).
    const heading = document.querySelector('h1');
    heading?.setAttribute('data-journey-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return heading !== null;
  }, path);
  assert.ok(left || samePage, `${page.url()} has no h1 to tell it from ${path}`);
  // Another page: its content replaces the one left (a lazy page's chunk may still be loading).
  if (!samePage) await page.waitForFunction(() => document.querySelector('h1[data-journey-left]') === null);
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * On /login: fills the form and submits it, once the sign-in page shows (a link into it changes the address before
 * React has committed the page, in a transition, and the page left may have an 'E-mail' field of its own: the order's
 * billing dialog).
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/**
 * Signs in as the admin seeded at start (see e2e/app.ts) through the API, as signInAsClient does, then opens the
 * dashboard: the sign-in form itself is the account journey's to test (account.test.ts), not every journey's to fill.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  if (res.status() !== 200) throw new Error(`connexion de l'administrateur refusée : ${res.status()} ${await res.text()}`);
  await page.goto('/dashboard');
}

/**
 * The link of the latest captured mail of that template to `to`, read from the app's console as a developer would
 * (e2e/run.ts keeps it in APP_LOG_FILE): the admin mail log shows one-time links masked.
 */
export async function capturedLink(to: string, template: string): Promise<string> {
  const logFile = process.env.APP_LOG_FILE;
  if (!logFile) throw new Error('APP_LOG_FILE absent : lancez les parcours avec npm run test:e2e');
  const prefix = `E-mail capturé pour ${to} (${template}) : `;
  for (let i = 0; i < 50; i++) {
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes(prefix));
    // The URL's own characters only: the console may colour the line.
    const link = lines.at(-1)?.match(/— lien : (https?:\/\/[\w.:/?=&%-]+)/)?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`aucun e-mail ${template} capturé pour ${to}`);
}
