import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { allowedOrigins, APP_CONFIG, type AppConfig } from '../config/app-config';
import type { SessionResponseDto } from './dto/auth.dto';
import type { SessionResult } from './auth.service';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';

/**
 * Companion of the refresh cookie that the page can read: '1' while a refresh cookie exists (same expiry), no
 * secret in it. The frontend restores a session on load only when it is present, so an anonymous visit makes no
 * refresh call that would fail with a 401.
 */
export const SESSION_HINT_COOKIE = 'vitrine_session';
const SESSION_HINT_PATH = '/';
export const FOREIGN_ORIGIN = 'Origine de la requête non autorisée';

/**
 * The browser keeps the refresh token in an httpOnly, SameSite=Strict cookie scoped to the auth routes, plus the
 * readable companion above; both are set and cleared together.
 */
@Injectable()
export class SessionCookie {
  private readonly origins: Set<string>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.origins = allowedOrigins(config);
  }

  /**
   * The routes that act on the cookie (refresh, logout) answer only pages of our own origins: the Origin header, or
   * the Referer's origin when a browser sent no Origin, must be in APP_URL + CORS_ORIGINS, else 403. A request with
   * neither comes from a non-browser client (browsers send Origin on every POST), which has no ambient cookie to
   * abuse: it passes, and must bring its own token.
   */
  assertTrustedOrigin(req: Request): void {
    const origin = req.headers.origin ?? originOf(req.headers.referer);
    if (origin !== undefined && !this.origins.has(origin)) throw new ForbiddenException(FOREIGN_ORIGIN);
  }

  send(res: Response, result: SessionResult): SessionResponseDto {
    res.cookie(REFRESH_COOKIE, result.body.refresh_token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: COOKIE_PATH,
      expires: result.refreshExpiresAt,
    });
    res.cookie(SESSION_HINT_COOKIE, '1', {
      httpOnly: false,
      sameSite: 'strict',
      secure: this.secure,
      path: SESSION_HINT_PATH,
      expires: result.refreshExpiresAt,
    });
    return result.body;
  }

  clear(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: this.secure, path: COOKIE_PATH });
    res.clearCookie(SESSION_HINT_COOKIE, { httpOnly: false, sameSite: 'strict', secure: this.secure, path: SESSION_HINT_PATH });
  }

  private get secure(): boolean {
    return this.config.appUrl.startsWith('https:');
  }

  /** The token from the body (API clients) or else from the cookie (browser). */
  read(req: Request, fromBody?: string): string | undefined {
    return fromBody || (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE] || undefined;
  }
}

/** A Referer's origin; 'null' (never allowed) when it is not a URL. */
function originOf(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
