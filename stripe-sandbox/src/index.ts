/**
 * Stripe sandbox: a small stateful HTTP server speaking the subset of Stripe's REST API the product uses, as the
 * official SDK sends it, plus a French hosted checkout, invoice pages/PDFs, signed webhooks and test controls.
 * Development and test component only; it imports nothing from the product.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { findRoute, sessionById } from './api.ts';
import { chargeDecline, DECLINE_MESSAGES, entryDecline, readCard, type CardInput } from './cards.ts';
import { API_VERSION, SandboxCore, type EventRequest } from './core.ts';
import { ApiError, P, type Json, type Params } from './params.ts';
import { applyExpand, renderInvoice, renderPaymentMethod, renderSubscription } from './render.ts';
import { checkoutPage, invoicePage, invoicePdf, messagePage, type CardForm } from './pages.ts';
import { Persistence, randomId, type EventRec } from './store.ts';
import { DELIVERY_ENV, resolveDelivery, WebhookDeliverer, type WebhookDelivery } from './webhooks.ts';
import { captureTo } from './capture.ts';
import { allowsSepa, readIban, settleDebits } from './sepa.ts';
import { frozenTimeOf, resolveDunning, resumeAdvancing, type DunningSettings } from './clocks.ts';
import { atFrozenTime } from './store.ts';
import {
  answerCheckoutAuthentication,
  answerInvoiceAuthentication,
  authenticationOf,
  awaitedCard,
  expirePendingUpdate,
  startCheckoutAuthentication,
  startInvoiceAuthentication,
  type PageOutcome,
} from './three-d-secure.ts';

export const SANDBOX_SECRET_KEY = 'sk_test_sandbox';
export { API_VERSION as SANDBOX_API_VERSION } from './core.ts';
export { DEFAULT_DUNNING, DUNNING_ENV, resolveDunning, type DunningSettings } from './clocks.ts';
export { DELIVERY_ENV, randomSeed, resolveDelivery, signPayload, type WebhookDelivery, type WebhookDeliveryMode } from './webhooks.ts';

export interface StripeSandboxOptions {
  /** 0 = a random free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Base URL put in checkout and invoice links (what a browser reaches); default http://localhost:<port>. */
  publicUrl?: string;
  /** Where signed events are POSTed; events are recorded but not sent while unset. */
  webhookUrl?: string;
  /** Secret the Stripe-Signature HMAC is computed with (the product's STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** JSON persistence: loaded at start when present, saved (atomically) after each change. */
  dataFile?: string;
  log?: (line: string) => void;
  /** First retry delay after a failed delivery; doubles each time (default 1000 ms). */
  retryBaseMs?: number;
  /** Retries after the first attempt before giving up (default 5: 1 s, 2 s, 4 s, 8 s, 16 s). */
  maxRetries?: number;
  /** Timeout of one delivery attempt (default 10 000 ms). */
  deliveryTimeoutMs?: number;
  /** Log every API request (default true when `log` is given). */
  logRequests?: boolean;
  /**
   * Appends every API answer and event to this file, one JSON line each, for the conformance check (default: a file of
   * this process in STRIPE_SANDBOX_CAPTURE_DIR when that is set, else nothing).
   */
  captureFile?: string;
  /**
   * How webhooks are sent (webhooks.ts): by default as Stripe sends them (any order, side by side, late, twice, first
   * attempts failing), from a seed; each field defaults to its environment variable (DELIVERY_ENV), then to
   * DEFAULT_DELIVERY. `{ mode: 'ordered' }` only for a test that truly needs events in order and at once.
   */
  webhookDelivery?: Partial<WebhookDelivery>;
  /**
   * How failing invoices are retried on a test clock and how dunning ends (clocks.ts): each field defaults to its
   * environment variable (STRIPE_SANDBOX_RETRY_DAYS, STRIPE_SANDBOX_DUNNING_END), then to 3,5,7 days and `cancel`.
   */
  dunning?: Partial<DunningSettings>;
}

