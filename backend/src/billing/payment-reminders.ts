import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { UsersService } from '../auth/users.service';
import { trackJob } from '../common/metrics/job-runs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { euros, shortDate } from '../common/format';
import { BillingRepository } from './billing.repository';

const HOUR = 3600_000;
const DAY = 86_400_000;

/**
 * Reminds a client whose payment keeps failing, PAYMENT_REMINDER_DAYS after the first failure (3 and 7 by default),
 * until Stripe gives up or the invoice is paid. Every hour; safe with several instances (one at a time under an
 * advisory lock, and each reminder has its dedupe key in the outbox).
 */
@Injectable()
export class PaymentReminders implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Billing');
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly billing: BillingRepository,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.nodeEnv === 'test' || this.config.billing.paymentReminderDays.length === 0) return;
    const run = () => {
      trackJob('payment-reminders', this.sendDue()).catch((error: unknown) =>
        this.logger.error(`Relances de paiement en échec : ${(error as Error).message}`),
      );
    };
    this.timers = [setTimeout(run, 60_000).unref(), setInterval(run, HOUR).unref()];
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** Queues the reminders due at `now` (the latest due step of each invoice); answers how many were queued. */
  async sendDue(now = new Date()): Promise<number> {
    const days = this.config.billing.paymentReminderDays;
    if (days.length === 0) return 0;
    return this.transactions.run(async (tx) => {
      await this.transactions.lock('payment-reminders', tx);
      let queued = 0;
      for (const invoice of await this.billing.dueReminders(new Date(now.getTime() - days[0] * DAY), tx)) {
        const elapsed = now.getTime() - invoice.payment_failed_at.getTime();
        const step = [...days].reverse().find((d) => elapsed >= d * DAY)!;
        const user = await this.users.findById(invoice.user_id, tx);
        if (!user) continue;
        const invoicesUrl = this.mail.link('/dashboard/invoices');
        const id = await this.mail.enqueue(
          'payment-reminder',
          user.email,
          {
            name: user.name || user.email,
            amount: euros(invoice.amount_cents),
            date: shortDate(invoice.payment_failed_at),
            days: step,
            invoiceUrl: invoice.hosted_url ?? invoicesUrl,
            dashboardUrl: invoicesUrl,
          },
          { tx, dedupeKey: `payment-reminder:${invoice.id}:${step}` },
        );
        if (id) queued += 1;
      }
      return queued;
    });
  }
}
