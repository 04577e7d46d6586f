import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, getSchemaPath, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import cors from 'cors';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { join } from 'node:path';
import { AUDIENCE_EVENT_PATH } from './audience/audience-ingest.controller';
import { AUDIENCE_OPT_OUT_PATH } from './audience/audience.service';
import { answerBeaconsFirst } from './audience/event-route';
import { AUDIENCE_SCRIPT_PATH, serveAudienceScript } from './audience/script';
import { MAX_BODY_BYTES } from './audience/ingest';
import { PUBLIC_EXTENSION } from './common/access.decorator';
import { API_KEY_SECURITY } from './common/api-key';
import { applyFixedHeaders, recordFixedHeaders } from './common/fixed-headers';
import { ErrorResponseDto } from './common/error-response.dto';
import { HttpExceptionFilter, toErrorBody } from './common/http-exception.filter';
import { answerJsonDirectly } from './common/json-answer';
import { RATE_LIMITED_EXTENSION, rateLimitHeaders } from './common/rate-limit/rate-limit-headers';
import { createValidationPipe } from './common/validation';
import { allowedOrigins, type AppConfig } from './config/app-config';
import { s3LinkOrigins } from './common/storage/s3-file-storage';
import { inlineScriptSources } from './public-pages/inline-assets';
import { PublicPagesService } from './public-pages/public-pages.service';

export const API_PREFIX = 'api';

type OperationObject = OpenAPIObject['paths'][string]['get'] & object;

export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Vitrine API')
    .setDescription(
      'API du service de sites vitrines : authentification, commandes, facturation, sites et administration. Les routes sont protégées par un jeton Bearer sauf mention contraire.',
    )
    .setVersion('1.0.0')
    .addServer('/', 'Le serveur qui sert cette documentation (APP_URL)')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'vk_live_…',
        description:
          "Clé d'API d'un intégrateur (Administration → Intégrations), envoyée comme `Authorization: Bearer vk_live_…`. Elle n'ouvre que les routes d'administration qui déclarent une portée (`x-required-scope`) qu'elle détient.",
      },
      API_KEY_SECURITY,
    )
    .addSecurityRequirements('bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controller: string, method: string) => method,
    extraModels: [ErrorResponseDto],
  });
  const requestSchemas = new Set<string>();
  for (const path of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(path) as Array<[string, OperationObject]>) {
      if (!operation || typeof operation !== 'object' || !operation.responses) continue;
      const extensions = operation as unknown as Record<string, unknown>;
      // A client view (an admin reading a client's space) may only read: the global guard refuses any other method.
      if (method !== 'get' && method !== 'head') {
        operation.responses['403'] ??= {
          description: "Lecture seule : le jeton est celui d'une consultation de l'espace d'un client par l'équipe",
        };
      }
      if (extensions[PUBLIC_EXTENSION]) {
        operation.security = [];
        delete extensions[PUBLIC_EXTENSION];
      } else {
        // The global guard answers 401 to any route that is not @Public() when the token is missing or dead.
        operation.responses['401'] ??= { description: 'Authentification requise (jeton absent, expiré ou révoqué)' };
      }
      const body = operation.requestBody;
      if (body && !('$ref' in body)) for (const media of Object.values(body.content)) collectRefs(media.schema, requestSchemas);
      // Every error has the same shape; say it once for all operations.
      const errorContent = { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) } } };
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response && Number(status) >= 400 && !('$ref' in response) && !response.content) response.content = errorContent;
      }
      // Every JSON body is refused in another format (see jsonBodiesOnly).
      if (body && !('$ref' in body) && body.content['application/json'] && !operation.responses['415']) {
        operation.responses['415'] = { description: 'Corps de requête autre que JSON', content: errorContent };
      }
      operation.responses['500'] ??= {
        description: 'Erreur interne inattendue (message générique, détail dans les journaux)',
        content: errorContent,
      };
      // A 429 says how long to wait; a route marked @RateLimited says its limit on every answer.
      const limited = extensions[RATE_LIMITED_EXTENSION] === true;
      delete extensions[RATE_LIMITED_EXTENSION];
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!response || '$ref' in response) continue;
        const headers = {
          ...(limited && (/^2/.test(status) || status === '429') ? RATE_LIMIT_HEADERS : {}),
          ...(status === '429' ? RETRY_AFTER_HEADER : {}),
        };
        if (Object.keys(headers).length) response.headers = { ...headers, ...response.headers };
      }
      operation.responses.default = {
        description: 'Erreur (message en français, erreurs par champ pour une saisie invalide)',
        content: errorContent,
      };
    }
  }
  closeRequestSchemas(document, requestSchemas);
  return document;
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const, minimum: 0 } });
/** draft-ietf-httpapi-ratelimit-headers, as `sayRateLimit` sets them. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': integerHeader('Requêtes permises dans la fenêtre de la limite'),
  'RateLimit-Remaining': integerHeader('Requêtes restantes dans la fenêtre'),
  'RateLimit-Reset': integerHeader('Secondes avant la prochaine fenêtre'),
};
const RETRY_AFTER_HEADER = { 'Retry-After': integerHeader('Secondes à attendre avant de réessayer') };

type SchemaNode = NonNullable<OpenAPIObject['components']>['schemas'] extends Record<string, infer S> | undefined ? S : never;

function collectRefs(schema: unknown, into: Set<string>): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) return schema.forEach((s) => collectRefs(s, into));
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') into.add(ref.replace('#/components/schemas/', ''));
  for (const value of Object.values(schema)) collectRefs(value, into);
}

/**
 * The validation pipe refuses any field a DTO does not declare (forbidNonWhitelisted): every object schema reached
 * from a request body says so with `additionalProperties: false`, nested DTOs included.
 */
