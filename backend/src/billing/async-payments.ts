import type Stripe from 'stripe';

/**
 * Delayed payment methods (SEPA Direct Debit): a payment that Stripe has started and the bank settles days later. A
 * Checkout session paid this way completes with `payment_status: 'unpaid'` (its first invoice open, its PaymentIntent
 * `processing`, the subscription already active), then Stripe sends `checkout.session.async_payment_succeeded` or
 * `…_failed`; a renewal's invoice stays open while its debit is processing, then is paid or fails
 * (docs/payments.md, "SEPA Direct Debit").
 */

/** Where a debit stands: on its way (not a failure), or failed (the bank refused it). */
export type DebitState = 'processing' | 'failed';

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : value?.id);

/**
 * The debit of an open invoice, read from its payments (`expand: payments.data.payment.payment_intent`): `processing`
 * while its PaymentIntent is, `failed` once an attempt failed and none is processing (or the attempted invoice was then
 * voided or written off); null for an invoice paid, or never attempted.
 */
export async function debitStateOf(client: Stripe, invoiceId: string): Promise<DebitState | null> {
  const invoice = await client.invoices.retrieve(invoiceId, { expand: ['payments.data.payment.payment_intent'] });
  // Voided (its subscription canceled after the refusal: EndedInvoices) or written off: nothing will be collected.
  if (invoice.status === 'void' || invoice.status === 'uncollectible') return (invoice.attempt_count ?? 0) > 0 ? 'failed' : null;
  if (invoice.status !== 'open') return null;
  const intents = (invoice.payments?.data ?? [])
    .map((p) => p.payment?.payment_intent)
    .filter((pi): pi is Stripe.PaymentIntent => typeof pi === 'object' && pi !== null);
  if (intents.some((pi) => pi.status === 'processing')) return 'processing';
  return (invoice.attempt_count ?? 0) > 0 ? 'failed' : null;
}

/**
 * A Checkout session completed and not paid (a delayed method), in subscription mode: where its debit stands (its first
 * invoice's), or null when it is paid, not completed, or has no invoice to tell.
 */
export async function checkoutDebitState(client: Stripe, session: Stripe.Checkout.Session): Promise<DebitState | null> {
  if (session.status !== 'complete' || session.payment_status !== 'unpaid' || session.mode !== 'subscription') return null;
  const invoiceId = idOf(session.invoice as string | { id: string } | null);
  return invoiceId ? debitStateOf(client, invoiceId) : null;
}
