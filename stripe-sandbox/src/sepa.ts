/**
 * SEPA Direct Debit, as Stripe does it for API version 2026-10-28.endive: a delayed payment method. The hosted checkout
 * takes an IBAN and the account holder's name under the SEPA mandate text; the debit starts (`processing`: the
 * PaymentIntent processing, its Charge pending, the invoice open, the subscription active, the Checkout session
 * complete with `payment_status: 'unpaid'`) and settles later: succeeded (charge.succeeded, payment_intent.succeeded,
 * invoice.paid…, checkout.session.async_payment_succeeded) or failed (charge.failed, payment_intent.payment_failed,
 * invoice.payment_failed, the subscription past_due, checkout.session.async_payment_failed).
 *
 * Stripe's French test IBANs:
 *
 *   FR14 2004 1010 0505 0001 3M02 606   succeeds (right after the events that start it)
 *   FR30 2004 1010 0505 0001 3M02 609   succeeds "after a delay": when POST /test/debits/settle is called
 *   FR84 2004 1010 0505 0001 3M02 607   fails (right after the events that start it)
 *   FR79 2004 1010 0505 0001 3M02 600   fails "after a delay": when POST /test/debits/settle is called
 *
 * Any other valid IBAN of the SEPA zone succeeds at once. "After a delay" is a test control, never a timer: tests wait
 * for states, not for time.
 */
