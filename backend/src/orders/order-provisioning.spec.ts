import { hearTheRest } from '../../test/unit/billing-facts';
import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newTestService } from '../../test/unit/new-test-service';
import type { User } from '../auth/user.entity';
import { AuthService } from '../auth/auth.service';
import { UsersService } from '../auth/users.service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { OrderPaid } from '../billing-facts/facts';
import { FrozenBuyers } from '../invoicing/frozen-buyers';
import { MailService } from '../mail/mail.service';
import { OrderDraftsService, type OrderForPayment } from './order-drafts.service';
import { emptyOrderForm } from './order-form';
import { SitesService } from '../sites/sites.service';
import { OrderProvisioning } from './order-provisioning.service';

const ana = { id: 'u_ana', email: 'ana@example.com', name: 'Ana', closedAt: null } as User;
const OPENED = new Date('2027-01-15T10:00:00Z');
/** An account of the address, created `minutes` after the payment opened, with or without a password and its proof. */
const accountOfAddress = (minutes: number, changes: Partial<User> = {}) =>
  ({
    id: 'u_other',
    email: 'ana@example.com',
    name: 'Quelqu’un',
    createdAt: new Date(OPENED.getTime() + minutes * 60_000),
    passwordHash: 'hash',
    addressProvenAt: null,
    closedAt: null,
    ...changes,
  }) as User;
const BILLING = {
  fullName: 'Ana Lopez',
  email: 'ana@example.com',
  phone: '',
  address: '3 rue des Lilas',
  city: 'Lyon',
  postalCode: '69001',
  buyerType: 'company' as const,
  companyName: 'Lopez SARL',
  siren: '123456789',
  vatNumber: '',
};
/** The order as the paid session froze it. */
const frozen = (changes: Partial<OrderForPayment> = {}, paidWith: Partial<NonNullable<OrderForPayment['paidWith']>> = {}) =>
  order({
    billing: BILLING,
    paidWith: { sessionId: 'cs_1', openedAt: OPENED, userId: null, email: 'ana@example.com', photoIds: [], ...paidWith },
    ...changes,
  });
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
  users.linkStripeCustomer.mockResolvedValue(null);
  users.linkStripeCustomerTo.mockImplementation((_customerId: string, userId: string) => Promise.resolve({ ...ana, id: userId }));
  users.findByEmail.mockResolvedValue(null);
  sites.createForOrder.mockResolvedValue({ siteId: 'site_1', created: true });
  sites.siteIdOfOrder.mockResolvedValue('site_0');
  mail.link.mockImplementation((path: string) => `https://app.example${path}`);
  mail.teamAddress.mockResolvedValue('team@example.com');
  const heard = hearTheRest(facts);
  return { facts, orders, users, sites, mail, tx, heard, auth: mock(AuthService), frozenBuyers: mock(FrozenBuyers) };
}

