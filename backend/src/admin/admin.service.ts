import { Injectable } from '@nestjs/common';
import { toUserResponse } from '../auth/user.mapper';
import { UsersService } from '../auth/users.service';
import type { AdminUserListResponseDto, ListAdminUsersQueryDto } from './admin.dto';

@Injectable()
export class AdminService {
  constructor(private readonly users: UsersService) {}

  async listUsers(query: ListAdminUsersQueryDto): Promise<AdminUserListResponseDto> {
    const { users, total } = await this.users.list({
      page: query.page ?? 1,
      limit: query.limit ?? 10,
      search: query.search || undefined,
      sortBy: query.sortBy ?? 'created_at',
      sortOrder: query.sortOrder ?? 'desc',
    });
    return { users: users.map(toUserResponse), total };
  }
}
