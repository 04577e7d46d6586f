import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, StreamableFile } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { AuthenticatedUser } from './current-user';

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
 * Global: under a client view (an admin seeing a client's space, read only), every JSON answer is walked and the
 * fields above are masked, so no route, today's or a later one, shows the team the client's payment means. Files and
 * streams pass untouched (an invoice's PDF is what the client sees). Passwords and tokens are never in an answer.
 */
@Injectable()
export class ClientViewRedaction implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>();
    if (!request.user?.clientView) return next.handle();
    return next.handle().pipe(map((body: unknown) => redact(body)));
  }
}
