import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { escapeLike, type PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { keysetBatch, type KeysetBatch, type KeysetCursor, keysetQuery, type KeysetRow } from '../database/keyset';
import { type RollUp, rollUpStatement, RowCountRollUps } from '../database/row-counts';
import { type PaymentState, type Progression, Site, type SiteStatus, type SiteType } from './site.entity';
import { type StatusCause, SiteStatusChange } from './site-status-history.entity';

export interface NewSite {
  userId: string;
  siteName: string;
  domain: string | null;
  type: SiteType;
  progression: Progression;
  stripeSubscriptionId: string | null;
  orderDraftId: string | null;
}

/** The account a site belongs to, as the admin's lists show it. */
export interface SiteOwner {
  id: string;
  name: string;
  email: string;
  /** Set when the account is closed: its name and e-mail are gone */
  closedAt: Date | null;
}

export interface SiteWithOwner {
  site: Site;
  owner: SiteOwner;
}

export const ADMIN_SITE_SORT_KEYS = ['site_name', 'domain', 'status', 'type', 'owner_name', 'created_at'] as const;
export type AdminSiteSortKey = (typeof ADMIN_SITE_SORT_KEYS)[number];

/** Sort keys to SQL, a whitelist: nothing from the request is ever written into the SQL text. */
const SORT_COLUMNS: Record<AdminSiteSortKey, string> = {
  site_name: 's.site_name',
  domain: 's.domain',
  status: 's.status',
  type: 's.type',
  owner_name: 'u.name',
  created_at: 's.created_at',
};

export interface AdminSiteListQuery extends PageWindow {
  search?: string;
  status?: SiteStatus;
  type?: SiteType;
  /** 'arrears': every site not up to date (past due, unpaid or ended); or one payment state */
  paymentState?: PaymentState | 'arrears';
  sortBy: AdminSiteSortKey;
  sortOrder: 'asc' | 'desc';
}

export interface SiteChanges {
  domain?: string | null;
  status?: SiteStatus;
  /** The status a payment gives back after a suspension; null when nothing is to be given back */
  statusBeforeSuspension?: SiteStatus | null;
  type?: SiteType;
  progression?: Progression;
  paymentState?: PaymentState;
  paymentStateSince?: Date | null;
  stripeSubscriptionId?: string | null;
}

interface SiteRow {
  id: string;
  user_id: string;
  site_name: string;
  domain: string | null;
  status: SiteStatus;
  type: SiteType;
  progression: Progression;
  status_before_suspension: 'pending' | 'active' | null;
  payment_state: PaymentState;
  payment_state_since: Date | null;
  stripe_subscription_id: string | null;
  order_draft_id: string | null;
  created_at: Date;
  updated_at: Date;
  owner_name: string;
  owner_email: string;
  owner_closed_at: Date | null;
}

const SITE_WITH_OWNER = `s.id, s.user_id, s.site_name, s.domain, s.status, s.type, s.progression, s.status_before_suspension, s.payment_state, s.payment_state_since,
  s.stripe_subscription_id, s.order_draft_id,
  s.created_at, s.updated_at, u.name AS owner_name, u.email AS owner_email, u.closed_at AS owner_closed_at`;

function toSite(row: SiteRow): Site {
  const site = new Site();
  Object.assign(site, {
    id: row.id,
    userId: row.user_id,
    siteName: row.site_name,
    domain: row.domain,
    status: row.status,
    type: row.type,
    progression: row.progression,
    statusBeforeSuspension: row.status_before_suspension,
    paymentState: row.payment_state,
    paymentStateSince: row.payment_state_since,
    stripeSubscriptionId: row.stripe_subscription_id,
    orderDraftId: row.order_draft_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  return site;
}

const withOwner = (row: SiteRow): SiteWithOwner => ({
  site: toSite(row),
  owner: { id: row.user_id, name: row.owner_name, email: row.owner_email, closedAt: row.owner_closed_at },
});

/** Folds the deltas of `site_counts` into one row per status and type (see rollUpStatement). */
const ROLL_UP_SITE_COUNTS = rollUpStatement('site_counts', ['status', 'type']);

/**
 * The sites module's `sites` table. The admin's reads join `users` (read only) for the owner's name and e-mail, so
 * that a page of sites is one query, never one more per row. Totals by status and type come from `site_counts`, the
 * deltas that triggers keep (migration RowCounts), not from count(*).
 */
@Injectable()
export class SitesRepository extends BaseRepository {
  private readonly countsRollUp: RollUp;

  constructor(dataSource: DataSource, rollUps: RowCountRollUps) {
    super(dataSource);
    this.countsRollUp = rollUps.register('site_counts', () => this.rollUpCounts());
  }

  /**
   * Creates the site of a paid order once: a second call for the same order or the same subscription (a replayed
   * or duplicated event, in parallel too) inserts nothing and answers null.
   */
  async insertOnce(site: NewSite, tx?: EntityManager): Promise<string | null> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO sites (user_id, site_name, domain, type, progression, stripe_subscription_id, order_draft_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [site.userId, site.siteName, site.domain, site.type, JSON.stringify(site.progression), site.stripeSubscriptionId, site.orderDraftId],
      tx,
    );
    return row?.id ?? null;
  }

  findByOrderDraft(orderDraftId: string, tx?: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOneBy({ orderDraftId });
  }

  findBySubscription(stripeSubscriptionId: string, tx?: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOneBy({ stripeSubscriptionId });
  }

  /** A client's own site (every client page reads one): a plain row on the primary key, no entity hydration. */
  async findOfUser(id: string, userId: string, tx?: EntityManager): Promise<Site | null> {
    const [row] = await this.query<SiteRow>(`SELECT * FROM sites WHERE id = $1 AND user_id = $2`, [id, userId], tx);
    return row ? toSite(row) : null;
  }

  async listOfUser(userId: string, window: PageWindow, tx?: EntityManager): Promise<{ items: Site[]; total: number }> {
    const [items, total] = await this.repo(Site, tx).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: window.offset,
      take: window.limit,
    });
    return { items, total };
  }

  /** Locks the site until the transaction ends (status changes from payments, the client and admins never interleave). */
  async lockBySubscription(stripeSubscriptionId: string, tx: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOne({ where: { stripeSubscriptionId }, lock: { mode: 'pessimistic_write' } });
  }

  async inArrearsOfUser(userId: string, tx?: EntityManager): Promise<Site[]> {
    const rows = await this.query<SiteRow>(
      `SELECT * FROM sites WHERE user_id = $1 AND payment_state <> 'current' ORDER BY payment_state_since NULLS LAST, id`,
      [userId],
      tx,
    );
    return rows.map(toSite);
  }

  async namesOf(ids: string[], tx?: EntityManager): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.query<{ id: string; site_name: string }>(
      `SELECT id, site_name FROM sites WHERE id = ANY($1::uuid[])`,
      [ids],
      tx,
    );
    return new Map(rows.map((r) => [r.id, r.site_name]));
  }

  async lock(id: string, tx: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async recordStatus(
    change: { siteId: string; fromStatus: SiteStatus | null; toStatus: SiteStatus; cause: StatusCause },
    tx?: EntityManager,
  ): Promise<void> {
    await this.repo(SiteStatusChange, tx).insert(change);
  }

  /** The latest changes first (a client's site page reads them each time: plain rows). */
  async history(
    siteId: string,
    limit: number,
    tx?: EntityManager,
  ): Promise<Array<Pick<SiteStatusChange, 'fromStatus' | 'toStatus' | 'cause' | 'createdAt'>>> {
    const rows = await this.query<{ from_status: string | null; to_status: string; cause: StatusCause; created_at: Date }>(
      `SELECT from_status, to_status, cause, created_at FROM site_status_history WHERE site_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [siteId, limit],
      tx,
    );
    return rows.map((r) => ({ fromStatus: r.from_status, toStatus: r.to_status, cause: r.cause, createdAt: r.created_at }));
  }

  async countByStatusOfUser(userId: string, tx?: EntityManager): Promise<Record<SiteStatus, number>> {
    const rows = await this.query<{ status: SiteStatus; count: string }>(
      `SELECT status, count(*) AS count FROM sites WHERE user_id = $1 GROUP BY status`,
      [userId],
      tx,
    );
    const counts: Record<SiteStatus, number> = { pending: 0, active: 0, suspended: 0 };
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }
  // ---- the admin's reads and writes ----

  /**
   * One page of every site with its owner, filtered, searched and sorted: exactly two queries run in parallel, the
   * page and its total. Without a search the total is the sum of `site_counts`' deltas for the status and type
   * filters (exact, a few rows read whatever the number of sites); with one, a count(*) of the matching sites (the
   * search is selective and read through trigram indexes).
   * The search matches the site name, the domain, or the owner's name or e-mail (ILIKE, wildcards taken literally);
   * written as a union of id lists so each part uses its trigram indexes. Every sort reads its page from an index.
   */
  async listForAdmin(query: AdminSiteListQuery, tx?: EntityManager): Promise<{ items: SiteWithOwner[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.status) where.push(`s.status = $${params.push(query.status)}`);
    if (query.type) where.push(`s.type = $${params.push(query.type)}`);
    // Read through the partial index sites_payment_state_idx (the few sites not up to date); counted with count(*).
    if (query.paymentState === 'arrears') where.push(`s.payment_state <> 'current'`);
    else if (query.paymentState) where.push(`s.payment_state = $${params.push(query.paymentState)}`);
    if (query.search) {
      const p = `$${params.push(`%${escapeLike(query.search)}%`)}`;
      // Two id lists, each read through trigram indexes (sites' name and domain; the owners' name and e-mail, then
      // their sites): an OR across the join would read every row. UNION, not UNION ALL: the distinct list is hashed
      // once, where an undeduplicated one lets the planner pick a nested loop that rescans it per site.
      where.push(`s.id IN (
        SELECT id FROM sites WHERE site_name ILIKE ${p} OR domain ILIKE ${p}
        UNION
        SELECT os.id FROM users ou JOIN sites os ON os.user_id = ou.id WHERE ou.name ILIKE ${p} OR ou.email ILIKE ${p})`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    // Sites without a domain come last whichever the direction (the only nullable sort column: the others keep the
    // plain order, which their indexes serve); the id makes the order total, so pages never repeat or skip a site.
    const nulls = query.sortBy === 'domain' ? ' NULLS LAST' : '';
    const orderSql = `ORDER BY ${SORT_COLUMNS[query.sortBy]} ${order}${nulls}, s.id ${order}`;
    // A deferred join: the page's ids first, read from the sort's index alone (the owner joined only to sort by their
    // name), then the 10 rows and their owners. Joining before the OFFSET fetched every skipped site's row and owner
    // (page 1,000: 10,000 of each, 6× page 1's time).
    const ownerJoin = query.sortBy === 'owner_name' ? 'JOIN users u ON u.id = s.user_id' : '';
    const [rows, total] = await Promise.all([
      this.query<SiteRow>(
        `SELECT ${SITE_WITH_OWNER} FROM (SELECT s.id FROM sites s ${ownerJoin} ${whereSql} ${orderSql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) page
           JOIN sites s ON s.id = page.id JOIN users u ON u.id = s.user_id ${orderSql}`,
        [...params, query.limit, query.offset],
        tx,
      ),
      query.search || query.paymentState
        ? this.query<{ total: number }>(`SELECT count(*)::int AS total FROM sites s ${whereSql}`, params, tx).then(([row]) => row.total)
        : this.countedTotal(whereSql, params, tx),
    ]);
    return { items: rows.map(withOwner), total };
  }

  /**
   * The number of sites under the list's status and type filters, from `site_counts` (aliased `s`: the filters name
   * `s.status` and `s.type`, columns of both tables). A read that sums many deltas has them rolled up soon after.
   */
  private async countedTotal(whereSql: string, params: unknown[], tx?: EntityManager): Promise<number> {
    const [row] = await this.query<{ total: number; deltas: number }>(
      `SELECT COALESCE(sum(s.n), 0)::int AS total, count(*)::int AS deltas FROM site_counts s ${whereSql}`,
      params,
      tx,
    );
    this.countsRollUp.afterRead(row.deltas);
    return row.total;
  }

  /**
   * Rolls up `site_counts` (ROLL_UP_SITE_COUNTS); false when another roll-up held the lock, and nothing was done.
   * Never in a caller's transaction: the statement is its own, so the lock is released as soon as it ends.
   */
  async rollUpCounts(): Promise<boolean> {
    const [row] = await this.query<{ locked: boolean }>(ROLL_UP_SITE_COUNTS, []);
    return row.locked;
  }

  async findWithOwner(id: string, tx?: EntityManager): Promise<SiteWithOwner | null> {
    const [row] = await this.query<SiteRow>(
      `SELECT ${SITE_WITH_OWNER} FROM sites s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
      [id],
      tx,
    );
    return row ? withOwner(row) : null;
  }

  /** The site, locked until `tx` ends (two admins saving at once are applied one after the other). */
  async findForUpdate(id: string, tx: EntityManager): Promise<Site | null> {
    const [row] = await this.query<SiteRow>(`SELECT * FROM sites WHERE id = $1 FOR UPDATE`, [id], tx);
    return row ? toSite(row) : null;
  }

  async update(id: string, changes: SiteChanges, tx?: EntityManager): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    if (changes.domain !== undefined) sets.push(`domain = $${params.push(changes.domain)}`);
    if (changes.status !== undefined) sets.push(`status = $${params.push(changes.status)}`);
    if (changes.statusBeforeSuspension !== undefined)
      sets.push(`status_before_suspension = $${params.push(changes.statusBeforeSuspension)}`);
    if (changes.type !== undefined) sets.push(`type = $${params.push(changes.type)}`);
    if (changes.progression !== undefined) sets.push(`progression = $${params.push(JSON.stringify(changes.progression))}`);
    if (changes.paymentState !== undefined) sets.push(`payment_state = $${params.push(changes.paymentState)}`);
    if (changes.paymentStateSince !== undefined) sets.push(`payment_state_since = $${params.push(changes.paymentStateSince)}`);
    if (changes.stripeSubscriptionId !== undefined) sets.push(`stripe_subscription_id = $${params.push(changes.stripeSubscriptionId)}`);
    if (!sets.length) return;
    await this.query(`UPDATE sites SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params, tx);
  }

  async countByStatus(tx?: EntityManager): Promise<Record<SiteStatus, number>> {
    const rows = await this.query<{ status: SiteStatus; count: number; deltas: number }>(
      `SELECT status, sum(n)::int AS count, count(*)::int AS deltas FROM site_counts GROUP BY status`,
      [],
      tx,
    );
    const counts: Record<SiteStatus, number> = { pending: 0, active: 0, suspended: 0 };
    for (const row of rows) counts[row.status] = row.count;
    this.countsRollUp.afterRead(rows.reduce((sum, row) => sum + row.deltas, 0));
    return counts;
  }

  async recentWithOwner(limit: number, tx?: EntityManager): Promise<SiteWithOwner[]> {
    const rows = await this.query<SiteRow>(
      `SELECT ${SITE_WITH_OWNER} FROM sites s JOIN users u ON u.id = s.user_id ORDER BY s.created_at DESC, s.id DESC LIMIT $1`,
      [limit],
      tx,
    );
    return rows.map(withOwner);
  }

  allOfUser(userId: string, tx?: EntityManager): Promise<Site[]> {
    return this.repo(Site, tx).find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The next `limit` sites with their owner in (created_at, id) order after `after`, for exports. */
  async exportBatch(after: KeysetCursor | null, limit: number, tx?: EntityManager): Promise<KeysetBatch<SiteWithOwner>> {
    const keyset = keysetQuery('s.created_at', 's.id', after, limit, 'uuid');
    const rows = await this.query<SiteRow & KeysetRow>(
      `SELECT ${SITE_WITH_OWNER}, ${keyset.key} FROM sites s JOIN users u ON u.id = s.user_id ${keyset.page}`,
      keyset.params,
      tx,
    );
    return keysetBatch(rows, limit, withOwner);
  }
}
