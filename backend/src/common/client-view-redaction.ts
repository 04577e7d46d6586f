import { StreamableFile } from '@nestjs/common';

/** What a masked identifier reads as. */
export const REDACTED = '••••••••';

/**
 * Fields of any answer that lead to the client's means of payment or act for them at Stripe: the Stripe customer
 * (masked), and the hosted invoice pages and receipts, where a card is shown and used (null). Their names are the
 * API's, whatever the route.
 */
const HIDDEN: Record<string, typeof REDACTED | null> = {
  customerId: REDACTED,
  stripeCustomerId: REDACTED,
  hostedUrl: null,
  payUrl: null,
  pdfUrl: null,
};

function redact(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof StreamableFile || value instanceof Date || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key in HIDDEN && item !== null && item !== undefined ? HIDDEN[key] : redact(item, depth + 1);
  }
  return out;
}

/**
 * Under a client view (an admin seeing a client's space, read only), every JSON answer is walked and the fields above
 * are masked, so no route, today's or a later one, shows the team the client's payment means. Called by the global
 * AccessGuard once it knows the caller is a client view: the answer's `json` is wrapped for that request only, rather
 * than a global interceptor that would put every request of every caller through Nest's interceptor chain (rxjs
 * observables and async scopes per request, for the few requests made under a client view). Files and streams pass
 * untouched (an invoice's PDF is what the client sees). Passwords and tokens are never in an answer.
 */
export function redactAnswers(res: { json(body: unknown): unknown }): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => json(redact(body));
}
