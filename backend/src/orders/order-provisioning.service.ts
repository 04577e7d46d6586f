import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AuthService } from '../auth/auth.service';
import type { User } from '../auth/user.entity';
import { UsersService } from '../auth/users.service';
import { longDateTime } from '../common/format';
import { MailService } from '../mail/mail.service';
import { computeRecap, PROMISES } from '@vitrine/domain';
import { type OrderForPayment, OrderDraftsService } from './order-drafts.service';
import { requestedDomain } from './order-form';
import { euros, planName } from './order-summary';
import { WebhookEvents } from '../outbound-webhooks/webhook-events';
import { SitesService } from '../sites/sites.service';
import { InvoicingService } from '../invoicing/invoicing.service';
import { FrozenBuyers } from '../invoicing/frozen-buyers';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { OrderPaid, PaidCheckout } from '../billing-facts/facts';

export interface Provisioning {
  order: OrderForPayment;
  buyer: { user: User; created: boolean };
}

/** A paid order we do not provision: its account was closed (or the order erased with it). Refunded by billing. */
export interface Refusal {
  refused: 'account-closed' | 'unknown-order';
  order: OrderForPayment | null;
  /** The account the order belonged to (closed), if known */
  user: User | null;
}

const REFUSED: Record<Refusal['refused'], string> = {
  'account-closed': 'Une commande a été payée alors que son compte était déjà fermé : rien n’est créé.',
  'unknown-order': 'Une commande introuvable (effacée avec son compte ?) a été payée : rien n’est créé.',
};