import { createHash } from 'node:crypto';
import { electronicFormatIBAN, extractIBAN, isSEPACountry, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type Stripe from 'stripe';
import { SandboxCore, type EventRequest } from './core.ts';
import { ApiError, type P } from './params.ts';
import { renderInvoicePayment, renderPaymentIntent, renderCharge, renderSession } from './render.ts';
import {
  now,
  randomId,
  type ChargeRec,
  type DebitOutcome,
  type EventRec,
  type InvoiceRec,
  type MandateRec,
  type PaymentIntentRec,
  type PaymentMethodRec,
  type SepaDetails,
  type SessionRec,
} from './store.ts';
import type { Wire } from './wire.ts';

const NO_REQUEST: EventRequest = { id: null, idempotency_key: null };

/** Stripe's French test IBANs and how their debits end. */
export const SEPA_TEST_IBANS: Record<string, DebitOutcome> = {
  FR1420041010050500013M02606: { result: 'succeeded', when: 'now' },
  FR3020041010050500013M02609: { result: 'succeeded', when: 'later' },
  FR8420041010050500013M02607: { result: 'failed', when: 'now' },
  FR7920041010050500013M02600: { result: 'failed', when: 'later' },
};

export const DEFAULT_IBAN = 'FR1420041010050500013M02606';

/** The payment method types the sandbox's account has enabled (its "dashboard"): cards, and SEPA debits in euros. */
export const CHECKOUT_METHOD_TYPES = ['card', 'sepa_debit'] as const;
export type CheckoutMethodType = (typeof CHECKOUT_METHOD_TYPES)[number];

/**
 * A Checkout session's payment methods, from its creation parameters: `allowed_payment_method_types` (this API
 * version's) filters the methods the account has enabled and that fit the session (sepa_debit only in euros);
 * `payment_method_types` (older versions') names them exactly; neither: every method enabled that fits. An unknown
 * type, or an empty result, is refused as Stripe refuses it (400).
 */
export function checkoutMethods(p: P, currency: string): { offered: CheckoutMethodType[]; allowed: string[] | null } {
  const allowed = p.strings('allowed_payment_method_types') ?? null;
  const exact = p.strings('payment_method_types');
  if (allowed && exact)
    throw new ApiError(
      400,
      'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.',
      'payment_method_types',
    );
  const param = exact ? 'payment_method_types' : 'allowed_payment_method_types';
  const asked = exact ?? allowed;
  const fits = (m: CheckoutMethodType): boolean => m === 'card' || currency === 'eur';
  if (asked) {
    const unknown = asked.find((m) => !CHECKOUT_METHOD_TYPES.includes(m as CheckoutMethodType));
    if (unknown !== undefined)
      throw new ApiError(
        400,
        `Stripe sandbox: the payment method type \`${unknown}\` is not enabled (card or sepa_debit).`,
        param,
        'payment_method_type_invalid',
      );
    if (exact && exact.includes('sepa_debit') && !fits('sepa_debit'))
      throw new ApiError(400, 'The payment method type `sepa_debit` only supports the currency `eur`.', param);
  }
  const offered = CHECKOUT_METHOD_TYPES.filter((m) => fits(m) && (!asked || asked.includes(m)));
  if (offered.length === 0)
    throw new ApiError(400, 'None of the payment method types given can be used with this Checkout Session.', param);
  return { offered, allowed };
}

/** The SEPA mandate the hosted checkout shows above its button (the text Stripe Checkout shows in French). */
export function mandateText(merchant: string): string {
  return `En fournissant vos informations de paiement et en confirmant ce paiement, vous autorisez (A) ${merchant} et Stripe, notre prestataire de services de paiement, à envoyer des instructions à votre banque pour débiter votre compte et (B) votre banque à débiter votre compte conformément à ces instructions. Vous bénéficiez d’un droit à remboursement par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle. Toute demande de remboursement doit être présentée dans un délai de 8 semaines à compter de la date de débit de votre compte. Vos droits sont expliqués dans un document disponible auprès de votre banque.`;
}

export interface SepaInput {
  iban: string;
  holder: string;
}

/**
 * Reads the hosted form's IBAN (spaces allowed, any case) and account holder. The IBAN is checked with `ibantools`:
 * its country (SEPA zone), length and format for that country, and its check digits (mod 97). The national key (the
 * French RIB key) is not checked, as Stripe does not: its own test IBANs that fail carry a wrong one. Errors are French
 * ApiErrors on `iban` / `account_holder`.
 */
export function readIban(rawIban: string | undefined, rawHolder: string | undefined): SepaInput {
  const iban = electronicFormatIBAN((rawIban ?? '').trim()) ?? '';
  if (!iban) throw new ApiError(400, 'Saisissez votre IBAN.', 'iban', 'parameter_missing');
  if (!SEPA_TEST_IBANS[iban]) {
    const { errorCodes } = validateIBAN(iban);
    const blocking = errorCodes.filter((c) => c !== ValidationErrorsIBAN.WrongAccountBankBranchChecksum);
    const shape = [ValidationErrorsIBAN.NoIBANCountry, ValidationErrorsIBAN.WrongBBANLength, ValidationErrorsIBAN.WrongBBANFormat];
    if (blocking.some((c) => shape.includes(c)))
      throw new ApiError(400, 'Votre IBAN est invalide. Vérifiez-le.', 'iban', 'invalid_bank_account_iban');
    if (blocking.length)
      throw new ApiError(
        400,
        'Votre IBAN est incorrect : sa clé de contrôle ne correspond pas. Vérifiez-le.',
        'iban',
        'invalid_bank_account_iban',
      );
    if (!isSEPACountry(iban.slice(0, 2)))
      throw new ApiError(400, 'Ce compte bancaire n’est pas dans la zone SEPA.', 'iban', 'invalid_bank_account_iban');
  }
  const holder = (rawHolder ?? '').trim();
  if (!holder) throw new ApiError(400, 'Saisissez le nom du titulaire du compte.', 'account_holder', 'parameter_missing');
  return { iban, holder };
}

/** What Stripe shows of an IBAN: bank and branch codes, country, last 4 characters, a fingerprint. */
export function sepaDetails(iban: string): SepaDetails {
  const parts = extractIBAN(iban);
  return {
    bank_code: parts.bankIdentifier ?? null,
    branch_code: parts.branchIdentifier ?? null,
    country: parts.countryCode ?? iban.slice(0, 2),
    fingerprint: createHash('sha256')
      .update(`sandbox-iban:${iban}`)
      .digest('base64url')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 16),
    last4: iban.slice(-4),
  };
}

