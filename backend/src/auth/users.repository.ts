import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserRole } from '../common/current-user';
import { escapeLike, type PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { User } from './user.entity';

export type UserSortKey = 'name' | 'email' | 'role' | 'created_at';

const SORT_COLUMNS: Record<UserSortKey, string> = {
  name: 'u.name',
  email: 'u.email',
  role: 'u.role',
  created_at: 'u.created_at',
};

export interface UserListQuery extends PageWindow {
  search?: string;
  sortBy: UserSortKey;
  sortOrder: 'asc' | 'desc';
}

/** The `users` table. E-mails are stored lower-cased, and found case-insensitively here and nowhere else. */
@Injectable()
export class UsersRepository extends BaseRepository {
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

  async update(id: string, changes: Partial<Pick<User, 'name' | 'role' | 'passwordHash'>>, tx?: EntityManager): Promise<void> {
    await this.repo(User, tx).update({ id }, changes);
  }

  adminExists(tx?: EntityManager): Promise<boolean> {
    return this.repo(User, tx).exists({ where: { role: 'admin' } });
  }

  /** Records the Stripe customer on the account with this e-mail, unless it already has one; the account, or null. */
  async linkStripeCustomer(email: string, customerId: string, tx?: EntityManager): Promise<User | null> {
    const [row] = await this.returning<{ id: string }>(
      `UPDATE users SET stripe_customer_id = $1, updated_at = now() WHERE lower(email) = lower($2) AND stripe_customer_id IS NULL RETURNING id`,
      [customerId, email],
      tx,
    );
    return row ? this.findById(row.id, tx) : null;
  }

  async list(query: UserListQuery, tx?: EntityManager): Promise<{ items: User[]; total: number }> {
    const qb = this.repo(User, tx).createQueryBuilder('u');
    if (query.search) qb.where('(u.name ILIKE :pattern OR u.email ILIKE :pattern)', { pattern: `%${escapeLike(query.search)}%` });
    qb.orderBy(SORT_COLUMNS[query.sortBy], query.sortOrder === 'asc' ? 'ASC' : 'DESC')
      .addOrderBy('u.id', 'ASC')
      .offset(query.offset)
      .limit(query.limit);
    const [items, total] = await Promise.all([qb.getMany(), qb.getCount()]);
    return { items, total };
  }
}
