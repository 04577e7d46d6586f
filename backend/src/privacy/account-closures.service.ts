import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { verifyPassword } from '../auth/password';
import { UsersService } from '../auth/users.service';
import { CheckoutService } from '../billing/checkout.service';
import { SubscriptionsService } from '../billing/subscriptions.service';
import type { SessionUser } from '../common/current-user';
import { invalidField } from '../common/errors';
import { fromUnix, longDate } from '../common/format';
import { pageWindow, toPage } from '../common/pagination';
import { Transactions } from '../database/transactions';
import { InvoicingService } from '../invoicing/invoicing.service';
import { MailService } from '../mail/mail.service';
import { OrderDraftsService } from '../orders/order-drafts.service';
import type { ClosureCancellation, ClosureRequester } from './account-closure.entity';
import { AccountErasure } from './account-erasure';
import { DataExports } from './data-exports';
import type {
  AccountClosedDto,
  AccountClosureDto,
  AccountClosureListDto,
  AdminCloseAccountDto,
  CloseAccountDto,
  ClosurePreviewDto,
  ListAccountClosuresQueryDto,
} from './dto/privacy.dto';
import { type ClosureRow, PrivacyRepository } from './privacy.repository';
import { SitesService } from '../sites/sites.service';
import type { Subscription } from '../billing/subscription.entity';

const CLIENT_NOT_FOUND = 'Client introuvable';
const ALREADY_CLOSED = 'Ce compte est déjà fermé.';
const NOT_A_CLIENT = 'Seul un compte client peut être fermé : un compte administrateur se retire autrement.';
const WRONG_PASSWORD = 'Mot de passe incorrect.';

/** The subscription's end at Stripe: its scheduled cancellation, or the end of the period paid. */
function periodEndOf(s: Stripe.Subscription): Date | null {
  const end = s.cancel_at ?? s.items.data[0]?.current_period_end ?? null;
  return end ? fromUnix(end) : null;
}

export function toClosureDto(c: ClosureRow): AccountClosureDto {
  return {
    id: c.id,
    userId: c.userId,
    closedAt: c.closedAt.toISOString(),
    requestedBy: c.requestedBy,
    actorEmail: c.actorEmail,
    reason: c.reason,
    cancellation: c.cancellation,
    status: c.status,
    eraseAfter: c.eraseAfter.toISOString(),
    waitingFor: c.waitingFor,
    erasedAt: c.erasedAt?.toISOString() ?? null,
    legalDocuments: c.legalDocuments,
    retainedUntil: c.retainedUntil,
    lastError: c.lastError,
  };
}

/** 'il y a 3 factures et avoirs' in the words of the mails. */
function keptText(documents: number, retainedUntil: string | null): string {
  if (!documents || !retainedUntil)
    return 'Aucune facture n’a été émise à votre nom : rien n’est conservé après l’effacement, hormis la trace comptable de vos paiements éventuels.';
  const what = documents === 1 ? 'votre facture' : `vos ${documents} factures et avoirs`;
  return `Comme la loi l’impose (Code de commerce, article L123-22), ${what} et vos paiements sont conservés jusqu’au ${longDate(new Date(`${retainedUntil}T12:00:00Z`))}, avec l’identité qui y figure, puis supprimés.`;
}

/**
 * 'Fermer mon compte', and its admin twin on the client's request (audited, with the reason): one path. Stripe
 * first, no transaction open (every live subscription ended at once, or at the end of the period paid); then one
 * transaction: our copy of the subscriptions and the sites through their lifecycle, the identity out of the account
 * (it can no longer sign in, its address can sign up again), its sessions and links ended, the confirmation mail to
 * the address it had and the team's notice queued, and the erasure request stored. The AccountErasure worker erases
 * the rest once that mail is out and the subscriptions have ended; the legal documents stay.
 */
@Injectable()
export class AccountClosuresService {
  constructor(
    private readonly repo: PrivacyRepository,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly subscriptions: SubscriptionsService,
    private readonly invoicing: InvoicingService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    private readonly erasure: AccountErasure,
    private readonly exports: DataExports,
    private readonly sites: SitesService,
    private readonly checkout: CheckoutService,
    private readonly orders: OrderDraftsService,
  ) {}

  /** The account's live subscriptions, each with the name of the site it pays for. */
  private async liveOf(userId: string): Promise<Array<{ subscription: Subscription; siteName: string | null }>> {
    const live = await this.subscriptions.liveOf(userId);
    const names = await this.sites.namesOf(live.map((s) => s.siteId).filter((id): id is string => Boolean(id)));
    return live.map((subscription) => ({ subscription, siteName: subscription.siteId ? (names.get(subscription.siteId) ?? null) : null }));
  }

