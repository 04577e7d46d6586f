import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { AuthAdminService } from './auth-admin.service';
import { ClientViewEndedDto, ClientViewStartedDto } from './dto/auth-admin.dto';
import { MessageResponseDto } from './dto/auth.dto';

const clientId = uuidParam('Client introuvable');

/**
 * The admin's actions on an account: the first-login invitation, and 'Voir comme le client' (an admin reads a client's
 * space as the client sees it, read only, 30 minutes at most).
 */
@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class AuthAdminController {
  constructor(private readonly authAdmin: AuthAdminService) {}

  /** Envoie au client un lien de première connexion pour choisir son mot de passe. */
  @Post('users/:id/first-login-invitation')
  @HttpCode(202)
  inviteAdminUser(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', uuidParam('Utilisateur introuvable')) id: string,
  ): Promise<MessageResponseDto> {
    return this.authAdmin.invite(user, id);
  }

  /**
   * Ouvre l'espace de ce client en lecture seule (30 minutes au plus) : le jeton répondu lit ses pages comme lui, toute
   * écriture y est refusée. Inscrit au journal d'audit ; le client en est informé par e-mail.
   */
  @Post('users/:id/client-view')
  startClientView(@CurrentUser() auth: AuthenticatedUser, @UuidParam('id', clientId) id: string): Promise<ClientViewStartedDto> {
    return this.authAdmin.startClientView(auth, id);
  }

  /** Quitte la consultation (avec le jeton de l'administrateur) : sa fin et sa durée vont au journal d'audit. */
  @Post('client-views/:id/end')
  @HttpCode(200)
  endClientView(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', uuidParam('Consultation introuvable')) id: string,
  ): Promise<ClientViewEndedDto> {
    return this.authAdmin.endClientView(user, id);
  }
}
