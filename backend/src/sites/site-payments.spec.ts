import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { hearTheRest } from '../../test/unit/billing-facts';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { RestartPaid, SubscriptionChanged, SubscriptionFromStripe } from '../billing-facts/facts';
import type { User } from '../auth/user.entity';
import { UsersService } from '../auth/users.service';
import { MailService } from '../mail/mail.service';
import { lifeContext, SitePayments } from './site-payments';
import type { Site } from './site.entity';
import { SitesService } from './sites.service';

const subscription = (changes: Partial<SubscriptionFromStripe> = {}): SubscriptionFromStripe => ({
  id: 'sub_1',
  customerId: 'cus_1',
  userId: 'u1',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: 1_802_000_000,
  priceId: 'price_pro',
  plan: 'pro',
  metadata: {},
  startedAt: 1_800_000_000,
  endedAt: null,
  syncedAt: new Date(),
  cancellationReason: null,
  ...changes,
});
const failedAt = new Date('2027-01-20T10:00:00Z');
const change = (sub: SubscriptionFromStripe, changes: Partial<SubscriptionChanged> = {}): SubscriptionChanged => ({
  subscription: sub,
  byClient: false,
  paidInvoice: { id: 'in_1', amountCents: 2900, hostedUrl: 'https://stripe.example/in_1' },
  openFailedInvoice: { id: 'in_2', amountCents: 2900, paymentFailedAt: failedAt, hostedUrl: 'https://stripe.example/in_2' },
  ...changes,
});

describe('lifeContext', () => {
  it('a live subscription: the invoice just paid, mailed once per invoice', () => {
    expect(lifeContext(change(subscription()))).toEqual({
      invoice: { amountCents: 2900, failedAt: null, payUrl: 'https://stripe.example/in_1' },
      dedupe: 'in_1',
    });
    expect(lifeContext(change(subscription({ status: 'trialing' }), { paidInvoice: null }))).toEqual({
      invoice: undefined,
      dedupe: undefined,
    });
  });

  it('a past due subscription: the failing invoice, since its first failure, mailed once per invoice and state', () => {
    expect(lifeContext(change(subscription({ status: 'past_due' })))).toEqual({
      invoice: { amountCents: 2900, failedAt, payUrl: 'https://stripe.example/in_2' },
      since: failedAt,
      dedupe: 'in_2:past_due',
    });
  });

  it('an unpaid subscription (Stripe gave up): the failing invoice, the suspension dated now, once per invoice and state', () => {
    expect(lifeContext(change(subscription({ status: 'unpaid' })))).toEqual({
      invoice: { amountCents: 2900, failedAt, payUrl: 'https://stripe.example/in_2' },
      since: undefined,
      dedupe: 'in_2:unpaid',
    });
    expect(lifeContext(change(subscription({ status: 'unpaid' }), { openFailedInvoice: null }))).toEqual({
      invoice: undefined,
      since: undefined,
      dedupe: undefined,
    });
  });

  it('a canceled subscription: when it ended, whether the client asked for it, mailed once per subscription', () => {
    const ended = subscription({ status: 'canceled', endedAt: 1_800_000_000, cancellationReason: 'cancellation_requested' });
    expect(lifeContext(change(ended))).toEqual({ endedAt: new Date(1_800_000_000_000), byClient: true, dedupe: 'sub_1' });
    const byStripe = lifeContext(change(subscription({ status: 'canceled', cancellationReason: 'payment_failed' })));
    expect(byStripe).toMatchObject({ byClient: false, dedupe: 'sub_1' });
    // No end date from Stripe: now.
    expect(Math.abs(byStripe.endedAt!.getTime() - Date.now())).toBeLessThan(5_000);
  });
});

/** The sites' reactions on a real bus; every other reaction records the fact it heard (once per fact). */
function sitePayments() {
  const tx = { id: 'tx' } as unknown as EntityManager;
  const facts = new BillingFacts();
  const sites = automock<SitesService>();
  const mail = automock<MailService>();
  const users = automock<UsersService>();
  users.findById.mockResolvedValue({ id: 'u1', closedAt: null } as User);
  mail.link.mockImplementation((path: string) => `https://app.example${path}`);
  newTestService(SitePayments, [
    [BillingFacts, facts],
    [SitesService, sites],
    [MailService, mail],
    [UsersService, users],
  ]);
  const heard = hearTheRest(facts);
  return { facts, sites, mail, users, tx, heard };
}

