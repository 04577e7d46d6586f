/**
 * The server's side of the public pages (built by `vite build --ssr` into dist-ssr/, loaded by the backend at start):
 * each public page rendered to real HTML with its own head, structured data and the answers it was rendered with, so
 * that it paints before any JavaScript runs and search engines and link previews read it; main.tsx then hydrates it.
 * The signed-in areas are rendered by the client: their addresses get the page shell with a useful title, `noindex`, and
 * what the client renders first (renderShell).
 */
import { PROMISES } from '@vitrine/domain';
import { type ComponentType, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createPath, createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { getGetAgencyQueryKey } from './api/generated/agency/agency';
import { getGetCatalogueQueryKey } from './api/generated/orders/orders';
import { AppProviders, createQueryClient } from './app/providers';
import { inSignedInArea } from './config/pages';
import { lightPageLoader, locationOf, PublicApp } from './app/public/public-app';
import { type PageHandle, routes } from './app/router';
import { isKnownRoute, NOT_FOUND_HEAD, type PageHead, pageHeadFor, PUBLIC_ALIASES, PUBLIC_PAGES } from './app/seo/page-heads';
import { PAGE_DATA_ELEMENT_ID, type PageData } from './app/seo/page-data';
import { structuredDataFor } from './features/public/structured-data';

export type { PageData };

export interface RenderInput extends PageData {
  /** The built index.html (dist/index.html): its scripts and styles, and the root element to fill */
  template: string;
  /**
   * The built public.html (the public pages' light entry, app/public): the template of the public pages that it
   * hydrates (all but those of `appEntry` in the page table); `template` when absent.
   */
  publicTemplate?: string;
  /** The public address of the site (APP_URL), without a trailing slash */
  appUrl: string;
}

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

/**
 * The addresses rendered to HTML: every public page and its other addresses (/commande, the order page's, spec §1),
 * and the 404 page under its own key.
 */
export const PRERENDERED_PATHS: readonly string[] = [...PUBLIC_PAGES.map((page) => page.path), ...PUBLIC_ALIASES];
export const NOT_FOUND_KEY = '404';

/** What an address gets: a prerendered page, the client-rendered app's shell, or the 404 page. */
export function classify(pathname: string): 'prerendered' | 'app' | 'not-found' {
  if (PRERENDERED_PATHS.includes(pathname)) return 'prerendered';
  return isKnownRoute(pathname) ? 'app' : 'not-found';
}

/** A public page (or, with NOT_FOUND_KEY, the 404 page) as a whole HTML document. */
export async function renderPage(path: string, input: RenderInput, tree: 'entry' | 'app' = 'entry'): Promise<RenderedPage> {
  const notFound = path === NOT_FOUND_KEY;
  const address = notFound ? '/__introuvable__' : path;
  // The pages of the light entry are rendered as it hydrates them; the others (the order) as the app does.
  const light = tree === 'entry' ? lightPageLoader(address) : null;
  const rendered = light ? { html: renderLight(address, await light(), input) } : await renderBody(address, input);
  if (rendered === null) throw new Error(`${path} redirige : une page publique ne doit pas rediriger`);
  const body = rendered.html;
  const head = notFound ? NOT_FOUND_HEAD : pageHeadFor(path);
  const html = fillTemplate(light ? (input.publicTemplate ?? input.template) : input.template, {
    head: headTags(head, notFound ? null : path, input),
    body,
    data: { agency: input.agency, catalogue: input.catalogue },
  });
  return { status: notFound ? 404 : 200, html };
}

/** A public page rendered by the whole app's tree, as its HTML: the same as `renderPage`'s (a test compares them). */
export async function renderAppPage(path: string, input: RenderInput): Promise<string> {
  return (await renderPage(path, input, 'app')).html;
}

/**
 * The shell of a client-rendered page, with its title and never listed. In the signed-in areas it holds what the
 * client renders first — the header, 'Chargement...' while the session is restored, the footer — so that a phone paints
 * the page from the HTML instead of after the JavaScript, and main.tsx hydrates it unchanged. The other pages (sign-in,
 * account links, payment returns) depend on the browser's state from their first render: an empty root, in
 * `emptyTemplate` (index.html as built, its files linked), where `template` is the prerendered pages' one.
 */
export async function renderShell(
  pathname: string,
  input: RenderInput & { emptyTemplate: string; manifest?: ViteManifest },
): Promise<string> {
  const rendered = inSignedInArea(pathname) ? await renderBody(pathname, input) : null;
  if (rendered === null)
    return fillTemplate(input.emptyTemplate, { head: headTags(pageHeadFor(pathname), null, input), body: '', data: null });
  const chunks = input.manifest ? routeChunks(rendered.modules, input.manifest) : [];
  return fillTemplate(input.template, {
    head: headTags(pageHeadFor(pathname), null, input),
    body: rendered.html,
    data: { agency: input.agency, catalogue: input.catalogue },
    chunks,
  });
}

/** Vite's build manifest (dist/.vite/manifest.json): each source module's built file and the chunks it imports. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** Where the page's loader finds the files of the page's own modules, to ask for them beside the app's entry. */
export const ROUTE_CHUNKS_ELEMENT_ID = 'vitrine-route-chunks';

/**
 * The built files of the page modules `modules` (src/… as in the manifest) and of the chunks they import, less what
 * the entry loads anyway: what the app would otherwise ask for only once its entry has run (the lazy route).
 */
export function routeChunks(modules: string[], manifest: ViteManifest): string[] {
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const loaded = closure(Object.keys(manifest).filter((key) => manifest[key].isEntry));
  return [...closure(modules)].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key].file}`);
}

/** The app at `path` rendered to HTML with the answers it needs, and the page modules it shows; null when the route redirects. */
async function renderBody(path: string, input: RenderInput): Promise<{ html: string; modules: string[] } | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, input.appUrl)));
  if (context instanceof Response) return null;
  const modules = context.matches.flatMap((match) => {
    const handle = match.route.handle as PageHandle | undefined;
    return handle?.module ? [handle.module] : [];
  });
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  queryClient.setQueryData(getGetAgencyQueryKey(), input.agency);
  queryClient.setQueryData(getGetCatalogueQueryKey(), input.catalogue);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, modules };
}

/** A page of the light entry (app/public) rendered to HTML, as its entry hydrates it. */
export function renderLight(path: string, Page: ComponentType, data: PageData): string {
  const navigator = { createHref: createPath, push: () => {}, replace: () => {}, go: () => {} };
  const location = locationOf({ pathname: path, search: '', hash: '' }, null, 'default');
  return renderToString(
    <PublicApp data={{ agency: data.agency, catalogue: data.catalogue }} location={location} Page={Page} navigator={navigator} />,
  );
}

/** sitemap.xml: exactly the public pages a search engine may list. */
export function sitemap(appUrl: string): string {
  const urls = PUBLIC_PAGES.filter((page) => page.head.indexed)
    .map((page) => `  <url><loc>${escapeXml(`${appUrl}${page.path === '/' ? '/' : page.path}`)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: the public pages open; the API, the signed-in areas, the account pages and the order's later steps closed. */
export function robots(appUrl: string): string {
  const closed = [
    '/api/',
    '/dashboard',
    '/admin',
    '/login',
    '/register',
    '/first-login',
    '/forgot-password',
    '/reset-password',
    '/payment-success',
    '/upgrade-success',
    '/commande',
    '/order?',
  ];
  return ['User-agent: *', 'Allow: /', ...closed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
}

// ---- the document ----

function headTags(head: PageHead, indexedPath: string | null, input: Pick<RenderInput, 'appUrl'> & Partial<PageData>): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (!head.indexed || indexedPath === null) {
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('');
  }
  const url = `${input.appUrl}${indexedPath === '/' ? '/' : indexedPath}`;
  const image = `${input.appUrl}/og-image.png`;
  const openGraph = {
    'og:type': 'website',
    'og:site_name': 'Vitrine',
    'og:locale': 'fr_FR',
    'og:title': head.title,
    'og:description': head.description,
    'og:url': url,
    'og:image': image,
    'og:image:width': '1200',
    'og:image:height': '630',
    'og:image:alt': `Vitrine : votre site vitrine professionnel livré en ${PROMISES.delivery.short}`,
  };
  const twitter = {
    'twitter:card': 'summary_large_image',
    'twitter:title': head.title,
    'twitter:description': head.description,
    'twitter:image': image,
  };
  tags.push(
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...Object.entries(openGraph).map(([key, content]) => meta('property', key, content)),
    ...Object.entries(twitter).map(([key, content]) => meta('name', key, content)),
  );
  if (input.agency && input.catalogue) {
    const graph = structuredDataFor(indexedPath, {
      agency: input.agency,
      catalogue: input.catalogue,
      appUrl: input.appUrl,
      crumb: head.crumb,
    });
    if (graph) tags.push(`<script type="application/ld+json">${jsonInScript(graph)}</script>`);
  }
  return tags.join('');
}

function fillTemplate(template: string, parts: { head: string; body: string; data: PageData | null; chunks?: string[] }): string {
  const withoutHead = template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `${parts.head}</head>`);
  const data =
    (parts.data ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonInScript(parts.data)}</script>` : '') +
    (parts.chunks?.length ? `<script type="application/json" id="${ROUTE_CHUNKS_ELEMENT_ID}">${jsonInScript(parts.chunks)}</script>` : '');
  if (!withoutHead.includes('<div id="root"></div>')) throw new Error('index.html sans <div id="root"></div>');
  return withoutHead.replace('<div id="root"></div>', () => `<div id="root">${parts.body}</div>${data}`);
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeXml(text: string): string {
  return escapeHtml(text).replace(/'/g, '&apos;');
}

/** JSON that cannot close its <script> element (every '<' escaped). */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
