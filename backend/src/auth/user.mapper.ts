import type { SessionUser } from '../common/current-user';
import type { UserResponseDto } from './dto/auth.dto';

export function toUserResponse(user: SessionUser): UserResponseDto {
  return { id: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt.toISOString() };
}
