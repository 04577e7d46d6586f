import { hearTheRest } from '../../test/unit/billing-facts';
import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newTestService } from '../../test/unit/new-test-service';
import type { User } from '../auth/user.entity';
import { UsersService } from '../auth/users.service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { PaymentCollected, StripeInvoiceFacts, StripeLineFacts } from '../billing-facts/facts';
import { Transactions } from '../database/transactions';
import { SitesService } from '../sites/sites.service';
import type { BillingProfile } from './billing-profile.entity';
import { FrozenBuyers } from './frozen-buyers';
import { InvoicingService } from './invoicing.service';
import { billedLine, PaymentDocuments } from './payment-documents';

const line = (changes: Partial<StripeLineFacts> = {}): StripeLineFacts => ({
  priceId: 'price_pro',
  label: 'Formule Pro',
  description: '1 × Formule Pro (at €29.00 / month)',
  amountCents: 2900,
  quantity: 1,
  // 2027-01-15 → 2027-02-15 (Paris)
  periodStart: 1_800_000_000,
  periodEnd: 1_802_678_400,
  proration: false,
  ...changes,
});
const stripeFacts = (changes: Partial<StripeInvoiceFacts> = {}): StripeInvoiceFacts => ({
  number: 'F-1',
  billingReason: 'subscription_cycle',
  paidAt: 1_800_000_100,
  lines: [line()],
  customerName: 'Ana at Stripe',
  customerEmail: 'stripe@example.com',
  customerAddress: { line1: '1 rue de la Paix', line2: null, postalCode: '75002', city: 'Paris', country: 'FR' },
  ...changes,
});
const collected = (changes: Partial<PaymentCollected> = {}, facts: Partial<StripeInvoiceFacts> = {}): PaymentCollected => ({
  invoice: {
    id: 'in_1',
    customerId: 'cus_1',
    userId: null,
    subscriptionId: 'sub_1',
    number: 'F-1',
    created: 1_799_990_000,
    amountCents: 2900,
    amountDue: 0,
    currency: 'eur',
    status: 'paid',
    description: 'Abonnement Formule Pro',
    hostedUrl: null,
    pdfUrl: null,
    paymentFailed: false,
    syncedAt: new Date(),
    facts: stripeFacts(facts),
  },
  owner: { userId: 'u1', siteId: 'site_1' },
  email: 'customer@example.com',
  checkout: null,
  ...changes,
});

/** The legal documents' reactions on a real bus; every other reaction records the fact it heard (once per fact). */
function documents() {
  const tx = { id: 'tx' } as unknown as EntityManager;
  const facts = new BillingFacts();
  const { mock } = newTestService(PaymentDocuments, [[BillingFacts, facts]]);
  const invoicing = mock(InvoicingService);
  const users = mock(UsersService);
  const sites = mock(SitesService);
  const transactions = mock(Transactions);
  const frozenBuyers = mock(FrozenBuyers);
  frozenBuyers.of.mockResolvedValue(null);
  users.findById.mockResolvedValue({ id: 'u1', email: 'ana@example.com', name: 'Ana' } as User);
  sites.namesOf.mockResolvedValue(new Map([['site_1', 'Chez Ana']]));
  invoicing.issueInvoice.mockResolvedValue({ id: 'doc_1', number: 'FA-2027-0001' });
  const heard = hearTheRest(facts);
  /** Runs what was deferred to after the commit. */
  const commit = () => {
    for (const [, callback] of transactions.afterCommit.mock.calls) callback();
  };
  return { facts, invoicing, users, sites, transactions, frozenBuyers, tx, heard, commit };
}