export interface StripeSandbox {
  /** http://127.0.0.1:port — the API base (use host/port/protocol from it in the SDK). */
  url: string;
  port: number;
  setWebhookUrl(url: string): void;
  /**
   * Waits until every delivery queued so far is done, with its delay, copy and the retry of a first attempt failed on
   * purpose (retries after the endpoint itself failed are not awaited).
   */
  flushWebhooks(): Promise<void>;
  /** Deliveries `flushWebhooks` would wait for now (0: nothing on its way). */
  pendingWebhooks(): number;
  /** How this sandbox sends its webhooks (mode, seed, delays), to print beside a failure. */
  webhookDelivery: WebhookDelivery;
  close(): Promise<void>;
}

/** A fault injected through POST /test/faults?mode=error|hang&count=N&path=/v1/…&method=POST */
export interface Fault {
  /** error: a Stripe 500 (api_error); hang: no answer at all, until the client gives up */
  mode: 'error' | 'hang';
  /** API calls still to fail (the SDK's retries count: 3 makes one call with 2 retries fail) */
  remaining: number;
  /** Only calls whose path starts with this (default /v1/: every API call) */
  path: string;
  /** Only calls with this method (default: any) */
  method?: string;
}

function faultOf(params: URLSearchParams): Fault {
  const mode = params.get('mode') ?? 'error';
  if (mode !== 'error' && mode !== 'hang') throw new ApiError(400, `Invalid mode: '${mode}' (error or hang).`, 'mode');
  const count = Number(params.get('count') ?? '1');
  if (!Number.isInteger(count) || count < 1 || count > 1000)
    throw new ApiError(400, `Invalid count: '${params.get('count')}' (1 to 1000).`, 'count');
  const path = params.get('path') ?? '/v1/';
  if (!path.startsWith('/v1/')) throw new ApiError(400, `Invalid path: '${path}' (an API path, /v1/…).`, 'path');
  const method = params.get('method')?.toUpperCase();
  return { mode, remaining: count, path, ...(method ? { method } : {}) };
}

const BODY_LIMIT = 1024 * 1024;
const QS_OPTIONS = { arrayLimit: 1000, depth: 10, parameterLimit: 10000, allowPrototypes: false } as const;

