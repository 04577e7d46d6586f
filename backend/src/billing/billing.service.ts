import { Injectable } from '@nestjs/common';
import { pageWindow, type PageQueryDto, type PageWindow } from '../common/pagination';
import { keysetBatches } from '../database/keyset';
import { isPlanId, PLANS, type PlanId, QUOTE_PLAN_ID } from '@vitrine/domain';
import { BillingRepository, type ClientInvoice, type InvoiceWithOwner } from './billing.repository';

export interface RevenueReport {
  /** Monthly recurring revenue at catalogue prices (plans only; Teams is on quote and counts 0) */
  mrrCents: number;
  /** Live subscriptions (active, trialing, past due) per plan, with what they bring a month */
  plans: Array<{ plan: PlanId; name: string; subscriptions: number; monthlyPriceCents: number | null; mrrCents: number }>;
  activeSubscriptions: number;
  last30Days: { newSubscriptions: number; canceledSubscriptions: number };
  /** Live subscriptions set to end at their period's end */
  cancelScheduled: number;
  /** Paid invoices per month, the last 12 months (Paris time), oldest first */
  months: Array<{ month: string; revenueCents: number }>;
}

const DAY_MS = 86_400_000;

/** Billing figures for the admin, from our local copy of Stripe's subscriptions and invoices. */
@Injectable()
export class BillingService {
  constructor(private readonly billing: BillingRepository) {}

  /** Total revenue (paid invoices, cents) and the number of invoices. */
  invoiceTotals(): Promise<{ paidCents: number; count: number }> {
    return this.billing.invoiceTotals();
  }

  async revenue(now = new Date()): Promise<RevenueReport> {
    const [byPlan, movements, months] = [
      await this.billing.liveSubscriptionsByPlan(),
      await this.billing.subscriptionMovements(new Date(now.getTime() - 30 * DAY_MS)),
      await this.billing.paidPerMonth(12),
    ];
    const plans = PLANS.map((plan) => {
      const subscriptions = byPlan
        .filter((row) => (isPlanId(row.plan) ? row.plan : QUOTE_PLAN_ID) === plan.id)
        .reduce((sum, row) => sum + row.count, 0);
      return {
        plan: plan.id,
        name: plan.name,
        subscriptions,
        monthlyPriceCents: plan.monthlyPriceCents,
        mrrCents: subscriptions * (plan.monthlyPriceCents ?? 0),
      };
    });
    return {
      mrrCents: plans.reduce((sum, p) => sum + p.mrrCents, 0),
      plans,
      activeSubscriptions: plans.reduce((sum, p) => sum + p.subscriptions, 0),
      last30Days: { newSubscriptions: movements.started, canceledSubscriptions: movements.ended },
      cancelScheduled: movements.cancelScheduled,
      months: months.map((m) => ({ month: m.month, revenueCents: m.cents })),
    };
  }

  /** A client's own invoices, newest first (a page of them, of one site or all). */
  invoicesOfUser(userId: string, window: PageWindow, siteId?: string): Promise<{ items: ClientInvoice[]; total: number }> {
    return this.billing.listInvoicesOfUser(userId, window, siteId);
  }

  countInvoicesOfUser(userId: string): Promise<number> {
    return this.billing.countInvoicesOfUser(userId);
  }

  listInvoices(query: PageQueryDto & { status?: string }): Promise<{ items: InvoiceWithOwner[]; total: number }> {
    return this.billing.listWithOwner({ ...pageWindow(query), status: query.status });
  }

  /** Every invoice with its account, oldest first, a batch at a time (one query each), for exports. */
  exportBatches(batchSize = 1000): AsyncGenerator<InvoiceWithOwner[]> {
    return keysetBatches((after, size) => this.billing.exportBatch(after, size), batchSize);
  }
}
