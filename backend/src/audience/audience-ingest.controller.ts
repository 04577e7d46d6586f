import { Body, Controller, Get, HttpCode, Ip, Post, Query, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/access.decorator';
import { AudienceIngest } from './audience-ingest.service';
import { AudienceRepository } from './audience.repository';
import { AUDIENCE_OPT_OUT_PATH } from './audience.service';
import { checkEvent, parseEvent } from './ingest';
import { optOutPage } from './opt-out-page';
import { PIXEL_GIF } from './script';

/** The path of the beacon, whose text/plain body app.setup.ts reads (2 KB at most) before any other parser. */
export const AUDIENCE_EVENT_PATH = '/a/e';

/**
 * What the clients' sites call: anyone may, but only for a known site key and from that site's own origin (its domain
 * and www.). The answer lets that origin read it (CORS) and no other.
 */
@ApiTags('audience')
@Controller()
export class AudienceIngestController {
  constructor(
    private readonly ingest: AudienceIngest,
    private readonly repository: AudienceRepository,
  ) {}

  /**
   * Événement d'audience envoyé par le script d'un site (navigator.sendBeacon : JSON en text/plain, 2 Ko au plus).
   * 202 sans corps, aussi quand rien n'est enregistré (Do Not Track, Global Privacy Control, robot, préchargement).
   */
  @Public()
  @Post(AUDIENCE_EVENT_PATH)
  @HttpCode(202)
  @ApiAcceptedResponse({ description: 'Événement accepté (ou ignoré sans rien enregistrer)' })
  async event(@Body() body: unknown, @Ip() ip: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    // Answered to other sites' pages: helmet's same-origin resource policy would have the browser block the answer,
    // and print an error in the console of the client's page.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (this.ingest.ignored(req.headers)) return;
    const sent = parseEvent(body);
    await this.ingest.ingest({ sent, origin: req.headers.origin, ip, headers: req.headers });
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin!);
    res.setHeader('Vary', 'Origin');
  }

  /** Repli sans JavaScript : un pixel transparent qui compte une page vue (la page est lue dans l'en-tête Referer). */
  @Public()
  @Get('/a/p.gif')
  @ApiOkResponse({ description: 'Image GIF transparente de 1×1 pixel' })
  async pixel(@Query('k') key: unknown, @Ip() ip: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.ingest.ignored(req.headers)) {
      const referer = req.headers.referer;
      const sent = checkEvent({ k: key, t: 'p', u: referer });
      await this.ingest.ingest({ sent, origin: referer, ip, headers: req.headers });
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.type('gif').send(PIXEL_GIF);
  }

  /**
   * Page d'information des visiteurs d'un site (liée depuis ses mentions légales) : ce qui est mesuré, la conservation,
   * et comment s'y opposer (Do Not Track, Global Privacy Control, ou un refus enregistré sur le site lui-même). HTML.
   */
  @Public()
  @Get(AUDIENCE_OPT_OUT_PATH)
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'Page HTML', content: { 'text/html': { schema: { type: 'string' } } } })
  async optOut(@Query('k') key: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const site = typeof key === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(key) ? await this.repository.siteOfKey(key) : null;
    const signals = { dnt: req.headers.dnt === '1', gpc: req.headers['sec-gpc'] === '1' };
    res.type('html').send(optOutPage(site?.domain ?? null, signals));
  }
}
