import { Injectable } from '@nestjs/common';
import { toUserResponse } from '../auth/user.mapper';
import { UsersService } from '../auth/users.service';
import { toPage } from '../common/pagination';
import type { AdminUserListResponseDto, ListAdminUsersQueryDto } from './admin.dto';

@Injectable()
export class AdminService {
  constructor(private readonly users: UsersService) {}

  async listUsers(query: ListAdminUsersQueryDto): Promise<AdminUserListResponseDto> {
    const { items, total } = await this.users.list(query);
    return toPage('users', items.map(toUserResponse), total);
  }
}