function closeRequestSchemas(document: OpenAPIObject, roots: Set<string>): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaNode>;
  const pending = [...roots];
  const seen = new Set<string>();
  while (pending.length) {
    const name = pending.pop()!;
    if (seen.has(name) || !schemas[name]) continue;
    seen.add(name);
    const schema = schemas[name] as Record<string, unknown>;
    if (schema.type === 'object' || schema.properties) schema.additionalProperties = false;
    const nested = new Set<string>();
    collectRefs(schema.properties, nested);
    pending.push(...nested);
  }
}

/** Everything around the routes, shared by main.ts and the tests so both run the same app. */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.setGlobalPrefix(API_PREFIX);
  // The audience script of the clients' sites, at the root (outside the API and before the frontend's files).
  app.use(AUDIENCE_SCRIPT_PATH, serveAudienceScript);
  // No enableShutdownHooks(): Nest would close the pool on SIGTERM while requests are in flight; main.ts drains first.
  app.disable('x-powered-by');
  // No ETags: API answers are never stored (Cache-Control: no-store), so hashing each body was wasted work; the
  // frontend's files are revalidated by their Last-Modified date (hashed assets are immutable anyway).
  app.set('etag', false);
  // Route answers' JSON written as Express's send would write it, without its per-answer round (common/json-answer.ts).
  answerJsonDirectly(app.getHttpAdapter().getInstance() as express.Express);
  app.set('trust proxy', 'loopback');
  // The audience beacon, in the HTTP server's listener before Express (audience/event-route.ts: what it does itself).
  answerBeaconsFirst(app);
  // Helmet's headers are the same for every answer of a kind: found once (recordFixedHeaders) and set in one loop,
  // rather than helmet's chain of thirteen middlewares per request. Two kinds:
  // - what a browser may show as a page (the frontend's pages and files, the API's two HTML pages: its docs and the
  //   audience's opt-out page): helmet's defaults with the pages' policy;
  // - the API's data answers (JSON, files, redirects; apiDataAnswer): what a data answer needs (OWASP's REST security
  //   cheat sheet): a policy under which it loads and frames nothing (default-src 'none', frame-ancestors 'none'),
  //   nosniff, no framing, same-origin reads only (CORP), HSTS over https. Without the page-only headers (COOP,
  //   Origin-Agent-Cluster, Referrer-Policy, DNS prefetch, IE's download and XSS options, Flash's cross-domain
  //   policies) and the pages' 600-byte policy, an API answer's headers are 439 bytes instead of about 1,090.
  const pageHeaders = recordFixedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // 'self', and the two scripts written into the prerendered pages, by their hashes (public-pages/inline-assets.ts).
          scriptSrc: ["'self'", ...(config.frontendDist ? inlineScriptSources(config.frontendDist) : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Order photos on S3 are read from the bucket's presigned links (signed links of ours redirect there).
          imgSrc: ["'self'", 'data:', 'blob:', ...(config.storage.s3 ? s3LinkOrigins(config.storage.s3) : [])],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          // The hero video's embedded player (VITE_HERO_VIDEO_*_URL).
          frameSrc: ["'self'", 'https://player.vimeo.com', 'https://www.youtube-nocookie.com'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.appUrl.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.appUrl.startsWith('https:') ? undefined : false,
    }),
  );
  const apiHeaders = recordFixedHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      referrerPolicy: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: { action: 'deny' },
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      strictTransportSecurity: config.appUrl.startsWith('https:') ? undefined : false,
    }),
  );
  const allowed = allowedOrigins(config);
  const crossOrigin = cors({
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    // A browser client on an allowed origin may read the limits (and a 429's wait).
    exposedHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
    maxAge: 600,
  });
  // gzip for the app's assets and API answers (Lighthouse's phone profile: ~3.5 s of first paint without it).
  const gzip = compression({ threshold: 1024 });
  // Cookies are read by two routes (the refresh token, an order draft's owner): parsed on first read of req.cookies,
  // by cookie-parser itself, rather than by a middleware on every request.
  parseCookiesOnFirstRead((app.getHttpAdapter().getInstance() as express.Express).request);
  // What every API request goes through before its route (bench:api, docs/performance.md):
  // - API answers depend on the caller (session, cookies): never stored by a browser or a proxy, unless a route says
  //   otherwise with its own Cache-Control (a photo's bytes, kept in the browser's cache only);
  // - the rate-limit headers' context (rateLimitHeaders), around the rest of the request;
  // - Stripe events can be larger than our own requests, and are verified against the raw body; audience events come
  //   from navigator.sendBeacon as text/plain JSON, 2 KB at most (413 beyond), read as text; every other body is JSON,
  //   100 KB at most, and the API refuses any other format (jsonBodiesOnly: a form posted from another site, login
  //   CSRF, cannot reach a route).
  const keepRawBody = (req: Request, _res: unknown, buf: Buffer) => {
    (req as Request & { rawBody?: Buffer }).rawBody = buf;
  };
  const stripeEvents = express.json({ limit: '1mb', verify: keepRawBody });
  const audienceEvents = express.text({ type: () => true, limit: MAX_BODY_BYTES });
  const json = express.json({ limit: '100kb', verify: keepRawBody });
  const audienceEventPath = new RegExp(`^${AUDIENCE_EVENT_PATH.replace(/[/.]/g, '\\$&')}(/|$)`, 'i');
  const apiPreamble = (req: Request, res: Response, next: NextFunction, path: string) => {
    res.setHeader('Cache-Control', 'no-store');
    rateLimitHeaders(req, res, () => {
      if (STRIPE_EVENTS_PATH.test(path)) return stripeEvents(req, res, next);
      if (audienceEventPath.test(path)) return audienceEvents(req, res, next);
      json(req, res, (error?: unknown) => (error ? next(error) : jsonBodiesOnly(req, res, next, path)));
    });
  };
  // The API's preamble for a request under /api (as Express would mount it there: any case, `/api` or below), with
  // its path below /api, after what every request goes through.
  const apiOrNext = (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    if (!API_MOUNT.test(path)) return next();
    apiPreamble(req, res, next, path.slice(API_PREFIX.length + 1) || '/');
  };
  const compressThen = (req: Request, res: Response, next: NextFunction) =>
    ACCEPTS_COMPRESSION.test(req.headers['accept-encoding'] ?? '')
      ? gzip(req, res, () => apiOrNext(req, res, next))
      : apiOrNext(req, res, next);
  // Every request's layers in one Express layer (each layer is a path match and a turn of the router per request; a
  // layer mounted on /api also cut the path off and put it back, and had the URL parsed again twice):
  // - helmet's headers;
  // - CORS: a request without an Origin header is not a cross-origin request a browser makes (browsers send Origin
  //   on every cross-origin fetch and on every preflight), so it gets only `Vary: Origin` (a cache must not serve it
  //   to a cross-origin request), not cors's allow-credentials and exposed-headers, which mean nothing without an
  //   allowed origin; a request with an Origin, and every OPTIONS, go through cors as before;
  // - compression, only for a request that accepts an encoding compression offers (a client that sends no
  //   Accept-Encoding, or `identity`, would get the body as is anyway: its wrapping of write/end/on was wasted);
  // - for an API request, the API's preamble above.
  app.use((req: Request, res: Response, next: NextFunction) => {
    applyFixedHeaders(res, apiDataAnswer(req.url) ? apiHeaders : pageHeaders);
    if (req.headers.origin === undefined && req.method !== 'OPTIONS') {
      res.setHeader('Vary', 'Origin');
      return compressThen(req, res, next);
    }
    crossOrigin(req, res, (error?: unknown) => (error ? next(error) : compressThen(req, res, next)));
  });
  // Body-parser failures (malformed JSON, too large) happen before Nest's filters: answer them the same way.
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const body = toErrorBody(err);
    res.status(body.statusCode).json(body);
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());

  // Built on the first request to the docs rather than at every start (50–80 ms of scanning every controller and DTO).
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: `${API_PREFIX}/docs-json`,
    customSiteTitle: 'Vitrine API',
    swaggerOptions: { persistAuthorization: true },
  });

  if (config.frontendDist) serveFrontend(app, config.frontendDist, app.get(PublicPagesService));
}

