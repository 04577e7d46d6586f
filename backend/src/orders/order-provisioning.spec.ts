import { hearTheRest } from '../../test/unit/billing-facts';
import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newTestService } from '../../test/unit/new-test-service';
import type { User } from '../auth/user.entity';
import { UsersService } from '../auth/users.service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { OrderPaid } from '../billing-facts/facts';
import { MailService } from '../mail/mail.service';
import { OrderDraftsService, type OrderForPayment } from './order-drafts.service';
import { emptyOrderForm } from './order-form';
import { SitesService } from '../sites/sites.service';
import { OrderProvisioning } from './order-provisioning.service';

const ana = { id: 'u_ana', email: 'ana@example.com', name: 'Ana' } as User;
const order = (changes: Partial<OrderForPayment> = {}): OrderForPayment => ({
  id: 'draft_1',
  userId: null,
  planType: 'pro',
  prefersCall: false,
  status: 'draft',
  data: { ...emptyOrderForm(), siteName: 'Chez Ana' },
  billing: null,
  checkoutSessionId: null,
  accountCreated: false,
  ...changes,
});
const paid: OrderPaid = {
  customerId: 'cus_1',
  checkout: {
    sessionId: 'cs_1',
    draftId: 'draft_1',
    planType: 'pro',
    addOns: { logo: false, googleBusiness: false, trustpilot: false, extraEmailCount: 0 },
    subscriptionId: 'sub_1',
    email: 'Ana@Example.com',
    name: 'Ana',
  },
  email: 'stripe@example.com',
  invoice: { id: 'in_1', amountCents: 2900, hostedUrl: 'https://stripe.example/in_1' },
};

/** Provisioning's reaction on a real bus; every other reaction records the fact it heard (once per fact). */
function provisioning(found: OrderForPayment | null = order()) {
  const tx = { id: 'tx' } as unknown as EntityManager;
  const facts = new BillingFacts();
  const { mock } = newTestService(OrderProvisioning, [[BillingFacts, facts]]);
  const orders = mock(OrderDraftsService);
  const users = mock(UsersService);
  const sites = mock(SitesService);
  const mail = mock(MailService);
  orders.lockForPayment.mockResolvedValue(found);
  orders.summaryForTeam.mockResolvedValue({ answers: [], billing: [], photos: [] });
  users.findOrCreateClient.mockResolvedValue({ user: ana, created: true });
  users.findById.mockResolvedValue(ana);
  users.linkStripeCustomer.mockResolvedValue(ana);
  sites.createForOrder.mockResolvedValue({ siteId: 'site_1', created: true });
  sites.siteIdOfOrder.mockResolvedValue('site_0');
  mail.link.mockImplementation((path: string) => `https://app.example${path}`);
  mail.teamAddress.mockResolvedValue('team@example.com');
  const heard = hearTheRest(facts);
  return { facts, orders, users, sites, tx, heard };
}

describe('OrderProvisioning: a paid order', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('links the customer by the buyer’s e-mail, then tells billing whose customer it is and which site it pays for', async () => {
    const { facts, orders, users, sites, tx, heard } = provisioning();
    await facts.publish('order.paid', paid, tx);
    expect(orders.lockForPayment).toHaveBeenCalledWith('draft_1', tx);
    expect(users.findOrCreateClient).toHaveBeenCalledWith({ email: 'ana@example.com', name: 'Ana' }, tx);
    expect(users.linkStripeCustomer).toHaveBeenCalledWith('cus_1', 'ana@example.com', tx);
    expect(sites.createForOrder).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u_ana', stripeSubscriptionId: 'sub_1' }), tx);
    expect(heard).toEqual([
      { type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_ana' }, tx },
      { type: 'site.paid-for', fact: { subscriptionId: 'sub_1', siteId: 'site_1' }, tx },
    ]);
  });

  it('links the customer by the e-mail of the signed-in account an order belongs to, not the one paid with', async () => {
    const { facts, users, tx } = provisioning(order({ userId: 'u_ana' }));
    users.findById.mockResolvedValue({ ...ana, email: 'account@example.com' } as User);
    await facts.publish('order.paid', paid, tx);
    expect(users.findOrCreateClient).not.toHaveBeenCalled();
    expect(users.linkStripeCustomer).toHaveBeenCalledWith('cus_1', 'account@example.com', tx);
  });

  it('names the account the customer is already linked to, else the buyer’s', async () => {
    const linkedElsewhere = provisioning();
    linkedElsewhere.users.linkStripeCustomer.mockResolvedValue({ ...ana, id: 'u_previous' } as User);
    await linkedElsewhere.facts.publish('order.paid', paid, linkedElsewhere.tx);
    expect(linkedElsewhere.heard[0]).toMatchObject({ type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_previous' } });

    // The buyer's account already pays with another Stripe customer: this one is not linked to it, yet is theirs.
    const notLinked = provisioning();
    notLinked.users.linkStripeCustomer.mockResolvedValue(null);
    await notLinked.facts.publish('order.paid', paid, notLinked.tx);
    expect(notLinked.heard[0]).toMatchObject({ type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_ana' } });
  });

  it('links the customer of an unknown order by Stripe’s e-mail, telling billing only when an account is found, and creates nothing', async () => {
    const found = provisioning(null);
    await found.facts.publish('order.paid', paid, found.tx);
    expect(found.users.linkStripeCustomer).toHaveBeenCalledWith('cus_1', 'stripe@example.com', found.tx);
    expect(found.heard).toEqual([{ type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_ana' }, tx: found.tx }]);
    expect(found.sites.createForOrder).not.toHaveBeenCalled();

    const nobody = provisioning(null);
    nobody.users.linkStripeCustomer.mockResolvedValue(null);
    await nobody.facts.publish('order.paid', paid, nobody.tx);
    expect(nobody.heard).toEqual([]);
  });

  it('finds a second payment of an order another session paid a duplicate to refund, for the order’s site: no second site', async () => {
    const { facts, orders, sites, tx, heard } = provisioning(order({ status: 'paid', checkoutSessionId: 'cs_0', userId: 'u_ana' }));
    await facts.publish('order.paid', paid, tx);
    expect(sites.createForOrder).not.toHaveBeenCalled();
    expect(orders.markPaid).not.toHaveBeenCalled();
    expect(heard).toEqual([
      { type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_ana' }, tx },
      {
        type: 'duplicate-payment.found',
        fact: {
          kind: 'order',
          referenceId: 'draft_1',
          siteId: 'site_0',
          checkoutSessionId: 'cs_1',
          subscriptionId: 'sub_1',
          invoiceId: 'in_1',
          customerId: 'cus_1',
          userId: 'u_ana',
          amountCents: 2900,
          reason: 'Une commande déjà payée a été payée une seconde fois.',
        },
        tx,
      },
    ]);
  });

  it('takes a replay of the same session’s payment for what it is, not a duplicate', async () => {
    const { facts, sites, tx, heard } = provisioning(order({ status: 'paid', checkoutSessionId: 'cs_1', userId: 'u_ana' }));
    await facts.publish('order.paid', paid, tx);
    expect(sites.createForOrder).toHaveBeenCalled();
    expect(heard.map((h) => h.type)).not.toContain('duplicate-payment.found');
  });
});
