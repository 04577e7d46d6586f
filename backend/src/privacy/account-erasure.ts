import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { SubscriptionEnded } from '../billing-facts/facts';
import { DuplicatePayments } from '../billing/duplicate-payments';
import { SubscriptionsService } from '../billing/subscriptions.service';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { retryDelaySeconds } from '../common/retry';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { Transactions } from '../database/transactions';
import { FrozenBuyers } from '../invoicing/frozen-buyers';
import { InvoicingService } from '../invoicing/invoicing.service';
import { MailService } from '../mail/mail.service';
import { OrderDraftsService } from '../orders/order-drafts.service';
import { QuotesService } from '../orders/quotes.service';
import { FILE_STORAGE, type FileStorage } from '../common/storage/file-storage';
import { SitesService } from '../sites/sites.service';
import { SupportService } from '../support/support.service';
import { type ClosureRow, PrivacyRepository } from './privacy.repository';

const BATCH = 5;
const MAX_ATTEMPTS = 10;
/** Looks for due erasures at most this often (a closure wakes it at once). */
const POLL_MS = 5000;
/** While a mail to or about the account is still in the outbox, look again after this long. */
const MAIL_WAIT_SECONDS = 30;
/** While a payment made just before the closure is not given back yet (its events late), look again after this long. */
const PAYMENT_WAIT_SECONDS = 60;
/** While a subscription still runs (the end of its paid period, its webhook late), look again after this long. */
const SUBSCRIPTION_WAIT_SECONDS = 3600;

/**
 * The erasure of closed accounts, in the background, a job of the engine (database/jobs) on every instance: claims due
 * `account_closures` (FOR UPDATE SKIP LOCKED and a lease, JOB_LEASE_SECONDS, renewed while it erases), waits while a mail to or about the account is still in the outbox (the confirmation goes out before its
 * address is erased), while a payment made just before the closure is being refunded, or while a subscription still
 * runs (its sites end their normal lifecycle first), then removes the
 * photo and archive files and, in one transaction, asks every module to erase its part: sessions, views and sign-in
 * counters, orders and photos, quote requests, requests about its sites, support messages, billing identity, mails,
 * the audit entries' personal fields, rate-limit counters (by address and by account), data exports. What the law keeps (legal documents,
 * payments, subscriptions, the sites' rows) stays, tied to the anonymised account. A failure is retried with a growing
 * wait, then left `failed` (logged, shown to the admin). At shutdown the account being erased is finished and the rest
 * of the batch handed back.
 */
@Injectable()
export class AccountErasure {
  private readonly logger = new Logger('Privacy');
  private readonly job: Job<void>;
  /** The claimed closures not handled yet, renewed by the runner's heartbeat */
  private readonly held = new Set<string>();

  constructor(
    private readonly repo: PrivacyRepository,
    private readonly transactions: Transactions,
    private readonly auth: AuthService,
    private readonly orders: OrderDraftsService,
    private readonly quotes: QuotesService,
    private readonly sites: SitesService,
    private readonly support: SupportService,
    private readonly invoicing: InvoicingService,
    private readonly subscriptions: SubscriptionsService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly rateLimit: RateLimitService,
    @Inject(FILE_STORAGE) private readonly exportStorage: FileStorage,
    runner: JobRunner,
    private readonly refunds: DuplicatePayments,
    private readonly frozenBuyers: FrozenBuyers,
    facts: BillingFacts,
  ) {
    this.job = runner.job('account-erasure');
    facts.on('subscription.ended', 'privacy.erase-when-ended', (fact, tx) => this.subscriptionEnded(fact, tx));
  }

  /**
   * A closure at the end of the paid period waits for the end read at closure; a subscription may end before it (the
   * team ends it at Stripe, failed payments end it). Once the account's last subscription has ended, the erasure is
   * due now, in the transaction that recorded the end, and the worker is woken once it commits.
   */
  private async subscriptionEnded({ userId }: SubscriptionEnded, tx: EntityManager): Promise<void> {
    if (!userId || (await this.subscriptions.liveOf(userId, tx)).length > 0) return;
    if (await this.repo.erasureDueNow(userId, tx)) this.transactions.afterCommit(tx, () => this.wake());
  }

  /** An account was just closed: look now rather than at the next tick. */
  wake(): void {
    this.job.wake();
  }

  /** Erases every closed account due now; resolves when none is left (the tests wait on it). */
  async drain(): Promise<void> {
    await this.job.drain();
  }

