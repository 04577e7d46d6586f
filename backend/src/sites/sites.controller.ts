import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { PageQueryDto } from '../common/page-query.dto';
import { uuidParam } from '../common/uuid-param';
import { SiteDto, SiteListResponseDto } from './dto/sites.dto';
import { SitesService } from './sites.service';

@ApiTags('sites')
@Controller('sites')
export class SitesController {
  constructor(private readonly sites: SitesService) {}

  /** Les sites du client connecté, les plus récents d'abord. */
  @Get()
  listSites(@CurrentUser() { user }: AuthenticatedUser, @Query() query: PageQueryDto): Promise<SiteListResponseDto> {
    return this.sites.listOwn(user.id, query);
  }

  /** Un site du client connecté (404 pour celui d'un autre). */
  @Get(':id')
  getSite(@CurrentUser() { user }: AuthenticatedUser, @Param('id', uuidParam('Site introuvable')) id: string): Promise<SiteDto> {
    return this.sites.getOwn(user.id, id);
  }
}
