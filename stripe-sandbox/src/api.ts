/** The /v1 REST subset: one handler per route, reading params the way Stripe does and returning Stripe's JSON. */
import { cardError, entryDecline, readCard, TEST_TOKENS } from './cards.ts';
import { clockForNewCustomer, clockRoutes } from './clocks.ts';
import { SandboxCore, type EventRequest } from './core.ts';
import { AUTHENTICATION_TOKENS, expireIfDue } from './three-d-secure.ts';
import { ApiError, P, freshMetadata, applyMetadata, missing, noSuch, type Json } from './params.ts';
import {
  renderCharge,
  renderCustomer,
  renderLiveCustomer,
  renderInvoice,
  invoiceLineItems,
  renderInvoicePayment,
  renderPaymentIntent,
  renderPaymentMethod,
  renderPrice,
  renderProduct,
  renderRefund,
  renderSession,
  renderSessionLineItems,
  renderSetupIntent,
  renderSubscription,
} from './render.ts';
import { checkoutMethods, renderMandate } from './sepa.ts';
import { now, randomId, type AddressRec, type EventRec, type PriceRec, type SessionLine, type SessionRec } from './store.ts';

export interface ApiResult {
  body: Json;
  events?: EventRec[];
}

type Handler = (core: SandboxCore, m: RegExpMatchArray, p: P, req: EventRequest) => ApiResult;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

const ID = '([A-Za-z0-9_\\-.]+)';
const routes: Route[] = [];
const route = (method: string, path: string, handler: Handler): void => {
  routes.push({ method, pattern: new RegExp(`^${path.replace(/:id/g, ID)}$`), handler });
};

