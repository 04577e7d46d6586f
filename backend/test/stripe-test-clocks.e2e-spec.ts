import type Stripe from 'stripe';
import { registerClient } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import { payAndSettle } from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';

/**
 * STRIPE_TEST_CLOCKS=true (test mode only; a live key is refused at start, see config/app-config.spec.ts): every new
 * Checkout customer is made by the product on a test clock of its own, so that `npm run stripe:check` can move that
 * client's time forward. Off by default: Checkout makes the customer, as before.
 */
describe('Stripe test clocks for new Checkout customers (STRIPE_TEST_CLOCKS)', () => {
  it('with the setting, a new buyer pays as a customer made on its own new clock, at the current time', async () => {
    const env = await appWithSandbox({ STRIPE_TEST_CLOCKS: 'true' });
    try {
      const before = Math.floor(Date.now() / 1000);
      const client = await registerClient(env.t.api);
      const { sessionId } = await orderAndCheckout(env.t.api, { session: client });
      const session = await env.stripe.checkout.sessions.retrieve(sessionId);
      expect(session.customer_email).toBeNull();
      const customer = (await env.stripe.customers.retrieve(session.customer as string)) as Stripe.Customer;
      expect(customer.email).toBe(client.user.email);
      const clock = await env.stripe.testHelpers.testClocks.retrieve(customer.test_clock as string);
      expect(clock.frozen_time).toBeGreaterThanOrEqual(before);
      expect(clock.frozen_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

      // Paid: the subscription is the clock's, and the account is linked to that customer.
      await payAndSettle(env, sessionId);
      const paid = await env.stripe.checkout.sessions.retrieve(sessionId);
      const subscription = await env.stripe.subscriptions.retrieve(paid.subscription as string);
      expect(subscription.test_clock).toBe(clock.id);
      const [user] = (await env.t.dataSource.query(`SELECT stripe_customer_id FROM users WHERE id = $1`, [client.user.id])) as Array<{
        stripe_customer_id: string;
      }>;
      expect(user.stripe_customer_id).toBe(customer.id);
      const sites = (await env.t.dataSource.query(`SELECT id FROM sites WHERE user_id = $1`, [client.user.id])) as unknown[];
      expect(sites).toHaveLength(1);
      // Each new buyer gets a clock of its own.
      const other = await orderAndCheckout(env.t.api, { session: await registerClient(env.t.api) });
      const otherCustomer = (await env.stripe.checkout.sessions.retrieve(other.sessionId)).customer as string;
      expect(((await env.stripe.customers.retrieve(otherCustomer)) as Stripe.Customer).test_clock).not.toBe(clock.id);
    } finally {
      await env.close();
    }
  });

  it('without it, Checkout makes the customer from the e-mail, on no clock', async () => {
    const env = await appWithSandbox();
    try {
      const client = await registerClient(env.t.api);
      const { sessionId } = await orderAndCheckout(env.t.api, { session: client });
      const session = await env.stripe.checkout.sessions.retrieve(sessionId);
      expect(session).toMatchObject({ customer: null, customer_email: client.user.email });
      expect((await env.stripe.testHelpers.testClocks.list()).data).toEqual([]);
    } finally {
      await env.close();
    }
  });
});
