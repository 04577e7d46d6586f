import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type AuditActor, AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { toUserResponse } from '../auth/user.mapper';
import { UsersService } from '../auth/users.service';
import type { InvoiceWithOwner } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import type { AuthenticatedUser, SessionUser } from '../common/current-user';
import { ClientViewService, CLIENT_VIEW_MINUTES } from '../auth/client-view.service';
import { longDateTime } from '../common/format';
import { toPage } from '../common/pagination';
import { Transactions } from '../database/transactions';
import type { EmailSummaryDto } from '../mail/dto/mail.dto';
import { MailLogService } from '../mail/mail-log.service';
import { MailService } from '../mail/mail.service';
import { OrderDraftsService } from '../orders/order-drafts.service';
import type { Site } from '../sites/site.entity';
import type { SiteWithOwner } from '../sites/sites.repository';
import { SitesService, toProgressionResponse, toSiteResponse } from '../sites/sites.service';
import type { AdminUserListResponseDto, ListAdminUsersQueryDto } from './dto/admin-users.dto';
import type { AdminAuditLogResponseDto, ListAdminAuditLogQueryDto } from './dto/admin-audit.dto';
import { toInvoiceResponse } from '../invoicing/client-invoices.service';
import type { AdminInvoiceDto, AdminInvoiceListResponseDto, ListAdminInvoicesQueryDto } from './dto/admin-invoices.dto';
import type {
  AdminSiteDetailDto,
  AdminSiteDto,
  OwnerDto,
  AdminSiteListResponseDto,
  ListAdminSitesQueryDto,
  UpdateAdminSiteDto,
} from './dto/admin-sites.dto';
import type { AdminRevenueDto, AdminStatsDto } from './dto/admin-stats.dto';
import type {
  AdminEmailSentDto,
  AdminUserDetailDto,
  AdminUserDto,
  ClientViewEndedDto,
  ClientViewStartedDto,
  SendAdminEmailDto,
} from './dto/admin-users.dto';
import { InvoicingService } from '../invoicing/invoicing.service';

const SITE_NOT_FOUND = 'Site introuvable';
const CLIENT_NOT_FOUND = 'Client introuvable';
const CLOSED = 'Ce compte est fermé : il n’a plus d’adresse e-mail.';
const RECENT = 5;

/** An account's owner as the admin's pages show it: a closed one says since when (its name and e-mail are gone). */
const toOwner = (o: { id: string; name: string; email: string; closedAt: Date | null }): OwnerDto => ({
  id: o.id,
  name: o.name,
  email: o.email,
  closedAt: o.closedAt?.toISOString() ?? null,
});

const toAdminSite = ({ site, owner }: SiteWithOwner): AdminSiteDto => ({ ...toSiteResponse(site), owner: toOwner(owner) });

const toAdminInvoice = (i: InvoiceWithOwner, legal?: Parameters<typeof toInvoiceResponse>[2]): AdminInvoiceDto => ({
  ...toInvoiceResponse(i, null, legal),
  customerId: i.customerId,
  owner: i.owner && toOwner(i.owner),
});

const toAdminUser = (u: SessionUser & { closedAt?: Date | null }): AdminUserDto => ({
  ...toUserResponse(u),
  closedAt: u.closedAt?.toISOString() ?? null,
});

/** A site's fields as the audit log keeps them: the API's names (progression in camelCase). */
function auditedSite(fields: Partial<Pick<Site, 'domain' | 'status' | 'progression'>>): Record<string, unknown> {
  const { progression, ...rest } = fields;
  return progression ? { ...rest, progression: toProgressionResponse(progression) } : rest;
}

