import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { EntityManager } from 'typeorm';
import type { AuthenticatedUser, SessionUser } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type ClientViewRow, ClientViewsRepository } from './client-views.repository';
import { type AccessTokenPayload, JWT_AUDIENCE, JWT_ISSUER } from './session.service';
import { UsersService } from './users.service';

/** How long an admin's view of a client's space lasts, at most. */
export const CLIENT_VIEW_MINUTES = 30;

export interface StartedClientView {
  view: ClientViewRow;
  client: SessionUser;
  accessToken: string;
}

/**
 * 'Voir comme le client': an admin opens a client's space as the client sees it, read only, for 30 minutes at most.
 * The token acts as the client (`sub`), names the view (`view`) and the admin (`act`), and rides on the admin's own
 * session (`sid`): leaving, the view's expiry, the admin's logout or the client's closure each end it. It has no
 * refresh token. The global guard refuses its writes; the redaction interceptor hides payment means from its reads.
 */
@Injectable()
export class ClientViewService {
  constructor(
    private readonly views: ClientViewsRepository,
    private readonly users: UsersService,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Opens a view of a client's space for the admin of `by` (in the caller's transaction, to audit and mail it). */
  async start(by: AuthenticatedUser, clientId: string, tx?: EntityManager): Promise<StartedClientView> {
    const client = await this.users.findById(clientId, tx);
    if (!client) throw new NotFoundException('Client introuvable');
    if (client.closedAt) throw new ConflictException('Ce compte est fermé : il n’y a plus d’espace client à consulter.');
    if (client.role !== 'client') throw new ConflictException('Seul l’espace d’un client peut être consulté.');
    const view = await this.views.insert(
      { userId: client.id, adminId: by.user.id, adminSessionId: by.sessionId, minutes: CLIENT_VIEW_MINUTES },
      tx,
    );
    const payload: AccessTokenPayload = { sub: client.id, sid: by.sessionId, role: client.role, view: view.id, act: { sub: by.user.id } };
    const accessToken = await this.jwt.signAsync(payload, {
      secret: this.config.jwtSecret,
      algorithm: 'HS256',
      expiresIn: Math.max(1, Math.floor((view.expiresAt.getTime() - Date.now()) / 1000)),
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
    });
    return { view, client, accessToken };
  }

  /**
   * The admin leaves the view; the view as ended and whether this call ended it (null when it is not theirs). Leaving
   * twice changes nothing.
   */
  end(adminId: string, viewId: string, tx?: EntityManager): Promise<{ view: ClientViewRow; ended: boolean } | null> {
    return this.views.end(viewId, adminId, tx);
  }

  /** The request's identity under a view token, or null when the view, its admin or their session no longer allows it. */
  async resolve(payload: AccessTokenPayload): Promise<AuthenticatedUser | null> {
    if (typeof payload.view !== 'string' || typeof payload.act?.sub !== 'string') return null;
    const found = await this.views.resolve({
      viewId: payload.view,
      userId: payload.sub,
      adminId: payload.act.sub,
      adminSessionId: payload.sid,
    });
    if (!found) return null;
    return {
      user: found.user,
      sessionId: payload.sid,
      clientView: { viewId: payload.view, adminId: payload.act.sub, expiresAt: found.expiresAt },
    };
  }

  /** The views of the client's space, newest first (their profile's activity, their data archive). */
  ofUser(userId: string, limit = 50, tx?: EntityManager): Promise<ClientViewRow[]> {
    return this.views.ofUser(userId, limit, tx);
  }

  deleteAllOf(userId: string, tx?: EntityManager): Promise<void> {
    return this.views.deleteAllOfUser(userId, tx);
  }
}
