import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AgencySettingsService } from '../agency/agency-settings.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CatalogueService } from '../orders/catalogue.service';
import { pageTemplate } from './inline-assets';
import { RendererProcess } from './renderer-process';

/** How many client-rendered addresses keep their rendered shell (about 80 KB each, the stylesheet inline). */
const SHELLS_KEPT = 100;
/** How many addresses keep what they are (a public page, an app page, unknown), so that most never ask the renderer. */
const KINDS_KEPT = 1000;
/** The renderer's process stops after this long without a page to render (it starts again in about half a second). */
const RENDERER_IDLE_MS = 10_000;

/**
 * What the frontend's server bundle (frontend/src/entry-server.tsx, built into dist-ssr/) offers, called in its own
 * process (RendererProcess): `classify(pathname)` → 'prerendered' | 'app' | 'not-found', `renderPage(path, input)` →
 * { status, html }, `renderShell(pathname, input)` → html, `sitemap(appUrl)`, `robots(appUrl)`, and the constants
 * PRERENDERED_PATHS and NOT_FOUND_KEY.
 */
type PageKind = 'prerendered' | 'app' | 'not-found';

/** An HTML answer: its status, its body and a validator for conditional requests. */
export interface HtmlPage {
  status: number;
  html: string;
  etag: string;
}

interface Rendered {
  /** The agency's identity the page was rendered with: when it changes, the page is rendered again */
  identity: string;
  page: Promise<HtmlPage>;
}

/**
 * The public pages as real HTML, rendered here by the frontend's server bundle with the same answers as
 * GET /api/agency and GET /api/catalogue, and the canonical address from APP_URL. A page is rendered at start and
 * again when the agency's identity changes (an admin's save: at once on this instance, within
 * AGENCY_SETTINGS_TTL_MS on the others), never per request. Without the server bundle (a frontend built before it
 * existed, or no frontend) the app serves index.html as before; a page that fails to render is logged and served as
 * the client-rendered shell, never as an error.
 */
