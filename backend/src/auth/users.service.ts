import { ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserRole } from '../common/current-user';
import { pageWindow, type PageQueryDto } from '../common/pagination';
import { keysetBatches } from '../database/keyset';
import type { User } from './user.entity';
import { type AccountRow, type UserSortKey, UsersRepository } from './users.repository';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';
const TAKEN = 'Un compte existe déjà avec cet email';

/** Accounts, for this module and the others (billing links Stripe customers here rather than writing `users`). */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findById(id: string, tx?: EntityManager): Promise<User | null> {
    return this.users.findById(id, tx);
  }

  findByEmail(email: string, tx?: EntityManager): Promise<User | null> {
    return this.users.findByEmail(email, tx);
  }

  /** Creates an account; a taken e-mail (case-insensitive) is a 409. */
  async create(data: { email: string; name: string; role: UserRole; passwordHash: string | null }, tx?: EntityManager): Promise<User> {
    try {
      return await this.users.insert(data, tx);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException({ message: TAKEN, errors: { email: TAKEN } });
      throw e;
    }
  }

  /**
   * The account with this e-mail, or a new client account without a password (it is set through a first-login
   * link): created at payment for a buyer who had none. Safe against a parallel call for the same address.
   */
  async findOrCreateClient(data: { email: string; name: string }, tx?: EntityManager): Promise<{ user: User; created: boolean }> {
    const created = await this.users.insertIfAbsent({ email: data.email, name: data.name, role: 'client' }, tx);
    if (created) return { user: created, created: true };
    const existing = await this.users.findByEmail(data.email, tx);
    if (!existing) throw new Error(`Compte introuvable après conflit pour ${data.email}`);
    return { user: existing, created: false };
  }

  async rename(id: string, name: string, tx?: EntityManager): Promise<User | null> {
    await this.users.update(id, { name }, tx);
    return this.users.findById(id, tx);
  }

  /** Closes the account (see UsersRepository.close); its address and name as they were, or null. */
  close(id: string, tx?: EntityManager): Promise<{ email: string; name: string } | null> {
    return this.users.close(id, tx);
  }

  /** A new password; `proven` when it is set through a link mailed to the account's address. */
  setPassword(id: string, passwordHash: string, tx?: EntityManager, proven = false): Promise<void> {
    return this.users.update(id, proven ? { passwordHash, addressProvenAt: new Date() } : { passwordHash }, tx);
  }

  /** See UsersRepository.takeBackAddress. */
  takeBackAddress(id: string, tx?: EntityManager): Promise<string | null> {
    return this.users.takeBackAddress(id, tx);
  }

  /**
   * The account that pays with this Stripe customer: the one already linked to it, or else this account, which is
   * then linked (when it has no customer yet). Null when the customer is another's and this account has its own.
   */
  async linkStripeCustomerTo(customerId: string, userId: string, tx?: EntityManager): Promise<User | null> {
    const linked = await this.users.findByStripeCustomerId(customerId, tx);
    if (linked) return linked;
    await this.users.linkStripeCustomerIfFree(userId, customerId, tx);
    return this.users.findByStripeCustomerId(customerId, tx);
  }

  /**
   * The account that pays with this Stripe customer: the one already linked to it, or else the account with this
   * e-mail, which is then linked. Null when neither exists.
   */
  async linkStripeCustomer(customerId: string, email: string | null, tx?: EntityManager): Promise<User | null> {
    const linked = await this.users.findByStripeCustomerId(customerId, tx);
    if (linked || !email) return linked;
    const user = await this.users.findByEmail(email, tx);
    if (!user || !(await this.users.setStripeCustomerIfNone(user.id, customerId, tx))) return null;
    return { ...user, stripeCustomerId: customerId };
  }

  list(
    query: PageQueryDto & { search?: string; sortBy?: UserSortKey; sortOrder?: 'asc' | 'desc' },
  ): Promise<{ items: AccountRow[]; total: number }> {
    return this.users.list({
      ...pageWindow(query),
      search: query.search || undefined,
      sortBy: query.sortBy ?? 'created_at',
      sortOrder: query.sortOrder ?? 'desc',
    });
  }

  countByRole(): Promise<Record<UserRole, number>> {
    return this.users.countByRole();
  }

  /** The newest accounts. */
  recent(limit: number): Promise<User[]> {
    return this.users.recent(limit);
  }

  /** Every account, oldest first, a batch at a time (one query each), for exports. */
  exportBatches(batchSize = 1000): AsyncGenerator<User[]> {
    return keysetBatches((after, size) => this.users.exportBatch(after, size), batchSize);
  }
}