  /** One run: batches until none is due; at shutdown, the rest of the batch is handed back. */
  @BackgroundJob<AccountErasure>({
    name: 'account-erasure',
    scope: 'instance',
    everyMs: POLL_MS,
    retryDelayMs: (failures) => Math.min(60_000, retryDelaySeconds(failures, POLL_MS / 1000) * 1000),
    metrics: true,
    renew: (worker, leaseSeconds) => (worker.held.size ? worker.repo.renewErasures([...worker.held], leaseSeconds) : Promise.resolve()),
    log: { context: 'Privacy', failure: 'Effacement des comptes fermés interrompu' },
  })
  private async eraseDue(ctx: JobContext): Promise<void> {
    while (!ctx.stopping) {
      const due = await this.repo.claimErasures(BATCH, ctx.leaseSeconds);
      if (!due.length) return;
      for (const closure of due) this.held.add(closure.id);
      try {
        for (const [i, closure] of due.entries()) {
          if (ctx.stopping) {
            await this.repo.releaseErasures(due.slice(i).map((c) => c.id));
            return;
          }
          await this.erase(closure);
          this.held.delete(closure.id);
        }
      } finally {
        for (const closure of due) this.held.delete(closure.id);
      }
    }
  }

  private async erase(closure: ClosureRow): Promise<void> {
    const { userId } = closure;
    try {
      const email = closure.email ?? '';
      // Its mails whenever written: those its own payments cause after the closure (Stripe's late events: a credit
      // note, an invoice, the team's notice, to or naming the address still in its billing identity) hold it as much as
      // those before. Unless a new account signed up with the address since: then those up to the closure only.
      const about = { email, userId, before: email && (await this.auth.addressHeld(email)) ? closure.closedAtExact : null };
      if (email && (await this.mail.waitingAbout(about)) > 0) {
        await this.repo.postponeErasure(closure.id, 'mail', MAIL_WAIT_SECONDS);
        return;
      }
      // A payment made just before the closure is refunded when its events come (the account is closed): its order's
      // answers and billing identity (its invoice's buyer) must still be there then.
      if ((await this.refunds.unsettled(closure.lateSessions)).length > 0) {
        await this.repo.postponeErasure(closure.id, 'payments', PAYMENT_WAIT_SECONDS);
        return;
      }
      if ((await this.subscriptions.liveOf(userId)).length > 0) {
        await this.repo.postponeErasure(closure.id, 'subscriptions', SUBSCRIPTION_WAIT_SECONDS);
        return;
      }
      // Files first, outside any transaction (a missing one is no error: a retry after a failure finds them gone).
      await this.orders.removePhotoFiles(await this.orders.photoKeysOf(userId));
      for (const key of await this.repo.exportFileKeysOf(userId)) await this.exportStorage.delete(key);
      const leftover = await this.transactions.run(async (tx) => {
        if (email) {
          await this.auth.eraseSignIns(userId, email, tx);
          await this.quotes.eraseByEmail(email, closure.closedAtExact, tx);
          await this.mail.eraseAbout(about, tx);
          await this.rateLimit.forgetEmail(email, tx);
        }
        const keys = await this.orders.eraseOf(userId, tx);
        await this.sites.eraseRequestsOf(userId, tx);
        await this.support.eraseOf(userId, tx);
        await this.invoicing.eraseProfileOf(userId, tx);
        await this.frozenBuyers.eraseOf(userId, tx);
        await this.audit.redactUser(userId, tx);
        await this.rateLimit.forgetUser(userId, tx);
        await this.repo.deleteExportsOf(userId, tx);
        await this.repo.erased(closure.id, tx);
        return keys;
      });
      await this.orders.removePhotoFiles(leftover);
      this.logger.log(`Compte fermé ${userId} : données personnelles effacées`);
    } catch (error) {
      const message = (error as Error).message || 'Erreur inconnue';
      const last = closure.attempts >= MAX_ATTEMPTS;
      await this.repo.erasureFailed(closure.id, message, last ? null : retryDelaySeconds(closure.attempts, 30));
      if (last) this.logger.error(`Compte fermé ${userId} : effacement impossible après ${closure.attempts} tentatives : ${message}`);
      else this.logger.warn(`Compte fermé ${userId} : effacement interrompu (tentative ${closure.attempts}) : ${message}`);
    }
  }
}