/**
 * The admin area over the other modules' services: dashboard figures, sites, clients, invoices, contact mails, and
 * the audit log that every admin write goes into (in the write's own transaction).
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly sites: SitesService,
    private readonly billing: BillingService,
    private readonly orders: OrderDraftsService,
    private readonly mail: MailService,
    private readonly mailLog: MailLogService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    private readonly invoicing: InvoicingService,
    private readonly clientViews: ClientViewService,
  ) {}

  // ---- dashboard ----

  async stats(): Promise<AdminStatsDto> {
    const [invoices, sites, roles, recentSites, recentUsers] = await Promise.all([
      this.billing.invoiceTotals(),
      this.sites.countByStatus(),
      this.users.countByRole(),
      this.sites.recentWithOwner(RECENT),
      this.users.recent(RECENT),
    ]);
    return {
      totalRevenueCents: invoices.paidCents,
      clientCount: roles.client,
      activeSites: sites.active,
      pendingSites: sites.pending,
      suspendedSites: sites.suspended,
      totals: { invoices: invoices.count, sites: sites.active + sites.pending + sites.suspended, users: roles.client + roles.admin },
      recentSites: recentSites.map(toAdminSite),
      recentUsers: recentUsers.map(toAdminUser),
    };
  }

  revenue(): Promise<AdminRevenueDto> {
    return this.billing.revenue();
  }

  // ---- sites ----

  async listSites(query: ListAdminSitesQueryDto): Promise<AdminSiteListResponseDto> {
    const { items, total } = await this.sites.listForAdmin({
      ...query,
      status: query.status === 'all' ? undefined : query.status,
      type: query.type === 'all' ? undefined : query.type,
      paymentState: query.paymentState === 'all' ? undefined : query.paymentState,
    });
    return toPage('sites', items.map(toAdminSite), total);
  }

  async getSite(id: string): Promise<AdminSiteDetailDto> {
    const found = await this.sites.findWithOwner(id);
    if (!found) throw new NotFoundException(SITE_NOT_FOUND);
    const order = found.site.orderDraftId ? await this.orders.summaryForAdmin(found.site.orderDraftId) : null;
    return { ...toAdminSite(found), order };
  }

  /**
   * Saves the fields sent; what changed goes into the audit log in the same transaction, under the caller: the admin,
   * or the API key the request came with.
   */
  async updateSite(actor: AuditActor, id: string, dto: UpdateAdminSiteDto): Promise<AdminSiteDetailDto> {
    await this.transactions.run(async (tx) => {
      const update = await this.sites.updateByAdmin(id, dto, tx);
      if (!update) throw new NotFoundException(SITE_NOT_FOUND);
      if (Object.keys(update.after).length) {
        await this.audit.record(
          actor,
          { action: 'site.update', entityType: 'site', entityId: id, before: auditedSite(update.before), after: auditedSite(update.after) },
          tx,
        );
      }
    });
    return this.getSite(id);
  }

  // ---- clients ----

  async listUsers(query: ListAdminUsersQueryDto): Promise<AdminUserListResponseDto> {
    const { items, total } = await this.users.list(query);
    return toPage('users', items.map(toAdminUser), total);
  }

  async getUser(id: string): Promise<AdminUserDetailDto> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(CLIENT_NOT_FOUND);
    const sites = await this.sites.allOfUser(id);
    return { user: toAdminUser(user), sites: sites.map(toSiteResponse) };
  }

  /** Mails a client through the outbox (so it shows in the mail log), recorded in the audit log. */
  async emailUser(actor: SessionUser, id: string, dto: SendAdminEmailDto): Promise<AdminEmailSentDto> {
    const emailId = await this.transactions.run(async (tx) => {
      const user = await this.users.findById(id, tx);
      if (!user) throw new NotFoundException(CLIENT_NOT_FOUND);
      if (user.closedAt) throw new ConflictException(CLOSED);
      const mailId = (await this.mail.enqueue('admin-message', user.email, { subject: dto.subject, message: dto.message }, { tx }))!;
      await this.audit.record(
        actor,
        { action: 'user.email', entityType: 'user', entityId: id, after: { to: user.email, subject: dto.subject, emailId: mailId } },
        tx,
      );
      return mailId;
    });
    return { message: 'Message envoyé', emailId };
  }

  async inviteUser(actor: SessionUser, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      await this.auth.inviteToFirstLogin(id, tx);
      await this.audit.record(actor, { action: 'user.invite', entityType: 'user', entityId: id }, tx);
    });
  }

  // ---- 'Voir comme le client' ----

  /**
   * Opens the client's space for the admin, read only, 30 minutes at most: recorded in the audit log (who, whom,
   * when, until when) and mailed to the client, in one transaction with the view.
   */
  async startClientView(by: AuthenticatedUser, clientId: string): Promise<ClientViewStartedDto> {
    const { view, client, accessToken } = await this.transactions.run(async (tx) => {
      const started = await this.clientViews.start(by, clientId, tx);
      await this.audit.record(
        by.user,
        {
          action: 'user.view',
          entityType: 'user',
          entityId: clientId,
          after: {
            viewId: started.view.id,
            startedAt: started.view.startedAt.toISOString(),
            expiresAt: started.view.expiresAt.toISOString(),
          },
        },
        tx,
      );
      await this.mail.enqueue(
        'client-view-notice',
        started.client.email,
        {
          name: started.client.name || started.client.email,
          at: longDateTime(started.view.startedAt),
          minutes: CLIENT_VIEW_MINUTES,
          activityUrl: this.mail.link('/dashboard/profile#activite'),
        },
        { tx, dedupeKey: `client-view:${started.view.id}` },
      );
      return started;
    });
    return { viewId: view.id, accessToken, expiresAt: view.expiresAt.toISOString(), client: toUserResponse(client) };
  }

  /** The admin leaves the view: its end and length go into the audit log (once, however often it is left). */
  async endClientView(actor: SessionUser, viewId: string): Promise<ClientViewEndedDto> {
    const view = await this.transactions.run(async (tx) => {
      const ended = await this.clientViews.end(actor.id, viewId, tx);
      if (!ended) throw new NotFoundException('Consultation introuvable');
      const { view } = ended;
      const endedAt = view.endedAt ?? view.expiresAt;
      if (ended.ended) {
        await this.audit.record(
          actor,
          {
            action: 'user.view_end',
            entityType: 'user',
            entityId: view.userId,
            after: {
              viewId: view.id,
              startedAt: view.startedAt.toISOString(),
              endedAt: endedAt.toISOString(),
              durationSeconds: Math.round((endedAt.getTime() - view.startedAt.getTime()) / 1000),
            },
          },
          tx,
        );
      }
      return { ...view, endedAt };
    });
    return {
      viewId: view.id,
      startedAt: view.startedAt.toISOString(),
      endedAt: view.endedAt.toISOString(),
      durationSeconds: Math.round((view.endedAt.getTime() - view.startedAt.getTime()) / 1000),
    };
  }

  // ---- mail log ----

  async retryEmail(actor: SessionUser, id: string): Promise<EmailSummaryDto> {
    await this.transactions.run(async (tx) => {
      await this.mailLog.requeue(id, tx);
      await this.audit.record(actor, { action: 'email.retry', entityType: 'email', entityId: id }, tx);
    });
    return this.mailLog.sendNow(id);
  }

  // ---- invoices ----

  async listInvoices(query: ListAdminInvoicesQueryDto): Promise<AdminInvoiceListResponseDto> {
    const { items, total } = await this.billing.listInvoices({ ...query, status: query.status === 'all' ? undefined : query.status });
    const legal = await this.invoicing.ofStripeInvoices(items.map((i) => i.id));
    return toPage(
      'invoices',
      items.map((i) => toAdminInvoice(i, legal.get(i.id))),
      total,
    );
  }

  // ---- audit log ----

  async auditLog(query: ListAdminAuditLogQueryDto): Promise<AdminAuditLogResponseDto> {
    const { items, total } = await this.audit.list(query);
    return toPage(
      'entries',
      items.map((e) => ({
        id: e.id,
        actorId: e.actorId,
        actorEmail: e.actorEmail,
        apiKey: e.apiKey,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId,
        before: e.before,
        after: e.after,
        createdAt: e.createdAt.toISOString(),
      })),
      total,
    );
  }
}
