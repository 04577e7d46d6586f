import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { CustomerSeen, PaymentActionRequired, PaymentFailed, PaymentReminderDue } from '../billing-facts/facts';
import { euros, fromUnix, shortDate } from '../common/format';
import { MailService } from '../mail/mail.service';
import { UsersService } from './users.service';

/**
 * What billing's facts do to accounts: a Stripe customer is linked to the account of its e-mail (once, never moved to
 * another account), which billing's rows then name; and the account holder is mailed when a payment fails.
 */
@Injectable()
export class CustomerPayments {
  constructor(
    private readonly facts: BillingFacts,
    private readonly users: UsersService,
    private readonly mail: MailService,
  ) {
    facts.on('customer.seen', 'auth.link-customer', (fact, tx) => this.link(fact, tx));
    facts.on('payment.failed', 'auth.payment-failed-mail', (fact, tx) => this.paymentFailed(fact, tx));
    facts.on('payment.action-required', 'auth.payment-action-required-mail', (fact, tx) =>
      this.paymentFailed(fact, tx, 'payment-action-required'),
    );
    facts.on('payment.reminder-due', 'auth.payment-reminder-mail', (fact, tx) => this.paymentReminder(fact, tx));
  }

  private async link({ customerId, email }: CustomerSeen, tx: EntityManager): Promise<void> {
    const user = await this.users.linkStripeCustomer(customerId, email, tx);
    if (user) await this.facts.publish('customer.linked', { customerId, userId: user.id }, tx);
  }

  /**
   * The client's mail, once per invoice: to the account's e-mail, or the one Stripe has for a customer with no account.
   * A payment waiting for the client's authentication (3-D Secure) gets its own mail, with the link to authenticate it.
   */
  private async paymentFailed(
    { invoice, customerId, email }: PaymentFailed | PaymentActionRequired,
    tx: EntityManager,
    template: 'payment-failed' | 'payment-action-required' = 'payment-failed',
  ): Promise<void> {
    const user = await this.users.linkStripeCustomer(customerId, null, tx);
    const to = user?.email ?? email;
    if (!to) return;
    await this.mail.enqueue(
      template,
      to,
      {
        name: user?.name || to,
        amount: euros(invoice.amountDue),
        date: shortDate(fromUnix(invoice.created)),
        invoiceUrl: invoice.hostedUrl ?? this.mail.link('/dashboard/invoices'),
        dashboardUrl: this.mail.link('/dashboard'),
      },
      { tx, dedupeKey: `${template}:${invoice.id}` },
    );
  }

  /** A reminder of a payment that keeps failing, to the account holder, once per step. */
  private async paymentReminder(r: PaymentReminderDue, tx: EntityManager): Promise<void> {
    const user = await this.users.findById(r.userId, tx);
    if (!user) return;
    const invoicesUrl = this.mail.link('/dashboard/invoices');
    await this.mail.enqueue(
      'payment-reminder',
      user.email,
      {
        name: user.name || user.email,
        amount: euros(r.amountCents),
        date: shortDate(r.failedAt),
        days: r.days,
        invoiceUrl: r.hostedUrl ?? invoicesUrl,
        dashboardUrl: invoicesUrl,
      },
      { tx, dedupeKey: `payment-reminder:${r.invoiceId}:${r.days}` },
    );
  }
}
