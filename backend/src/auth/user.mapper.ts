import type { UserResponseDto } from './dto/auth.dto';
import type { User } from './user.entity';

export function toUserResponse(user: User): UserResponseDto {
  return { id: user.id, email: user.email, name: user.name, role: user.role, created_at: user.createdAt.toISOString() };
}
