/** Shared by the sandbox's test files: a verifying webhook endpoint, an SDK client, error capture, control answers. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { SANDBOX_SECRET_KEY, type StripeSandbox } from '../src/index.ts';

export const WEBHOOK_SECRET = 'whsec_sandbox_spec';

/**
 * A tiny webhook endpoint verifying every delivery exactly as the product does, and keeping each event once (by id, in
 * the order they arrive: Stripe sends some twice); `deliveries` has every verified copy.
 */
export class Receiver {
  readonly events: Stripe.Event[] = [];
  readonly deliveries: Stripe.Event[] = [];
  readonly signatures: string[] = [];
  readonly rejected: string[] = [];
  /** While > 0, each event id's first N deliveries are answered 500. */
  failEach = 0;
  /** While set, every delivery is answered only once it resolves (a slow endpoint). */
  hold: Promise<void> | undefined;
  /** Deliveries received and not answered yet, and the most there were at once. */
  open = 0;
  maxOpen = 0;
  private readonly seen = new Map<string, number>();
  hits = 0;
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        this.open += 1;
        this.maxOpen = Math.max(this.maxOpen, this.open);
        await this.hold;
        this.open -= 1;
        this.hits += 1;
        const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id;
        const n = (this.seen.get(id) ?? 0) + 1;
        this.seen.set(id, n);
        if (n <= this.failEach) {
          res.writeHead(500).end('boom');
          return;
        }
        const header = String(req.headers['stripe-signature'] ?? '');
        try {
          const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks), header, WEBHOOK_SECRET, 300);
          if (!this.deliveries.some((e) => e.id === event.id)) this.events.push(event);
          this.deliveries.push(event);
          this.signatures.push(header);
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
        } catch (err) {
          this.rejected.push((err as Error).message);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/api/billing/webhook`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  since(mark: number): Stripe.Event[] {
    return this.events.slice(mark);
  }

  async waitFor(predicate: (e: Stripe.Event) => boolean, count = 1, timeoutMs = 5000): Promise<Stripe.Event[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.filter(predicate);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`webhook not received in time (have ${this.events.map((e) => e.type).join(', ')})`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

export function clientFor(sandbox: StripeSandbox, key = SANDBOX_SECRET_KEY): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: sandbox.port, protocol: 'http', maxNetworkRetries: 0 });
}

export async function stripeError(promise: Promise<unknown>): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
  try {
    await promise;
  } catch (err) {
    return err as InstanceType<typeof Stripe.errors.StripeError>;
  }
  throw new Error('expected the call to fail');
}

export interface ControlEvent {
  id: string;
  type: string;
  delivery: { status: string; attempts: number; last_status_code: number | null };
}

/** What the test controls answer (subscription moves) and resend answers (one event and its attempt). */
export interface ControlBody {
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice | null;
  events: ControlEvent[];
  attempt?: { status_code: number | null; error: string | null };
}
