import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { SessionResponseDto } from './dto/auth.dto';
import type { SessionResult } from './auth.service';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';

/** The browser keeps the refresh token in an httpOnly, SameSite=Strict cookie scoped to the auth routes. */
@Injectable()
export class SessionCookie {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  send(res: Response, result: SessionResult): SessionResponseDto {
    res.cookie(REFRESH_COOKIE, result.body.refresh_token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.appUrl.startsWith('https:'),
      path: COOKIE_PATH,
      expires: result.refreshExpiresAt,
    });
    return result.body;
  }

  clear(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: this.config.appUrl.startsWith('https:'), path: COOKIE_PATH });
  }

  /** The token from the body (API clients) or else from the cookie (browser). */
  read(req: Request, fromBody?: string): string | undefined {
    return fromBody || (req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE] || undefined;
  }
}
