import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { toUserResponse } from '../auth/user.mapper';
import { UsersService } from '../auth/users.service';
import type { InvoiceWithOwner } from '../billing/billing.repository';
import { BillingService } from '../billing/billing.service';
import type { SessionUser } from '../common/current-user';
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
import { toInvoiceResponse } from '../billing/invoices.service';
import type { AdminInvoiceDto, AdminInvoiceListResponseDto, ListAdminInvoicesQueryDto } from './dto/admin-invoices.dto';
import type {
  AdminSiteDetailDto,
  AdminSiteDto,
  AdminSiteListResponseDto,
  ListAdminSitesQueryDto,
  UpdateAdminSiteDto,
} from './dto/admin-sites.dto';
import type { AdminRevenueDto, AdminStatsDto } from './dto/admin-stats.dto';
import type { AdminEmailSentDto, AdminUserDetailDto, SendAdminEmailDto } from './dto/admin-users.dto';
import { InvoicingService } from '../invoicing/invoicing.service';

const SITE_NOT_FOUND = 'Site introuvable';
const CLIENT_NOT_FOUND = 'Client introuvable';
const RECENT = 5;

const toAdminSite = ({ site, owner }: SiteWithOwner): AdminSiteDto => ({ ...toSiteResponse(site), owner });

const toAdminInvoice = (i: InvoiceWithOwner, legal?: Parameters<typeof toInvoiceResponse>[2]): AdminInvoiceDto => ({
  ...toInvoiceResponse(i, null, legal),
  customerId: i.customerId,
  owner: i.owner,
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
      recentUsers: recentUsers.map(toUserResponse),
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

  /** Saves the fields sent; what changed goes into the audit log in the same transaction. */
  async updateSite(actor: SessionUser, id: string, dto: UpdateAdminSiteDto): Promise<AdminSiteDetailDto> {
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
    return toPage('users', items.map(toUserResponse), total);
  }

  async getUser(id: string): Promise<AdminUserDetailDto> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(CLIENT_NOT_FOUND);
    const sites = await this.sites.allOfUser(id);
    return { user: toUserResponse(user), sites: sites.map(toSiteResponse) };
  }

  /** Mails a client through the outbox (so it shows in the mail log), recorded in the audit log. */
  async emailUser(actor: SessionUser, id: string, dto: SendAdminEmailDto): Promise<AdminEmailSentDto> {
    const emailId = await this.transactions.run(async (tx) => {
      const user = await this.users.findById(id, tx);
      if (!user) throw new NotFoundException(CLIENT_NOT_FOUND);
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
      items.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      total,
    );
  }
}
