import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { PageQueryDto } from '../common/page-query.dto';
import { UuidParam, uuidParam } from '../common/uuid-param';
import {
  BusinessOptionsDto,
  BusinessOptionsResponseDto,
  CreateModificationRequestDto,
  ModificationRequestResponseDto,
} from './dto/site-requests.dto';
import { SiteDetailDto, SiteListResponseDto } from './dto/sites.dto';
import { SitesService } from './sites.service';

const siteId = uuidParam('Site introuvable');

@ApiTags('sites')
@Controller('sites')
export class SitesController {
  constructor(private readonly sites: SitesService) {}

  /** Les sites du client connecté, les plus récents d'abord. */
  @Get()
  listSites(@CurrentUser() { user }: AuthenticatedUser, @Query() query: PageQueryDto): Promise<SiteListResponseDto> {
    return this.sites.listOwn(user.id, query);
  }

  /** Un site du client connecté, avec sa formule, son âge et l'historique de son statut (404 pour celui d'un autre). */
  @Get(':id')
  getSite(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', siteId) id: string): Promise<SiteDetailDto> {
    return this.sites.getOwn(user.id, id);
  }

  /** Demande de modification d'un site du client, enregistrée et envoyée à l'équipe. */
  @Post(':id/modification-requests')
  createModificationRequest(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
    @Body() dto: CreateModificationRequestDto,
  ): Promise<ModificationRequestResponseDto> {
    return this.sites.requestModification(user, id, dto);
  }

  /** Le questionnaire « options business » du site : tel qu'enregistré, ou prérempli. */
  @Get(':id/business-options')
  getBusinessOptions(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', siteId) id: string): Promise<BusinessOptionsResponseDto> {
    return this.sites.businessOptions(user, id);
  }

  /** Enregistre le questionnaire « options business » (modifiable ensuite) et l'envoie à l'équipe. */
  @Put(':id/business-options')
  saveBusinessOptions(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
    @Body() dto: BusinessOptionsDto,
  ): Promise<BusinessOptionsResponseDto> {
    return this.sites.saveBusinessOptions(user, id, dto);
  }
}