/**
 * A `sepa_debit` PaymentMethod for the IBAN typed on the hosted checkout, with the multi-use mandate accepted there
 * (attached to `customer` if given: the caller emits payment_method.attached).
 */
export function createSepaPaymentMethod(
  core: SandboxCore,
  input: SepaInput,
  customer: string | null,
  billing: { email: string | null },
): PaymentMethodRec {
  const t = now();
  const pmId = randomId('pm_');
  const mandate: MandateRec = {
    id: randomId('mandate_'),
    object: 'mandate',
    payment_method: pmId,
    reference: randomId('', 16).toUpperCase(),
    accepted_at: t,
    created: t,
  };
  core.db.mandates ??= {};
  core.db.mandates[mandate.id] = mandate;
  const pm: PaymentMethodRec = {
    id: pmId,
    object: 'payment_method',
    type: 'sepa_debit',
    sepa_debit: {
      ...sepaDetails(input.iban),
      mandate: mandate.id,
      outcome: SEPA_TEST_IBANS[input.iban] ?? { result: 'succeeded', when: 'now' },
    },
    customer,
    created: t,
    billing_details: { name: input.holder, email: billing.email },
    metadata: {},
    _charge_decline: null,
  };
  core.db.paymentMethods[pm.id] = pm;
  return pm;
}

/** The bank account a charge of `pm` debits, as the charge keeps it (null: not a SEPA debit). */
export function debitedAccount(pm: PaymentMethodRec | undefined): (SepaDetails & { mandate: string }) | null {
  if (!pm?.sepa_debit) return null;
  const { outcome: _outcome, ...account } = pm.sepa_debit;
  return account;
}

const NULL_ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

export function renderSepaPaymentMethod(pm: PaymentMethodRec): Wire<Stripe.PaymentMethod> {
  const d = pm.sepa_debit!;
  return {
    id: pm.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: NULL_ADDRESS, email: pm.billing_details.email, name: pm.billing_details.name, phone: null, tax_id: null },
    created: pm.created,
    customer: pm.customer,
    customer_account: null,
    livemode: false,
    metadata: pm.metadata,
    sepa_debit: {
      bank_code: d.bank_code,
      branch_code: d.branch_code,
      country: d.country,
      fingerprint: d.fingerprint,
      generated_from: null,
      last4: d.last4,
    },
    type: 'sepa_debit',
  };
}

export function renderMandate(m: MandateRec, publicUrl: string): Wire<Stripe.Mandate> {
  return {
    id: m.id,
    object: 'mandate',
    customer_acceptance: { accepted_at: m.accepted_at, online: { ip_address: '127.0.0.1', user_agent: 'Stripe sandbox' }, type: 'online' },
    livemode: false,
    multi_use: {},
    payment_method: m.payment_method,
    payment_method_details: {
      sepa_debit: { reference: m.reference, url: `${publicUrl}/mandates/${m.id}` },
      type: 'sepa_debit',
    },
    status: 'active',
    type: 'multi_use',
  };
}

/** A SEPA charge's `payment_method_details`. */
export function sepaChargeDetails(ch: ChargeRec): Wire<Stripe.Charge.PaymentMethodDetails> {
  const d = ch._sepa!;
  return {
    sepa_debit: {
      bank_code: d.bank_code,
      branch_code: d.branch_code,
      country: d.country,
      fingerprint: d.fingerprint,
      last4: d.last4,
      mandate: d.mandate,
    },
    type: 'sepa_debit',
  };
}

/** The Checkout session's payment method types (absent: card only, as every session before SEPA). */
export const sessionMethods = (s: SessionRec): CheckoutMethodType[] => s._payment_method_types ?? ['card'];

export const allowsSepa = (s: SessionRec): boolean => sessionMethods(s).includes('sepa_debit');

