import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { AdminSiteDetailDto, AdminSiteListResponseDto, ListAdminSitesQueryDto, UpdateAdminSiteDto } from './dto/sites-admin.dto';
import { SitesAdminService } from './sites-admin.service';

const siteId = uuidParam('Site introuvable');

@ApiTags('admin')
@Roles('admin')
@Controller('admin/sites')
export class SitesAdminController {
  constructor(private readonly sitesAdmin: SitesAdminService) {}

  /** Tous les sites avec leur client : recherche, filtres statut et formule, tri, pagination. */
  @ApiKeyScope('sites:read')
  @Get()
  listAdminSites(@Query() query: ListAdminSitesQueryDto): Promise<AdminSiteListResponseDto> {
    return this.sitesAdmin.list(query);
  }

  /** Un site, son client et sa commande (réponses et photos). */
  @ApiKeyScope('sites:read')
  @Get(':id')
  getAdminSite(@UuidParam('id', siteId) id: string): Promise<AdminSiteDetailDto> {
    return this.sitesAdmin.get(id);
  }

  /** Modifie le domaine, le statut ou l'avancement d'un site (inscrit au journal d'audit, au nom de la clé d'API s'il y en a une). */
  @ApiKeyScope('sites:write')
  @Patch(':id')
  updateAdminSite(
    @CurrentUser() caller: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
    @Body() dto: UpdateAdminSiteDto,
  ): Promise<AdminSiteDetailDto> {
    return this.sitesAdmin.update(caller, id, dto);
  }
}
