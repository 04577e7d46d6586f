import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SessionUser } from '../common/current-user';
import { pageWindow, type PageQueryDto, toPage } from '../common/pagination';
import { keysetBatches } from '../database/keyset';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { WebhookEvents } from '../outbound-webhooks/webhook-events';
import { sitePlanLabel } from '@vitrine/domain';
import {
  type BusinessOptionsDto,
  type BusinessOptionsResponseDto,
  type CreateModificationRequestDto,
  type ModificationRequestResponseDto,
} from './dto/site-requests.dto';
import type { SiteDetailDto, SiteDto, SiteListResponseDto, SiteProgressionDto } from './dto/sites.dto';
import {
  MODIFICATION_PRIORITIES,
  MODIFICATION_PRIORITY_LABELS,
  MODIFICATION_TYPE_LABELS,
  MODIFICATION_TYPES,
} from './modification-request.entity';
import { randomUUID } from 'node:crypto';
import type { BillingNotice, NoticeSite } from '../mail/billing-notices';
import { type LifeEvent, type LifeMail, type LifeState, type Transition, transition } from './site-lifecycle';
import { type Progression, PROGRESSION_STEPS, type Site, type SiteStatus, type SiteType } from './site.entity';
import { SiteRequestsRepository } from './site-requests.repository';
import { type AdminSiteListQuery, type AdminSiteSortKey, type SiteChanges, SitesRepository, type SiteWithOwner } from './sites.repository';

const NOT_FOUND = 'Site introuvable';

/** A site of an account, for its data archive. */
export interface SiteRecord {
  site: Site;
  planLabel: string;
  history: Array<{ fromStatus: string | null; toStatus: string; cause: string; createdAt: Date }>;
  modificationRequests: Array<{ type: string; priority: string; description: string; createdAt: Date }>;
  businessOptions: { savedAt: Date; answers: Array<{ label: string; value: string }> } | null;
}

/** What a lifecycle event's mails say (amounts, dates, links), given by the caller that knows them. */
export interface LifeContext {
  /** When the new payment state began (the first failed payment…); now when not given */
  since?: Date;
  /** The invoice at stake: its amount, when its payment failed, where to pay it */
  invoice?: { amountCents: number; failedAt: Date | null; payUrl: string | null };
  endedAt?: Date;
  byClient?: boolean;
  planName?: string;
  upgrade?: { planFrom: string; planTo: string; amountCents: number; periodStart: Date | null; periodEnd: Date | null };
  /** Makes the mails of this event once only, whatever the retries (e.g. the Stripe object's id) */
  dedupe?: string;
}
/** The progression as the API names its steps (camelCase), each optional in a change. */
export interface ProgressionPatch {
  started?: boolean;
  designOk?: boolean;
  devOk?: boolean;
  seoOk?: boolean;
  technoReview?: boolean;
}

const STEP_OF: Record<keyof ProgressionPatch, keyof Progression> = {
  started: 'started',
  designOk: 'design_ok',
  devOk: 'dev_ok',
  seoOk: 'seo_ok',
  technoReview: 'techno_review',
};

/** What an admin's save changed, field by field (only those that changed). */
export interface SiteUpdate {
  site: Site;
  before: Partial<Pick<Site, 'domain' | 'status' | 'progression'>>;
  after: Partial<Pick<Site, 'domain' | 'status' | 'progression'>> & {
    /** Set when the admin confirmed putting online a site whose subscription has ended */
    subscriptionEnded?: true;
  };
}

/** An admin putting online a site whose subscription has ended, without saying they mean it. */
export const ENDED_SUBSCRIPTION_ACTIVE =
  "L'abonnement de ce site est terminé : confirmez sa remise en ligne (le client ne paie plus pour ce site).";

const EXPORT_BATCH = 1000;

const DAY_MS = 86_400_000;
const HISTORY_SHOWN = 10;