describe('OrderProvisioning: a paid order', () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('links the customer to the buyer, then tells billing whose customer it is and which site it pays for', async () => {
    const { facts, orders, users, sites, tx, heard } = provisioning();
    await facts.publish('order.paid', paid, tx);
    expect(orders.lockForPayment).toHaveBeenCalledWith('draft_1', 'cs_1', tx);
    expect(users.findOrCreateClient).toHaveBeenCalledWith({ email: 'ana@example.com', name: 'Ana' }, tx);
    expect(users.linkStripeCustomerTo).toHaveBeenCalledWith('cus_1', 'u_ana', tx);
    expect(sites.createForOrder).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u_ana', stripeSubscriptionId: 'sub_1' }), tx);
    expect(heard).toEqual([
      { type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_ana' }, tx },
      { type: 'site.paid-for', fact: { subscriptionId: 'sub_1', siteId: 'site_1' }, tx },
    ]);
  });

  it('links the customer to the signed-in account the order belonged to when its payment opened', async () => {
    const { facts, users, tx } = provisioning(frozen({ userId: 'u_later' }, { userId: 'u_ana' }));
    await facts.publish('order.paid', paid, tx);
    expect(users.findById).toHaveBeenCalledWith('u_ana', tx);
    expect(users.findOrCreateClient).not.toHaveBeenCalled();
    expect(users.linkStripeCustomerTo).toHaveBeenCalledWith('cus_1', 'u_ana', tx);
  });

  it('names the account the customer is already linked to, else the buyer’s', async () => {
    const linkedElsewhere = provisioning();
    linkedElsewhere.users.linkStripeCustomerTo.mockResolvedValue({ ...ana, id: 'u_previous' } as User);
    await linkedElsewhere.facts.publish('order.paid', paid, linkedElsewhere.tx);
    expect(linkedElsewhere.heard[0]).toMatchObject({ type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_previous' } });

    // The buyer's account already pays with another Stripe customer: this one is not linked to it, yet is theirs.
    const notLinked = provisioning();
    notLinked.users.linkStripeCustomerTo.mockResolvedValue(null);
    await notLinked.facts.publish('order.paid', paid, notLinked.tx);
    expect(notLinked.heard[0]).toMatchObject({ type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_ana' } });
  });

  it('hands the order’s frozen billing identity to invoicing as the buyer of the subscription’s first invoice', async () => {
    const { facts, frozenBuyers, tx } = provisioning(frozen());
    await facts.publish('order.paid', paid, tx);
    expect(frozenBuyers.freeze).toHaveBeenCalledWith('sub_1', 'u_ana', { ...BILLING, email: 'ana@example.com' }, tx);
  });

  it('refuses and refunds the payment of an unknown order (erased with its account): nothing created, no account found by e-mail', async () => {
    const { facts, users, sites, orders, frozenBuyers, tx, heard } = provisioning(null);
    users.linkStripeCustomer.mockResolvedValue({ ...ana, id: 'u_linked' } as User);
    await facts.publish('order.paid', paid, tx);
    expect(users.linkStripeCustomer).toHaveBeenCalledWith('cus_1', null, tx);
    expect(sites.createForOrder).not.toHaveBeenCalled();
    expect(orders.refusePayment).not.toHaveBeenCalled();
    expect(frozenBuyers.freeze).not.toHaveBeenCalled();
    expect(heard).toEqual([
      { type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_linked' }, tx },
      {
        type: 'duplicate-payment.found',
        fact: expect.objectContaining({ kind: 'order', cause: 'unknown-order', referenceId: 'draft_1', siteId: null, userId: 'u_linked' }),
        tx,
      },
    ]);
  });

  it('refuses and refunds a payment for an account closed since it opened: no site, no mail, its order’s identity on the invoice', async () => {
    const { facts, users, sites, orders, frozenBuyers, mail, tx, heard } = provisioning(frozen({}, { userId: 'u_ana' }));
    const closed = { ...ana, email: 'compte-u_ana@comptes-fermes.invalid', name: '', closedAt: new Date() } as User;
    users.findById.mockResolvedValue(closed);
    sites.siteIdOfOrder.mockResolvedValue(null);
    await facts.publish('order.paid', paid, tx);
    expect(sites.createForOrder).not.toHaveBeenCalled();
    expect(orders.markPaid).not.toHaveBeenCalled();
    expect(mail.enqueue).not.toHaveBeenCalled();
    expect(orders.refusePayment).toHaveBeenCalledWith('cs_1', tx);
    expect(frozenBuyers.freeze).toHaveBeenCalledWith('sub_1', 'u_ana', { ...BILLING, email: 'ana@example.com' }, tx);
    expect(heard).toEqual([
      { type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u_ana' }, tx },
      {
        type: 'duplicate-payment.found',
        fact: {
          kind: 'order',
          cause: 'account-closed',
          referenceId: 'draft_1',
          siteId: null,
          checkoutSessionId: 'cs_1',
          subscriptionId: 'sub_1',
          invoiceId: 'in_1',
          customerId: 'cus_1',
          userId: 'u_ana',
          amountCents: 2900,
          reason: 'Une commande a été payée alors que son compte était déjà fermé : rien n’est créé.',
        },
        tx,
      },
    ]);
  });

  it('gives an anonymous order to the account of its address only if it existed when the payment opened, or is reached only through that mailbox', async () => {
    for (const existing of [
      accountOfAddress(-5),
      accountOfAddress(5, { passwordHash: null }),
      accountOfAddress(5, { addressProvenAt: new Date() }),
    ]) {
      const { facts, users, auth, tx } = provisioning(frozen());
      users.findByEmail.mockResolvedValue(existing);
      await facts.publish('order.paid', paid, tx);
      expect(auth.takeBackAddress).not.toHaveBeenCalled();
      expect(users.findOrCreateClient).toHaveBeenCalledWith({ email: 'ana@example.com', name: 'Ana Lopez' }, tx);
    }
  });

  it('gives nothing to an account that signed up with the address after the payment opened: the address goes back, the team is told', async () => {
    const { facts, users, auth, mail, sites, tx } = provisioning(frozen());
    users.findByEmail.mockResolvedValue(accountOfAddress(5));
    await facts.publish('order.paid', paid, tx);
    expect(auth.takeBackAddress).toHaveBeenCalledWith('u_other', tx);
    expect(auth.takeBackAddress.mock.invocationCallOrder[0]).toBeLessThan(users.findOrCreateClient.mock.invocationCallOrder[0]);
    expect(sites.createForOrder).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u_ana' }), tx);
    expect(auth.inviteToFirstLogin).toHaveBeenCalledWith('u_ana', tx);
    expect(mail.enqueue).toHaveBeenCalledWith(
      'team-notice',
      'team@example.com',
      expect.objectContaining({ subject: 'Adresse reprise pour une commande payée' }),
      { tx, dedupeKey: 'address-taken-back:u_other' },
    );
  });

  it('finds a second payment of an order another session paid a duplicate to refund, for the order’s site: no second site', async () => {
    const { facts, orders, sites, tx, heard } = provisioning(order({ status: 'paid', checkoutSessionId: 'cs_0', userId: 'u_ana' }));
    await facts.publish('order.paid', paid, tx);
    expect(sites.createForOrder).not.toHaveBeenCalled();
    expect(orders.markPaid).not.toHaveBeenCalled();
    expect(orders.refusePayment).toHaveBeenCalledWith('cs_1', tx);
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