describe('SitePayments: a subscription’s change', () => {
  it('makes the site of the subscription follow its state, with what its mails say', async () => {
    const { facts, sites, tx } = sitePayments();
    const fact = change(subscription({ status: 'past_due' }), { byClient: true });
    await facts.publish('subscription.changed', fact, tx);
    expect(sites.apply).toHaveBeenCalledWith(
      { stripeSubscriptionId: 'sub_1' },
      { type: 'subscription', stripeStatus: 'past_due', byClient: true },
      lifeContext(fact),
      tx,
    );
  });
});

describe('SitePayments: a paid restart', () => {
  afterEach(() => jest.restoreAllMocks());
  const restart: RestartPaid = {
    restart: { sessionId: 'cs_9', siteId: 'site_1', planType: 'business', subscriptionId: 'sub_new', userId: 'u1' },
    customerId: 'cus_1',
    userId: 'u1',
    invoice: { id: 'in_9', amountCents: 4900, hostedUrl: 'https://stripe.example/in_9' },
  };
  const site = (changes: Partial<Site> = {}) =>
    ({ id: 'site_1', userId: 'u1', stripeSubscriptionId: 'sub_old', paymentState: 'ended', ...changes }) as Site;

  it('gives an ended site of the same account its status back, paid by the new subscription', async () => {
    const { facts, sites, tx, heard } = sitePayments();
    sites.lockSite.mockResolvedValue(site());
    await facts.publish('restart.paid', restart, tx);
    expect(sites.lockSite).toHaveBeenCalledWith('site_1', tx);
    expect(heard).toEqual([{ type: 'site.paid-for', fact: { subscriptionId: 'sub_new', siteId: 'site_1' }, tx }]);
    expect(sites.apply).toHaveBeenCalledWith(
      { siteId: 'site_1' },
      { type: 'restarted' },
      {
        planName: 'Business',
        invoice: { amountCents: 4900, failedAt: null, payUrl: 'https://stripe.example/in_9' },
        dedupe: 'cs_9',
      },
      tx,
      { type: 'business', stripeSubscriptionId: 'sub_new' },
    );
  });

  it('finds a second restart of a site whose subscription is live a duplicate to refund, and leaves the site alone', async () => {
    const { facts, sites, tx, heard } = sitePayments();
    sites.lockSite.mockResolvedValue(site({ paymentState: 'current' }));
    await facts.publish('restart.paid', restart, tx);
    expect(heard).toEqual([
      {
        type: 'duplicate-payment.found',
        fact: {
          kind: 'restart',
          referenceId: 'site_1',
          siteId: 'site_1',
          checkoutSessionId: 'cs_9',
          subscriptionId: 'sub_new',
          invoiceId: 'in_9',
          customerId: 'cus_1',
          userId: 'u1',
          amountCents: 4900,
          reason: 'Un site dont l’abonnement est en cours a été relancé une seconde fois.',
        },
        tx,
      },
    ]);
    expect(sites.apply).not.toHaveBeenCalled();
  });

  it('finds a restart of another account’s site a duplicate to refund, whether the session or the customer says so', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const bySession = sitePayments();
    bySession.sites.lockSite.mockResolvedValue(site({ userId: 'u_other' }));
    await bySession.facts.publish('restart.paid', restart, bySession.tx);
    expect(bySession.heard).toEqual([
      expect.objectContaining({
        type: 'duplicate-payment.found',
        fact: expect.objectContaining({ kind: 'restart', reason: 'Relance payée pour un site d’un autre compte.' }),
      }),
    ]);
    expect(bySession.sites.apply).not.toHaveBeenCalled();

    const byCustomer = sitePayments();
    byCustomer.sites.lockSite.mockResolvedValue(site());
    await byCustomer.facts.publish('restart.paid', { ...restart, userId: 'u_other', invoice: null }, byCustomer.tx);
    expect(byCustomer.heard).toEqual([
      expect.objectContaining({
        fact: expect.objectContaining({ invoiceId: null, amountCents: 0, reason: 'Relance payée pour un site d’un autre compte.' }),
      }),
    ]);
    expect(byCustomer.sites.apply).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith("Relance cs_9 pour le site site_1 d'un autre compte : remboursement");
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('restarts nothing for an account closed since the restart opened: its payment is refunded', async () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { facts, sites, users, tx, heard } = sitePayments();
    sites.lockSite.mockResolvedValue(site());
    users.findById.mockResolvedValue({ id: 'u1', closedAt: new Date() } as User);
    await facts.publish('restart.paid', restart, tx);
    expect(users.findById).toHaveBeenCalledWith('u1', tx);
    expect(heard).toEqual([
      {
        type: 'duplicate-payment.found',
        fact: expect.objectContaining({
          kind: 'restart',
          cause: 'account-closed',
          referenceId: 'site_1',
          checkoutSessionId: 'cs_9',
          subscriptionId: 'sub_new',
          reason: 'La relance d’un site a été payée alors que son compte était déjà fermé : rien n’est relancé.',
        }),
        tx,
      },
    ]);
    expect(sites.apply).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Relance cs_9 du site site_1 payée pour un compte fermé : remboursement');
  });

  it('does nothing for a site that is gone, or already paid by this subscription (a replay)', async () => {
    const gone = sitePayments();
    gone.sites.lockSite.mockResolvedValue(null);
    await gone.facts.publish('restart.paid', restart, gone.tx);
    const replay = sitePayments();
    replay.sites.lockSite.mockResolvedValue(site({ stripeSubscriptionId: 'sub_new', paymentState: 'current' }));
    await replay.facts.publish('restart.paid', restart, replay.tx);
    for (const { heard, sites } of [gone, replay]) {
      expect(heard).toEqual([]);
      expect(sites.apply).not.toHaveBeenCalled();
    }
  });
});