const BUSINESS_LABELS: Array<[string, string]> = [
  ['businessName', "Nom de l'entreprise"],
  ['businessType', "Type d'activité"],
  ['industry', "Secteur d'activité"],
  ['targetAudience', 'Public cible'],
  ['keyServices', 'Services principaux'],
  ['contactInfo.email', 'E-mail'],
  ['contactInfo.phone', 'Téléphone'],
  ['contactInfo.address', 'Adresse'],
  ['contactInfo.city', 'Ville'],
  ['contactInfo.postalCode', 'Code postal'],
  ['contactInfo.country', 'Pays'],
  ['businessGoals', 'Objectifs'],
  ['designPreferences', 'Préférences de design'],
  ['specialRequirements', 'Demandes particulières'],
  ['budget', 'Budget'],
  ['timeline', 'Délais'],
  ['competitors', 'Concurrents'],
  ['socialMedia.facebook', 'Facebook'],
  ['socialMedia.instagram', 'Instagram'],
  ['socialMedia.linkedin', 'LinkedIn'],
  ['socialMedia.twitter', 'Twitter'],
];

/**
 * Clients' sites: theirs to read, to ask changes on and to describe (business options); created by billing when an
 * order is paid, and suspended or given back by their payments. Every status change is recorded with its cause.
 */
@Injectable()
export class SitesService {
  constructor(
    private readonly sites: SitesRepository,
    private readonly requests: SiteRequestsRepository,
    private readonly transactions: Transactions,
    private readonly mail: MailService,
    private readonly webhookEvents: WebhookEvents,
  ) {}

  async listOwn(userId: string, query: PageQueryDto): Promise<SiteListResponseDto> {
    const { items, total } = await this.sites.listOfUser(userId, pageWindow(query));
    return toPage('sites', items.map(toSiteResponse), total);
  }

  /** A site of this user, or 404 (another client's site is simply not found). */
  async requireOwn(userId: string, id: string, tx?: EntityManager): Promise<Site> {
    const site = await this.sites.findOfUser(id, userId, tx);
    if (!site) throw new NotFoundException(NOT_FOUND);
    return site;
  }

  async getOwn(userId: string, id: string): Promise<SiteDetailDto> {
    const site = await this.requireOwn(userId, id);
    const history = await this.sites.history(site.id, HISTORY_SHOWN);
    return {
      ...toSiteResponse(site),
      planLabel: sitePlanLabel(site.type),
      ageDays: Math.max(0, Math.floor((Date.now() - site.createdAt.getTime()) / DAY_MS)),
      statusHistory: history.map((h) => ({
        fromStatus: h.fromStatus as SiteStatus | null,
        toStatus: h.toStatus as SiteStatus,
        cause: h.cause,
        createdAt: h.createdAt.toISOString(),
      })),
      modificationOptions: {
        types: MODIFICATION_TYPES.map((value) => ({ value, label: MODIFICATION_TYPE_LABELS[value] })),
        priorities: MODIFICATION_PRIORITIES.map((value) => ({ value, label: MODIFICATION_PRIORITY_LABELS[value] })),
      },
    };
  }

  /** How many of the user's sites are active, pending, suspended (the dashboard's tiles). */
  countsOf(userId: string): Promise<Record<SiteStatus, number>> {
    return this.sites.countByStatusOfUser(userId);
  }

  /**
   * The site of a paid order, created pending with every build step to do; once only, whatever the number of calls
   * (same order or same subscription). Answers its id and whether this call created it.
   */
  async createForOrder(
    order: {
      userId: string;
      siteName: string;
      domain: string | null;
      type: SiteType;
      stripeSubscriptionId: string | null;
      orderDraftId: string;
    },
    tx?: EntityManager,
  ): Promise<{ siteId: string | null; created: boolean }> {
    const progression = Object.fromEntries(PROGRESSION_STEPS.map((step) => [step, false])) as Progression;
    const created = await this.sites.insertOnce({ ...order, progression }, tx);
    if (created) {
      await this.sites.recordStatus({ siteId: created, fromStatus: null, toStatus: 'pending', cause: 'payment' }, tx);
      if (tx) await this.emit(tx, 'site.created', created, { dedupeKey: `site.created:${created}` });
      return { siteId: created, created: true };
    }
    const existing =
      (await this.sites.findByOrderDraft(order.orderDraftId, tx)) ??
      (order.stripeSubscriptionId ? await this.sites.findBySubscription(order.stripeSubscriptionId, tx) : null);
    return { siteId: existing?.id ?? null, created: false };
  }

