import { ExecutionContext, ForbiddenException, HttpException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { UserRole } from './current-user';
import type { AuthenticatedUser } from './current-user';
import { IS_PUBLIC_KEY, ROLES_KEY } from './access.decorator';

/** The one global guard: every route needs a valid access token unless marked @Public(); @Roles() narrows further. */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) {
      // Public routes still learn who is calling when a valid token comes along (logout uses it); never refused.
      if (context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers.authorization) {
        await Promise.resolve(super.canActivate(context)).catch(() => undefined);
      }
      return true;
    }
    await super.canActivate(context);
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES_KEY, targets);
    if (!roles?.length) return true;
    const { user } = context.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user;
    if (!roles.includes(user.role)) throw new ForbiddenException('Accès refusé');
    return true;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    // A failure while checking the token (the database down: 503) is not the caller's fault: never a 401 that
    // would sign the browser out.
    if (err && !(err instanceof HttpException)) throw err;
    if (err || !user) throw new UnauthorizedException('Authentification requise');
    return user;
  }
}