/** The API's answers a browser may show as a page: its docs (Swagger UI, and its JSON document) and the opt-out page. */
const API_PAGES = [`/${API_PREFIX}/docs`, `/${API_PREFIX}${AUDIENCE_OPT_OUT_PATH}`];

/**
 * Whether an answer is one of the API's data answers (JSON, files, redirects), by its request's URL as sent: anything
 * else (the API under another spelling, which Express routes without regard to case, included) gets the pages' headers.
 */
export function apiDataAnswer(url: string): boolean {
  return url.startsWith(`/${API_PREFIX}/`) && !API_PAGES.some((page) => url.startsWith(page));
}

/** An Accept-Encoding under which compression may encode (gzip, deflate, br, any): otherwise it never would. */
const ACCEPTS_COMPRESSION = /gzip|deflate|br|\*/i;

/**
 * `req.cookies` of every request of an Express app, as cookie-parser (without a secret) sets it, parsed the first
 * time it is read: a getter on the app's request prototype, replaced by the parsed value on the request itself.
 */
export function parseCookiesOnFirstRead(requestPrototype: object): void {
  const parse = cookieParser();
  const own = (req: object, cookies: unknown) =>
    Object.defineProperty(req, 'cookies', { value: cookies, writable: true, configurable: true, enumerable: true });
  Object.defineProperty(requestPrototype, 'cookies', {
    configurable: true,
    get(this: Request) {
      const parsed: { headers: Request['headers']; cookies?: unknown; signedCookies?: unknown } = { headers: this.headers };
      parse(parsed as unknown as Request, {} as Response, () => undefined);
      own(this, parsed.cookies);
      return parsed.cookies;
    },
    set(this: Request, cookies: unknown) {
      own(this, cookies);
    },
  });
}

