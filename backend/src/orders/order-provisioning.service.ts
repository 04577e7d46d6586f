import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import type { User } from '../auth/user.entity';
import { UsersService } from '../auth/users.service';
import { MailService } from '../mail/mail.service';
import { computeRecap } from '@vitrine/domain';
import { type OrderForPayment, OrderDraftsService } from './order-drafts.service';
import { requestedDomain } from './order-form';
import { euros, planName } from './order-summary';
import { WebhookEvents } from '../outbound-webhooks/webhook-events';
import { SitesService } from '../sites/sites.service';
import { InvoicingService } from '../invoicing/invoicing.service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { OrderPaid, PaidCheckout } from '../billing-facts/facts';

export interface Provisioning {
  order: OrderForPayment;
  buyer: { user: User; created: boolean };
}

/**
 * What a paid order becomes, inside the webhook's transaction (the same one that records the event id): the buyer's
 * account (found, or created without a password), the site (pending, every build step to do), the subscription's
 * link to it, the order marked paid, and three mails in the outbox: the first-login invitation (new accounts), the
 * receipt and the team's copy of the order. Every step is once only (unique order and subscription on the site, the
 * draft's status, dedupe keys), so a replayed, duplicated or early event creates nothing twice.
 */
@Injectable()
export class OrderProvisioning {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly orders: OrderDraftsService,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly sites: SitesService,
    private readonly mail: MailService,
    private readonly invoicing: InvoicingService,
    private readonly webhookEvents: WebhookEvents,
    private readonly facts: BillingFacts,
  ) {
    facts.on('order.paid', 'orders.provision', (fact, tx) => this.provision(fact, tx));
  }

  /**
   * A paid order's buyer (found or created), the Stripe customer linked to that account (by the buyer's e-mail), then
   * the order completed; a second payment of an order already paid is a duplicate, which billing records and refunds.
   */
  private async provision({ customerId, checkout, email, invoice }: OrderPaid, tx: EntityManager): Promise<void> {
    const order = await this.prepare(checkout, tx);
    const linked = await this.users.linkStripeCustomer(customerId, order?.buyer.user.email ?? email, tx);
    const userId = linked?.id ?? order?.buyer.user.id ?? null;
    if (userId) await this.facts.publish('customer.linked', { customerId, userId }, tx);
    if (!order || (await this.complete(order, checkout, tx)) !== 'duplicate') return;
    await this.facts.publish(
      'duplicate-payment.found',
      {
        kind: 'order',
        referenceId: order.order.id,
        siteId: await this.sites.siteIdOfOrder(order.order.id, tx),
        checkoutSessionId: checkout.sessionId,
        subscriptionId: checkout.subscriptionId,
        invoiceId: invoice?.id ?? null,
        customerId,
        userId,
        amountCents: invoice?.amountCents ?? 0,
        reason: 'Une commande déjà payée a été payée une seconde fois.',
      },
      tx,
    );
  }

  /** The order (locked until the transaction ends) and its buyer: the signed-in account it belongs to, or the payer's. */
  async prepare(paid: PaidCheckout, tx: EntityManager): Promise<Provisioning | null> {
    const order = await this.orders.lockForPayment(paid.draftId, tx);
    if (!order) {
      this.logger.error(`Paiement ${paid.sessionId} d'une commande inconnue (${paid.draftId}) : rien n'est créé`);
      return null;
    }
    if (order.userId) {
      const user = await this.users.findById(order.userId, tx);
      return user ? { order, buyer: { user, created: false } } : null;
    }
    const email = (order.billing?.email || paid.email || '').trim().toLowerCase();
    if (!email) {
      this.logger.error(`Paiement ${paid.sessionId} sans e-mail : la commande ${order.id} n'a pas de compte`);
      return null;
    }
    const buyer = await this.users.findOrCreateClient({ email, name: order.billing?.fullName?.trim() || paid.name?.trim() || '' }, tx);
    return { order, buyer };
  }

  /**
   * Answers 'duplicate' for a second payment of an order already paid by another session: no second site; the
   * webhook records it, and its subscription is canceled and refunded (DuplicatePayments).
   */
  async complete({ order, buyer }: Provisioning, paid: PaidCheckout, tx: EntityManager): Promise<'provisioned' | 'duplicate'> {
    if (order.status === 'paid' && order.checkoutSessionId !== paid.sessionId) {
      this.logger.error(
        `Commande ${order.id} payée une seconde fois (session ${paid.sessionId}, abonnement ${paid.subscriptionId ?? '-'}) : aucun site de plus, remboursement`,
      );
      return 'duplicate';
    }
    const { siteId } = await this.sites.createForOrder(
      {
        userId: buyer.user.id,
        siteName: order.data.siteName.trim() || 'Mon site',
        domain: requestedDomain(order.data),
        type: paid.planType,
        stripeSubscriptionId: paid.subscriptionId,
        orderDraftId: order.id,
      },
      tx,
    );
    if (siteId && paid.subscriptionId) await this.facts.publish('site.paid-for', { subscriptionId: paid.subscriptionId, siteId }, tx);
    await this.orders.markPaid(order.id, { checkoutSessionId: paid.sessionId, userId: buyer.user.id, accountCreated: buyer.created }, tx);
    // The billing identity given at the order's billing step is the account's from now on (its invoices' buyer).
    if (order.billing && order.billing.fullName.trim()) await this.invoicing.saveProfileFromOrder(buyer.user.id, order.billing, tx);
    if (buyer.created) await this.auth.inviteToFirstLogin(buyer.user.id, tx);

    const recap = computeRecap({ planType: paid.planType, ...paid.addOns });
    // Integrators hear of it once (the dedupe key), whatever the replays of the checkout's events.
    await this.webhookEvents.record(tx, {
      type: 'order.paid',
      objectType: 'order',
      objectId: order.id,
      object: {
        id: order.id,
        siteId,
        customerId: buyer.user.id,
        customerEmail: buyer.user.email,
        planType: paid.planType,
        addOns: paid.addOns,
        firstMonthCents: recap.firstMonthCents,
        monthlyCents: recap.monthlyCents,
        checkoutSessionId: paid.sessionId,
        subscriptionId: paid.subscriptionId,
        paidAt: new Date().toISOString(),
      },
      dedupeKey: `order.paid:${order.id}`,
    });
    const name = buyer.user.name || order.billing?.fullName || buyer.user.email;
    const siteName = order.data.siteName.trim() || 'Mon site';
    await this.mail.enqueue(
      'order-receipt',
      buyer.user.email,
      {
        name,
        siteName,
        planName: planName(paid.planType),
        lines: recap.lines.map((l) => ({
          label: l.quantity > 1 ? `${l.label} × ${l.quantity}` : l.label,
          amount: `${euros(l.amountCents)}${l.recurring ? ' / mois' : ' (une fois)'}`,
        })),
        firstMonth: euros(recap.firstMonthCents),
        monthly: euros(recap.monthlyCents),
        nextStep: order.prefersCall
          ? 'Nous vous appelons dans les 24 heures pour un échange de 30 minutes sur votre site.'
          : 'Notre équipe commence la création de votre site, livré sous 24 heures ouvrées.',
        accountNote: buyer.created
          ? 'Un second e-mail vous permet de choisir le mot de passe de votre espace client, où vous suivez la création de votre site.'
          : 'Vous suivez la création de votre site depuis votre espace client.',
        dashboardUrl: this.mail.link('/dashboard'),
      },
      { tx, dedupeKey: `order-receipt:${order.id}` },
    );
    const summary = await this.orders.summaryForTeam(order, tx);
    await this.mail.enqueue(
      'order-team',
      await this.mail.teamAddress(tx),
      {
        siteName,
        planName: planName(paid.planType),
        customerName: order.billing?.fullName || buyer.user.name || buyer.user.email,
        customerEmail: buyer.user.email,
        firstMonth: euros(recap.firstMonthCents),
        monthly: euros(recap.monthlyCents),
        answers: summary.answers,
        billing: summary.billing,
        photos: summary.photos,
        photosNote: summary.photos.length ? `${summary.photos.length} photo(s), liens valables 7 jours` : 'aucune photo jointe',
        adminUrl: this.mail.link(siteId ? `/admin/sites/${siteId}` : '/admin'),
      },
      { tx, dedupeKey: `order-team:${order.id}` },
    );
    return 'provisioned';
  }
}
