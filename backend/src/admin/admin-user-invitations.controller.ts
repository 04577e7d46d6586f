import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MessageResponseDto } from '../auth/dto/auth.dto';
import { Roles } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { AdminService } from './admin.service';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/users')
export class AdminUserInvitationsController {
  constructor(private readonly admin: AdminService) {}

  /** Envoie au client un lien de première connexion pour choisir son mot de passe. */
  @Post(':id/first-login-invitation')
  @HttpCode(202)
  async inviteAdminUser(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', uuidParam('Utilisateur introuvable')) id: string,
  ): Promise<MessageResponseDto> {
    await this.admin.inviteUser(user, id);
    return { message: 'Invitation envoyée.' };
  }
}