describe('PaymentDocuments: the legal invoice of a collected payment', () => {
  it('issues it to the account, named after the site, and credits its refunds already recorded', async () => {
    const { facts, invoicing, users, sites, tx, heard } = documents();
    await facts.publish('payment.collected', collected(), tx);
    expect(users.findById).toHaveBeenCalledWith('u1', tx);
    expect(sites.namesOf).toHaveBeenCalledWith(['site_1'], tx);
    expect(invoicing.issueInvoice).toHaveBeenCalledWith(
      {
        stripeInvoiceId: 'in_1',
        stripeNumber: 'F-1',
        userId: 'u1',
        fallback: {
          name: 'Ana at Stripe',
          email: 'ana@example.com',
          address: { line1: '1 rue de la Paix', line2: null, postalCode: '75002', city: 'Paris', country: 'FR' },
        },
        paidAt: new Date(1_800_000_100_000),
        lines: [billedLine(line(), 'Chez Ana')],
      },
      tx,
    );
    expect(heard).toEqual([{ type: 'legal-invoice.issued', fact: { stripeInvoiceId: 'in_1' }, tx }]);
  });

  it('wakes the invoice files only once the transaction has committed', async () => {
    const { facts, invoicing, transactions, tx, commit } = documents();
    await facts.publish('payment.collected', collected(), tx);
    expect(transactions.afterCommit).toHaveBeenCalledWith(tx, expect.any(Function));
    expect(invoicing.renderIssued).not.toHaveBeenCalled();
    commit();
    expect(invoicing.renderIssued).toHaveBeenCalledTimes(1);
  });

  it('skips a checkout’s first invoice that has no account yet: the checkout’s own event issues it', async () => {
    for (const owner of [null, { userId: null, siteId: null }]) {
      const { facts, invoicing, transactions, tx, heard } = documents();
      await facts.publish('payment.collected', collected({ owner }, { billingReason: 'subscription_create' }), tx);
      expect(invoicing.issueInvoice).not.toHaveBeenCalled();
      expect(transactions.afterCommit).not.toHaveBeenCalled();
      expect(heard).toEqual([]);
    }
  });

  it('makes an order’s first invoice out to the order’s frozen billing identity and account, whatever the account’s profile or Stripe says', async () => {
    const profile = { userId: 'u_buyer', fullName: 'Lopez SARL gérante', buyerType: 'company' } as BillingProfile;
    for (const owner of [null, { userId: 'u_other', siteId: 'site_1' }]) {
      const { facts, invoicing, users, frozenBuyers, tx, heard } = documents();
      frozenBuyers.of.mockResolvedValue({ userId: 'u_buyer', profile, email: 'order@example.com' });
      users.findById.mockResolvedValue({ id: 'u_buyer', email: 'account@example.com', name: 'Compte' } as User);
      await facts.publish('payment.collected', collected({ owner, checkout: 'order' }, { billingReason: 'subscription_create' }), tx);
      expect(frozenBuyers.of).toHaveBeenCalledWith('sub_1', tx);
      expect(users.findById).toHaveBeenCalledWith('u_buyer', tx);
      expect(invoicing.issueInvoice).toHaveBeenCalledWith(
        expect.objectContaining({ userId: 'u_buyer', buyer: profile, fallback: expect.objectContaining({ email: 'order@example.com' }) }),
        tx,
      );
      // The invoice keeps the identity: the frozen copy goes.
      expect(frozenBuyers.used).toHaveBeenCalledWith('sub_1', tx);
      expect(heard).toEqual([{ type: 'legal-invoice.issued', fact: { stripeInvoiceId: 'in_1' }, tx }]);
    }
  });

  it('issues no order’s first invoice without its order’s billing identity, never the card form’s name instead', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      // Read before its order was applied (an account already linked to the customer, even): it waits.
      const { facts, invoicing, frozenBuyers, tx, heard } = documents();
      await facts.publish('payment.collected', collected({ checkout: 'order' }, { billingReason: 'subscription_create' }), tx);
      expect(invoicing.issueInvoice).not.toHaveBeenCalled();
      expect(frozenBuyers.used).not.toHaveBeenCalled();
      expect(heard).toEqual([]);
      expect(log).toHaveBeenCalledWith(expect.stringContaining('en attente'));

      // Told again once issued (the frozen copy went with the issue): nothing to do, nothing said.
      const again = documents();
      log.mockClear();
      again.invoicing.documentOf.mockResolvedValue({ id: 'doc_1', number: 'F-2027-000001' });
      await again.facts.publish('payment.collected', collected({ checkout: 'order' }, { billingReason: 'subscription_create' }), again.tx);
      expect(again.invoicing.documentOf).toHaveBeenCalledWith('in_1', again.tx);
      expect(again.invoicing.issueInvoice).not.toHaveBeenCalled();
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it('issues any other invoice without account to the customer as Stripe has them', async () => {
    const { facts, invoicing, users, sites, tx } = documents();
    await facts.publish('payment.collected', collected({ owner: null }), tx);
    expect(users.findById).not.toHaveBeenCalled();
    expect(sites.namesOf).not.toHaveBeenCalled();
    expect(invoicing.issueInvoice).toHaveBeenCalledWith(
      expect.objectContaining({
        userId: null,
        fallback: expect.objectContaining({ name: 'Ana at Stripe', email: 'stripe@example.com' }),
        lines: [billedLine(line(), null)],
      }),
      tx,
    );
  });

  it('names the buyer by Stripe’s name, else the account’s; mails them at the account’s e-mail, else the invoice’s, else the customer’s', async () => {
    const fallbackOf = async (changes: Partial<PaymentCollected>, facts: Partial<StripeInvoiceFacts>) => {
      const t = documents();
      await t.facts.publish('payment.collected', collected(changes, facts), t.tx);
      return (t.invoicing.issueInvoice.mock.calls[0][0] as { fallback: { name: string; email: string } }).fallback;
    };
    expect(await fallbackOf({}, { customerName: null })).toMatchObject({ name: 'Ana', email: 'ana@example.com' });
    expect(await fallbackOf({ owner: null }, { customerName: null })).toMatchObject({ name: '', email: 'stripe@example.com' });
    expect(await fallbackOf({ owner: null }, { customerEmail: null })).toMatchObject({ email: 'customer@example.com' });
    expect(await fallbackOf({ owner: null, email: null }, { customerEmail: null })).toMatchObject({ email: '' });
  });

  it('dates the invoice when it was paid, or when it was created if Stripe gives no payment time', async () => {
    const { facts, invoicing, tx } = documents();
    await facts.publish('payment.collected', collected({}, { paidAt: null }), tx);
    expect(invoicing.issueInvoice).toHaveBeenCalledWith(expect.objectContaining({ paidAt: new Date(1_799_990_000_000) }), tx);
  });

  it('tells nothing and renders nothing when no invoice is issued (nothing to invoice)', async () => {
    const { facts, invoicing, transactions, tx, heard } = documents();
    invoicing.issueInvoice.mockResolvedValue(null);
    await facts.publish('payment.collected', collected(), tx);
    expect(transactions.afterCommit).not.toHaveBeenCalled();
    expect(heard).toEqual([]);
  });
});

describe('PaymentDocuments: credit notes', () => {
  const refundedAt = new Date('2027-02-01T10:00:00Z');
  const refund = (id: string, status: string, amountCents = 1000) => ({ id, status, amountCents, refundedAt });

  it('issues a credit note per succeeded refund, keyed by the refund, and wakes the files after the commit', async () => {
    const { facts, invoicing, transactions, tx, commit } = documents();
    invoicing.issueCreditNote.mockResolvedValueOnce({ id: 'doc_2', number: 'AV-2027-0001' }).mockResolvedValueOnce(null);
    const refunds = [refund('re_1', 'succeeded'), refund('re_2', 'succeeded', 500), refund('re_3', 'pending')];
    await facts.publish('refund.recorded', { stripeInvoiceId: 'in_1', refunds }, tx);
    expect(invoicing.issueCreditNote.mock.calls).toEqual([
      [{ sourceKey: 'refund:re_1', stripeInvoiceId: 'in_1', refundedAt, amountCents: 1000 }, tx],
      [{ sourceKey: 'refund:re_2', stripeInvoiceId: 'in_1', refundedAt, amountCents: 500 }, tx],
    ]);
    // Only the note actually issued has a file to make.
    expect(transactions.afterCommit).toHaveBeenCalledTimes(1);
    expect(invoicing.renderIssued).not.toHaveBeenCalled();
    commit();
    expect(invoicing.renderIssued).toHaveBeenCalledTimes(1);
  });

  it('reports a refund that failed after its credit note, for the accountant, and credits nothing', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const { facts, invoicing, tx } = documents();
      invoicing.documentOf.mockImplementation(async (key: string) =>
        key === 'refund:re_1' ? { id: 'doc_2', number: 'AV-2027-0001' } : null,
      );
      await facts.publish(
        'refund.recorded',
        { stripeInvoiceId: 'in_1', refunds: [refund('re_1', 'failed'), refund('re_2', 'canceled')] },
        tx,
      );
      expect(invoicing.issueCreditNote).not.toHaveBeenCalled();
      expect(invoicing.documentOf).toHaveBeenCalledWith('refund:re_1', tx);
      expect(invoicing.documentOf).toHaveBeenCalledWith('refund:re_2', tx);
      expect(error).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledWith('Remboursement re_1 (failed) après son avoir AV-2027-0001 : la facture in_1 est à régulariser');
    } finally {
      error.mockRestore();
    }
  });
});

