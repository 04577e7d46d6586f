import type { DataSourceOptions } from 'typeorm';
import { AgencySettingsRow } from './agency/agency-settings.entity';
import { AuditEntry } from './audit/audit-entry.entity';
import { CheckoutLease } from './billing/checkout-lease.entity';
import { DuplicatePayment } from './billing/duplicate-payment.entity';
import { Invoice } from './billing/invoice.entity';
import { StripeEvent } from './billing/stripe-event.entity';
import { StripeRefund } from './billing/stripe-refund.entity';
import { Subscription } from './billing/subscription.entity';
import { LoginAttempt } from './auth/login-attempt.entity';
import { OneTimeToken } from './auth/one-time-token.entity';
import { RefreshToken, Session } from './auth/session.entity';
import { User } from './auth/user.entity';
import { OutboxEmail } from './mail/outbox-email.entity';
import { OrderDraft } from './orders/order-draft.entity';
import { OrderPhoto } from './orders/order-photo.entity';
import { QuoteRequest } from './orders/quote-request.entity';
import { ModificationRequest } from './sites/modification-request.entity';
import { SiteBusinessOptions } from './sites/site-business-options.entity';
import { Site } from './sites/site.entity';
import { SiteStatusChange } from './sites/site-status-history.entity';
import { SupportMessage } from './support/support-message.entity';
import { Auth1763712000000 } from './database/migrations/1763712000000-Auth';
import { QuotesAndRateLimits1763712100000 } from './database/migrations/1763712100000-QuotesAndRateLimits';
import { MailOutbox1763712200000 } from './database/migrations/1763712200000-MailOutbox';
import { Billing1763712300000 } from './database/migrations/1763712300000-Billing';
import { StripeEventOutcome1763712400000 } from './database/migrations/1763712400000-StripeEventOutcome';
import { OrderDrafts1763712500000 } from './database/migrations/1763712500000-OrderDrafts';
import { Sites1763712600000 } from './database/migrations/1763712600000-Sites';
import { AdminArea1763712700000 } from './database/migrations/1763712700000-AdminArea';
import { ClientArea1763712900000 } from './database/migrations/1763712900000-ClientArea';
import { MailSecretLink1763713000000 } from './database/migrations/1763713000000-MailSecretLink';
import { RowCounts1763714000000 } from './database/migrations/1763714000000-RowCounts';
import { WebhookInbox1763714100000 } from './database/migrations/1763714100000-WebhookInbox';
import { PaymentReminderIndex1763714200000 } from './database/migrations/1763714200000-PaymentReminderIndex';
import { SubscriptionLife1763714300000 } from './database/migrations/1763714300000-SubscriptionLife';
import { AgencySettings1763714400000 } from './database/migrations/1763714400000-AgencySettings';
import { OrderPhotoThumbnails1763714500000 } from './database/migrations/1763714500000-OrderPhotoThumbnails';
import { BillingProfile } from './invoicing/billing-profile.entity';
import { LegalInvoice, LegalInvoiceCounter } from './invoicing/legal-invoice.entity';
import { AuditLogOrder1763715000000 } from './database/migrations/1763715000000-AuditLogOrder';
import { ListIndexes1763715100000 } from './database/migrations/1763715100000-ListIndexes';
import { LegalInvoices1763715200000 } from './database/migrations/1763715200000-LegalInvoices';
import { StripeRefunds1763715300000 } from './database/migrations/1763715300000-StripeRefunds';
import { FailedQueueIndexes1763715400000 } from './database/migrations/1763715400000-FailedQueueIndexes';
import { DataRights1763715600000 } from './database/migrations/1763715600000-DataRights';
import { BackgroundJobs1763715800000 } from './database/migrations/1763715800000-BackgroundJobs';
import { ClientView } from './auth/client-view.entity';
import { ApiKey } from './api-keys/api-key.entity';
import { ApiKeys1763716000000 } from './database/migrations/1763716000000-ApiKeys';
import { ApiKeyUseCount1763716100000 } from './database/migrations/1763716100000-ApiKeyUseCount';
import { AccountClosure } from './privacy/account-closure.entity';
import { DataExport } from './privacy/data-export.entity';
import { WebhookDelivery, WebhookEndpoint, WebhookEvent } from './outbound-webhooks/webhook.entities';
import { OrderCheckout } from './orders/order-checkout.entity';
import { FrozenBuyer } from './invoicing/frozen-buyer.entity';
import { PaymentsKeepTheirWord1763716560000 } from './database/migrations/1763716560000-PaymentsKeepTheirWord';
import { PaymentActionRequired1763716570000 } from './database/migrations/1763716570000-PaymentActionRequired';
import { OrderDebits1763716580000 } from './database/migrations/1763716580000-OrderDebits';
import { AUDIENCE_ENTITIES } from './audience/audience.entities';
import { AudienceMeasurement1763716700000 } from './database/migrations/1763716700000-AudienceMeasurement';
import { AudienceViews1763716730000 } from './database/migrations/1763716730000-AudienceViews';
import { UptimeWatch1763716850000 } from './database/migrations/1763716850000-UptimeWatch';
import { UPTIME_ENTITIES } from './uptime/uptime.entities';
import { EndOfDunning1763716600000 } from './database/migrations/1763716600000-EndOfDunning';
import { OnePendingArchive1763716630000 } from './database/migrations/1763716630000-OnePendingArchive';
import { ConsumerRequest1763716640000 } from './database/migrations/1763716640000-ConsumerRequest';
import { ConsumerWithdrawal1763716950000 } from './database/migrations/1763716950000-ConsumerWithdrawal';
import { ConsumerMediator1763716960000 } from './database/migrations/1763716960000-ConsumerMediator';
import { AudienceIncrementalRollups1763717000000 } from './database/migrations/1763717000000-AudienceIncrementalRollups';
import { Withdrawal } from './orders/withdrawal.entity';
import { DraftPlanOnly1763716300000 } from './database/migrations/1763716300000-DraftPlanOnly';
import { OutboundWebhooks1763716200000 } from './database/migrations/1763716200000-OutboundWebhooks';
import { BillingKeepsItsOwnState1763716400000 } from './database/migrations/1763716400000-BillingKeepsItsOwnState';
import { StripeEventsOfCheckout1763716450000 } from './database/migrations/1763716450000-StripeEventsOfCheckout';
import { InvoiceCorrections1763716550000 } from './database/migrations/1763716550000-InvoiceCorrections';

