import { BillingFacts } from './billing-facts';
import { HANDLERS } from './facts';

/** Registers every reaction the table names but `except`, each doing nothing. */
function registerAll(facts: BillingFacts, except: string[] = []): void {
  for (const key of facts.unregistered()) {
    if (except.includes(key)) continue;
    const [type, name] = key.split(' → ') as [never, never];
    facts.on(type, name, async () => undefined);
  }
}

describe('billing facts', () => {
  it('names who reacts to each fact, in the order they run (the index of what a payment does)', () => {
    expect(HANDLERS).toEqual({
      'order.paid': ['orders.provision'],
      'order.debit': ['orders.debit'],
      'customer.seen': ['auth.link-customer'],
      'customer.linked': ['billing.attach-customer'],
      'site.paid-for': ['billing.link-site'],
      // Recorded before the team is told.
      'duplicate-payment.found': ['billing.record-duplicate', 'mail.duplicate-found-team-notice'],
      'duplicate-payment.refunded': ['sites.duplicate-refunded-mail'],
      'payment.reminder-due': ['auth.payment-reminder-mail'],
      'restart.paid': ['sites.restart'],
      'subscription.changed': ['sites.lifecycle'],
      'invoice.paid': ['outbound-webhooks.invoice-paid'],
      // Integrators hear of a failing payment before the client is mailed.
      'payment.failed': ['outbound-webhooks.payment-failed', 'auth.payment-failed-mail'],
      'payment.action-required': ['auth.payment-action-required-mail'],
      'subscription.ended': ['outbound-webhooks.subscription-canceled', 'privacy.erase-when-ended'],
      'payment-method.changed': ['sites.card-updated-mail'],
      'payment.collected': ['invoicing.issue-invoice'],
      'legal-invoice.issued': ['billing.credit-refunds'],
      'refund.recorded': ['invoicing.credit-notes'],
    });
  });

  it('runs the reactions to a failed payment in the table’s order, whatever the order the modules registered in', async () => {
    const facts = new BillingFacts();
    const ran: string[] = [];
    facts.on('payment.failed', 'auth.payment-failed-mail', async () => void ran.push('mail'));
    facts.on('payment.failed', 'outbound-webhooks.payment-failed', async () => void ran.push('webhook'));
    await facts.publish('payment.failed', {} as never, {} as never);
    expect(ran).toEqual(['webhook', 'mail']);
  });

  it('starts once every reaction the table names is registered', () => {
    const facts = new BillingFacts();
    registerAll(facts);
    expect(facts.unregistered()).toEqual([]);
    expect(() => facts.onApplicationBootstrap()).not.toThrow();
  });

  it('refuses to start, saying which reactions are missing, when a module did not register its own', () => {
    const facts = new BillingFacts();
    registerAll(facts, ['payment.failed → auth.payment-failed-mail', 'refund.recorded → invoicing.credit-notes']);
    expect(() => facts.onApplicationBootstrap()).toThrow(
      'Réactions aux faits de facturation non inscrites : payment.failed → auth.payment-failed-mail, refund.recorded → invoicing.credit-notes',
    );
  });
});