class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** What `give-up` does, from `?then=` or the form body's `then`: `cancel` (Stripe's default) or `unpaid`. */
function giveUpOutcome(url: URL, body: Buffer): 'cancel' | 'unpaid' {
  const then = url.searchParams.get('then') ?? new URLSearchParams(body.toString('utf8')).get('then') ?? 'cancel';
  if (then !== 'cancel' && then !== 'unpaid') throw new ApiError(400, `Invalid then: '${then}' (cancel or unpaid).`, 'then');
  return then;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) {
        reject(new HttpError(413, 'Request too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseForm(req: IncomingMessage, body: Buffer): Params {
  const type = String(req.headers['content-type'] ?? '');
  const text = body.toString('utf8');
  if (!text) return {};
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null ? (parsed as Params) : {};
    } catch {
      throw new ApiError(400, 'Invalid JSON body.');
    }
  }
  return qs.parse(text, QS_OPTIONS) as Params;
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>): void {
  res.writeHead(status, { 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void =>
  send(res, status, JSON.stringify(body, null, 2), { 'Content-Type': 'application/json; charset=utf-8', ...headers });

const sendHtml = (res: ServerResponse, status: number, html: string): void =>
  send(res, status, html, { 'Content-Type': 'text/html; charset=utf-8' });

function apiKeyOf(req: IncomingMessage): string | undefined {
  const auth = req.headers.authorization;
  if (!auth) return undefined;
  const [scheme, value = ''] = auth.split(' ');
  if (/^bearer$/i.test(scheme)) return value.trim();
  if (/^basic$/i.test(scheme)) return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return '';
}

/** A hosted page's request: the object's id in the path and what follows it ('/pay', '/pdf'…). */
interface HostedPageRequest {
  req: IncomingMessage;
  res: ServerResponse;
  id: string;
  action: string | undefined;
  method: string;
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  if (!options.webhookSecret) throw new Error('startStripeSandbox: webhookSecret is required');
  const log = options.log ?? ((): void => undefined);
  const logRequests = options.logRequests ?? options.log !== undefined;
  const host = options.host ?? '127.0.0.1';
  const persistence = new Persistence(options.dataFile);
  const db = persistence.load();
  let port = options.port ?? 0;
  let webhookUrl = options.webhookUrl;
  /** Injected faults (POST /test/faults): the next `remaining` API calls matching method and path prefix fail. */
  let faults: Fault[] = [];
  const publicUrl = (): string => (options.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');

  // A seed drawn at random is printed once for the process (on stderr), and in this sandbox's log below.
  const delivery = resolveDelivery(options.webhookDelivery);
  // eslint-disable-next-line prefer-const
  let core: SandboxCore;
  const webhooks = new WebhookDeliverer({
    delivery,
    secret: options.webhookSecret,
    url: () => webhookUrl,
    retryBaseMs: options.retryBaseMs ?? 1000,
    maxRetries: options.maxRetries ?? 5,
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
    log,
    changed: () => core.save(),
  });
  core = new SandboxCore(db, persistence, publicUrl, webhooks, log);
  core.dunning = resolveDunning(options.dunning);
  const capture = captureTo(options.captureFile);
  if (capture) core.observeEvent = (event) => capture(`event ${event.type}`, event);

  /** A hosted page's or test control's events: awaited in the 'ordered' mode only (see WebhookDeliverer.dispatch). */
  const deliverAll = (events: EventRec[]): Promise<void> => webhooks.dispatch(events);
  /** A 3-D Secure step's answer (three-d-secure.ts): its events delivered, then its page or redirect. */
  const answerPage = async (res: ServerResponse, outcome: PageOutcome): Promise<void> => {
    await deliverAll(outcome.events);
    if ('redirect' in outcome) res.writeHead(303, { Location: outcome.redirect }).end();
    else sendHtml(res, outcome.status, outcome.html);
  };
  const saveIdempotent = (key: string, method: string, path: string, fingerprint: string, status: number, body: string): void => {
    const t = Math.floor(Date.now() / 1000);
    // Stripe keeps keys 24 hours; the sandbox also keeps at most the 1000 latest.
    const keys = Object.keys(core.db.idempotency);
    keys.forEach((k, i) => {
      if (core.db.idempotency[k].created < t - 86400 || i < keys.length - 999) delete core.db.idempotency[k];
    });
    core.db.idempotency[key] = { method, path, fingerprint, status, body, created: t };
    core.save();
  };
  const eventSummary = (e: EventRec): Json => ({ id: e.event.id, type: e.event.type, delivery: deliveryJson(e) });
  const deliveryJson = (e: EventRec): Json => {
    const last = e.delivery.attempts.at(-1);
    return {
      status: e.delivery.status,
      attempts: e.delivery.attempts.length,
      last_status_code: last?.status_code ?? null,
      last_error: last?.error ?? null,
      delivered_at: e.delivery.delivered_at,
      history: e.delivery.attempts,
    };
  };

  // ---- /v1 ------------------------------------------------------------------------------------------------------

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<void> {
    const requestId = randomId('req_', 14);
    const headers: Record<string, string> = { 'Request-Id': requestId, 'Stripe-Version': API_VERSION };
    const path = url.pathname.replace(/\/+$/, '');
    let status = 200;
    let idemKey: string | undefined;
    let fingerprint = '';
    /** Sends a JSON answer (captured); `executed`: kept for the request's idempotency key. */
    const answer = (code: number, out: unknown, executed: boolean): void => {
      status = code;
      const text = JSON.stringify(out, null, 2);
      capture?.(`${method} ${path} → ${code}`, out);
      if (idemKey && executed) saveIdempotent(idemKey, method, path, fingerprint, code, text);
      send(res, code, text, {
        'Content-Type': 'application/json; charset=utf-8',
        ...headers,
        ...(idemKey && executed ? { 'Idempotency-Key': idemKey } : {}),
      });
    };
    try {
      const key = apiKeyOf(req);
      if (key === undefined) {
        throw new ApiError(
          401,
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        );
      }
      if (!/^(sk|rk)_test_\S+$/.test(key)) {
        throw new ApiError(
          401,
          `Invalid API Key provided: ${key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key || '(empty)'}`,
          undefined,
          undefined,
          'invalid_request_error',
        );
      }
      const body = await readBody(req);
      const fault = faults.find((f) => f.remaining > 0 && path.startsWith(f.path) && (!f.method || f.method === method));
      if (fault) {
        fault.remaining -= 1;
        faults = faults.filter((f) => f.remaining > 0);
        status = fault.mode === 'hang' ? 0 : 500;
        // A hang never answers: the client times out (close() cuts it). An error is Stripe's own 500, retryable.
        if (fault.mode === 'hang') return;
        sendJson(
          res,
          500,
          { error: { type: 'api_error', message: 'An unknown error occurred (fault injected by the Stripe sandbox).' } },
          headers,
        );
        return;
      }
      // Stripe: every POST accepts an idempotency key; GET and DELETE are idempotent by definition and ignore it.
      idemKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      fingerprint = createHash('sha256').update(body).digest('hex');
      if (idemKey) {
        const prior = core.db.idempotency[idemKey];
        if (prior) {
          if (prior.method !== method || prior.path !== path || prior.fingerprint !== fingerprint) {
            throw new ApiError(
              400,
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
              undefined,
              undefined,
              'idempotency_error',
            );
          }
          status = prior.status;
          send(res, prior.status, prior.body, {
            'Content-Type': 'application/json; charset=utf-8',
            ...headers,
            'Idempotency-Key': idemKey,
            'Idempotent-Replayed': 'true',
          });
          return;
        }
      }
      const found = findRoute(method, path);
      if (!found || found === 'method') {
        throw new ApiError(
          404,
          `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      }
      const raw: Params = { ...(qs.parse(url.search.slice(1), QS_OPTIONS) as Params), ...parseForm(req, body) };
      const p = new P(raw);
      const expand = p.strings('expand') ?? [];
      const request: EventRequest = { id: requestId, idempotency_key: idemKey ?? null };
      // A request about a test clock's objects works at the clock's frozen time (clocks.ts).
      const clockTime = frozenTimeOf(core, [
        ...found.match.slice(1),
        ...['customer', 'subscription', 'invoice', 'payment_intent', 'charge', 'test_clock'].map((k) => raw[k]),
      ]);
      const result = atFrozenTime(clockTime, () => found.handler(core, found.match, p, request));
      for (const k of p.unused()) log(`${method} ${path}: parameter ${k} accepted but not simulated by the sandbox`);
      const out = expand.length > 0 ? applyExpand(core, structuredClone(result.body), expand) : result.body;
      answer(200, out, true);
      if (result.events?.length) void webhooks.enqueue(result.events).catch(() => undefined);
    } catch (err) {
      if (err instanceof ApiError) {
        const body = err.toJSON();
        (body.error as Json).request_log_url = `${publicUrl()}/logs/${requestId}`;
        // Stripe saves the result of any request that started executing, whatever it is: a card declined while
        // charging (402) is replayed for 24 hours like a success. A request refused before executing (validation) is not.
        answer(err.status, body, err.status === 402 || err.events !== undefined);
        if (err.events?.length) void webhooks.enqueue(err.events).catch(() => undefined);
      } else if (err instanceof HttpError) {
        answer(err.status, { error: { type: 'invalid_request_error', message: err.message } }, false);
      } else {
        log(`${method} ${path}: internal error ${(err as Error).stack ?? String(err)}`);
        answer(500, { error: { type: 'api_error', message: `Stripe sandbox internal error: ${(err as Error).message}` } }, true);
      }
    } finally {
      if (logRequests) log(`${method} ${path}${url.search} → ${status} (${requestId})`);
    }
  }

  // ---- hosted pages ---------------------------------------------------------------------------------------------

  async function handleCheckout({ req, res, id, action, method }: HostedPageRequest): Promise<void> {
    let session;
    try {
      session = sessionById(core, id);
    } catch {
      sendHtml(res, 404, messagePage('Session introuvable', "Cette session de paiement n'existe pas."));
      return;
    }
    if (!action && method === 'GET') {
      sendHtml(res, 200, checkoutPage(core, session));
      return;
    }
    if (method !== 'POST') {
      sendHtml(res, 405, messagePage('Méthode non autorisée', 'Utilisez le formulaire de paiement.'));
      return;
    }
    const form = parseForm(req, await readBody(req));
    const field = (k: string): string | undefined => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
    if (action === 'cancel') {
      if (session.cancel_url) {
        res.writeHead(303, { Location: session.cancel_url }).end();
      } else {
        sendHtml(res, 200, messagePage('Paiement annulé', 'Le paiement a été annulé. Vous pouvez fermer cette page.'));
      }
      return;
    }
    if (action === 'authenticate') {
      await answerPage(
        res,
        atFrozenTime(frozenTimeOf(core, [session.id]), () => answerCheckoutAuthentication(core, session, field('result'))),
      );
      return;
    }
    if (action !== 'pay') {
      sendHtml(res, 404, messagePage('Page introuvable', "Cette page n'existe pas."));
      return;
    }
    if (session.status !== 'open') {
      sendHtml(res, 409, checkoutPage(core, session));
      return;
    }
    const typed: CardForm = {
      email: field('email'),
      name: field('name'),
      card: field('card'),
      exp: field('exp'),
      method: field('method'),
      iban: field('iban'),
      account_holder: field('account_holder'),
    };
    let events: EventRec[];
    try {
      // 'Prélèvement SEPA' (sepa.ts): the IBAN and holder typed, a debit that settles later.
      if (typed.method === 'sepa_debit' && allowsSepa(session) && session.mode !== 'setup') {
        events = core.completeCheckout(session, { email: typed.email, sepa: readIban(typed.iban, typed.account_holder) });
        log(`checkout ${session.id} completed by SEPA debit (subscription ${session.subscription ?? '-'}, unpaid until the debit settles)`);
        await deliverAll(events);
        if (session.success_url)
          res.writeHead(303, { Location: session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id) }).end();
        else sendHtml(res, 200, messagePage('Prélèvement en cours', 'Merci ! Votre prélèvement SEPA est en cours de traitement.'));
        return;
      }
      const card = readCard(typed.card, typed.exp);
      const decline = entryDecline(card);
      if (decline) {
        sendHtml(res, 402, checkoutPage(core, session, DECLINE_MESSAGES[decline].fr, typed));
        return;
      }
      const paid = session;
      const form = { email: typed.email, name: typed.name, card };
      const clockTime = frozenTimeOf(core, [paid.id]);
      const authentication = atFrozenTime(clockTime, () => startCheckoutAuthentication(core, paid, form));
      if (authentication) {
        await answerPage(res, authentication);
        return;
      }
      events = atFrozenTime(clockTime, () => core.completeCheckout(paid, form));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      sendHtml(res, 400, checkoutPage(core, session, err.message, typed));
      return;
    }
    log(
      session.mode === 'setup'
        ? `checkout ${session.id} completed (setup_intent ${session.setup_intent ?? '-'})`
        : `checkout ${session.id} paid (subscription ${session.subscription ?? '-'}, invoice ${session.invoice ?? '-'})`,
    );
    await deliverAll(events);
    if (session.success_url) {
      res.writeHead(303, { Location: session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id) }).end();
    } else if (session.mode === 'setup') {
      sendHtml(res, 200, messagePage('Carte enregistrée', 'Merci ! Votre carte a bien été enregistrée.'));
    } else {
      sendHtml(res, 200, messagePage('Paiement réussi', 'Merci ! Votre paiement a bien été effectué.'));
    }
  }

  async function handleInvoice({ req, res, id, action, method }: HostedPageRequest): Promise<void> {
    const inv = core.db.invoices[id];
    if (!inv) {
      sendHtml(res, 404, messagePage('Facture introuvable', "Cette facture n'existe pas."));
      return;
    }
    if (method === 'GET' && action === '/pdf') {
      send(res, 200, invoicePdf(inv), {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="facture-${inv.number}.pdf"`,
      });
      return;
    }
    if (method === 'GET' && !action) {
      sendHtml(res, 200, invoicePage(core, inv));
      return;
    }
    if (method === 'POST' && action === '/authenticate') {
      const form = parseForm(req, await readBody(req));
      await answerPage(
        res,
        atFrozenTime(frozenTimeOf(core, [inv.id]), () =>
          answerInvoiceAuthentication(core, inv, typeof form.result === 'string' ? form.result : undefined),
        ),
      );
      return;
    }
    if (method === 'POST' && action === '/confirm') {
      await readBody(req);
      const awaited = awaitedCard(core, inv);
      if (!awaited) sendHtml(res, 409, invoicePage(core, inv, "Ce paiement n'attend plus d'authentification."));
      else
        await answerPage(
          res,
          atFrozenTime(frozenTimeOf(core, [inv.id]), () => startInvoiceAuthentication(core, inv, awaited)),
        );
      return;
    }
    if (method !== 'POST' || action !== '/pay') {
      sendHtml(res, 405, messagePage('Méthode non autorisée', 'Utilisez le formulaire de paiement de la facture.'));
      return;
    }
    // 'Payer …': the card typed pays the open invoice as invoices.pay does; it is attached to the customer (not default).
    const form = parseForm(req, await readBody(req));
    const field = (k: string): string | undefined => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
    const typed: CardForm = { name: field('name'), card: field('card'), exp: field('exp') };
    if (inv.status !== 'open') {
      sendHtml(
        res,
        409,
        invoicePage(core, inv, inv.status === 'paid' ? 'Cette facture est déjà payée.' : "Cette facture n'est plus à payer."),
      );
      return;
    }
    let card: CardInput;
    try {
      card = readCard(typed.card, typed.exp);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      sendHtml(res, 400, invoicePage(core, inv, err.message, typed));
      return;
    }
    const customer = core.db.customers[inv.customer];
    const billing = { name: typed.name?.trim() || customer?.name || null, email: customer?.email ?? inv.customer_email };
    // A 3-D Secure card is authenticated first (on-session: every one of them asks).
    if (authenticationOf(card)) {
      await answerPage(
        res,
        atFrozenTime(frozenTimeOf(core, [inv.id]), () =>
          startInvoiceAuthentication(core, inv, core.createPaymentMethod(card, null, billing)),
        ),
      );
      return;
    }
    const decline = entryDecline(card) ?? chargeDecline(card);
    if (decline) {
      // The card typed is tried (a PaymentMethod, not attached to the customer) and declined: one more failed attempt.
      const events = atFrozenTime(frozenTimeOf(core, [inv.id]), () =>
        core.failInvoiceAttempt(inv, core.createPaymentMethod(card, null, billing), decline),
      );
      log(`invoice ${inv.id}: card declined on the hosted page (${decline})`);
      await deliverAll(events);
      sendHtml(res, 402, invoicePage(core, inv, DECLINE_MESSAGES[decline].fr, typed));
      return;
    }
    const { pm, events } = atFrozenTime(frozenTimeOf(core, [inv.id]), () => {
      const made = core.createPaymentMethod(card, inv.customer, billing);
      return {
        pm: made,
        events: [
          core.emit('payment_method.attached', renderPaymentMethod(made)),
          ...core.payInvoice(inv, { id: null, idempotency_key: null }, made),
        ],
      };
    });
    log(`invoice ${inv.id} paid on the hosted page with ${pm.id}`);
    await deliverAll(events);
    res.writeHead(303, { Location: `/invoices/${inv.id}` }).end();
  }

  // ---- test controls --------------------------------------------------------------------------------------------

  async function handleTest(req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<void> {
    const path = url.pathname.replace(/\/+$/, '');
    try {
      const body = await readBody(req);
      let m = path.match(/^\/test\/subscriptions\/([^/]+)\/(renew|fail-payment|end-period|give-up|expire-pending-update)$/);
      if (m && method === 'POST') {
        const sub = core.subscription(m[1]);
        const control = m[2];
        const events = atFrozenTime(frozenTimeOf(core, [sub.id]), () =>
          control === 'expire-pending-update'
            ? expirePendingUpdate(core, sub)
            : control === 'renew'
              ? core.renew(sub)
              : control === 'fail-payment'
                ? core.failPayment(sub)
                : control === 'give-up'
                  ? core.giveUp(sub, giveUpOutcome(url, body))
                  : core.endPeriod(sub),
        );
        await deliverAll(events);
        const inv = sub.latest_invoice ? core.db.invoices[sub.latest_invoice] : undefined;
        sendJson(res, 200, {
          subscription: renderSubscription(core.db, sub),
          invoice: inv ? renderInvoice(core.db, inv, publicUrl()) : null,
          events: events.map(eventSummary),
        });
        return;
      }
      // SEPA debits still processing settle now, as their IBAN says (sepa.ts); ?session= / ?invoice= / ?subscription= narrow it.
      if (path === '/test/debits/settle' && method === 'POST') {
        const q = url.searchParams;
        const { settled, events } = settleDebits(
          core,
          {
            session: q.get('session'),
            invoice: q.get('invoice'),
            subscription: q.get('subscription'),
          },
          q.get('result'),
        );
        await deliverAll(events);
        sendJson(res, 200, { settled, events: events.map(eventSummary) });
        return;
      }
      if (path === '/test/events' && method === 'GET') {
        const type = url.searchParams.get('type');
        const data = Object.values(core.db.events)
          .reverse()
          .filter((e) => !type || e.event.type === type)
          .map((e) => ({
            ...eventSummary(e),
            created: e.event.created,
            object_id: ((e.event.data as Json).object as Json).id,
            event: e.event,
          }));
        sendJson(res, 200, { object: 'list', data, has_more: false, url: '/test/events' });
        return;
      }
      m = path.match(/^\/test\/events\/([^/]+)\/resend$/);
      if (m && method === 'POST') {
        const rec = core.db.events[m[1]];
        if (!rec) throw new ApiError(404, `No such event: '${m[1]}'`, 'id', 'resource_missing');
        const attempt = await webhooks.attempt(rec);
        sendJson(res, 200, { ...eventSummary(rec), attempt });
        return;
      }
      if (path === '/test/faults' && (method === 'POST' || method === 'DELETE' || method === 'GET')) {
        if (method === 'DELETE') faults = [];
        if (method === 'POST') faults.push(faultOf(url.searchParams));
        sendJson(res, 200, { faults });
        return;
      }
      if (path === '/test/webhooks/flush' && method === 'POST') {
        await webhooks.flush();
        sendJson(res, 200, { ok: true });
        return;
      }
      // Webhooks held back (queued, not sent) until released: the late webhooks a browser journey waits through.
      if ((path === '/test/webhooks/hold' || path === '/test/webhooks/release') && method === 'POST') {
        if (path.endsWith('/hold')) webhooks.hold();
        else webhooks.release();
        sendJson(res, 200, { held: webhooks.held, waiting: webhooks.waiting });
        return;
      }
      throw new ApiError(404, `Unrecognized test control (${method}: ${path}).`);
    } catch (err) {
      if (err instanceof ApiError) sendJson(res, err.status, err.toJSON());
      else throw err;
    }
  }

  // ---- server ---------------------------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    if (path.startsWith('/v1/')) return handleApi(req, res, url, method);
    if (path.startsWith('/test/')) return handleTest(req, res, url, method);
    let m = path.match(/^\/checkout\/([^/]+)(?:\/(pay|cancel|authenticate))?\/?$/);
    if (m) return handleCheckout({ req, res, id: m[1], action: m[2], method });
    m = path.match(/^\/invoices\/([^/]+)(\/pdf|\/pay|\/confirm|\/authenticate)?\/?$/);
    if (m) return handleInvoice({ req, res, id: m[1], action: m[2], method });
    if (path === '/' && method === 'GET') {
      sendHtml(
        res,
        200,
        messagePage(
          'Stripe sandbox',
          `API : ${publicUrl()}/v1 — clé ${SANDBOX_SECRET_KEY}. Webhooks : ${webhookUrl ?? 'aucune URL configurée'}.`,
        ),
      );
      return;
    }
    sendHtml(res, 404, messagePage('Page introuvable', "Cette page n'existe pas."));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError || err instanceof ApiError ? err.status : 500;
      if (status === 500) log(`${req.method} ${req.url}: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent)
        sendJson(res, status, { error: { type: status === 500 ? 'api_error' : 'invalid_request_error', message: (err as Error).message } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  resumeAdvancing(core);
  const reachableHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${reachableHost}:${port}`;
  log(
    delivery.mode === 'stripe'
      ? `webhooks as Stripe sends them: any order, side by side, up to ${delivery.maxDelayMs} ms late, some twice, some first attempts failed and retried; seed ${delivery.seed} (${DELIVERY_ENV.seed}=${delivery.seed} replays it)`
      : `webhooks in order, each sent at once (${DELIVERY_ENV.mode}=ordered)`,
  );

  return {
    url,
    port,
    setWebhookUrl(next: string) {
      webhookUrl = next;
    },
    flushWebhooks: () => webhooks.flush(),
    pendingWebhooks: () => webhooks.pending,
    webhookDelivery: delivery,
    async close() {
      webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      core.save();
    },
  };
}