  /** The site, locked until `tx` ends (a restart checks it, then applies the lifecycle, with no one in between). */
  lockSite(id: string, tx: EntityManager): Promise<Site | null> {
    return this.sites.lock(id, tx);
  }

  /** The user's sites whose payments are not up to date, oldest trouble first (the client's banners). */
  inArrearsOfUser(userId: string): Promise<Site[]> {
    return this.sites.inArrearsOfUser(userId);
  }

  /** Site names by id (invoices name their site). */
  namesOf(ids: string[], tx?: EntityManager): Promise<Map<string, string>> {
    return this.sites.namesOf(ids, tx);
  }

  /** The id of the site a subscription pays for, or null. */
  async siteIdOfSubscription(stripeSubscriptionId: string, tx?: EntityManager): Promise<string | null> {
    return (await this.sites.findBySubscription(stripeSubscriptionId, tx))?.id ?? null;
  }

  /** The id of the site an order became, or null while it is not paid. */
  async siteIdOfOrder(orderDraftId: string, tx?: EntityManager): Promise<string | null> {
    return (await this.sites.findByOrderDraft(orderDraftId, tx))?.id ?? null;
  }

  /**
   * The one writer of a site's status and payment state: applies a lifecycle event (site-lifecycle.ts) to a site locked
   * until `tx` ends, records a status change with its cause, and puts the mails it calls for in the outbox, all in the
   * caller's transaction. `changes` are written with it (a restart's new subscription and plan, an upgrade's plan).
   * Answers the transition, or null when there is no such site.
   */
  async apply(
    target: { siteId: string } | { stripeSubscriptionId: string },
    event: LifeEvent,
    context: LifeContext,
    tx: EntityManager,
    changes: Pick<SiteChanges, 'type' | 'stripeSubscriptionId'> = {},
  ): Promise<(Transition & { site: Site }) | null> {
    const site =
      'siteId' in target ? await this.sites.lock(target.siteId, tx) : await this.sites.lockBySubscription(target.stripeSubscriptionId, tx);
    if (!site) return null;
    const before: LifeState = { status: site.status, statusBeforeSuspension: site.statusBeforeSuspension, paymentState: site.paymentState };
    const t = transition(before, event);
    const write: SiteChanges = { ...changes };
    if (t.next.status !== before.status) write.status = t.next.status;
    if (t.next.statusBeforeSuspension !== before.statusBeforeSuspension) write.statusBeforeSuspension = t.next.statusBeforeSuspension;
    if (t.next.paymentState !== before.paymentState) {
      write.paymentState = t.next.paymentState;
      write.paymentStateSince = t.next.paymentState === 'current' ? null : (context.since ?? new Date());
    }
    if (Object.keys(write).length) await this.sites.update(site.id, write, tx);
    if (write.status) {
      await this.sites.recordStatus({ siteId: site.id, fromStatus: before.status, toStatus: write.status, cause: t.cause }, tx);
      await this.emit(tx, 'site.status_changed', site.id, { previousAttributes: { status: before.status }, cause: t.cause });
    }
    if (t.mails.length) {
      const owner = (await this.sites.findWithOwner(site.id, tx))!.owner;
      const who: NoticeSite = {
        siteId: site.id,
        siteName: site.siteName,
        customerName: owner.name || owner.email,
        customerEmail: owner.email,
      };
      for (const mail of t.mails) {
        const notice = this.noticeOf(mail, site, before, context);
        if (notice) await this.mail.notify(who, notice, { tx, dedupeKey: `${mail}:${site.id}:${context.dedupe ?? randomUUID()}` });
      }
    }
    return { ...t, site };
  }

