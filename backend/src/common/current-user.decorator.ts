import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { User } from '../auth/user.entity';

/** What the JWT strategy attaches to the request once the token and its session have been checked. */
export interface AuthenticatedUser {
  user: User;
  sessionId: string;
}

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user;
});
