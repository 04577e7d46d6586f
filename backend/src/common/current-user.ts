import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { ApiKeyCaller } from './api-key';

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

/**
 * An admin's read-only view of a client's space ('Voir comme le client'): the request acts as the client (`user`),
 * every write is refused by the global guard, and what could pay or sign in is hidden from the answers.
 */
export interface ClientViewer {
  /** The client_views row */
  viewId: string;
  adminId: string;
  expiresAt: Date;
}

/** What the JWT strategy attaches to the request once the token and its session have been checked. */
export interface AuthenticatedUser {
  user: SessionUser;
  /** The session of the token; under a client view, the admin's own session */
  sessionId: string;
  /** Set under a client view, from the token (and its row, checked) */
  clientView?: ClientViewer;
  /** Set for a request made with an API key: `user` is then the key's creator, `sessionId` the key's id */
  apiKey?: ApiKeyCaller;
}

/** What a request under a client view answers to any write, whatever the route. */
export const CLIENT_VIEW_READ_ONLY =
  "Lecture seule : vous consultez l'espace d'un client, aucune modification n'est possible. Quittez la consultation pour agir.";

/**
 * A closed account keeps its row (its sites, invoices and payments point to it) without its address: this one, in the
 * reserved `.invalid` domain (RFC 2606), which no mail ever goes to and no one can sign up with.
 */
export const CLOSED_ACCOUNT_DOMAIN = 'comptes-fermes.invalid';
export const closedAccountEmail = (userId: string): string => `compte-${userId}@${CLOSED_ACCOUNT_DOMAIN}`;
export const isClosedAccountEmail = (email: string): boolean => email.endsWith(`@${CLOSED_ACCOUNT_DOMAIN}`);

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user;
});