@Injectable()
export class PublicPagesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PublicPagesService.name);
  private renderer: RendererProcess | null = null;
  private prerenderedPaths = new Set<string>();
  private notFoundKey = '';
  private sitemapXml: string | null = null;
  private robotsTxt: string | null = null;
  /** What each address asked for lately is (the least recently asked is dropped beyond KINDS_KEPT) */
  private readonly kinds = new Map<string, PageKind>();
  /** index.html as built: the shells of the client-rendered pages */
  private template = '';
  /** index.html made for the prerendered pages: their CSS and theme script inline, their JavaScript after the first paint */
  private pageTemplate = '';
  /** public.html made the same way: the public pages that the frontend's lighter entry hydrates (its app/public) */
  private publicTemplate: string | undefined;
  private readonly rendered = new Map<string, Rendered>();
  /** The shells asked for lately, by address (the least recently asked is dropped beyond SHELLS_KEPT) */
  private readonly shells = new Map<string, Rendered>();
  /** The client build's manifest (dist/.vite/manifest.json), for the shells to hint their page's files */
  private manifest: Record<string, unknown> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agency: AgencySettingsService,
    private readonly catalogue: CatalogueService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const dist = this.config.frontendDist;
    if (!dist) return;
    const bundle = join(dist, '..', 'dist-ssr', 'entry-server.js');
    if (!existsSync(bundle)) {
      this.logger.warn(`Pages publiques non prérendues : ${bundle} est absent (npm run build le construit).`);
      return;
    }
    this.template = readFileSync(join(dist, 'index.html'), 'utf8');
    this.pageTemplate = pageTemplate(dist).html;
    this.publicTemplate = existsSync(join(dist, 'public.html')) ? pageTemplate(dist, 'public.html').html : undefined;
    const manifest = join(dist, '.vite', 'manifest.json');
    this.manifest = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>) : undefined;
    const renderer = new RendererProcess(bundle, RENDERER_IDLE_MS);
    this.prerenderedPaths = new Set(await renderer.call<string[]>('PRERENDERED_PATHS'));
    this.notFoundKey = await renderer.call<string>('NOT_FOUND_KEY');
    this.sitemapXml = await renderer.call<string>('sitemap', this.config.appUrl);
    this.robotsTxt = await renderer.call<string>('robots', this.config.appUrl);
    this.renderer = renderer;
    // Rendered once at start: a broken page shows in the start-up log, and the first visitor does not wait.
    for (const path of [...this.prerenderedPaths, this.notFoundKey]) await this.page(path);
  }

  onApplicationShutdown(): void {
    this.renderer?.close();
  }

  /** True when the server bundle is there (else the caller serves index.html). */
  get enabled(): boolean {
    return this.renderer !== null;
  }

  /** Whether the renderer's process runs now (it stops when idle). */
  get rendering(): boolean {
    return this.renderer?.running ?? false;
  }

  /** The HTML for an address outside /api: its prerendered page, the app's shell with its title, or the 404 page. */
  async html(pathname: string): Promise<HtmlPage | null> {
    if (!this.renderer) return null;
    const kind = await this.kind(pathname);
    if (kind === 'prerendered') return this.page(pathname);
    if (kind === 'not-found') return this.page(this.notFoundKey);
    return this.shell(pathname);
  }

  sitemap(): string | null {
    return this.sitemapXml;
  }

  robots(): string | null {
    return this.robotsTxt;
  }

  private async kind(pathname: string): Promise<PageKind> {
    if (this.prerenderedPaths.has(pathname)) return 'prerendered';
    const known = this.kinds.get(pathname);
    if (known) return known;
    const kind = await this.renderer!.call<PageKind>('classify', pathname);
    this.kinds.set(pathname, kind);
    if (this.kinds.size > KINDS_KEPT) this.kinds.delete(this.kinds.keys().next().value!);
    return kind;
  }

  private async page(path: string): Promise<HtmlPage> {
    const agency = await this.agency.identity();
    const identity = JSON.stringify(agency);
    const known = this.rendered.get(path);
    if (known?.identity === identity) return known.page;
    const page = this.renderer!.call<{ status: number; html: string }>('renderPage', path, {
      template: this.pageTemplate,
      publicTemplate: this.publicTemplate,
      appUrl: this.config.appUrl,
      agency,
      catalogue: this.catalogue.get(),
    })
      .then((rendered) => withEtag(rendered.status, rendered.html))
      .catch((error: unknown) => {
        this.logger.error(`Page ${path} non prérendue : ${(error as Error).stack ?? String(error)}`);
        this.rendered.delete(path);
        return path === this.notFoundKey ? withEtag(404, this.template) : this.shell(path);
      });
    this.rendered.set(path, { identity, page });
    return page;
  }

  /**
   * The shell of a client-rendered address: rendered once per address and agency identity, then kept (the
   * SHELLS_KEPT addresses asked for last); a shell that fails to render is logged and served empty, as built.
   */
  private async shell(pathname: string): Promise<HtmlPage> {
    const agency = await this.agency.identity();
    const identity = JSON.stringify(agency);
    const known = this.shells.get(pathname);
    if (known) {
      // Most recently used last: Map keeps insertion order.
      this.shells.delete(pathname);
      this.shells.set(pathname, known);
      if (known.identity === identity) return known.page;
    }
    const input = {
      template: this.pageTemplate,
      emptyTemplate: this.template,
      manifest: this.manifest,
      appUrl: this.config.appUrl,
      agency,
      catalogue: this.catalogue.get(),
    };
    const page = this.renderer!.call<string>('renderShell', pathname, input)
      .then((html) => withEtag(200, html))
      .catch((error: unknown) => {
        this.logger.error(`Coquille de ${pathname} non rendue : ${(error as Error).stack ?? String(error)}`);
        this.shells.delete(pathname);
        return withEtag(200, this.template);
      });
    this.shells.set(pathname, { identity, page });
    if (this.shells.size > SHELLS_KEPT) this.shells.delete(this.shells.keys().next().value!);
    return page;
  }
}

function withEtag(status: number, html: string): HtmlPage {
  return { status, html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}