/**
 * What a paid order becomes, inside the webhook's transaction (the same one that records the event id): the buyer's
 * account (found, or created without a password), the site (pending, every build step to do), the subscription's
 * link to it, the order marked paid, and three mails in the outbox: the first-login invitation (new accounts), the
 * receipt and the team's copy of the order. Every step is once only (unique order and subscription on the site, the
 * draft's status, dedupe keys), so a replayed, duplicated or early event creates nothing twice. The order is the one
 * the paid session froze when it opened (its answers, options, billing identity, account and address), never a later
 * edit; its billing identity is handed to invoicing as the first invoice's buyer. A payment for a closed account, or
 * for an order that no longer exists, provisions nothing: billing cancels and refunds it.
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
    private readonly frozenBuyers: FrozenBuyers,
  ) {
    facts.on('order.paid', 'orders.provision', (fact, tx) => this.provision(fact, tx));
  }

  /**
   * A paid order's buyer (found or created) and the Stripe customer linked to that account, then the order completed;
   * a second payment of an order already paid is a duplicate, and a payment for a closed account is refused: billing
   * records either, then cancels and refunds it.
   */
  private async provision({ customerId, checkout, invoice }: OrderPaid, tx: EntityManager): Promise<void> {
    const prepared = await this.prepare(checkout, tx);
    const account = prepared && 'buyer' in prepared ? prepared.buyer.user : (prepared?.user ?? null);
    // Linked to the order's account; an order we cannot name an account for links nothing by e-mail (that address
    // may be someone else's account by now), only finds the account already linked to the customer.
    const linked = account
      ? await this.users.linkStripeCustomerTo(customerId, account.id, tx)
      : await this.users.linkStripeCustomer(customerId, null, tx);
    const userId = linked?.id ?? account?.id ?? null;
    if (userId) await this.facts.publish('customer.linked', { customerId, userId }, tx);
    if (!prepared) return;
    const order = prepared.order;
    // The first invoice of this payment is made out to the order's billing identity, whatever becomes of it.
    if (order && account && checkout.subscriptionId) await this.freezeBuyer(order, account, checkout.subscriptionId, tx);
    const outcome = 'refused' in prepared ? prepared.refused : await this.complete(prepared, checkout, tx);
    if (outcome === 'provisioned') return;
    if (order) await this.orders.refusePayment(checkout.sessionId, tx);
    if (outcome !== 'duplicate')
      this.logger.error(`Paiement ${checkout.sessionId} de la commande ${checkout.draftId} refusé (${outcome}) : remboursement`);
    await this.facts.publish(
      'duplicate-payment.found',
      {
        kind: 'order',
        ...(outcome === 'duplicate' ? {} : { cause: outcome }),
        referenceId: checkout.draftId,
        siteId: order ? await this.sites.siteIdOfOrder(order.id, tx) : null,
        checkoutSessionId: checkout.sessionId,
        subscriptionId: checkout.subscriptionId,
        invoiceId: invoice?.id ?? null,
        customerId,
        userId,
        amountCents: invoice?.amountCents ?? 0,
        reason: outcome === 'duplicate' ? 'Une commande déjà payée a été payée une seconde fois.' : REFUSED[outcome],
      },
      tx,
    );
  }

  /**
   * The order (locked until the transaction ends), as the paid session froze it, and its buyer: the account it
   * belonged to when the payment opened, or for an anonymous order the account of the address it is paid with, if
   * that account existed when the payment opened or can only be reached through that mailbox, else a new account
   * (`buyerOfAddress`). A closed account, or an order gone, is a refusal.
   */
  async prepare(paid: PaidCheckout, tx: EntityManager): Promise<Provisioning | Refusal | null> {
    const order = await this.orders.lockForPayment(paid.draftId, paid.sessionId, tx);
    if (!order) {
      this.logger.error(`Paiement ${paid.sessionId} d'une commande inconnue (${paid.draftId}) : rien n'est créé, remboursement`);
      return { refused: 'unknown-order', order: null, user: null };
    }
    const accountId = order.paidWith ? order.paidWith.userId : order.userId;
    if (accountId) {
      const user = await this.users.findById(accountId, tx);
      if (!user) return { refused: 'unknown-order', order, user: null };
      if (user.closedAt) return { refused: 'account-closed', order, user };
      return { order, buyer: { user, created: false } };
    }
    const email = (order.paidWith?.email || order.billing?.email || paid.email || '').trim().toLowerCase();
    if (!email) {
      this.logger.error(`Paiement ${paid.sessionId} sans e-mail : la commande ${order.id} n'a pas de compte`);
      return null;
    }
    const name = order.billing?.fullName?.trim() || paid.name?.trim() || '';
    return { order, buyer: await this.buyerOfAddress(order, email, name, tx) };
  }

  /**
   * The buyer of an anonymous order paid with `email`: the account of that address if it existed when the payment
   * opened, or if nobody can have signed into it without reading that mailbox (no password yet, or one set through a
   * link mailed there: another order's buyer, an account the team made). An account that signed up with the address
   * after the payment opened and never proved it gets nothing: the address goes back to the payment that had it
   * first (UsersRepository.takeBackAddress) and the order to a new account, opened by the first-login link mailed to
   * that address. The team is told.
   */
  private async buyerOfAddress(order: OrderForPayment, email: string, name: string, tx: EntityManager): Promise<Provisioning['buyer']> {
    const existing = await this.users.findByEmail(email, tx);
    const openedAt = order.paidWith?.openedAt;
    if (existing && openedAt && existing.createdAt > openedAt && existing.passwordHash !== null && existing.addressProvenAt === null) {
      await this.auth.takeBackAddress(existing.id, tx);
      this.logger.warn(`Commande ${order.id} : le compte ${existing.id}, inscrit avec son adresse après l'ouverture du paiement, la perd`);
      await this.mail.enqueue(
        'team-notice',
        await this.mail.teamAddress(tx),
        {
          subject: 'Adresse reprise pour une commande payée',
          summary:
            'Un compte a été créé avec l’adresse d’une commande pendant que son paiement était ouvert, sans jamais prouver qu’il lisait cette boîte : la commande va à un nouveau compte, ouvert par le lien de première connexion envoyé à cette adresse ; le compte inscrit perd l’adresse et ne peut plus se connecter.',
          lines: [
            { label: 'Adresse', value: email },
            { label: 'Compte inscrit', value: this.mail.link(`/admin/clients/${existing.id}`) },
            { label: 'Commande', value: order.id },
          ],
          adminUrl: this.mail.link(`/admin/clients/${existing.id}`),
        },
        { tx, dedupeKey: `address-taken-back:${existing.id}` },
      );
    }
    return this.users.findOrCreateClient({ email, name }, tx);
  }

  private async freezeBuyer(order: OrderForPayment, account: User, subscriptionId: string, tx: EntityManager): Promise<void> {
    const b = order.billing;
    await this.frozenBuyers.freeze(
      subscriptionId,
      account.id,
      {
        ...(b ?? { address: '', postalCode: '', city: '' }),
        fullName: b?.fullName?.trim() || account.name || order.paidWith?.email || account.email,
        email: b?.email || order.paidWith?.email || account.email,
      },
      tx,
    );
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
    await this.orders.markPaid(order, { checkoutSessionId: paid.sessionId, userId: buyer.user.id, accountCreated: buyer.created }, tx);
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
          ? `Nous vous appelons dans les ${PROMISES.callback} pour un échange de 30 minutes sur votre site.`
          : `Notre équipe commence la création de votre site, livré sous ${PROMISES.delivery.long}.`,
        accountNote: buyer.created
          ? 'Un second e-mail vous permet de choisir le mot de passe de votre espace client, où vous suivez la création de votre site.'
          : 'Vous suivez la création de votre site depuis votre espace client.',
        dashboardUrl: this.mail.link('/dashboard'),
        consumer: order.paidWith?.consumerRequestAt
          ? {
              requestedAt: longDateTime(order.paidWith.consumerRequestAt),
              withdrawalUrl: this.mail.link(siteId ? `/dashboard/sites/${siteId}/manage#retractation` : '/dashboard/sites'),
              termsUrl: this.mail.link('/cgv#consommateurs'),
            }
          : null,
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