describe('SitePayments: a new card', () => {
  const card = { sessionId: 'cs_card', siteId: 'site_1', subscriptionId: 'sub_1', last4: '4242' };

  it('tells the site’s owner their card changed, once per checkout session, in the transaction', async () => {
    const { facts, sites, mail, tx } = sitePayments();
    sites.findWithOwner.mockResolvedValue({
      site: { id: 'site_1', siteName: 'Chez Ana' },
      owner: { name: '', email: 'ana@example.com' },
    } as never);
    await facts.publish('payment-method.changed', card, tx);
    expect(mail.notify).toHaveBeenCalledWith(
      { siteId: 'site_1', siteName: 'Chez Ana', customerName: 'ana@example.com', customerEmail: 'ana@example.com' },
      { kind: 'card-updated', last4: '4242', manageUrl: 'https://app.example/dashboard/sites/site_1/manage' },
      { tx, dedupeKey: 'card-updated:cs_card' },
    );
  });

  it('mails nobody for a site that is gone', async () => {
    const { facts, sites, mail, tx } = sitePayments();
    sites.findWithOwner.mockResolvedValue(null);
    await facts.publish('payment-method.changed', card, tx);
    expect(mail.notify).not.toHaveBeenCalled();
  });
});

describe('SitePayments: a duplicate payment refunded', () => {
  const refunded = {
    duplicateId: 'dup_1',
    cause: 'duplicate' as const,
    siteId: 'site_1',
    refundedCents: 2900,
    paidAt: new Date('2027-01-15T08:00:00Z'),
  };

  it('tells the site’s owner what came back, once per duplicate, in the transaction', async () => {
    const { facts, sites, mail, tx } = sitePayments();
    sites.findWithOwner.mockResolvedValue({
      site: { id: 'site_1', siteName: 'Chez Ana' },
      owner: { name: 'Ana', email: 'ana@example.com' },
    } as never);
    await facts.publish('duplicate-payment.refunded', refunded, tx);
    expect(mail.notify).toHaveBeenCalledWith(
      { siteId: 'site_1', siteName: 'Chez Ana', customerName: 'Ana', customerEmail: 'ana@example.com' },
      { kind: 'duplicate-refunded', amountCents: 2900, paidAt: refunded.paidAt, invoicesUrl: 'https://app.example/dashboard/invoices' },
      { tx, dedupeKey: 'duplicate-refunded:dup_1' },
    );
  });

  it('tells a payment refunded because its subscription had ended how to restart the site', async () => {
    const { facts, sites, mail, tx } = sitePayments();
    sites.findWithOwner.mockResolvedValue({
      site: { id: 'site_1', siteName: 'Chez Ana' },
      owner: { name: 'Ana', email: 'ana@example.com' },
    } as never);
    await facts.publish('duplicate-payment.refunded', { ...refunded, cause: 'subscription-ended' }, tx);
    expect(mail.notify).toHaveBeenCalledWith(
      expect.objectContaining({ siteId: 'site_1' }),
      {
        kind: 'late-payment-refunded',
        amountCents: 2900,
        paidAt: refunded.paidAt,
        restartUrl: 'https://app.example/dashboard/sites/site_1/manage',
      },
      { tx, dedupeKey: 'duplicate-refunded:dup_1' },
    );
  });

  it('mails nobody when nothing was refunded, or the duplicate has no site', async () => {
    for (const changes of [{ refundedCents: 0 }, { siteId: null }]) {
      const { facts, sites, mail, tx } = sitePayments();
      sites.findWithOwner.mockResolvedValue({
        site: { id: 'site_1', siteName: 'Chez Ana' },
        owner: { name: 'Ana', email: 'ana@example.com' },
      } as never);
      await facts.publish('duplicate-payment.refunded', { ...refunded, ...changes }, tx);
      expect(mail.notify).not.toHaveBeenCalled();
    }
  });
});
