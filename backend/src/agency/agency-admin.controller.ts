import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { AgencySettingsDto, UpdateAgencySettingsDto } from './agency-settings.dto';
import { AgencySettingsService } from './agency-settings.service';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/agency-settings')
export class AgencyAdminController {
  constructor(private readonly settings: AgencySettingsService) {}

  /** Les paramètres de l'agence en vigueur (identité, mentions légales, contact, e-mail de l'équipe). */
  @Get()
  getAgencySettings(): Promise<AgencySettingsDto> {
    return this.settings.forAdmin();
  }

  /** Enregistre les paramètres de l'agence (les champs modifiés sont inscrits au journal d'audit). */
  @Put()
  updateAgencySettings(@CurrentUser() { user }: AuthenticatedUser, @Body() dto: UpdateAgencySettingsDto): Promise<AgencySettingsDto> {
    return this.settings.update(user, dto);
  }
}
