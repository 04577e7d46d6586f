import { ExecutionContext, ForbiddenException, HttpException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { UserRole } from './current-user';
import { type AuthenticatedUser, CLIENT_VIEW_READ_ONLY } from './current-user';
import { IS_PUBLIC_KEY, ROLES_KEY } from './access.decorator';
import { ACCESS_TOKEN_VERIFIER, type AccessTokenVerifier } from './access-token';
import { redactAnswers } from './client-view-redaction';
import { API_KEY_SCOPE_KEY, API_KEY_VERIFIER, apiKeyOf, type ApiKeyScopeName, type ApiKeyVerifier } from './api-key';

/** What a client view may do: read. Anything else is a write, whatever the route does with it. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type GuardedRequest = { method: string; headers: Record<string, string | undefined>; user?: AuthenticatedUser };

/** A route's access metadata, read once per handler (the reflector's lookups are otherwise made on every request). */
interface RouteAccess {
  isPublic: boolean;
  roles: UserRole[] | undefined;
  apiKeyScope: ApiKeyScopeName | undefined;
}

/**
 * The one global guard: every route needs a valid access token unless marked @Public(); @Roles() narrows further.
 * A client-view token (an admin's read-only view of a client's space) may only read: every other method answers 403,
 * on every route, public ones included, so a route added later is covered without a word of its own; its answers
 * have the client's payment means masked.
 * An API key (`Bearer vk_live_…`) reaches only the routes marked @ApiKeyScope with a scope it holds: any other route,
 * public ones included, answers 403 to it, and an unknown, revoked or expired key 401.
 *
 * The token is checked by the auth module's JwtStrategy called directly (ACCESS_TOKEN_VERIFIER), not through
 * passport's authenticate middleware (docs/decisions/0025-access-guard-without-passport-middleware.md).
 */
@Injectable()
export class AccessGuard {
  /** Handler → its access metadata; handlers are the controllers' methods, a fixed set. */
  private readonly routes = new WeakMap<object, RouteAccess>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(API_KEY_VERIFIER) private readonly apiKeys: ApiKeyVerifier,
    @Inject(ACCESS_TOKEN_VERIFIER) private readonly tokens: AccessTokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.accessOf(context);
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const key = apiKeyOf(request.headers.authorization);
    if (key !== undefined) return this.allowApiKey(key, request, route.apiKeyScope);
    if (route.isPublic) {
      // Public routes still learn who is calling when a valid token comes along (logout uses it); never refused.
      if (request.headers.authorization) {
        const user = await this.tokens.callerOf(request).catch(() => null);
        if (user) request.user = user;
      }
      this.applyClientView(request, context);
      return true;
    }
    request.user = await this.authenticated(request);
    this.applyClientView(request, context);
    if (!route.roles?.length) return true;
    const { user } = request.user;
    if (!route.roles.includes(user.role)) throw new ForbiddenException('Accès refusé');
    return true;
  }

  private accessOf(context: ExecutionContext): RouteAccess {
    const handler = context.getHandler();
    let access = this.routes.get(handler);
    if (!access) {
      const targets = [handler, context.getClass()];
      access = {
        isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) === true,
        roles: this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES_KEY, targets),
        apiKeyScope: this.reflector.get<ApiKeyScopeName | undefined>(API_KEY_SCOPE_KEY, handler),
      };
      this.routes.set(handler, access);
    }
    return access;
  }

  /**
   * The caller of a route that needs one: a failure while checking the token (the database down: 503) is not the
   * caller's fault, never a 401 that would sign the browser out; no token, a bad one or a closed session: 401.
   */
  private async authenticated(request: GuardedRequest): Promise<AuthenticatedUser> {
    let user: AuthenticatedUser | null;
    try {
      user = await this.tokens.callerOf(request);
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      user = null;
    }
    if (!user) throw new UnauthorizedException('Authentification requise');
    return user;
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
}
