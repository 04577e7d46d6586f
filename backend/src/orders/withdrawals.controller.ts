import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { SendWithdrawalDto, SiteWithdrawalDto } from './dto/withdrawal.dto';
import { WithdrawalsService } from './withdrawals.service';

const siteId = uuidParam('Site introuvable');

/** A consumer's withdrawal right on a site of the client (the routes of billing's contract tag). */
@ApiTags('billing')
@Controller()
export class WithdrawalsController {
  constructor(private readonly withdrawals: WithdrawalsService) {}

  /** Le droit de rétractation d'un site du client : offert ou non, jusqu'à quand, et la rétractation déjà envoyée. */
  @Get('sites/:id/withdrawal')
  getSiteWithdrawal(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', siteId) id: string): Promise<SiteWithdrawalDto> {
    return this.withdrawals.get(user, id);
  }

  /**
   * Envoie le formulaire de rétractation (commande de particulier de moins de 14 jours) : l'abonnement est résilié
   * aussitôt, le paiement remboursé (moins le montant dû pour le service fourni, sauf garantie), un avoir émis, et un
   * accusé de réception envoyé par e-mail.
   */
  @Post('sites/:id/withdrawal')
  @HttpCode(200)
  @ApiForbiddenResponse({ description: 'Commande passée par une entreprise : pas de droit de rétractation' })
  @ApiConflictResponse({ description: 'Délai de 14 jours expiré, rétractation déjà reçue, ou abonnement déjà terminé' })
  sendSiteWithdrawal(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
    @Body() dto: SendWithdrawalDto,
  ): Promise<SiteWithdrawalDto> {
    return this.withdrawals.send(user, id, dto);
  }
}
