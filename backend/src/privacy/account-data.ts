import { Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { SubscriptionsService } from '../billing/subscriptions.service';
import { InvoicingService } from '../invoicing/invoicing.service';
import { MailService } from '../mail/mail.service';
import { OrderDraftsService } from '../orders/order-drafts.service';
import { QuotesService } from '../orders/quotes.service';
import { SitesService } from '../sites/sites.service';
import { SupportService } from '../support/support.service';
import type { AccountData } from './data-archive';

/**
 * Everything the service holds about one account, asked of each module that owns a part of it (never their
 * tables): the account and its sign-ins, its billing identity and legal documents with their files, its sites and
 * what it asked about them, its orders with their photos, its quote requests (by its address), its subscriptions and
 * payments, its support messages, the mails written to it. Null for an unknown or closed account.
 */
@Injectable()
export class AccountDataCollector {
  constructor(
    private readonly auth: AuthService,
    private readonly invoicing: InvoicingService,
    private readonly sites: SitesService,
    private readonly orders: OrderDraftsService,
    private readonly quotes: QuotesService,
    private readonly subscriptions: SubscriptionsService,
    private readonly support: SupportService,
    private readonly mail: MailService,
  ) {}

  async collect(userId: string): Promise<AccountData | null> {
    const record = await this.auth.accountRecord(userId);
    if (!record || record.closed) return null;
    const email = record.account.email;
    const [invoicing, sites, orders, quotes, billing, supportMessages, mails] = await Promise.all([
      this.invoicing.recordsOf(userId),
      this.sites.recordsOf(userId),
      this.orders.recordsOf(userId),
      this.quotes.recordsByEmail(email),
      this.subscriptions.recordsOf(userId),
      this.support.recordsOf(userId),
      this.mail.mailsTo(email),
    ]);
    return {
      account: record.account,
      signIns: record.signIns,
      teamViews: record.teamViews,
      billingProfile: invoicing.profile,
      legalDocuments: invoicing.documents,
      sites,
      orders,
      quotes,
      subscriptions: billing.subscriptions,
      payments: billing.invoices,
      supportMessages,
      mails,
    };
  }
}