export const JSON_ONLY_MESSAGE = 'Le corps de la requête doit être au format JSON (Content-Type: application/json).';
/** A path under the API, as Express would match a mount path: any case, `/api` itself or below. */
const API_MOUNT = new RegExp(`^/${API_PREFIX}(?:/|$)`, 'i');
/** Where Stripe sends its events (under /api), as Express would match a mount path: any case, and what is below. */
const STRIPE_EVENTS_PATH = /^\/billing\/webhook(\/|$)/i;

/** The one route that takes multipart/form-data: a photo of an order draft. */
const PHOTO_UPLOAD_PATH = /^\/order-drafts\/[^/]+\/photos\/?$/;

/**
 * 415 for a request body that is not JSON (forms, text/plain): multipart photo uploads aside (the Stripe webhook and
 * the audience events never come here). A request without a body passes whatever it declares.
 */
function jsonBodiesOnly(req: Request, res: Response, next: NextFunction, path: string): void {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody || req.is('application/json')) return next();
  if (req.is('multipart/form-data') && req.method === 'POST' && PHOTO_UPLOAD_PATH.test(path)) return next();
  res.status(415).json({ statusCode: 415, message: JSON_ONLY_MESSAGE });
}

/**
 * The built React app on the same port: hashed assets cached for a year; the public pages as prerendered HTML, the
 * other app routes as the shell with their title, an unknown address as the 404 page with a 404 status
 * (PublicPagesService); sitemap.xml and robots.txt from APP_URL. Without the server bundle, index.html for all.
 */
function serveFrontend(app: NestExpressApplication, dist: string, pages: PublicPagesService): void {
  const isApi = (req: Request) =>
    req.path === `/${API_PREFIX}` || req.path.startsWith(`/${API_PREFIX}/`) || req.path === AUDIENCE_SCRIPT_PATH;
  const assets = express.static(dist, {
    index: false,
    setHeaders: (res, path) => {
      res.setHeader('Cache-Control', path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const files: Record<string, [type: string, body: () => string | null]> = {
    '/sitemap.xml': ['application/xml', () => pages.sitemap()],
    '/robots.txt': ['text/plain', () => pages.robots()],
  };
  // Before the API's routes, in one Express layer (each layer is a path match and a turn of the router per request):
  // an API request skips it at once (no stat of the file system); any other request is a file of the build, else
  // sitemap.xml or robots.txt, else a page.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApi(req)) return next();
    assets(req, res, (error?: unknown) => (error ? next(error) : servePage(req, res, next)));
  });
  function servePage(req: Request, res: Response, next: NextFunction): unknown {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = Object.hasOwn(files, req.path) ? files[req.path] : undefined;
    const content = file?.[1]();
    if (file && content) {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      return res.type(file[0]).send(content);
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (!pages.enabled) return res.sendFile(join(dist, 'index.html'));
    pages
      .html(req.path)
      .then((page) => {
        if (!page) return res.sendFile(join(dist, 'index.html'));
        res.setHeader('ETag', page.etag);
        if (page.status === 200 && req.headers['if-none-match'] === page.etag) return res.status(304).end();
        res.status(page.status).type('html').send(page.html);
      })
      .catch(next);
  }
}
