import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type Stripe from 'stripe';
import { ADD_ONS, PLANS, type PlanId, QUOTE_PLAN_ID } from '@vitrine/domain';
import { StripeProvider } from './stripe.provider';

interface CatalogueEntry {
  lookupKey: string;
  productName: string;
  description: string;
  unitAmount: number;
  recurring: boolean;
}

const ENTRIES: CatalogueEntry[] = [
  ...PLANS.filter((p) => p.lookupKey && p.monthlyPriceCents !== null).map((p) => ({
    lookupKey: p.lookupKey!,
    productName: `Formule ${p.name}`,
    description: p.description,
    unitAmount: p.monthlyPriceCents!,
    recurring: true,
  })),
  ...ADD_ONS.map((a) => ({
    lookupKey: a.lookupKey,
    productName: a.name,
    description: a.description,
    unitAmount: a.priceCents,
    recurring: a.billing === 'monthly',
  })),
];

/**
 * Stripe prices found by `lookup_key`. At start (and lazily if Stripe was unreachable then) the missing products and
 * prices are created, against real Stripe and the sandbox alike. A price whose amount no longer matches the
 * catalogue is replaced (the new price takes over the lookup key).
 */
@Injectable()
export class PriceBook implements OnApplicationBootstrap {
  private readonly logger = new Logger('Billing');
  private prices?: Promise<Map<string, Stripe.Price>>;

  constructor(private readonly stripe: StripeProvider) {}

  onApplicationBootstrap(): void {
    if (!this.stripe.configured) return;
    this.priceIds().catch((error: unknown) =>
      this.logger.error(`Catalogue Stripe non synchronisé (nouvel essai au premier paiement) : ${(error as Error).message}`),
    );
  }

  /** lookup key → Stripe price id */
  async priceIds(): Promise<Map<string, string>> {
    this.prices ??= this.sync().catch((error: unknown) => {
      this.prices = undefined;
      throw error;
    });
    const prices = await this.prices;
    return new Map([...prices].map(([key, price]) => [key, price.id]));
  }

  /** The plan a Stripe price stands for; any other price is a custom (Teams) plan. */
  async planOfPrice(priceId: string): Promise<PlanId> {
    const ids = await this.priceIds();
    for (const plan of PLANS) if (plan.lookupKey && ids.get(plan.lookupKey) === priceId) return plan.id;
    return QUOTE_PLAN_ID;
  }

  /** What a Stripe price is called in the catalogue ('Formule Pro', 'Création de logo'…); null for another price. */
  async labelOfPrice(priceId: string | null): Promise<string | null> {
    if (!priceId) return null;
    const ids = await this.priceIds();
    return ENTRIES.find((e) => ids.get(e.lookupKey) === priceId)?.productName ?? null;
  }

  private async sync(): Promise<Map<string, Stripe.Price>> {
    const client = this.stripe.client;
    const found = new Map<string, Stripe.Price>();
    const keys = ENTRIES.map((e) => e.lookupKey);
    for (let i = 0; i < keys.length; i += 10) {
      const page = await client.prices.list({ lookup_keys: keys.slice(i, i + 10), active: true, limit: 100 });
      for (const price of page.data) if (price.lookup_key) found.set(price.lookup_key, price);
    }
    let created = 0;
    for (const entry of ENTRIES) {
      const existing = found.get(entry.lookupKey);
      const matches =
        existing &&
        existing.unit_amount === entry.unitAmount &&
        existing.currency === 'eur' &&
        Boolean(existing.recurring) === entry.recurring;
      if (matches) continue;
      const productId = typeof existing?.product === 'string' ? existing.product : existing?.product?.id;
      // Idempotency keys named after the catalogue entry: instances syncing at the same moment get the same product
      // and price back (Stripe keeps keys 24 h) instead of each creating its own and taking the lookup key from the
      // other, which would leave one instance reading the other's prices as a custom plan.
      const version = `${entry.lookupKey}-${entry.unitAmount}-${entry.recurring ? 'month' : 'once'}-${existing?.id ?? 'new'}`;
      const product = productId
        ? { id: productId }
        : await client.products.create(
            { name: entry.productName, description: entry.description, metadata: { lookup_key: entry.lookupKey } },
            { idempotencyKey: `vitrine-product-${version}` },
          );
      const price = await client.prices.create(
        {
          product: product.id,
          currency: 'eur',
          unit_amount: entry.unitAmount,
          lookup_key: entry.lookupKey,
          // A key may sit on an archived price, which the active-only list does not show.
          transfer_lookup_key: true,
          nickname: entry.productName,
          ...(entry.recurring ? { recurring: { interval: 'month' } } : {}),
        },
        { idempotencyKey: `vitrine-price-${version}` },
      );
      found.set(entry.lookupKey, price);
      created += 1;
    }
    this.logger.log(
      created
        ? `Catalogue Stripe : ${created} prix créé(s), ${ENTRIES.length - created} existant(s)`
        : `Catalogue Stripe à jour (${ENTRIES.length} prix)`,
    );
    return found;
  }
}