export const ENTITIES = [
  User,
  Session,
  RefreshToken,
  OneTimeToken,
  LoginAttempt,
  QuoteRequest,
  OutboxEmail,
  StripeEvent,
  Subscription,
  Invoice,
  OrderDraft,
  OrderPhoto,
  Site,
  SiteStatusChange,
  ModificationRequest,
  SiteBusinessOptions,
  SupportMessage,
  AuditEntry,
  CheckoutLease,
  DuplicatePayment,
  AgencySettingsRow,
  LegalInvoice,
  LegalInvoiceCounter,
  BillingProfile,
  StripeRefund,
  ClientView,
  DataExport,
  AccountClosure,
  ApiKey,
  WebhookEndpoint,
  WebhookEvent,
  WebhookDelivery,
  OrderCheckout,
  Withdrawal,
  FrozenBuyer,
  ...AUDIENCE_ENTITIES,
  ...UPTIME_ENTITIES,
];
/** Every migration, in order. The schema is built only by these (never `synchronize`). */
export const MIGRATIONS = [
  Auth1763712000000,
  QuotesAndRateLimits1763712100000,
  MailOutbox1763712200000,
  Billing1763712300000,
  StripeEventOutcome1763712400000,
  OrderDrafts1763712500000,
  Sites1763712600000,
  AdminArea1763712700000,
  ClientArea1763712900000,
  MailSecretLink1763713000000,
  RowCounts1763714000000,
  WebhookInbox1763714100000,
  PaymentReminderIndex1763714200000,
  SubscriptionLife1763714300000,
  AgencySettings1763714400000,
  OrderPhotoThumbnails1763714500000,
  AuditLogOrder1763715000000,
  ListIndexes1763715100000,
  LegalInvoices1763715200000,
  StripeRefunds1763715300000,
  FailedQueueIndexes1763715400000,
  DataRights1763715600000,
  BackgroundJobs1763715800000,
  ApiKeys1763716000000,
  ApiKeyUseCount1763716100000,
  OutboundWebhooks1763716200000,
  DraftPlanOnly1763716300000,
  BillingKeepsItsOwnState1763716400000,
  StripeEventsOfCheckout1763716450000,
  InvoiceCorrections1763716550000,
  PaymentsKeepTheirWord1763716560000,
  PaymentActionRequired1763716570000,
  OrderDebits1763716580000,
  EndOfDunning1763716600000,
  OnePendingArchive1763716630000,
  ConsumerRequest1763716640000,
  AudienceMeasurement1763716700000,
  AudienceViews1763716730000,
  UptimeWatch1763716850000,
  ConsumerWithdrawal1763716950000,
  ConsumerMediator1763716960000,
  AudienceIncrementalRollups1763717000000,
];

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    // Run at start by runMigrationsLocked (app.module.ts), under an advisory lock: never by TypeORM on its own.
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    // random_page_cost 1.1 (PostgreSQL's default, 4, is for spinning disks): on SSDs and a cached data set the
    // planner then picks the trigram and sort indexes over sequential scans (the admin's searches: 5 to 10× faster).
    // connectionTimeoutMillis: a request waits 5 s at most for a connection (server unreachable, pool exhausted),
    // then fails with a 503 (common/unavailable.ts) instead of hanging.
    extra: { max: 10, options: '-c random_page_cost=1.1', connectionTimeoutMillis: 5000 },
    // Query errors surface as exceptions (and 500s are logged by the error filter); no duplicate SQL logging.
    logging: false,
  };
}
