import { ExecutionContext, ForbiddenException, HttpException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { UserRole } from './current-user';
import { type AuthenticatedUser, CLIENT_VIEW_READ_ONLY } from './current-user';
import { IS_PUBLIC_KEY, ROLES_KEY } from './access.decorator';
import { redactAnswers } from './client-view-redaction';
import { API_KEY_SCOPE_KEY, API_KEY_VERIFIER, apiKeyOf, type ApiKeyScopeName, type ApiKeyVerifier } from './api-key';

/** What a client view may do: read. Anything else is a write, whatever the route does with it. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type GuardedRequest = { method: string; headers: Record<string, string | undefined>; user?: AuthenticatedUser };

/**
 * The one global guard: every route needs a valid access token unless marked @Public(); @Roles() narrows further.
 * A client-view token (an admin's read-only view of a client's space) may only read: every other method answers 403,
 * on every route, public ones included, so a route added later is covered without a word of its own; its answers
 * have the client's payment means masked.
 * An API key (`Bearer vk_live_…`) reaches only the routes marked @ApiKeyScope with a scope it holds: any other route,
 * public ones included, answers 403 to it, and an unknown, revoked or expired key 401.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    @Inject(API_KEY_VERIFIER) private readonly apiKeys: ApiKeyVerifier,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const key = apiKeyOf(request.headers.authorization);
    if (key !== undefined)
      return this.allowApiKey(key, request, this.reflector.get<ApiKeyScopeName | undefined>(API_KEY_SCOPE_KEY, context.getHandler()));
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) {
      // Public routes still learn who is calling when a valid token comes along (logout uses it); never refused.
      if (request.headers.authorization) {
        await Promise.resolve(super.canActivate(context)).catch(() => undefined);
      }
      this.applyClientView(request, context);
      return true;
    }
    await super.canActivate(context);
    this.applyClientView(request, context);
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES_KEY, targets);
    if (!roles?.length) return true;
    const { user } = request.user!;
    if (!roles.includes(user.role)) throw new ForbiddenException('Accès refusé');
    return true;
  }

  /** A request made with an API key: the key must be valid, within its rate, and hold the route's declared scope. */
  private async allowApiKey(key: string, request: GuardedRequest, scope: ApiKeyScopeName | undefined): Promise<boolean> {
    const caller = await this.apiKeys.verify(key);
    request.user = caller;
    await this.apiKeys.consume(caller.apiKey.id);
    if (!scope) throw new ForbiddenException("Cette route n'est pas accessible avec une clé d'API");
    if (!caller.apiKey.scopes.includes(scope))
      throw new ForbiddenException(`Cette clé d'API n'a pas la portée « ${scope} » que demande cette route`);
    this.apiKeys.used(caller.apiKey.id);
    return true;
  }

  /** A client view reads only, and its answers have the client's payment means masked (client-view-redaction.ts). */
  private applyClientView(request: GuardedRequest, context: ExecutionContext): void {
    if (!request.user?.clientView) return;
    if (!READS.has(request.method.toUpperCase())) throw new ForbiddenException(CLIENT_VIEW_READ_ONLY);
    redactAnswers(context.switchToHttp().getResponse());
  }

  override handleRequest<T>(err: unknown, user: T): T {
    // A failure while checking the token (the database down: 503) is not the caller's fault: never a 401 that
    // would sign the browser out.
    if (err && !(err instanceof HttpException)) throw err;
    if (err || !user) throw new UnauthorizedException('Authentification requise');
    return user;
  }
}