  /** What closing the account would do: the subscriptions it ends, the documents it keeps and until when. */
  async preview(userId: string): Promise<ClosurePreviewDto> {
    const [live, retention] = await Promise.all([this.liveOf(userId), this.invoicing.retentionOf(userId)]);
    return {
      subscriptions: live.map(({ subscription: s, siteName }) => ({
        siteId: s.siteId,
        siteName,
        status: s.status,
        currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
        canRunToPeriodEnd: s.status === 'active' || s.status === 'trialing',
      })),
      legalDocuments: retention.documents,
      retainedUntil: retention.retainedUntil,
    };
  }

  /** The admin's preview of a client's closure. */
  async previewForAdmin(userId: string): Promise<ClosurePreviewDto> {
    await this.requireOpenClient(userId);
    return this.preview(userId);
  }

  /** The client closes their own account, with their password. */
  async closeOwn(user: SessionUser, dto: CloseAccountDto): Promise<AccountClosedDto> {
    const account = await this.users.findById(user.id);
    if (!account || account.closedAt) throw new ConflictException(ALREADY_CLOSED);
    if (account.role !== 'client') throw new ConflictException(NOT_A_CLIENT);
    if (!(await verifyPassword(account.passwordHash, dto.password))) throw invalidField('password', WRONG_PASSWORD);
    const closure = await this.close(account.id, { requestedBy: 'client', actor: null, reason: null, cancellation: dto.cancellation });
    return {
      closedAt: closure.closedAt.toISOString(),
      eraseAfter: closure.eraseAfter.toISOString(),
      message: 'Votre compte est fermé. Un e-mail de confirmation vous a été envoyé.',
    };
  }

  /** An admin closes a client's account on their request: the same path, audited with the reason. */
  async closeForClient(actor: SessionUser, userId: string, dto: AdminCloseAccountDto): Promise<AccountClosureDto> {
    await this.requireOpenClient(userId);
    const closure = await this.close(userId, { requestedBy: 'admin', actor, reason: dto.reason, cancellation: dto.cancellation });
    return toClosureDto(closure);
  }

  async list(query: ListAccountClosuresQueryDto): Promise<AccountClosureListDto> {
    const { items, total } = await this.repo.listClosures({
      ...pageWindow(query),
      status: query.status && query.status !== 'all' ? query.status : undefined,
      userId: query.userId,
    });
    return toPage('closures', items.map(toClosureDto), total);
  }

  private async requireOpenClient(userId: string): Promise<void> {
    const account = await this.users.findById(userId);
    if (!account) throw new NotFoundException(CLIENT_NOT_FOUND);
    if (account.closedAt) throw new ConflictException(ALREADY_CLOSED);
    if (account.role !== 'client') throw new ConflictException(NOT_A_CLIENT);
  }

  /**
   * Every Checkout session the account could still pay, closed at Stripe (CheckoutService.closeAllFor): its orders',
   * its sites' restarts and card changes, its Stripe customer's. `late`: those found paid already, whose events are
   * not applied yet (refunded when they come, since the account is closed then).
   */
  private async closePayments(userId: string): Promise<{ closed: string[]; late: string[] }> {
    const [account, orders, sites] = await Promise.all([
      this.users.findById(userId),
      this.orders.openPaymentsOf(userId),
      this.sites.allOfUser(userId),
    ]);
    const late = await this.checkout.closeAllFor({
      sessionIds: orders.sessionIds,
      siteIds: sites.map((s) => s.id),
      customerId: account?.stripeCustomerId ?? null,
    });
    return { closed: orders.sessionIds, late };
  }

