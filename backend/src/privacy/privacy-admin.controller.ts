import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { AccountClosuresService } from './account-closures.service';
import {
  AccountClosureDto,
  AccountClosureListDto,
  AdminCloseAccountDto,
  ClosurePreviewDto,
  ListAccountClosuresQueryDto,
} from './dto/privacy.dto';

const clientId = uuidParam('Client introuvable');

/** The admin's side: closing an account on the client's request, and the erasure requests. */
@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class PrivacyAdminController {
  constructor(private readonly closures: AccountClosuresService) {}

  /** Ce que la fermeture du compte de ce client ferait. */
  @Get('users/:id/closure')
  getAdminClosurePreview(@UuidParam('id', clientId) id: string): Promise<ClosurePreviewDto> {
    return this.closures.previewForAdmin(id);
  }

  /** Ferme le compte de ce client à sa demande (même chemin que le client, avec le motif, au journal d'audit). */
  @Post('users/:id/closure')
  @HttpCode(200)
  closeClientAccount(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', clientId) id: string,
    @Body() dto: AdminCloseAccountDto,
  ): Promise<AccountClosureDto> {
    return this.closures.closeForClient(user, id, dto);
  }

  /** Les comptes fermés et leurs demandes d'effacement (en attente, faites, en échec), les plus récents d'abord. */
  @Get('account-closures')
  listAccountClosures(@Query() query: ListAccountClosuresQueryDto): Promise<AccountClosureListDto> {
    return this.closures.list(query);
  }
}
