import type { EntityManager } from 'typeorm';
import { hearTheRest } from '../../test/unit/billing-facts';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { InvoiceFromStripe } from '../billing-facts/facts';
import { euros, fromUnix, shortDate } from '../common/format';
import { MailService } from '../mail/mail.service';
import { CustomerPayments } from './customer-payments';
import type { User } from './user.entity';
import { UsersService } from './users.service';

const ana = { id: 'u1', email: 'ana@example.com', name: 'Ana' } as User;
const failing: InvoiceFromStripe = {
  id: 'in_1',
  customerId: 'cus_1',
  userId: null,
  subscriptionId: 'sub_1',
  number: 'F-1',
  created: 1_800_000_000,
  amountCents: 2900,
  amountDue: 2400,
  currency: 'eur',
  status: 'open',
  description: 'Abonnement Formule Pro',
  hostedUrl: 'https://stripe.example/in_1',
  pdfUrl: null,
  paymentFailed: true,
  syncedAt: new Date(),
};

/** The accounts' reactions on a real bus; every other reaction records the fact it heard (once per fact). */
function accounts() {
  const tx = { id: 'tx' } as unknown as EntityManager;
  const facts = new BillingFacts();
  const users = automock<UsersService>();
  const mail = automock<MailService>();
  mail.link.mockImplementation((path: string) => `https://app.example${path}`);
  newTestService(CustomerPayments, [
    [BillingFacts, facts],
    [UsersService, users],
    [MailService, mail],
  ]);
  const heard = hearTheRest(facts);
  return { facts, users, mail, tx, heard };
}

describe('CustomerPayments: a customer seen', () => {
  it('links the Stripe customer to the account of its e-mail, then tells billing whose customer it is', async () => {
    const { facts, users, tx, heard } = accounts();
    users.linkStripeCustomer.mockResolvedValue(ana);
    await facts.publish('customer.seen', { customerId: 'cus_1', email: 'ana@example.com' }, tx);
    expect(users.linkStripeCustomer).toHaveBeenCalledWith('cus_1', 'ana@example.com', tx);
    expect(heard).toEqual([{ type: 'customer.linked', fact: { customerId: 'cus_1', userId: 'u1' }, tx }]);
  });

  it('tells nothing when no account has the customer or its e-mail', async () => {
    const { facts, users, tx, heard } = accounts();
    users.linkStripeCustomer.mockResolvedValue(null);
    await facts.publish('customer.seen', { customerId: 'cus_1', email: 'nobody@example.com' }, tx);
    expect(heard).toEqual([]);
  });
});

describe('CustomerPayments: a failed payment', () => {
  const fact = (email: string | null, invoice: InvoiceFromStripe = failing) => ({ invoice, customerId: 'cus_1', email, userId: null });

  it('mails the account holder once per invoice, in the transaction, after integrators were told', async () => {
    const { facts, users, mail, tx, heard } = accounts();
    users.linkStripeCustomer.mockResolvedValue(ana);
    mail.enqueue.mockImplementation(async () => {
      // The table runs the outbound webhook first.
      expect(heard.map((h) => h.type)).toEqual(['payment.failed']);
      return 'mail_1';
    });
    await facts.publish('payment.failed', fact('stripe@example.com'), tx);
    expect(users.linkStripeCustomer).toHaveBeenCalledWith('cus_1', null, tx);
    expect(mail.enqueue).toHaveBeenCalledWith(
      'payment-failed',
      'ana@example.com',
      {
        name: 'Ana',
        amount: euros(2400),
        date: shortDate(fromUnix(1_800_000_000)),
        invoiceUrl: 'https://stripe.example/in_1',
        dashboardUrl: 'https://app.example/dashboard',
      },
      { tx, dedupeKey: 'payment-failed:in_1' },
    );
  });

  it('mails the e-mail Stripe has for a customer with no account, named by it, with the invoices page when Stripe gives no link', async () => {
    const { facts, users, mail, tx } = accounts();
    users.linkStripeCustomer.mockResolvedValue(null);
    await facts.publish('payment.failed', fact('stripe@example.com', { ...failing, hostedUrl: null }), tx);
    expect(mail.enqueue).toHaveBeenCalledWith(
      'payment-failed',
      'stripe@example.com',
      expect.objectContaining({ name: 'stripe@example.com', invoiceUrl: 'https://app.example/dashboard/invoices' }),
      { tx, dedupeKey: 'payment-failed:in_1' },
    );
  });

  it('names the account holder by their e-mail when the account has no name', async () => {
    const { facts, users, mail, tx } = accounts();
    users.linkStripeCustomer.mockResolvedValue({ ...ana, name: '' } as User);
    await facts.publish('payment.failed', fact(null), tx);
    expect(mail.enqueue).toHaveBeenCalledWith('payment-failed', 'ana@example.com', expect.objectContaining({ name: 'ana@example.com' }), {
      tx,
      dedupeKey: 'payment-failed:in_1',
    });
  });

  it('mails nobody when there is neither an account nor an e-mail at Stripe', async () => {
    const { facts, users, mail, tx } = accounts();
    users.linkStripeCustomer.mockResolvedValue(null);
    await facts.publish('payment.failed', fact(null), tx);
    expect(mail.enqueue).not.toHaveBeenCalled();
  });
});

