import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { User, type UserRole } from './user.entity';

export interface UserListQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy: 'name' | 'email' | 'role' | 'created_at';
  sortOrder: 'asc' | 'desc';
}

const SORT_COLUMNS: Record<UserListQuery['sortBy'], string> = {
  name: 'u.name',
  email: 'u.email',
  role: 'u.role',
  created_at: 'u.created_at',
};

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string, manager?: EntityManager): Promise<User | null> {
    const repo = manager ? manager.getRepository(User) : this.users;
    return repo.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** Creates an account; a taken e-mail (case-insensitive) is a 409. */
  async create(data: { email: string; name: string; role: UserRole; passwordHash: string | null }, manager?: EntityManager): Promise<User> {
    const repo = manager ? manager.getRepository(User) : this.users;
    try {
      return await repo.save(repo.create({ ...data, email: data.email.toLowerCase() }));
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException({ message: 'Un compte existe déjà avec cet email', errors: { email: 'Un compte existe déjà avec cet email' } });
      throw e;
    }
  }

  async updateName(user: User, name: string): Promise<User> {
    user.name = name;
    return this.users.save(user);
  }

  async setPassword(userId: string, passwordHash: string, manager?: EntityManager): Promise<void> {
    const repo = manager ? manager.getRepository(User) : this.users;
    await repo.update({ id: userId }, { passwordHash });
  }

  async list(query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const qb = this.users.createQueryBuilder('u');
    if (query.search) {
      const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where('(u.name ILIKE :pattern OR u.email ILIKE :pattern)', { pattern });
    }
    qb.orderBy(SORT_COLUMNS[query.sortBy], query.sortOrder === 'asc' ? 'ASC' : 'DESC')
      .addOrderBy('u.id', 'ASC')
      .skip((query.page - 1) * query.limit)
      .take(query.limit);
    const [users, total] = await qb.getManyAndCount();
    return { users, total };
  }
}
