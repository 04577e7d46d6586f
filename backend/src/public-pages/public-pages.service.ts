import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AgencySettingsService } from '../agency/agency-settings.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CatalogueService } from '../orders/catalogue.service';
import { pageTemplate } from './inline-assets';

/** How many client-rendered addresses keep their rendered shell (about 80 KB each, the stylesheet inline). */
const SHELLS_KEPT = 100;

/** What the frontend's server bundle (frontend/src/entry-server.tsx, built into dist-ssr/) offers. */
export interface PageRenderer {
  PRERENDERED_PATHS: readonly string[];
  NOT_FOUND_KEY: string;
  classify(pathname: string): 'prerendered' | 'app' | 'not-found';
  renderPage(path: string, input: Record<string, unknown>): Promise<{ status: number; html: string }>;
  renderShell(pathname: string, input: Record<string, unknown>): Promise<string>;
  sitemap(appUrl: string): string;
  robots(appUrl: string): string;
}

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
export class PublicPagesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(PublicPagesService.name);
  private renderer: PageRenderer | null = null;
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
    this.renderer = (await import(pathToFileURL(bundle).href)) as PageRenderer;
    // Rendered once at start: a broken page shows in the start-up log, and the first visitor does not wait.
    for (const path of [...this.renderer.PRERENDERED_PATHS, this.renderer.NOT_FOUND_KEY]) await this.page(path);
  }

  /** True when the server bundle is loaded (else the caller serves index.html). */
  get enabled(): boolean {
    return this.renderer !== null;
  }

  /** The HTML for an address outside /api: its prerendered page, the app's shell with its title, or the 404 page. */
  async html(pathname: string): Promise<HtmlPage | null> {
    const renderer = this.renderer;
    if (!renderer) return null;
    const kind = renderer.classify(pathname);
    if (kind === 'prerendered') return this.page(pathname);
    if (kind === 'not-found') return this.page(renderer.NOT_FOUND_KEY);
    return this.shell(pathname);
  }

  sitemap(): string | null {
    return this.renderer?.sitemap(this.config.appUrl) ?? null;
  }

  robots(): string | null {
    return this.renderer?.robots(this.config.appUrl) ?? null;
  }

  private async page(path: string): Promise<HtmlPage> {
    const agency = await this.agency.identity();
    const identity = JSON.stringify(agency);
    const known = this.rendered.get(path);
    if (known?.identity === identity) return known.page;
    const page = this.renderer!.renderPage(path, {
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
        return path === this.renderer!.NOT_FOUND_KEY ? withEtag(404, this.template) : this.shell(path);
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
    const page = this.renderer!.renderShell(pathname, input)
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