  private noticeOf(mail: LifeMail, site: Site, before: LifeState, c: LifeContext): BillingNotice | null {
    const siteUrl = this.mail.link(`/dashboard/sites/${site.id}`);
    const manageUrl = this.mail.link(`/dashboard/sites/${site.id}/manage`);
    switch (mail) {
      case 'payment-suspended':
        return {
          kind: 'payment-suspended',
          amountCents: c.invoice?.amountCents ?? null,
          failedAt: c.invoice?.failedAt ?? null,
          payUrl: c.invoice?.payUrl ?? manageUrl,
        };
      case 'payment-restored':
        return {
          kind: 'payment-restored',
          wasSuspended: before.status === 'suspended' && before.statusBeforeSuspension !== null,
          amountCents: c.invoice?.amountCents ?? null,
          siteUrl,
        };
      case 'subscription-ended':
        return { kind: 'subscription-ended', endedAt: c.endedAt ?? new Date(), byClient: c.byClient ?? false, restartUrl: manageUrl };
      case 'restarted':
        return {
          kind: 'restarted',
          planName: c.planName ?? sitePlanLabel(site.type),
          amountCents: c.invoice?.amountCents ?? null,
          siteUrl,
        };
      case 'upgraded':
        return c.upgrade
          ? { kind: 'upgraded', ...c.upgrade, businessOptionsUrl: this.mail.link(`/dashboard/sites/${site.id}/business-options`) }
          : null;
    }
  }

  /** Stores a client's modification request on one of their sites and mails it to the team. */
  async requestModification(user: SessionUser, siteId: string, dto: CreateModificationRequestDto): Promise<ModificationRequestResponseDto> {
    return this.transactions.run(async (tx) => {
      const site = await this.requireOwn(user.id, siteId, tx);
      const saved = await this.requests.insertModificationRequest(
        { siteId: site.id, userId: user.id, type: dto.type, priority: dto.priority, description: dto.description },
        tx,
      );
      await this.mail.enqueue(
        'modification-request-team',
        await this.mail.teamAddress(tx),
        {
          siteName: site.siteName,
          domain: site.domain ?? 'Aucun domaine',
          customerName: user.name || user.email,
          customerEmail: user.email,
          type: MODIFICATION_TYPE_LABELS[dto.type],
          priority: MODIFICATION_PRIORITY_LABELS[dto.priority],
          description: dto.description,
          adminUrl: this.mail.link(`/admin/sites/${site.id}`),
        },
        { tx, dedupeKey: `modification-request:${saved.id}` },
      );
      return {
        id: saved.id,
        type: saved.type,
        priority: saved.priority,
        description: saved.description,
        createdAt: saved.createdAt.toISOString(),
      };
    });
  }

  /** The site's business options as saved, or a blank form with the account's e-mail and France. */
  async businessOptions(user: SessionUser, siteId: string): Promise<BusinessOptionsResponseDto> {
    const site = await this.requireOwn(user.id, siteId);
    const saved = await this.requests.findBusinessOptions(site.id);
    return toBusinessOptions(saved?.data ?? {}, user.email, saved?.updatedAt ?? null);
  }