  private async close(
    userId: string,
    request: { requestedBy: ClosureRequester; actor: SessionUser | null; reason: string | null; cancellation: ClosureCancellation },
  ): Promise<ClosureRow> {
    const names = new Map((await this.liveOf(userId)).map((l) => [l.subscription.id, l.siteName]));
    // Stripe first, with no transaction open; tried again after a failure, it changes nothing twice. No payment the
    // account could still make stays open (its orders', its sites' restarts and card changes), then its subscriptions end.
    const payments = await this.closePayments(userId);
    const ended = await this.subscriptions.endForClosure(userId, request.cancellation);
    const now = new Date();
    const closureId = await this.transactions.run(async (tx) => {
      // The subscriptions and their sites follow their normal lifecycle (its mails go to the address still there).
      await this.subscriptions.applyClosure(ended, tx);
      const closed = await this.auth.closeAccount(userId, tx);
      if (!closed) throw new ConflictException(ALREADY_CLOSED);
      await this.orders.closedPayments(payments.closed, tx);
      const retention = await this.invoicing.retentionOf(userId, tx);
      const runningTo = ended
        .filter((s) => s.cancel_at_period_end && s.status !== 'canceled' && s.status !== 'incomplete_expired')
        .map((s) => ({ subscription: s, end: periodEndOf(s) }));
      const lastEnd = runningTo.reduce<Date | null>((max, r) => (r.end && (!max || r.end > max) ? r.end : max), null);
      const eraseAfter = lastEnd && lastEnd > now ? lastEnd : now;
      await this.repo.expireExportsOf(userId, tx);
      const id = await this.repo.insertClosure(
        {
          userId,
          requestedBy: request.requestedBy,
          actorId: request.actor?.id ?? null,
          reason: request.reason,
          cancellation: request.cancellation,
          email: closed.email,
          eraseAfter,
          legalDocuments: retention.documents,
          retainedUntil: retention.retainedUntil,
          lateSessions: payments.late,
        },
        tx,
      );
      const siteLines = ended.map((s) => {
        const name = names.get(s.id) ?? (s.description?.replace(/^Site « (.*) »$/, '$1') || 'Votre site');
        const end = periodEndOf(s);
        return runningTo.some((r) => r.subscription.id === s.id) && end
          ? `${name} : résilié à la fin de la période payée, le ${longDate(end)} ; le site reste en ligne jusque-là, puis il est suspendu.`
          : `${name} : résilié le ${longDate(now)} ; le site est suspendu.`;
      });
      const erasure =
        eraseAfter > now
          ? `Vos autres données personnelles (téléphone, adresses, réponses de commande, photos, messages, demandes, historique de connexion) seront effacées le ${longDate(eraseAfter)}, à la fin de la période payée ; votre nom et votre adresse e-mail sont déjà retirés de votre compte.`
          : 'Vos données personnelles (nom, adresse e-mail, téléphone, adresses, réponses de commande, photos, messages, demandes, historique de connexion) sont effacées dans les minutes qui suivent.';
      const kept = keptText(retention.documents, retention.retainedUntil);
      const who = closed.name || closed.email;
      await this.mail.enqueue(
        'account-closed',
        closed.email,
        {
          name: who,
          closedAt: longDate(now),
          byTeam: request.requestedBy === 'admin',
          sites: siteLines,
          erasure,
          kept,
          registerUrl: this.mail.link('/register'),
        },
        { tx, dedupeKey: `account-closed:${userId}` },
      );
      await this.mail.enqueue(
        'team-notice',
        await this.mail.teamAddress(tx),
        {
          subject: `Compte fermé : ${who}`,
          summary:
            request.requestedBy === 'admin'
              ? `${request.actor?.email ?? 'Un administrateur'} a fermé le compte de ${who} à sa demande.`
              : `${who} a fermé son compte depuis son profil.`,
          lines: [
            { label: 'Client', value: `${closed.name || '—'} <${closed.email}>` },
            ...(request.reason ? [{ label: 'Motif', value: request.reason }] : []),
            ...(siteLines.length
              ? siteLines.map((line) => ({ label: 'Abonnement', value: line }))
              : [{ label: 'Abonnements', value: 'Aucun en cours' }]),
            { label: 'Effacement des données', value: eraseAfter > now ? `le ${longDate(eraseAfter)}` : 'dans les minutes qui suivent' },
            {
              label: 'Conservé',
              value: retention.documents
                ? `${retention.documents} facture(s) et avoir(s), jusqu’au ${longDate(new Date(`${retention.retainedUntil}T12:00:00Z`))}`
                : 'Aucune facture',
            },
          ],
          adminUrl: this.mail.link(`/admin/clients/${userId}`),
        },
        { tx, dedupeKey: `account-closed-team:${userId}` },
      );
      if (request.requestedBy === 'admin' && request.actor) {
        await this.audit.record(
          request.actor,
          {
            action: 'user.close',
            entityType: 'user',
            entityId: userId,
            after: { reason: request.reason, cancellation: request.cancellation, eraseAfter: eraseAfter.toISOString() },
          },
          tx,
        );
      }
      return id;
    });
    this.erasure.wake();
    this.exports.wake();
    return (await this.repo.findClosure(closureId))!;
  }
}
