import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { AdminSiteDetailDto, AdminSiteListResponseDto, ListAdminSitesQueryDto, UpdateAdminSiteDto } from './dto/admin-sites.dto';
import { AdminSitesService } from './admin-sites.service';

const siteId = uuidParam('Site introuvable');

@ApiTags('admin')
@Roles('admin')
@Controller('admin/sites')
export class AdminSitesController {
  constructor(private readonly adminSites: AdminSitesService) {}

  /** Tous les sites avec leur client : recherche, filtres statut et formule, tri, pagination. */
  @ApiKeyScope('sites:read')
  @Get()
  listAdminSites(@Query() query: ListAdminSitesQueryDto): Promise<AdminSiteListResponseDto> {
    return this.adminSites.list(query);
  }

  /** Un site, son client et sa commande (réponses et photos). */
  @ApiKeyScope('sites:read')
  @Get(':id')
  getAdminSite(@UuidParam('id', siteId) id: string): Promise<AdminSiteDetailDto> {
    return this.adminSites.get(id);
  }

  /** Modifie le domaine, le statut ou l'avancement d'un site (inscrit au journal d'audit, au nom de la clé d'API s'il y en a une). */
  @ApiKeyScope('sites:write')
  @ApiConflictResponse({ description: "Remise en ligne d'un site dont l'abonnement est terminé, sans confirmEndedSubscription" })
  @Patch(':id')
  updateAdminSite(
    @CurrentUser() caller: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
    @Body() dto: UpdateAdminSiteDto,
  ): Promise<AdminSiteDetailDto> {
    return this.adminSites.update(caller, id, dto);
  }
}
