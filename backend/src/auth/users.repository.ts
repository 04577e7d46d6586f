import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { closedAccountEmail, type SessionUser, type UserRole } from '../common/current-user';
import { escapeLike, type PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { keysetBatch, type KeysetBatch, type KeysetCursor, keysetQuery, type KeysetRow } from '../database/keyset';
import { type RollUp, rollUpStatement, RowCountRollUps } from '../database/row-counts';
import { User } from './user.entity';

export type UserSortKey = 'name' | 'email' | 'role' | 'created_at';

const SORT_COLUMNS: Record<UserSortKey, string> = {
  name: 'u.name',
  email: 'u.email',
  role: 'u.role',
  created_at: 'u.created_at',
};

/** An account as the admin's lists show it: closed ones say since when (their name and e-mail are gone). */
export interface AccountRow extends SessionUser {
  closedAt: Date | null;
}

export interface UserListQuery extends PageWindow {
  search?: string;
  sortBy: UserSortKey;
  sortOrder: 'asc' | 'desc';
}

/** Folds the deltas of `user_counts` into one row per role (see rollUpStatement). */
const ROLL_UP_USER_COUNTS = rollUpStatement('user_counts', ['role']);

/**
 * The `users` table. E-mails are stored lower-cased, and found case-insensitively here and nowhere else. Totals by
 * role come from `user_counts`, the deltas that triggers keep (migration RowCounts), not from count(*).
 */
@Injectable()
export class UsersRepository extends BaseRepository {
  private readonly countsRollUp: RollUp;

  constructor(dataSource: DataSource, rollUps: RowCountRollUps) {
    super(dataSource);
    this.countsRollUp = rollUps.register('user_counts', () => this.rollUpCounts());
  }

  findById(id: string, tx?: EntityManager): Promise<User | null> {
    return this.repo(User, tx).findOneBy({ id });
  }

  findByEmail(email: string, tx?: EntityManager): Promise<User | null> {
    return this.repo(User, tx).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  findByStripeCustomerId(customerId: string, tx?: EntityManager): Promise<User | null> {
    return this.repo(User, tx).findOneBy({ stripeCustomerId: customerId });
  }

  insert(data: { email: string; name: string; role: UserRole; passwordHash: string | null }, tx?: EntityManager): Promise<User> {
    const repo = this.repo(User, tx);
    return repo.save(repo.create({ ...data, email: data.email.toLowerCase() }));
  }

  /** Creates the account unless one has this e-mail (case-insensitive); the new account, or null. */
  async insertIfAbsent(data: { email: string; name: string; role: UserRole }, tx?: EntityManager): Promise<User | null> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO users (email, name, role) VALUES (lower($1), $2, $3) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [data.email, data.name, data.role],
      tx,
    );
    return row ? this.findById(row.id, tx) : null;
  }

  async update(
    id: string,
    changes: Partial<Pick<User, 'name' | 'role' | 'passwordHash' | 'addressProvenAt'>>,
    tx?: EntityManager,
  ): Promise<void> {
    await this.repo(User, tx).update({ id }, changes);
  }

  /**
   * Closes the account: its name, e-mail (replaced by its `closedAccountEmail`, so the address is free to sign up
   * again) and password are gone from the row, which stays for what points to it (sites, invoices, payments). The
   * row as it was, or null when there is no such open account. Atomic.
   */
  async close(id: string, tx?: EntityManager): Promise<{ email: string; name: string } | null> {
    const [row] = await this.returning<{ email: string; name: string }>(
      `UPDATE users u SET email = $2, name = '', password_hash = NULL, closed_at = now(), updated_at = now()
         FROM (SELECT id, email, name FROM users WHERE id = $1 AND closed_at IS NULL FOR UPDATE) old
        WHERE u.id = old.id
      RETURNING old.email, old.name`,
      [id, closedAccountEmail(id)],
      tx,
    );
    return row ?? null;
  }

  /**
   * Takes the address back from an account that never proved it (a self sign-up), for the payment that had it first:
   * its e-mail replaced by its `closedAccountEmail` (no mail goes there, no one signs in with it), its password gone.
   * The row stays with what it holds. Its address as it was, or null (no such account).
   */
  async takeBackAddress(id: string, tx?: EntityManager): Promise<string | null> {
    const [row] = await this.returning<{ email: string }>(
      `UPDATE users u SET email = $2, password_hash = NULL, address_proven_at = NULL, updated_at = now()
         FROM (SELECT id, email FROM users WHERE id = $1 AND closed_at IS NULL FOR UPDATE) old
        WHERE u.id = old.id
      RETURNING old.email`,
      [id, closedAccountEmail(id)],
      tx,
    );
    return row?.email ?? null;
  }

  /** Records the Stripe customer on this account, unless it (or the customer) is already linked; true when it was. */
  async linkStripeCustomerIfFree(id: string, customerId: string, tx?: EntityManager): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE users SET stripe_customer_id = $1, updated_at = now()
        WHERE id = $2 AND stripe_customer_id IS NULL AND NOT EXISTS (SELECT 1 FROM users WHERE stripe_customer_id = $1)
       RETURNING id`,
      [customerId, id],
      tx,
    );
    return rows.length > 0;
  }

  adminExists(tx?: EntityManager): Promise<boolean> {
    return this.repo(User, tx).exists({ where: { role: 'admin' } });
  }

  /** Records the Stripe customer on the account, unless it already has one; true when it was recorded. Atomic. */
  async setStripeCustomerIfNone(id: string, customerId: string, tx?: EntityManager): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE users SET stripe_customer_id = $1, updated_at = now() WHERE id = $2 AND stripe_customer_id IS NULL RETURNING id`,
      [customerId, id],
      tx,
    );
    return rows.length > 0;
  }

  /**
   * One page of accounts: the rows as plain rows and the total, in parallel (two queries; no entity hydration). The
   * total is the sum of `user_counts`' deltas without a search, a count(*) of the matches with one.
   */
  async list(query: UserListQuery, tx?: EntityManager): Promise<{ items: AccountRow[]; total: number }> {
    const params: unknown[] = [];
    const whereSql = query.search ? `WHERE u.name ILIKE $1 OR u.email ILIKE $1` : '';
    if (query.search) params.push(`%${escapeLike(query.search)}%`);
    const order = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const [rows, total] = await Promise.all([
      this.query<{ id: string; email: string; name: string; role: UserRole; created_at: Date; closed_at: Date | null }>(
        `SELECT u.id, u.email, u.name, u.role, u.created_at, u.closed_at FROM users u ${whereSql}
          ORDER BY ${SORT_COLUMNS[query.sortBy]} ${order}, u.id ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.limit, query.offset],
        tx,
      ),
      query.search
        ? this.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${whereSql}`, params, tx).then(([row]) => row.total)
        : this.countedTotal(tx),
    ]);
    return {
      items: rows.map((r) => ({ id: r.id, email: r.email, name: r.name, role: r.role, createdAt: r.created_at, closedAt: r.closed_at })),
      total,
    };
  }

  /** Every account, from `user_counts`. A read that sums many deltas has them rolled up soon after. */
  private async countedTotal(tx?: EntityManager): Promise<number> {
    const [row] = await this.query<{ total: number; deltas: number }>(
      `SELECT COALESCE(sum(n), 0)::int AS total, count(*)::int AS deltas FROM user_counts`,
      [],
      tx,
    );
    this.countsRollUp.afterRead(row.deltas);
    return row.total;
  }

  /**
   * Rolls up `user_counts` (ROLL_UP_USER_COUNTS); false when another roll-up held the lock, and nothing was done.
   * Never in a caller's transaction: the statement is its own, so the lock is released as soon as it ends.
   */
  async rollUpCounts(): Promise<boolean> {
    const [row] = await this.query<{ locked: boolean }>(ROLL_UP_USER_COUNTS, []);
    return row.locked;
  }

  async countByRole(tx?: EntityManager): Promise<Record<UserRole, number>> {
    const rows = await this.query<{ role: UserRole; count: number; deltas: number }>(
      `SELECT role, sum(n)::int AS count, count(*)::int AS deltas FROM user_counts GROUP BY role`,
      [],
      tx,
    );
    const counts: Record<UserRole, number> = { client: 0, admin: 0 };
    for (const row of rows) counts[row.role] = row.count;
    this.countsRollUp.afterRead(rows.reduce((sum, row) => sum + row.deltas, 0));
    return counts;
  }

  recent(limit: number, tx?: EntityManager): Promise<User[]> {
    return this.repo(User, tx).find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** The next `limit` accounts in (created_at, id) order after `after`, for exports. */
  async exportBatch(after: KeysetCursor | null, limit: number, tx?: EntityManager): Promise<KeysetBatch<User>> {
    const keyset = keysetQuery('created_at', 'id', after, limit, 'uuid');
    const rows = await this.query<
      { id: string; email: string; name: string; role: UserRole; created_at: Date; closed_at: Date | null } & KeysetRow
    >(`SELECT id, email, name, role, created_at, closed_at, ${keyset.key} FROM users ${keyset.page}`, keyset.params, tx);
    return keysetBatch(rows, limit, (r) =>
      Object.assign(new User(), { id: r.id, email: r.email, name: r.name, role: r.role, createdAt: r.created_at, closedAt: r.closed_at }),
    );
  }
}