describe('CustomerPayments: a payment reminder', () => {
  const due = {
    invoiceId: 'in_1',
    userId: 'u1',
    amountCents: 2900,
    failedAt: new Date('2027-01-20T10:00:00Z'),
    days: 7,
    hostedUrl: 'https://stripe.example/in_1',
  };

  it('reminds the account holder once per invoice and step, in the transaction', async () => {
    const { facts, users, mail, tx } = accounts();
    users.findById.mockResolvedValue(ana);
    await facts.publish('payment.reminder-due', due, tx);
    expect(users.findById).toHaveBeenCalledWith('u1', tx);
    expect(mail.enqueue).toHaveBeenCalledWith(
      'payment-reminder',
      'ana@example.com',
      {
        name: 'Ana',
        amount: euros(2900),
        date: shortDate(due.failedAt),
        days: 7,
        invoiceUrl: 'https://stripe.example/in_1',
        dashboardUrl: 'https://app.example/dashboard/invoices',
      },
      { tx, dedupeKey: 'payment-reminder:in_1:7' },
    );
  });

  it('sends to the invoices page when Stripe gives no link, names the holder by e-mail when nameless, and mails nobody for an account gone', async () => {
    const { facts, users, mail, tx } = accounts();
    users.findById.mockResolvedValueOnce({ ...ana, name: '' } as User).mockResolvedValueOnce(null);
    await facts.publish('payment.reminder-due', { ...due, hostedUrl: null }, tx);
    expect(mail.enqueue).toHaveBeenCalledWith(
      'payment-reminder',
      'ana@example.com',
      expect.objectContaining({ name: 'ana@example.com', invoiceUrl: 'https://app.example/dashboard/invoices' }),
      expect.anything(),
    );
    await facts.publish('payment.reminder-due', { ...due, days: 14 }, tx);
    expect(mail.enqueue).toHaveBeenCalledTimes(1);
  });
});

describe('CustomerPayments: a payment waiting for the client’s authentication (3-D Secure)', () => {
  it('mails the account holder the link to authenticate it (the hosted invoice page), once per invoice', async () => {
    const { facts, users, mail, tx } = accounts();
    users.linkStripeCustomer.mockResolvedValue(ana);
    const waiting = { ...failing, actionRequired: true };
    await facts.publish('payment.action-required', { invoice: waiting, customerId: 'cus_1', email: null, userId: 'u1' }, tx);
    expect(mail.enqueue).toHaveBeenCalledWith(
      'payment-action-required',
      'ana@example.com',
      {
        name: 'Ana',
        amount: euros(2400),
        date: shortDate(fromUnix(1_800_000_000)),
        invoiceUrl: 'https://stripe.example/in_1',
        dashboardUrl: 'https://app.example/dashboard',
      },
      { tx, dedupeKey: 'payment-action-required:in_1' },
    );
    expect(mail.enqueue).not.toHaveBeenCalledWith('payment-failed', expect.anything(), expect.anything(), expect.anything());
  });
});
