import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_HINT_COOKIE } from '../auth/session-cookie';

/** The script that applies the saved theme before the first paint (frontend/public/theme-init.js). */
const THEME_TAG = '<script src="/theme-init.js"></script>';
const STYLESHEET_TAG = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;
const ENTRY_TAG = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/**
 * Where the loader leaves the session's refresh call it started (a promise of its Response, or null when the network
 * failed), for the app to take (frontend/src/api/http.ts, earlyRefresh): a returning user's page asks for its session
 * while the JavaScript downloads instead of once it has run, which is one round trip less before a signed-in area
 * shows. Under the same Web Lock as the app's own refreshes, so two tabs never send one single-use cookie twice.
 */
export const EARLY_REFRESH = '__vitrineRefresh';

/** The element in which a signed-in area's shell lists its page's own files (the frontend's routeChunks). */
const ROUTE_CHUNKS = 'vitrine-route-chunks';

export interface PageTemplate {
  /** index.html as the prerendered pages use it */
  html: string;
  /** The CSP sources allowing its inline scripts, by hash ('sha256-…') */
  scriptSources: string[];
}

const prepared = new Map<string, PageTemplate>();

/**
 * index.html made for the prerendered public pages, so that they paint from the HTML alone on a phone's slow link:
 * - the stylesheet and the theme script are written into it (two requests, a round trip each, fewer before the
 *   first paint);
 * - the app's JavaScript is asked for only once the page has painted (a small inline loader, which also hints the
 *   entry's chunks as modulepreload then, with the page's own when a signed-in area's shell lists them, and starts
 *   the session's refresh when there is one: EARLY_REFRESH),
 *   instead of sharing the link with the HTML, the CSS and the hero image while the page is still blank; React then
 *   hydrates the page as before.
 * The signed-in areas' shells use it too, as they hold what the client renders first (the layout and 'Chargement...',
 * see the frontend's renderShell); the other client-rendered pages, whose root is empty until the JavaScript runs,
 * keep index.html as built (linked, cached files). Computed once per build folder and page; anything the build does
 * not have is left as it is. `public.html` is the same page with the public pages' lighter entry (the frontend's
 * app/public), made the same way for the prerendered pages it hydrates.
 */
export function pageTemplate(dist: string, page: 'index.html' | 'public.html' = 'index.html'): PageTemplate {
  const known = prepared.get(join(dist, page));
  if (known) return known;
  let html = readFileSync(join(dist, page), 'utf8');
  const scripts: string[] = [];

  const themePath = join(dist, 'theme-init.js');
  if (html.includes(THEME_TAG) && existsSync(themePath)) {
    const theme = readFileSync(themePath, 'utf8');
    if (!theme.includes('</script')) {
      html = html.replace(THEME_TAG, () => `<script>${theme}</script>`);
      scripts.push(theme);
    }
  }

  const stylesheet = html.match(STYLESHEET_TAG);
  if (stylesheet && existsSync(join(dist, stylesheet[1]))) {
    const css = readFileSync(join(dist, stylesheet[1]), 'utf8');
    if (!css.includes('</style')) html = html.replace(stylesheet[0], () => `<style>${css}</style>`);
  }

  const entry = html.match(ENTRY_TAG);
  if (entry && html.includes('</body>')) {
    const chunks = [...html.matchAll(PRELOAD_TAG)].map((m) => m[1]);
    // With the session cookie, the session is asked for beside the JavaScript rather than after it (EARLY_REFRESH).
    const refresh =
      `if(/(?:^|; )${SESSION_HINT_COOKIE}=./.test(document.cookie)){const r=()=>fetch('/api/auth/refresh',` +
      `{method:'POST',credentials:'include',headers:{Accept:'application/json'}});` +
      `window.${EARLY_REFRESH}=(navigator.locks?navigator.locks.request('vitrine-auth-refresh',r):r()).catch(()=>null)}`;
    const loader =
      `const load=()=>{${refresh};const page=document.getElementById('${ROUTE_CHUNKS}');` +
      `for(const href of ${JSON.stringify(chunks)}.concat(page?JSON.parse(page.textContent):[])){const link=document.createElement('link');` +
      `link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}import(${JSON.stringify(entry[1])})};` +
      `document.visibilityState==='visible'?requestAnimationFrame(()=>setTimeout(load)):load();`;
    html = html
      .replace(entry[0], '')
      .replace(PRELOAD_TAG, '')
      .replace('</body>', () => `<script type="module">${loader}</script></body>`);
    scripts.push(loader);
  }

  const template = { html, scriptSources: scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`) };
  prepared.set(join(dist, page), template);
  return template;
}

/** The CSP sources of the inline scripts of both pages (the public one only when the build has it). */
export function inlineScriptSources(dist: string): string[] {
  const pages = existsSync(join(dist, 'public.html')) ? (['index.html', 'public.html'] as const) : (['index.html'] as const);
  return [...new Set(pages.flatMap((page) => pageTemplate(dist, page).scriptSources))];
}
