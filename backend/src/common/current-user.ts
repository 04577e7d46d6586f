import { createParamDecorator, ExecutionContext } from '@nestjs/common';

export const USER_ROLES = ['client', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in user as every module sees it (the auth module's entity satisfies it). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  createdAt: Date;
}

/** What the JWT strategy attaches to the request once the token and its session have been checked. */
export interface AuthenticatedUser {
  user: SessionUser;
  sessionId: string;
}

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user;
});
