import { createParamDecorator, type ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedUser, SessionUser } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** The anonymous browser's hold on its draft: `<draftId>.<secret>`, httpOnly, SameSite=Strict. */
export const ORDER_DRAFT_COOKIE = 'order_draft';
/** Sent to /api/order-drafts… and to /api/checkout-sessions, the two places that check it. */
const COOKIE_PATH = '/api';

/** Who asks for a draft: the signed-in user if any, and the draft cookie if the browser has one. */
export interface DraftCaller {
  user?: SessionUser;
  cookie?: string;
}

/**
 * The caller of a public order route. A request that carries a bearer token the guard did not accept (expired) is
 * refused with 401 rather than served as anonymous, so the browser refreshes its session and asks again instead of
 * being told its own draft does not exist.
 */
export const Caller = createParamDecorator((_data: unknown, ctx: ExecutionContext): DraftCaller => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
  if (req.headers.authorization && !req.user) throw new UnauthorizedException('Session expirée, veuillez vous reconnecter');
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[ORDER_DRAFT_COOKIE];
  return { user: req.user?.user, cookie: typeof cookie === 'string' ? cookie : undefined };
});

/** States in the OpenAPI document the 401 that `@Caller()` answers on these public routes (class or method). */
export const ApiCallerSession = () =>
  ApiUnauthorizedResponse({ description: 'Jeton présent mais expiré ou invalide : rafraîchir la session puis réessayer' });

@Injectable()
export class DraftCookie {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Sets the cookie when the draft was created for an anonymous browser; answers the draft. */
  issue<T>(res: Response, result: { draft: T; cookie?: string }): T {
    if (result.cookie) {
      res.cookie(ORDER_DRAFT_COOKIE, result.cookie, {
        httpOnly: true,
        sameSite: 'strict',
        secure: this.config.appUrl.startsWith('https:'),
        path: COOKIE_PATH,
        maxAge: this.config.orders.draftTtlDays * 86400_000,
      });
    }
    return result.draft;
  }
}
