import { Injectable, Logger } from '@nestjs/common';
import { retryDelaySeconds } from '../common/retry';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { BillingRepository } from './billing.repository';
import { StripeProvider, isMissingAtStripe } from './stripe.provider';

const EVERY_MS = 15 * 60_000;

/**
 * The open invoices of subscriptions that ended. Stripe's default end of dunning cancels the subscription
 * (`payment_failed`) and stops collecting its open invoice, but leaves it payable on its hosted page: the site is ended
 * and the client is offered a restart, so that invoice must no longer take a payment. This job voids each one at Stripe
 * (idempotency key per invoice) and marks our copy void at once (its `invoice.voided` event says the same later). An
 * invoice paid in the meantime cannot be voided: it is read back, and its payment is given back by the webhook
 * (PaymentRecorder). Runs on one instance at a time: every 15 minutes, and at once after a webhook ended a subscription.
 */
@Injectable()
export class EndedInvoices {
  private readonly logger = new Logger('Billing');
  private readonly job: Job<number>;

  constructor(
    private readonly billing: BillingRepository,
    private readonly stripe: StripeProvider,
    runner: JobRunner,
  ) {
    this.job = runner.job('ended-invoice-voids');
  }

  /** Voids every open invoice of an ended subscription; answers how many were voided in this run. */
  async voidPending(): Promise<number> {
    return (await this.job.drain()) ?? 0;
  }

  @BackgroundJob({
    name: 'ended-invoice-voids',
    scope: 'cluster',
    everyMs: EVERY_MS,
    timer: (config) => config.nodeEnv !== 'test',
    retryDelayMs: (failures) => Math.min(EVERY_MS, retryDelaySeconds(failures, 30) * 1000),
    combine: (earlier: number, later: number) => earlier + later,
    metrics: true,
    log: { context: 'Billing', failure: 'Annulation des factures d’abonnements terminés en échec' },
  })
  private async voidAll(ctx: JobContext): Promise<number> {
    if (!this.stripe.configured) return 0;
    let voided = 0;
    for (const id of await this.billing.openInvoicesOfEndedSubscriptions(100)) {
      if (ctx.stopping) break;
      const client = this.stripe.client;
      try {
        await client.invoices.voidInvoice(id, {}, { idempotencyKey: `ended-void:${id}` });
        await this.billing.setInvoiceStatus(id, 'void');
        voided += 1;
      } catch (error) {
        if (isMissingAtStripe(error)) {
          await this.billing.setInvoiceStatus(id, 'void');
          continue;
        }
        if ((error as { code?: string }).code !== 'invoice_not_editable') throw error;
        // Paid (or voided) meanwhile: our copy takes Stripe's status; a payment is the webhook's to give back.
        const invoice = await client.invoices.retrieve(id);
        if (invoice.status && invoice.status !== 'open') await this.billing.setInvoiceStatus(id, invoice.status);
        this.logger.warn(`Facture ${id} d’un abonnement terminé : ${invoice.status}, non annulée`);
      }
    }
    return voided;
  }
}