/**
 * A debit starts (instead of a card charge, in SandboxCore.attemptPayment): the PaymentIntent is processing
 * (payment_intent.created the first time, then payment_intent.processing), its Charge pending (charge.pending); an
 * invoice's payment is an open InvoicePayment until the debit settles.
 */
export function startDebit(
  core: SandboxCore,
  o: {
    amount: number;
    currency: string;
    customer: string | null;
    pm: PaymentMethodRec;
    description: string | null;
    invoice: string | null;
    pi?: PaymentIntentRec;
    request: EventRequest;
    events: EventRec[];
  },
): { pi: PaymentIntentRec; charge: ChargeRec } {
  const t = now();
  const pi = o.pi ?? core.newPaymentIntent(o, t);
  const ch: ChargeRec = {
    id: randomId('py_'),
    object: 'charge',
    amount: o.amount,
    amount_refunded: 0,
    refunded: false,
    currency: o.currency,
    customer: o.customer,
    description: o.description,
    payment_intent: pi.id,
    payment_method: o.pm.id,
    created: t,
    metadata: {},
    status: 'pending',
    _decline: null,
    _card: null,
    _sepa: debitedAccount(o.pm)!,
    _billing: { ...o.pm.billing_details },
  };
  core.db.charges[ch.id] = ch;
  pi.latest_charge = ch.id;
  pi.payment_method = o.pm.id;
  pi.status = 'processing';
  pi.last_payment_error = null;
  o.events.push(core.emit('payment_intent.processing', renderPaymentIntent(pi, core.db), o.request));
  o.events.push(core.emit('charge.pending', renderCharge(ch), o.request));
  if (o.invoice) {
    const open = Object.values(core.db.invoicePayments).find((ip) => ip.payment_intent === pi.id);
    if (!open) {
      const id = randomId('inpay_');
      core.db.invoicePayments[id] = {
        id,
        object: 'invoice_payment',
        invoice: o.invoice,
        amount_paid: 0,
        amount_requested: o.amount,
        currency: o.currency,
        status: 'open',
        payment_intent: pi.id,
        paid_at: null,
        created: t,
      };
    }
  }
  return { pi, charge: ch };
}

/** The debit in progress of an invoice, if any (its PaymentIntent processing). */
export function processingDebitOf(core: SandboxCore, inv: InvoiceRec): PaymentIntentRec | undefined {
  const pi = inv._payment_intent ? core.db.paymentIntents[inv._payment_intent] : undefined;
  return pi?.status === 'processing' ? pi : undefined;
}

/** The Checkout session that started this PaymentIntent's debit (its invoice's, or a payment-mode session's own). */
function sessionOf(core: SandboxCore, pi: PaymentIntentRec): SessionRec | undefined {
  return Object.values(core.db.sessions).find(
    (s) =>
      s.status === 'complete' &&
      s.payment_status === 'unpaid' &&
      ((pi._invoice && s.invoice === pi._invoice) || s.payment_intent === pi.id),
  );
}

/**
 * A processing debit settles as its IBAN says: succeeded (the charge and PaymentIntent, the invoice paid and its
 * subscription active again, the Checkout session paid: checkout.session.async_payment_succeeded) or failed (the
 * invoice's attempt failed, its subscription past_due, checkout.session.async_payment_failed). Returns its events.
 */