  /** Saves the business options (every answer, replacing the previous ones) and mails them to the team. */
  async saveBusinessOptions(user: SessionUser, siteId: string, dto: BusinessOptionsDto): Promise<BusinessOptionsResponseDto> {
    return this.transactions.run(async (tx) => {
      const site = await this.requireOwn(user.id, siteId, tx);
      const answers = toBusinessOptions(dto as unknown as Record<string, unknown>, user.email, null);
      const { savedAt: _ignored, ...data } = answers;
      const saved = await this.requests.saveBusinessOptions(site.id, data, tx);
      await this.mail.enqueue(
        'business-options-team',
        await this.mail.teamAddress(tx),
        {
          siteName: site.siteName,
          customerName: user.name || user.email,
          customerEmail: user.email,
          answers: BUSINESS_LABELS.map(([path, label]) => ({
            label,
            value: String(path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], data) || '—'),
          })),
          adminUrl: this.mail.link(`/admin/sites/${site.id}`),
        },
        { tx },
      );
      return { ...answers, savedAt: saved.updatedAt.toISOString() };
    });
  }

  // ---- for the admin ----

  /** A page of every site with its owner, in two queries. */
  listForAdmin(
    query: PageQueryDto & {
      search?: string;
      status?: SiteStatus;
      type?: SiteType;
      paymentState?: AdminSiteListQuery['paymentState'];
      sortBy?: AdminSiteSortKey;
      sortOrder?: 'asc' | 'desc';
    },
  ): Promise<{ items: SiteWithOwner[]; total: number }> {
    return this.sites.listForAdmin({
      ...pageWindow(query),
      search: query.search || undefined,
      status: query.status,
      type: query.type,
      paymentState: query.paymentState,
      sortBy: query.sortBy ?? 'created_at',
      sortOrder: query.sortOrder ?? 'desc',
    });
  }

  findWithOwner(id: string): Promise<SiteWithOwner | null> {
    return this.sites.findWithOwner(id);
  }

  /**
   * Applies an admin's save (domain, status, some build steps), the site locked meanwhile. Answers what changed
   * (nothing is written when nothing changes), or null when there is no such site.
   */
  async updateByAdmin(
    id: string,
    changes: { domain?: string | null; status?: SiteStatus; progression?: ProgressionPatch; confirmEndedSubscription?: boolean },
    tx: EntityManager,
  ): Promise<SiteUpdate | null> {
    const site = await this.sites.findForUpdate(id, tx);
    if (!site) return null;
    const before: SiteUpdate['before'] = {};
    const after: SiteUpdate['after'] = {};
    const write: SiteChanges = {};
    if (changes.domain !== undefined && changes.domain !== site.domain) {
      before.domain = site.domain;
      after.domain = write.domain = changes.domain;
    }
    if (changes.status !== undefined && changes.status !== site.status) {
      // Online while nobody pays for it: only when the admin says so (the site is locked, so the state read holds).
      if (changes.status === 'active' && site.paymentState === 'ended') {
        if (changes.confirmEndedSubscription !== true) {
          throw new ConflictException({
            message: ENDED_SUBSCRIPTION_ACTIVE,
            errors: { confirmEndedSubscription: ENDED_SUBSCRIPTION_ACTIVE },
          });
        }
        after.subscriptionEnded = true;
      }
      before.status = site.status;
      after.status = changes.status;
      // An admin's decision, through the lifecycle: recorded in the history, and no payment gives back an earlier
      // status over it.
      await this.apply({ siteId: site.id }, { type: 'admin', status: changes.status }, {}, tx);
    }
    if (changes.progression) {
      const progression = { ...site.progression };
      for (const [key, value] of Object.entries(changes.progression) as [keyof ProgressionPatch, boolean | undefined][]) {
        if (typeof value === 'boolean') progression[STEP_OF[key]] = value;
      }
      if (PROGRESSION_STEPS.some((step) => progression[step] !== site.progression[step])) {
        before.progression = site.progression;
        after.progression = write.progression = progression;
      }
    }
    if (Object.keys(write).length) await this.sites.update(id, write, tx);
    const updated = Object.keys(write).length || after.status ? (await this.sites.findForUpdate(id, tx))! : site;
    if ('domain' in after) await this.emit(tx, 'site.domain_changed', id, { previousAttributes: { domain: before.domain ?? null } });
    return { site: updated, before, after };
  }

  /**
   * An outbound webhook event about a site, in the transaction of its change: the site as the admin API shows it
   * (with its owner's id), and what it was before.
   */
  private async emit(
    tx: EntityManager,
    type: 'site.created' | 'site.status_changed' | 'site.domain_changed',
    siteId: string,
    extra: { previousAttributes?: Record<string, unknown>; cause?: string; dedupeKey?: string } = {},
  ): Promise<void> {
    const site = await this.sites.findForUpdate(siteId, tx);
    if (!site) return;
    await this.webhookEvents.record(tx, {
      type,
      objectType: 'site',
      objectId: site.id,
      object: { ...toSiteResponse(site), ownerId: site.userId, ...(extra.cause ? { statusCause: extra.cause } : {}) },
      previousAttributes: extra.previousAttributes,
      dedupeKey: extra.dedupeKey,
    });
  }

  countByStatus(): Promise<Record<SiteStatus, number>> {
    return this.sites.countByStatus();
  }

  recentWithOwner(limit: number): Promise<SiteWithOwner[]> {
    return this.sites.recentWithOwner(limit);
  }

  /** Every site of an account, newest first. */
  allOfUser(userId: string): Promise<Site[]> {
    return this.sites.allOfUser(userId);
  }

  // ---- data rights (privacy/) ----

  /**
   * An account's sites and what it said about them, for its data archive: each site with its status history, and the
   * modification requests and business options (labelled in French) the account sent.
   */
  async recordsOf(userId: string): Promise<SiteRecord[]> {
    const [sites, requests, options] = await Promise.all([
      this.sites.allOfUser(userId),
      this.requests.modificationRequestsOfUser(userId),
      this.requests.businessOptionsOfUser(userId),
    ]);
    const records: SiteRecord[] = [];
    for (const site of sites) {
      const saved = options.find((o) => o.siteId === site.id);
      const data = saved?.data;
      records.push({
        site,
        planLabel: sitePlanLabel(site.type),
        history: await this.sites.history(site.id, 10_000),
        modificationRequests: requests
          .filter((r) => r.siteId === site.id)
          .map((r) => ({
            type: MODIFICATION_TYPE_LABELS[r.type],
            priority: MODIFICATION_PRIORITY_LABELS[r.priority],
            description: r.description,
            createdAt: r.createdAt,
          })),
        businessOptions:
          data && saved
            ? {
                savedAt: saved.updatedAt,
                answers: BUSINESS_LABELS.map(([path, label]) => ({
                  label,
                  value: String(path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], data) ?? ''),
                })),
              }
            : null,
      });
    }
    return records;
  }

  /**
   * Erases what a closed account wrote about its sites (modification requests, business options), in the erasure's
   * transaction. The sites stay: their subscriptions and invoices point to them, and their lifecycle goes on.
   */
  eraseRequestsOf(userId: string, tx: EntityManager): Promise<void> {
    return this.requests.deleteOfUser(userId, tx);
  }

  /** Every site with its owner, oldest first, a batch of 1,000 at a time (one query each): never the whole table in memory. */
  exportBatches(batchSize = EXPORT_BATCH): AsyncGenerator<SiteWithOwner[]> {
    return keysetBatches((after, size) => this.sites.exportBatch(after, size), batchSize);
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function toBusinessOptions(data: Record<string, unknown>, accountEmail: string, savedAt: Date | null): BusinessOptionsResponseDto {
  const contact = (data.contactInfo ?? {}) as Record<string, unknown>;
  const social = (data.socialMedia ?? {}) as Record<string, unknown>;
  return {
    businessName: text(data.businessName),
    businessType: text(data.businessType) as BusinessOptionsResponseDto['businessType'],
    industry: text(data.industry),
    targetAudience: text(data.targetAudience),
    keyServices: text(data.keyServices),
    contactInfo: {
      email: text(contact.email) || accountEmail,
      phone: text(contact.phone),
      address: text(contact.address),
      city: text(contact.city),
      postalCode: text(contact.postalCode),
      country: text(contact.country) || 'France',
    },
    businessGoals: text(data.businessGoals),
    designPreferences: text(data.designPreferences),
    specialRequirements: text(data.specialRequirements),
    budget: text(data.budget),
    timeline: text(data.timeline),
    competitors: text(data.competitors),
    socialMedia: {
      facebook: text(social.facebook),
      instagram: text(social.instagram),
      linkedin: text(social.linkedin),
      twitter: text(social.twitter),
    },
    savedAt: savedAt ? savedAt.toISOString() : null,
  };
}

export function toSiteResponse(site: Site): SiteDto {
  const p = site.progression;
  return {
    id: site.id,
    siteName: site.siteName,
    domain: site.domain,
    status: site.status,
    type: site.type,
    progression: { started: p.started, designOk: p.design_ok, devOk: p.dev_ok, seoOk: p.seo_ok, technoReview: p.techno_review },
    paymentState: site.paymentState ?? 'current',
    paymentStateSince: site.paymentStateSince ? site.paymentStateSince.toISOString() : null,
    createdAt: site.createdAt.toISOString(),
    updatedAt: site.updatedAt.toISOString(),
  };
}

/** The progression as the API writes it (camelCase step names). */
export function toProgressionResponse(p: Progression): SiteProgressionDto {
  return { started: p.started, designOk: p.design_ok, devOk: p.dev_ok, seoOk: p.seo_ok, technoReview: p.techno_review };
}