export function findRoute(method: string, path: string): { handler: Handler; match: RegExpMatchArray } | 'method' | undefined {
  let pathMatched = false;
  for (const r of routes) {
    const match = path.match(r.pattern);
    if (!match) continue;
    pathMatched = true;
    if (r.method === method) return { handler: r.handler, match };
  }
  return pathMatched ? 'method' : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function email(p: P, key: string): string | null | undefined {
  const v = p.nullableStr(key);
  if (v && !EMAIL.test(v)) throw new ApiError(400, `Invalid email address: ${v}`, p.name(key), 'email_invalid');
  return v;
}

/** Stripe's list envelope over newest-first items: limit (1–100, default 10), starting_after, ending_before. */
function paginate<T extends { id: string }>(items: T[], p: P, url: string, render: (t: T) => Json, kind: string): Json {
  const limit = p.int('limit', false, 1) ?? 10;
  if (limit > 100) throw new ApiError(400, 'This value must be less than or equal to 100.', 'limit', 'parameter_invalid_integer');
  const after = p.str('starting_after');
  const before = p.str('ending_before');
  let slice: T[];
  let hasMore: boolean;
  if (after) {
    const i = items.findIndex((x) => x.id === after);
    if (i < 0) throw noSuch(kind, after, 'starting_after', 400);
    slice = items.slice(i + 1);
    hasMore = slice.length > limit;
    slice = slice.slice(0, limit);
  } else if (before) {
    const i = items.findIndex((x) => x.id === before);
    if (i < 0) throw noSuch(kind, before, 'ending_before', 400);
    const head = items.slice(0, i);
    hasMore = head.length > limit;
    slice = head.slice(Math.max(0, head.length - limit));
  } else {
    hasMore = items.length > limit;
    slice = items.slice(0, limit);
  }
  return { object: 'list', data: slice.map(render), has_more: hasMore, url };
}

const newestFirst = <T>(record: Record<string, T>): T[] => Object.values(record).reverse();

/**
 * `address[line1]`, `address[postal_code]`… as Stripe reads a customer's address: each field sent replaces its value
 * ('' unsets it), the others are kept; `address=` (empty) removes the address. undefined: not sent.
 */
function address(p: P, current: AddressRec | null | undefined): AddressRec | null | undefined {
  if (!p.has('address')) return undefined;
  if (p.raw.address === '') {
    p.nullableStr('address');
    return null;
  }
  const a = p.obj('address')!;
  const next: AddressRec = { line1: null, line2: null, postal_code: null, city: null, state: null, country: null, ...current };
  for (const key of ['line1', 'line2', 'postal_code', 'city', 'state', 'country'] as const) {
    const v = a.nullableStr(key);
    if (v !== undefined) next[key] = v;
  }
  if (next.country !== null && !/^[A-Z]{2}$/.test(next.country))
    throw new ApiError(
      400,
      `Country '${next.country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`,
      'address[country]',
      'country_code_invalid',
    );
  return next;
}

// ---- customers ----------------------------------------------------------------------------------------------------

route('POST', '/v1/customers', (core, _m, p, req) => {
  const addr = address(p, null);
  // On a test clock: made at the clock's frozen time (index.ts runs the request at it), and living on it.
  const clockId = p.str('test_clock');
  const clock = clockId ? clockForNewCustomer(core, clockId) : undefined;
  const c = core.createCustomer({
    email: email(p, 'email') ?? null,
    name: p.nullableStr('name') ?? null,
    metadata: freshMetadata(p.metadata()),
  });
  c.phone = p.nullableStr('phone') ?? null;
  c.address = addr ?? null;
  c.description = p.nullableStr('description') ?? null;
  c.preferred_locales = p.strings('preferred_locales') ?? [];
  if (clock) c.test_clock = clock.id;
  const events = [core.emit('customer.created', renderLiveCustomer(c), req)];
  core.save();
  return { body: renderCustomer(c), events };
});

function customer(core: SandboxCore, id: string) {
  const c = core.db.customers[id];
  if (!c) throw noSuch('customer', id);
  return c;
}

route('GET', '/v1/customers/:id', (core, m) => ({ body: renderCustomer(customer(core, m[1])) }));

route('POST', '/v1/customers/:id', (core, m, p, req) => {
  const c = customer(core, m[1]);
  if (c.deleted) throw new ApiError(404, `No such customer: '${c.id}'`, 'id', 'resource_missing');
  const before = renderLiveCustomer(c);
  const addr = address(p, c.address);
  const e = email(p, 'email');
  if (e !== undefined) c.email = e;
  const name = p.nullableStr('name');
  if (name !== undefined) c.name = name;
  const phone = p.nullableStr('phone');
  if (phone !== undefined) c.phone = phone;
  if (addr !== undefined) c.address = addr;
  const description = p.nullableStr('description');
  if (description !== undefined) c.description = description;
  const locales = p.strings('preferred_locales');
  if (locales) c.preferred_locales = locales;
  const settings = p.obj('invoice_settings');
  const defaultPm = settings?.nullableStr('default_payment_method');
  // Validated before anything changes: the PaymentMethod must be attached to this customer ('' unsets it).
  if (defaultPm) core.attachedPaymentMethod(c.id, defaultPm, 'invoice_settings[default_payment_method]');
  if (defaultPm !== undefined) c._default_payment_method = defaultPm;
  c.metadata = applyMetadata(c.metadata, p.metadata());
  const after = renderLiveCustomer(c);
  const previous = SandboxCore.diff(before, after);
  const events = Object.keys(previous).length ? [core.emit('customer.updated', after, req, previous)] : [];
  core.save();
  return { body: renderCustomer(c), events };
});

route('GET', '/v1/customers/:id/payment_methods', (core, m, p) => {
  const c = customer(core, m[1]);
  const type = p.str('type');
  const items = newestFirst(core.db.paymentMethods).filter((pm) => pm.customer === c.id && (!type || pm.type === type));
  return { body: paginate(items, p, `/v1/customers/${c.id}/payment_methods`, renderPaymentMethod, 'payment_method') };
});

route('GET', '/v1/customers/:id/payment_methods/:id', (core, m) => {
  const c = customer(core, m[1]);
  const pm = core.paymentMethod(m[2]);
  if (pm.customer !== c.id) throw new ApiError(404, `No such PaymentMethod: '${m[2]}'`, 'id', 'resource_missing');
  return { body: renderPaymentMethod(pm) };
});

route('DELETE', '/v1/customers/:id', (core, m, _p, req) => {
  const c = customer(core, m[1]);
  if (c.deleted) throw new ApiError(404, `No such customer: '${c.id}'`, 'id', 'resource_missing');
  const last = renderLiveCustomer(c);
  c.deleted = true;
  const events = [core.emit('customer.deleted', last, req)];
  core.save();
  return { body: renderCustomer(c), events };
});

route('GET', '/v1/customers', (core, _m, p) => {
  const e = p.str('email');
  const items = newestFirst(core.db.customers).filter((c) => !c.deleted && (e === undefined || c.email === e));
  return { body: paginate(items, p, '/v1/customers', renderCustomer, 'customer') };
});

// ---- payment methods ----------------------------------------------------------------------------------------------

route('GET', '/v1/payment_methods', (core, _m, p) => {
  const cust = p.str('customer');
  const type = p.str('type');
  if (cust && !core.db.customers[cust]) throw noSuch('customer', cust, 'customer', 400);
  const items = newestFirst(core.db.paymentMethods).filter((pm) => (!cust || pm.customer === cust) && (!type || pm.type === type));
  return { body: paginate(items, p, '/v1/payment_methods', renderPaymentMethod, 'payment_method') };
});

route('GET', '/v1/payment_methods/:id', (core, m) => ({ body: renderPaymentMethod(core.paymentMethod(m[1])) }));

/**
 * Attaches a stored PaymentMethod, or one of Stripe's test tokens (pm_card_visa, pm_card_chargeCustomerFail…: a new
 * pm_… is created), to a customer. Cards refused at entry (pm_card_visa_chargeDeclined…) answer a 402 card error.
 */
route('POST', '/v1/payment_methods/:id/attach', (core, m, p, req) => {
  const custId = p.str('customer', true)!;
  const c = core.db.customers[custId];
  if (!c || c.deleted) throw noSuch('customer', custId, 'customer', 400);
  const token = TEST_TOKENS[m[1]] ?? AUTHENTICATION_TOKENS[m[1]];
  if (token) {
    const card = readCard(token, undefined);
    const decline = entryDecline(card);
    if (decline) throw cardError(decline);
    const pm = core.createPaymentMethod(card, c.id, { name: c.name, email: c.email });
    const events = [core.emit('payment_method.attached', renderPaymentMethod(pm), req)];
    core.save();
    return { body: renderPaymentMethod(pm), events };
  }
  const pm = core.paymentMethod(m[1]);
  if (pm.customer && pm.customer !== c.id)
    throw new ApiError(
      400,
      'The payment method you provided has already been attached to a customer.',
      undefined,
      'payment_method_unexpected_state',
    );
  const events = pm.customer === c.id ? [] : [core.emit('payment_method.attached', renderPaymentMethod({ ...pm, customer: c.id }), req)];
  pm.customer = c.id;
  core.save();
  return { body: renderPaymentMethod(pm), events };
});

/** Detaches a PaymentMethod; it stops being its customer's (and any subscription's) default payment method. */
route('POST', '/v1/payment_methods/:id/detach', (core, m, _p, req) => {
  const pm = core.paymentMethod(m[1]);
  if (!pm.customer)
    throw new ApiError(400, `The payment method ${pm.id} is not attached to a customer.`, undefined, 'payment_method_unexpected_state');
  const c = core.db.customers[pm.customer];
  if (c?._default_payment_method === pm.id) c._default_payment_method = null;
  for (const sub of Object.values(core.db.subscriptions)) if (sub.default_payment_method === pm.id) sub.default_payment_method = null;
  pm.customer = null;
  const events = [core.emit('payment_method.detached', renderPaymentMethod(pm), req, { customer: c?.id ?? null })];
  core.save();
  return { body: renderPaymentMethod(pm), events };
});

// ---- payments: PaymentIntents, charges, invoice payments, refunds, SetupIntents ------------------------------------

route('GET', '/v1/payment_intents/:id', (core, m) => {
  const pi = core.db.paymentIntents[m[1]];
  if (!pi) throw noSuch('payment_intent', m[1]);
  return { body: renderPaymentIntent(pi, core.db, core.publicUrl()) };
});

route('GET', '/v1/payment_intents', (core, _m, p) => {
  const cust = p.str('customer');
  const items = newestFirst(core.db.paymentIntents).filter((pi) => !cust || pi.customer === cust);
  return { body: paginate(items, p, '/v1/payment_intents', (x) => renderPaymentIntent(x, core.db, core.publicUrl()), 'payment_intent') };
});

route('GET', '/v1/charges/:id', (core, m) => {
  const ch = core.db.charges[m[1]];
  if (!ch) throw noSuch('charge', m[1]);
  return { body: renderCharge(ch) };
});

route('GET', '/v1/charges', (core, _m, p) => {
  const cust = p.str('customer');
  const pi = p.str('payment_intent');
  const items = newestFirst(core.db.charges).filter((ch) => (!cust || ch.customer === cust) && (!pi || ch.payment_intent === pi));
  return { body: paginate(items, p, '/v1/charges', renderCharge, 'charge') };
});

route('GET', '/v1/invoice_payments/:id', (core, m) => {
  const ip = core.db.invoicePayments[m[1]];
  if (!ip) throw noSuch('invoice_payment', m[1]);
  return { body: renderInvoicePayment(ip) };
});

route('GET', '/v1/invoice_payments', (core, _m, p) => {
  const inv = p.str('invoice');
  const status = p.oneOf('status', ['canceled', 'open', 'paid'] as const);
  const payment = p.obj('payment');
  const pi = payment?.str('payment_intent');
  const items = newestFirst(core.db.invoicePayments).filter(
    (ip) => (!inv || ip.invoice === inv) && (!status || ip.status === status) && (!pi || ip.payment_intent === pi),
  );
  return { body: paginate(items, p, '/v1/invoice_payments', renderInvoicePayment, 'invoice_payment') };
});

route('POST', '/v1/refunds', (core, _m, p, req) => {
  const target = { charge: p.str('charge'), payment_intent: p.str('payment_intent') };
  const amount = p.int('amount', false, 1);
  const reason = p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null;
  const { refund, events } = core.refund(target, { amount, reason, metadata: freshMetadata(p.metadata()) }, req);
  return { body: renderRefund(refund), events };
});

route('GET', '/v1/mandates/:id', (core, m) => {
  const mandate = core.db.mandates?.[m[1]];
  if (!mandate) throw noSuch('mandate', m[1]);
  return { body: renderMandate(mandate, core.publicUrl()) };
});

route('GET', '/v1/refunds/:id', (core, m) => {
  const r = core.db.refunds[m[1]];
  if (!r) throw noSuch('refund', m[1]);
  return { body: renderRefund(r) };
});

route('GET', '/v1/refunds', (core, _m, p) => {
  const pi = p.str('payment_intent');
  const ch = p.str('charge');
  const items = newestFirst(core.db.refunds).filter((r) => (!pi || r.payment_intent === pi) && (!ch || r.charge === ch));
  return { body: paginate(items, p, '/v1/refunds', renderRefund, 'refund') };
});

route('GET', '/v1/setup_intents/:id', (core, m) => {
  const si = core.db.setupIntents[m[1]];
  if (!si) throw noSuch('setup_intent', m[1]);
  return { body: renderSetupIntent(si) };
});

route('GET', '/v1/setup_intents', (core, _m, p) => {
  const cust = p.str('customer');
  const items = newestFirst(core.db.setupIntents).filter((si) => !cust || si.customer === cust);
  return { body: paginate(items, p, '/v1/setup_intents', renderSetupIntent, 'setup_intent') };
});

// ---- products -----------------------------------------------------------------------------------------------------

route('POST', '/v1/products', (core, _m, p) => {
  const id = p.str('id') ?? randomId('prod_', 14);
  if (core.db.products[id]) throw new ApiError(400, `Product already exists.`, 'id', 'resource_already_exists');
  const t = now();
  const product = {
    id,
    object: 'product' as const,
    active: p.bool('active') ?? true,
    created: t,
    updated: t,
    name: p.str('name', true)!,
    description: p.nullableStr('description') ?? null,
    metadata: freshMetadata(p.metadata()),
  };
  core.db.products[id] = product;
  core.save();
  return { body: renderProduct(product) };
});

function product(core: SandboxCore, id: string) {
  const pr = core.db.products[id];
  if (!pr) throw noSuch('product', id);
  return pr;
}

route('GET', '/v1/products/:id', (core, m) => ({ body: renderProduct(product(core, m[1])) }));

route('POST', '/v1/products/:id', (core, m, p) => {
  const pr = product(core, m[1]);
  const name = p.str('name');
  if (name !== undefined) pr.name = name;
  const description = p.nullableStr('description');
  if (description !== undefined) pr.description = description;
  const active = p.bool('active');
  if (active !== undefined) pr.active = active;
  pr.metadata = applyMetadata(pr.metadata, p.metadata());
  pr.updated = now();
  core.save();
  return { body: renderProduct(pr) };
});

route('GET', '/v1/products', (core, _m, p) => {
  const active = p.bool('active');
  const ids = p.strings('ids');
  const items = newestFirst(core.db.products).filter((x) => (active === undefined || x.active === active) && (!ids || ids.includes(x.id)));
  return { body: paginate(items, p, '/v1/products', renderProduct, 'product') };
});

// ---- prices -------------------------------------------------------------------------------------------------------

function assignLookupKey(core: SandboxCore, price: PriceRec, key: string | null, transfer: boolean, param = 'lookup_key'): void {
  if (key && key.length > 200) throw new ApiError(400, 'Lookup keys can be up to 200 characters long.', param);
  if (key) {
    const holder = Object.values(core.db.prices).find((x) => x.lookup_key === key && x.id !== price.id);
    if (holder && !transfer) {
      throw new ApiError(
        400,
        `A price (\`${holder.id}\`) already uses that lookup key. Pass \`transfer_lookup_key=true\` to move the lookup key to this price.`,
        param,
        'lookup_key_already_used',
      );
    }
    if (holder) holder.lookup_key = null;
  }
  price.lookup_key = key;
}

function readPrice(core: SandboxCore, p: P, requireProduct = true): PriceRec {
  const currency = p.str('currency', true)!.toLowerCase();
  let productId = p.str('product');
  const productData = p.obj('product_data');
  if (productId && productData)
    throw new ApiError(400, 'You may only specify one of these parameters: product, product_data.', p.name('product_data'));
  if (productId && !core.db.products[productId]) throw noSuch('product', productId, p.name('product'), 400);
  if (!productId && productData) {
    const t = now();
    productId = randomId('prod_', 14);
    core.db.products[productId] = {
      id: productId,
      object: 'product',
      active: productData.bool('active') ?? true,
      created: t,
      updated: t,
      name: productData.str('name', true)!,
      description: productData.nullableStr('description') ?? null,
      metadata: freshMetadata(productData.metadata()),
    };
  }
  if (!productId && requireProduct) throw missing(p.name('product'));
  const unitAmount = p.int('unit_amount') ?? (p.has('unit_amount_decimal') ? Math.round(Number(p.str('unit_amount_decimal'))) : undefined);
  if (unitAmount === undefined || Number.isNaN(unitAmount)) throw missing(p.name('unit_amount'));
  const rec = p.obj('recurring');
  let recurring: PriceRec['recurring'] = null;
  if (rec) {
    const interval = rec.oneOf('interval', ['day', 'week', 'month', 'year'] as const, true)!;
    recurring = { interval, interval_count: rec.int('interval_count', false, 1) ?? 1 };
    const usage = rec.str('usage_type');
    if (usage && usage !== 'licensed')
      throw new ApiError(400, 'Stripe sandbox: only licensed (per-seat) recurring prices are supported.', rec.name('usage_type'));
  }
  return {
    id: randomId('price_'),
    object: 'price',
    active: p.bool('active') ?? true,
    created: now(),
    currency,
    unit_amount: unitAmount,
    type: recurring ? 'recurring' : 'one_time',
    recurring,
    lookup_key: null,
    nickname: p.nullableStr('nickname') ?? null,
    product: productId!,
    metadata: freshMetadata(p.metadata()),
    tax_behavior: p.oneOf('tax_behavior', ['exclusive', 'inclusive', 'unspecified'] as const) ?? 'unspecified',
  };
}

route('POST', '/v1/prices', (core, _m, p) => {
  const price = readPrice(core, p);
  assignLookupKey(core, price, p.str('lookup_key') ?? null, p.bool('transfer_lookup_key') ?? false);
  core.db.prices[price.id] = price;
  core.save();
  return { body: renderPrice(price) };
});

route('GET', '/v1/prices/:id', (core, m) => ({ body: renderPrice(core.price(m[1], 'id')) }));

route('POST', '/v1/prices/:id', (core, m, p) => {
  const price = core.price(m[1], 'id');
  const active = p.bool('active');
  if (active !== undefined) price.active = active;
  const nickname = p.nullableStr('nickname');
  if (nickname !== undefined) price.nickname = nickname;
  const key = p.nullableStr('lookup_key');
  if (key !== undefined) assignLookupKey(core, price, key, p.bool('transfer_lookup_key') ?? false);
  price.metadata = applyMetadata(price.metadata, p.metadata());
  core.save();
  return { body: renderPrice(price) };
});

route('GET', '/v1/prices', (core, _m, p) => {
  const active = p.bool('active');
  const keys = p.strings('lookup_keys');
  if (keys && keys.length > 10) throw new ApiError(400, 'You may only specify up to 10 lookup keys.', 'lookup_keys');
  const productId = p.str('product');
  const type = p.oneOf('type', ['one_time', 'recurring'] as const);
  const currency = p.str('currency')?.toLowerCase();
  const items = newestFirst(core.db.prices).filter(
    (x) =>
      (active === undefined || x.active === active) &&
      (!keys || (x.lookup_key !== null && keys.includes(x.lookup_key))) &&
      (!productId || x.product === productId) &&
      (!type || x.type === type) &&
      (!currency || x.currency === currency),
  );
  return { body: paginate(items, p, '/v1/prices', renderPrice, 'price') };
});

// ---- checkout sessions --------------------------------------------------------------------------------------------

route('POST', '/v1/checkout/sessions', (core, _m, p) => {
  const mode = p.oneOf('mode', ['payment', 'subscription', 'setup'] as const, true)!;
  const customerId = p.str('customer');
  const customerEmail = email(p, 'customer_email') ?? null;
  if (customerId && customerEmail)
    throw new ApiError(400, 'You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  if (customerId && (!core.db.customers[customerId] || core.db.customers[customerId].deleted))
    throw noSuch('customer', customerId, 'customer', 400);

  const lines: SessionLine[] = [];
  const prices: PriceRec[] = [];
  if (mode === 'setup') {
    // Setup mode saves a card for later: no line items, and (in the sandbox) an existing customer to attach it to.
    if (p.has('line_items')) throw new ApiError(400, 'You can not pass `line_items` in `setup` mode.', 'line_items');
    if (!customerId)
      throw new ApiError(
        400,
        'Stripe sandbox: a `setup` mode Checkout Session needs a `customer` (the card saved is attached to it).',
        'customer',
        'parameter_missing',
      );
    const types = p.strings('payment_method_types');
    if (types && types.some((t) => t !== 'card'))
      throw new ApiError(400, 'Stripe sandbox: only the `card` payment method type is supported.', 'payment_method_types');
  } else {
    const lineParams = p.objects('line_items', true)!;
    if (lineParams.length === 0) throw missing('line_items');
    lineParams.forEach((lp) => {
      let price: PriceRec;
      const priceId = lp.str('price');
      const priceData = lp.obj('price_data');
      if (priceId) {
        price = core.price(priceId, lp.name('price'), 400);
        if (!price.active)
          throw new ApiError(400, `The price specified is inactive. This field only accepts active prices.`, lp.name('price'));
      } else if (priceData) {
        price = readPrice(core, priceData);
        core.db.prices[price.id] = { ...price, active: false };
        price = core.db.prices[price.id];
      } else {
        throw missing(lp.name('price'));
      }
      const quantity = lp.int('quantity', true, 1)!;
      lines.push({ id: randomId('li_'), price: price.id, quantity });
      prices.push(price);
    });
    const currencies = new Set(prices.map((x) => x.currency));
    if (currencies.size > 1) throw new ApiError(400, 'All prices on a Checkout Session must have the same currency.', 'line_items');
    const recurring = prices.filter((x) => x.type === 'recurring');
    if (mode === 'subscription' && recurring.length === 0) {
      throw new ApiError(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
    }
    if (mode === 'payment' && recurring.length > 0) {
      throw new ApiError(
        400,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        'line_items',
      );
    }
    const intervals = new Set(recurring.map((x) => `${x.recurring!.interval}/${x.recurring!.interval_count}`));
    if (intervals.size > 1)
      throw new ApiError(400, 'Checkout does not support multiple prices with different billing intervals.', 'line_items');
  }

  const url = (key: string): string | null => {
    const v = p.str(key);
    if (v === undefined) return null;
    try {
      new URL(v.replace(/\{CHECKOUT_SESSION_ID\}/g, 'cs'));
    } catch {
      throw new ApiError(400, 'Not a valid URL', key, 'url_invalid');
    }
    return v;
  };
  const subData = p.obj('subscription_data');
  if (subData && mode !== 'subscription')
    throw new ApiError(400, 'You can only pass in subscription_data in `subscription` mode.', 'subscription_data');
  const setupData = p.obj('setup_intent_data');
  if (setupData && mode !== 'setup')
    throw new ApiError(400, 'You can only pass in setup_intent_data in `setup` mode.', 'setup_intent_data');
  const clientRef = p.str('client_reference_id') ?? null;
  if (clientRef && clientRef.length > 200)
    throw new ApiError(400, 'client_reference_id must be at most 200 characters.', 'client_reference_id');
  const t = now();
  const expiresAt = p.int('expires_at') ?? t + 24 * 3600;
  if (expiresAt < t + 30 * 60 - 5 || expiresAt > t + 24 * 3600 + 5) {
    throw new ApiError(
      400,
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  const currencyParam = p.str('currency')?.toLowerCase();
  // What the session offers (sepa.ts): the account's methods (card, and sepa_debit in euros) filtered by
  // allowed_payment_method_types (this API version's parameter), or exactly payment_method_types (the older one).
  const methods = mode === 'setup' ? undefined : checkoutMethods(p, prices[0]?.currency ?? currencyParam ?? 'eur');
  const total = mode === 'setup' ? null : prices.reduce((sum, price, i) => sum + price.unit_amount * lines[i].quantity, 0);
  const session: SessionRec = {
    id: randomId('cs_test_', 58),
    object: 'checkout.session',
    created: t,
    expires_at: expiresAt,
    mode,
    status: 'open',
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    currency: prices[0]?.currency ?? currencyParam ?? null,
    customer: customerId ?? null,
    customer_email: customerEmail,
    customer_details: null,
    subscription: null,
    invoice: null,
    metadata: freshMetadata(p.metadata()),
    client_reference_id: clientRef,
    success_url: url('success_url'),
    cancel_url: url('cancel_url'),
    locale: p.str('locale') ?? null,
    amount_subtotal: total,
    amount_total: total,
    payment_intent: null,
    setup_intent: null,
    _lines: lines,
    ...(methods ? { _payment_method_types: methods.offered, _allowed_payment_method_types: methods.allowed } : {}),
    _subscription_data: { metadata: freshMetadata(subData?.metadata()), description: subData?.str('description') ?? null },
    ...(mode === 'setup'
      ? { _setup_intent_data: { metadata: freshMetadata(setupData?.metadata()), description: setupData?.str('description') ?? null } }
      : {}),
  };
  for (const k of [...(subData?.unused() ?? []), ...(setupData?.unused() ?? [])])
    core.log(`ignored parameter ${k} (not simulated by the sandbox)`);
  core.db.sessions[session.id] = session;
  core.save();
  return { body: renderSession(session, core.publicUrl()) };
});
export function sessionById(core: SandboxCore, id: string): SessionRec {
  const s = core.db.sessions[id];
  if (!s) throw noSuch('checkout.session', id);
  if (s.status === 'open' && s.expires_at <= now()) {
    s.status = 'expired';
    core.save();
  }
  return s;
}

route('GET', '/v1/checkout/sessions/:id', (core, m) => ({ body: renderSession(sessionById(core, m[1]), core.publicUrl()) }));

route('GET', '/v1/checkout/sessions/:id/line_items', (core, m, p) => {
  const s = sessionById(core, m[1]);
  const all = renderSessionLineItems(core.db, s).data as (Json & { id: string })[];
  return { body: paginate(all, p, `/v1/checkout/sessions/${s.id}/line_items`, (x) => x, 'line_item') };
});

route('POST', '/v1/checkout/sessions/:id/expire', (core, m, _p, req) => {
  const s = sessionById(core, m[1]);
  if (s.status !== 'open')
    throw new ApiError(
      400,
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
    );
  s.status = 'expired';
  const events = [core.emit('checkout.session.expired', renderSession(s, core.publicUrl()), req)];
  core.save();
  return { body: renderSession(s, core.publicUrl()), events };
});

route('GET', '/v1/checkout/sessions', (core, _m, p) => {
  const cust = p.str('customer');
  const sub = p.str('subscription');
  const status = p.oneOf('status', ['open', 'complete', 'expired'] as const);
  const items = newestFirst(core.db.sessions).filter(
    (s) => (!cust || s.customer === cust) && (!sub || s.subscription === sub) && (!status || s.status === status),
  );
  return { body: paginate(items, p, '/v1/checkout/sessions', (s) => renderSession(s, core.publicUrl()), 'checkout.session') };
});

// ---- subscriptions ------------------------------------------------------------------------------------------------

route('GET', '/v1/subscriptions/:id', (core, m) => {
  const sub = core.subscription(m[1]);
  const events = expireIfDue(core, sub);
  return { body: renderSubscription(core.db, sub), events };
});

route('GET', '/v1/subscriptions', (core, _m, p) => {
  const cust = p.str('customer');
  const price = p.str('price');
  const status = p.oneOf('status', [
    'active',
    'past_due',
    'unpaid',
    'canceled',
    'incomplete',
    'incomplete_expired',
    'trialing',
    'paused',
    'all',
    'ended',
  ] as const);
  const items = newestFirst(core.db.subscriptions).filter(
    (s) =>
      (!cust || s.customer === cust) &&
      (!price || s._items.some((i) => i.price === price)) &&
      (status === 'all' || (status === 'ended' ? s.status === 'canceled' : status ? s.status === status : s.status !== 'canceled')),
  );
  return { body: paginate(items, p, '/v1/subscriptions', (s) => renderSubscription(core.db, s), 'subscription') };
});

route('POST', '/v1/subscriptions/:id', (core, m, p, req) => {
  const sub = core.subscription(m[1]);
  const items = p.objects('items')?.map((ip) => {
    const deleted = ip.bool('deleted');
    return {
      id: ip.str('id'),
      price: ip.str('price'),
      quantity: ip.int('quantity', false, 0),
      deleted,
      param: ip.path.reduce((a, x, i) => (i === 0 ? x : `${a}[${x}]`), ''),
    };
  });
  const proration = p.oneOf('proration_behavior', ['create_prorations', 'always_invoice', 'none'] as const) ?? 'create_prorations';
  const cancelAt = p.nullableStr('cancel_at');
  if (cancelAt !== undefined && cancelAt !== null)
    throw new ApiError(400, 'Stripe sandbox: cancel_at with a date is not supported; use cancel_at_period_end.', 'cancel_at');
  const behavior = p.oneOf('payment_behavior', [
    'allow_incomplete',
    'default_incomplete',
    'error_if_incomplete',
    'pending_if_incomplete',
  ] as const);
  const expired = expireIfDue(core, sub);
  const change = {
    items,
    proration,
    cancelAtPeriodEnd: p.bool('cancel_at_period_end'),
    clearCancelAt: cancelAt === null,
    metadata: p.metadata(),
    description: p.nullableStr('description'),
    defaultPaymentMethod: p.nullableStr('default_payment_method'),
    cancellationDetails: cancellationDetails(p),
    paymentBehavior: behavior === 'error_if_incomplete' || behavior === 'pending_if_incomplete' ? behavior : ('allow_incomplete' as const),
  };
  if (behavior === 'pending_if_incomplete') {
    // Stripe: a pending update takes only what it can apply later (items, proration), nothing else.
    const other = ['cancel_at_period_end', 'cancel_at', 'metadata', 'description', 'default_payment_method', 'cancellation_details'].find(
      (k) => p.has(k),
    );
    if (other)
      throw new ApiError(
        400,
        `When using \`payment_behavior=pending_if_incomplete\`, you can only pass the parameters supported by pending updates: \`${other}\` is not one of them.`,
        other,
      );
  }
  const events = [...expired, ...core.updateSubscription(sub, change, req)];
  return { body: renderSubscription(core.db, sub), events };
});

const FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;
type Feedback = (typeof FEEDBACK)[number];

function cancellationDetails(p: P): { comment?: string | null; feedback?: Feedback | null } | undefined {
  const d = p.obj('cancellation_details');
  if (!d) return undefined;
  const comment = d.nullableStr('comment');
  if (comment && comment.length > 5000)
    throw new ApiError(400, 'cancellation_details[comment] must be at most 5000 characters.', 'cancellation_details[comment]');
  const feedback = d.nullableStr('feedback');
  if (feedback && !FEEDBACK.includes(feedback as Feedback)) {
    throw new ApiError(
      400,
      `Invalid cancellation_details[feedback]: must be one of ${FEEDBACK.join(', ')}`,
      'cancellation_details[feedback]',
      'parameter_invalid_string',
    );
  }
  return { comment, feedback: feedback as Feedback | null | undefined };
}

/**
 * Ends the subscription now. invoice_now and prorate are accepted (Stripe's final invoice of pending prorations is
 * not simulated: they are dropped); cancellation_details' comment and feedback are kept.
 */
route('DELETE', '/v1/subscriptions/:id', (core, m, p, req) => {
  const sub = core.subscription(m[1]);
  p.bool('invoice_now');
  p.bool('prorate');
  const events = core.cancelNow(sub, req, cancellationDetails(p));
  return { body: renderSubscription(core.db, sub), events };
});

// ---- invoices -----------------------------------------------------------------------------------------------------

function invoice(core: SandboxCore, id: string) {
  const inv = core.db.invoices[id];
  if (!inv) throw noSuch('invoice', id);
  return inv;
}

route('GET', '/v1/invoices/:id', (core, m) => ({ body: renderInvoice(core.db, invoice(core, m[1]), core.publicUrl()) }));

route('GET', '/v1/invoices/:id/lines', (core, m, p) => {
  const inv = invoice(core, m[1]);
  return { body: paginate(invoiceLineItems(inv), p, `/v1/invoices/${inv.id}/lines`, (x) => x, 'line_item') };
});

/** Charges the card to use (subscription's default, else the customer's) or `payment_method` (one of the customer's). */
route('POST', '/v1/invoices/:id/pay', (core, m, p, req) => {
  const inv = invoice(core, m[1]);
  const pmId = p.str('payment_method');
  core.assertPayable(inv);
  const pm = pmId ? core.attachedPaymentMethod(inv.customer, pmId, 'payment_method') : undefined;
  p.bool('off_session');
  const events = core.payInvoice(inv, req, pm);
  return { body: renderInvoice(core.db, inv, core.publicUrl()), events };
});

/** Voids an open invoice: it can no longer be paid (its hosted page says so). */
route('POST', '/v1/invoices/:id/void', (core, m, _p, req) => {
  const inv = invoice(core, m[1]);
  const events = core.voidInvoice(inv, req);
  return { body: renderInvoice(core.db, inv, core.publicUrl()), events };
});

route('GET', '/v1/invoices', (core, _m, p) => {
  const cust = p.str('customer');
  const sub = p.str('subscription');
  const status = p.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
  const items = newestFirst(core.db.invoices).filter(
    (i) => (!cust || i.customer === cust) && (!sub || i.subscription === sub) && (!status || i.status === status),
  );
  return { body: paginate(items, p, '/v1/invoices', (i) => renderInvoice(core.db, i, core.publicUrl()), 'invoice') };
});

// ---- test clocks (clocks.ts) --------------------------------------------------------------------------------------

for (const [method, path, handler] of clockRoutes(paginate)) route(method, path, handler);

// ---- events -------------------------------------------------------------------------------------------------------

route('GET', '/v1/events/:id', (core, m) => {
  const rec = core.db.events[m[1]];
  if (!rec) throw noSuch('event', m[1]);
  return { body: rec.event };
});

route('GET', '/v1/events', (core, _m, p) => {
  const type = p.str('type');
  const types = p.strings('types');
  const match = (t: string): boolean =>
    (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types || types.includes(t));
  const items = newestFirst(core.db.events)
    .map((r) => r.event)
    .filter((e) => match(e.type));
  return { body: paginate(items, p, '/v1/events', (e) => e, 'event') };
});