export function settleDebit(core: SandboxCore, pi: PaymentIntentRec, result?: DebitOutcome['result']): EventRec[] {
  if (pi.status !== 'processing') return [];
  const events: EventRec[] = [];
  const ch = pi.latest_charge ? core.db.charges[pi.latest_charge] : undefined;
  const pm = pi.payment_method ? core.db.paymentMethods[pi.payment_method] : undefined;
  const succeeded = (result ?? pm?.sepa_debit?.outcome.result ?? 'succeeded') === 'succeeded';
  const inv = pi._invoice ? core.db.invoices[pi._invoice] : undefined;
  const sub = inv?.subscription ? core.db.subscriptions[inv.subscription] : undefined;
  const session = sessionOf(core, pi);
  const subBefore = sub ? core.subscriptionJson(sub) : undefined;
  const t = now();
  if (succeeded) {
    if (ch) ch.status = 'succeeded';
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    if (ch) events.push(core.emit('charge.succeeded', renderCharge(ch)));
    events.push(core.emit('payment_intent.succeeded', renderPaymentIntent(pi, core.db)));
    if (inv && inv.status === 'open') {
      inv.status = 'paid';
      inv.paid_at = t;
      inv.next_payment_attempt = null;
      const ip = Object.values(core.db.invoicePayments).find((p) => p.payment_intent === pi.id && p.invoice === inv.id);
      if (ip) {
        ip.status = 'paid';
        ip.amount_paid = ip.amount_requested;
        ip.paid_at = t;
      }
      events.push(core.emit('invoice.paid', core.invoiceJson(inv)));
      events.push(core.emit('invoice.payment_succeeded', core.invoiceJson(inv)));
      if (ip) events.push(core.emit('invoice_payment.paid', renderInvoicePayment(ip)));
      if (sub && (sub.status === 'past_due' || sub.status === 'unpaid') && sub.latest_invoice === inv.id) sub.status = 'active';
    }
  } else {
    if (ch) {
      ch.status = 'failed';
      ch._decline = 'insufficient_funds';
    }
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { charge: ch?.id ?? '', decline_code: 'insufficient_funds', payment_method: pm?.id ?? null, debit: true };
    if (ch) events.push(core.emit('charge.failed', renderCharge(ch)));
    events.push(core.emit('payment_intent.payment_failed', renderPaymentIntent(pi, core.db)));
    if (inv && inv.status === 'open') {
      inv.next_payment_attempt = inv.auto_advance === false ? null : t + 3 * 86400;
      events.push(core.emit('invoice.payment_failed', core.invoiceJson(inv)));
      if (sub && sub.status === 'active' && sub.latest_invoice === inv.id) sub.status = 'past_due';
    }
  }
  if (sub && subBefore) {
    const after = core.subscriptionJson(sub);
    const previous = SandboxCore.diff(subBefore, after);
    if (Object.keys(previous).length > 0) events.push(core.emit('customer.subscription.updated', after, NO_REQUEST, previous));
  }
  if (session) {
    if (succeeded) session.payment_status = 'paid';
    const json = renderSession(session, core.publicUrl());
    events.push(
      succeeded ? core.emit('checkout.session.async_payment_succeeded', json) : core.emit('checkout.session.async_payment_failed', json),
    );
  }
  core.save();
  return events;
}

/** The debit just started for `inv` (or payment-mode PaymentIntent `pi`), settled at once if its IBAN settles `now`. */
export function settleIfImmediate(core: SandboxCore, pi: PaymentIntentRec | undefined): EventRec[] {
  if (!pi || pi.status !== 'processing') return [];
  const pm = pi.payment_method ? core.db.paymentMethods[pi.payment_method] : undefined;
  return pm?.sepa_debit?.outcome.when === 'now' ? settleDebit(core, pi) : [];
}

/**
 * Test control POST /test/debits/settle: every debit still processing (or only a session's, an invoice's, a
 * subscription's) settles now, as its IBAN says, or as `result` says (?result=failed: a later debit of an account whose
 * first one succeeded is refused). Returns the PaymentIntents settled and the events.
 */