describe('billedLine', () => {
  it('names a line after the catalogue, with its site, period (Paris days) and quantity', () => {
    expect(billedLine(line({ quantity: 2, amountCents: 5800 }), 'Chez Ana')).toEqual({
      label: 'Formule Pro',
      detail: 'Site « Chez Ana »',
      periodStart: '2027-01-15',
      periodEnd: '2027-02-15',
      quantity: 2,
      amountInclCents: 5800,
    });
  });

  it('falls back to Stripe’s description, then to “Abonnement”, and names no site when there is none', () => {
    expect(billedLine(line({ label: null }), null)).toMatchObject({ label: '1 × Formule Pro (at €29.00 / month)', detail: null });
    expect(billedLine(line({ label: undefined, description: null }), null).label).toBe('Abonnement');
  });

  it('says a proration so, a credit for the unused period or an adjustment, always as one unit', () => {
    expect(billedLine(line({ proration: true, amountCents: -1450, quantity: 3 }), null)).toMatchObject({
      label: 'Crédit au prorata : Formule Pro (période non utilisée)',
      quantity: 1,
      amountInclCents: -1450,
    });
    expect(billedLine(line({ proration: true, amountCents: 2450, quantity: 3 }), null)).toMatchObject({
      label: 'Ajustement au prorata : Formule Pro',
      quantity: 1,
    });
  });

  it('gives a period only when it has a start and an end after it', () => {
    const noPeriod = { periodStart: null, periodEnd: null };
    expect(billedLine(line({ periodEnd: null }), null)).toMatchObject(noPeriod);
    expect(billedLine(line({ periodStart: null }), null)).toMatchObject(noPeriod);
    expect(billedLine(line({ periodEnd: 1_800_000_000 }), null)).toMatchObject(noPeriod);
  });
});
