import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * The one Stripe client: api.stripe.com with real keys, or the sandbox (STRIPE_API_URL) on embedded defaults. A call
 * that times out (STRIPE_TIMEOUT_MS), cannot connect or gets a 5xx / 409 / 429 is retried twice by the SDK with an
 * idempotency key (so a retried create never creates twice); then its error reaches the filter, which answers 503
 * (see common/unavailable.ts).
 */
/** Stripe answers 404 / resource_missing for an object that does not exist (deleted, or sent by a test tool). */
export function isMissingAtStripe(error: unknown): boolean {
  const e = error as { statusCode?: number; code?: string } | null;
  return e?.statusCode === 404 || e?.code === 'resource_missing';
}

@Injectable()
export class StripeProvider {
  private instance?: Stripe;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.stripe.secretKey);
  }

  get client(): Stripe {
    if (!this.config.stripe.secretKey) throw new ServiceUnavailableException('Le paiement en ligne est momentanément indisponible.');
    if (!this.instance) {
      const api = this.config.stripe.apiUrl ? new URL(this.config.stripe.apiUrl) : undefined;
      this.instance = new Stripe(this.config.stripe.secretKey, {
        maxNetworkRetries: 2,
        timeout: this.config.stripe.timeoutMs,
        appInfo: { name: 'vitrine' },
        ...(api
          ? {
              host: api.hostname,
              port: Number(api.port) || (api.protocol === 'https:' ? 443 : 80),
              protocol: api.protocol.replace(':', '') as 'http' | 'https',
            }
          : {}),
      });
    }
    return this.instance;
  }

  /** Verifies a webhook's signature (HMAC-SHA256, 5 minutes of tolerance) and parses it. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return Stripe.webhooks.constructEvent(rawBody, signature, this.config.stripe.webhookSecret, 300) as Stripe.Event;
  }
}
