import type { SessionUser } from '../common/current-user';
import type { UserResponseDto } from './dto/auth.dto';
import type { OwnerDto } from './dto/auth-admin.dto';

export function toUserResponse(user: SessionUser): UserResponseDto {
  return { id: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt.toISOString() };
}

/** An account's owner as the admin's pages show it: a closed one says since when (its name and e-mail are gone). */
export function toOwner(o: { id: string; name: string; email: string; closedAt: Date | null }): OwnerDto {
  return { id: o.id, name: o.name, email: o.email, closedAt: o.closedAt?.toISOString() ?? null };
}
