import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthService } from '../auth/auth.service';
import { MessageResponseDto } from '../auth/dto/auth.dto';
import { Roles } from '../common/access.decorator';
import { uuidParam } from '../common/uuid-param';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/users')
export class AdminUserInvitationsController {
  constructor(private readonly auth: AuthService) {}

  /** Envoie au client un lien de première connexion pour choisir son mot de passe. */
  @Post(':id/first-login-invitation')
  @HttpCode(202)
  async inviteAdminUser(@Param('id', uuidParam('Utilisateur introuvable')) id: string): Promise<MessageResponseDto> {
    await this.auth.inviteToFirstLogin(id);
    return { message: 'Invitation envoyée.' };
  }
}
