import { ExecutionContext, ForbiddenException, HttpException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { UserRole } from './current-user';
import { type AuthenticatedUser, CLIENT_VIEW_READ_ONLY } from './current-user';
import { IS_PUBLIC_KEY, ROLES_KEY } from './access.decorator';

/** What a client view may do: read. Anything else is a write, whatever the route does with it. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type GuardedRequest = { method: string; headers: Record<string, string | undefined>; user?: AuthenticatedUser };

/**
 * The one global guard: every route needs a valid access token unless marked @Public(); @Roles() narrows further.
 * A client-view token (an admin's read-only view of a client's space) may only read: every other method answers 403,
 * on every route, public ones included, so a route added later is covered without a word of its own.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) {
      // Public routes still learn who is calling when a valid token comes along (logout uses it); never refused.
      if (request.headers.authorization) {
        await Promise.resolve(super.canActivate(context)).catch(() => undefined);
      }
      this.assertNotViewWrite(request);
      return true;
    }
    await super.canActivate(context);
    this.assertNotViewWrite(request);
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES_KEY, targets);
    if (!roles?.length) return true;
    const { user } = request.user!;
    if (!roles.includes(user.role)) throw new ForbiddenException('Accès refusé');
    return true;
  }

  private assertNotViewWrite(request: GuardedRequest): void {
    if (request.user?.clientView && !READS.has(request.method.toUpperCase())) throw new ForbiddenException(CLIENT_VIEW_READ_ONLY);
  }

  override handleRequest<T>(err: unknown, user: T): T {
    // A failure while checking the token (the database down: 503) is not the caller's fault: never a 401 that
    // would sign the browser out.
    if (err && !(err instanceof HttpException)) throw err;
    if (err || !user) throw new UnauthorizedException('Authentification requise');
    return user;
  }
}
