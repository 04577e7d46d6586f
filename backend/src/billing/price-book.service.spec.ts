import { automock, newTestService } from '../../test/unit/new-test-service';
import { ADD_ONS, PLANS } from '@vitrine/domain';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';

interface FakePrice {
  id: string;
  lookup_key: string;
  unit_amount: number;
  currency: string;
  recurring: object | null;
  product: string;
}

/** A Stripe holding some prices; records what the sync creates. */
function fakeStripe(existing: FakePrice[]) {
  const created: Array<Record<string, unknown>> = [];
  const products: Array<Record<string, unknown>> = [];
  const client = {
    prices: {
      list: jest.fn(async ({ lookup_keys }: { lookup_keys: string[] }) => ({
        data: existing.filter((p) => lookup_keys.includes(p.lookup_key)),
      })),
      create: jest.fn(async (params: Record<string, unknown>) => {
        created.push(params);
        return { id: `price_new_${created.length}`, ...params };
      }),
    },
    products: {
      create: jest.fn(async (params: Record<string, unknown>) => {
        products.push(params);
        return { id: `prod_new_${products.length}` };
      }),
    },
  };
  return { provider: automock<StripeProvider>({ client, configured: true }), client, created, products };
}

const entries = [
  ...PLANS.filter((p) => p.lookupKey && p.monthlyPriceCents !== null).map((p) => ({
    key: p.lookupKey!,
    amount: p.monthlyPriceCents!,
    recurring: true,
  })),
  ...ADD_ONS.map((a) => ({ key: a.lookupKey, amount: a.priceCents, recurring: a.billing === 'monthly' })),
];
const upToDate = (): FakePrice[] =>
  entries.map((e, i) => ({
    id: `price_${i}`,
    lookup_key: e.key,
    unit_amount: e.amount,
    currency: 'eur',
    recurring: e.recurring ? { interval: 'month' } : null,
    product: `prod_${i}`,
  }));

describe('PriceBook: the catalogue synced to Stripe by lookup key', () => {
  it('creates nothing when every price exists with the catalogue amount', async () => {
    const stripe = fakeStripe(upToDate());
    const { sut } = newTestService(PriceBook, [[StripeProvider, stripe.provider]]);
    const ids = await sut.priceIds();
    expect(stripe.created).toEqual([]);
    expect(ids.get(entries[0].key)).toBe('price_0');
  });

  it('creates a missing price with its product, taking over the lookup key even from an archived price', async () => {
    const stripe = fakeStripe(upToDate().slice(1));
    const { sut } = newTestService(PriceBook, [[StripeProvider, stripe.provider]]);
    const ids = await sut.priceIds();
    expect(stripe.products).toHaveLength(1);
    expect(stripe.created).toEqual([
      expect.objectContaining({
        lookup_key: entries[0].key,
        unit_amount: entries[0].amount,
        currency: 'eur',
        transfer_lookup_key: true,
        product: 'prod_new_1',
      }),
    ]);
    expect(ids.get(entries[0].key)).toBe('price_new_1');
  });

  it('replaces a price whose amount no longer matches, on the same product', async () => {
    const prices = upToDate();
    prices[0].unit_amount += 100;
    const stripe = fakeStripe(prices);
    const { sut } = newTestService(PriceBook, [[StripeProvider, stripe.provider]]);
    await sut.priceIds();
    expect(stripe.products).toEqual([]);
    expect(stripe.created).toEqual([expect.objectContaining({ product: 'prod_0', unit_amount: entries[0].amount })]);
  });

  it('syncs once for many callers, and tells the plan of a price (any other price is a custom plan)', async () => {
    const stripe = fakeStripe(upToDate());
    const { sut } = newTestService(PriceBook, [[StripeProvider, stripe.provider]]);
    await Promise.all([sut.priceIds(), sut.priceIds(), sut.planOfPrice('price_0')]);
    expect(stripe.client.prices.list).toHaveBeenCalledTimes(Math.ceil(entries.length / 10));
    expect(await sut.planOfPrice('price_0')).toBe(PLANS.find((p) => p.lookupKey === entries[0].key)!.id);
    expect(await sut.planOfPrice('price_unknown')).toBe('teams');
  });

  it('tries again on the next call after Stripe was unreachable', async () => {
    const stripe = fakeStripe(upToDate());
    stripe.client.prices.list.mockRejectedValueOnce(new Error('ECONNREFUSED'));
    const { sut } = newTestService(PriceBook, [[StripeProvider, stripe.provider]]);
    await expect(sut.priceIds()).rejects.toThrow('ECONNREFUSED');
    await expect(sut.priceIds()).resolves.toBeInstanceOf(Map);
  });
});