export function settleDebits(
  core: SandboxCore,
  filter: { session?: string | null; invoice?: string | null; subscription?: string | null },
  result?: string | null,
): { settled: string[]; events: EventRec[] } {
  if (result && result !== 'succeeded' && result !== 'failed')
    throw new ApiError(400, `Invalid result: '${result}' (succeeded or failed).`, 'result');
  const session = filter.session ? core.db.sessions[filter.session] : undefined;
  if (filter.session && !session) throw new ApiError(404, `No such checkout.session: '${filter.session}'`, 'session', 'resource_missing');
  if (filter.invoice && !core.db.invoices[filter.invoice])
    throw new ApiError(404, `No such invoice: '${filter.invoice}'`, 'invoice', 'resource_missing');
  if (filter.subscription && !core.db.subscriptions[filter.subscription])
    throw new ApiError(404, `No such subscription: '${filter.subscription}'`, 'subscription', 'resource_missing');
  const pending = Object.values(core.db.paymentIntents).filter((pi) => {
    if (pi.status !== 'processing') return false;
    const inv = pi._invoice ? core.db.invoices[pi._invoice] : undefined;
    if (session && !((session.invoice && pi._invoice === session.invoice) || session.payment_intent === pi.id)) return false;
    if (filter.invoice && pi._invoice !== filter.invoice) return false;
    if (filter.subscription && inv?.subscription !== filter.subscription) return false;
    return true;
  });
  const events: EventRec[] = [];
  for (const pi of pending) events.push(...settleDebit(core, pi, (result ?? undefined) as DebitOutcome['result'] | undefined));
  return { settled: pending.map((pi) => pi.id), events };
}

/** What the hosted checkout's form posted for a SEPA debit, put back when the page is shown again with an error. */
export interface SepaForm {
  method?: string;
  iban?: string;
  account_holder?: string;
}

/** The CSS of the payment method choice (no JavaScript: the checked radio shows its fields). */
export const METHOD_CSS = `
.methods{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-bottom:4px}
label.method{display:flex;align-items:center;gap:8px;margin:0;border:1px solid #cfd7df;border-radius:6px;padding:10px 12px;cursor:pointer;font-size:15px;color:#1a1f36}
label.method input{width:auto;margin:0}
form:has(#method-sepa:checked) label[for-method=sepa],form:has(#method-card:checked) label[for-method=card]{border-color:#635bff;box-shadow:0 0 0 1px #635bff}
.pm-sepa{display:none}
form:has(#method-sepa:checked) .pm-sepa{display:block}
form:has(#method-sepa:checked) .pm-card{display:none}
.mandate{font-size:12px;color:#697386;margin-top:12px;line-height:1.4}
`;

/**
 * The hosted checkout's payment part when the session offers SEPA debits: 'Carte bancaire' (the card fields) or
 * 'Prélèvement SEPA' (IBAN, account holder, the mandate text).
 */
export function paymentChoice(
  cardFields: string,
  form: SepaForm,
  defaultName: string,
  esc: (s: string) => string,
  merchant = 'Stripe sandbox',
): string {
  const sepa = form.method === 'sepa_debit';
  return `<h2 style="margin-top:22px">Moyen de paiement</h2>
    <div class="methods">
      <label class="method" for-method="card"><input type="radio" id="method-card" name="method" value="card"${sepa ? '' : ' checked'}> Carte bancaire</label>
      <label class="method" for-method="sepa"><input type="radio" id="method-sepa" name="method" value="sepa_debit"${sepa ? ' checked' : ''}> Prélèvement SEPA</label>
    </div>
    <div class="pm-card">${cardFields}</div>
    <div class="pm-sepa">
      <label for="iban">IBAN</label>
      <input id="iban" name="iban" autocomplete="off" spellcheck="false" placeholder="FR76 3000 6000 0112 3456 7890 189" value="${esc(form.iban ?? '')}">
      <label for="account_holder">Titulaire du compte</label>
      <input id="account_holder" name="account_holder" autocomplete="name" placeholder="Prénom Nom" value="${esc(form.account_holder ?? defaultName)}">
      <p class="mandate">${esc(mandateText(merchant))}</p>
    </div>`;
}

/** The test IBANs, as the hosted checkout lists them. */
export const TEST_IBANS_NOTE =
  'IBAN de test : FR14 2004 1010 0505 0001 3M02 606 accepté, FR30 2004 1010 0505 0001 3M02 609 accepté plus tard, FR84 2004 1010 0505 0001 3M02 607 refusé, FR79 2004 1010 0505 0001 3M02 600 refusé plus tard.';
