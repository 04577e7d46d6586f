import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import {
  PaymentConfirmationDto,
  PaymentIssueListResponseDto,
  RestartSubscriptionDto,
  SiteSubscriptionDto,
  SiteSubscriptionResponseDto,
  SubscriptionUpgradeResponseDto,
} from './dto/site-subscriptions.dto';
import { CheckoutSessionResponseDto } from '../billing/dto/billing.dto';
import { SiteSubscriptionsService } from './site-subscriptions.service';

/** A card refused by the client's bank: the client can change the card and try again at once. */
const DECLINED =
  'Carte refusée par la banque ; le message dit pourquoi (fonds insuffisants, carte expirée, authentification requise…). Une autre carte enregistrée, un nouvel essai passe aussitôt.';

const siteId = uuidParam('Site introuvable');

/** A client's subscription of each of their sites (the routes of billing's contract tag). */
@ApiTags('billing')
@Controller()
export class SiteSubscriptionsController {
  constructor(private readonly subscriptions: SiteSubscriptionsService) {}

  /** L'abonnement qui paie un site du client (null s'il n'y en a pas). */
  @Get('sites/:id/subscription')
  getSiteSubscription(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
  ): Promise<SiteSubscriptionResponseDto> {
    return this.subscriptions.get(user, id);
  }

  /** Passage de Pro à Business : prorata facturé tout de suite sur la carte enregistrée ; le site repasse en attente. */
  @Post('sites/:id/subscription/upgrade')
  @HttpCode(200)
  @ApiConflictResponse({ description: "Formule autre que Pro, ou abonnement qui n'est pas actif" })
  @ApiResponse({ status: 402, description: DECLINED })
  upgradeSiteSubscription(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
  ): Promise<SubscriptionUpgradeResponseDto> {
    return this.subscriptions.upgrade(user, id);
  }

  /** Annulation à la fin de la période en cours ; le site reste en ligne jusque-là. */
  @Post('sites/:id/subscription/cancel')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'Abonnement déjà terminé' })
  cancelSiteSubscription(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', siteId) id: string): Promise<SiteSubscriptionDto> {
    return this.subscriptions.cancel(user, id);
  }

  /** Réactivation immédiate : annulation programmée retirée, ou facture impayée réglée avec la carte enregistrée. */
  @Post('sites/:id/subscription/reactivate')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'Abonnement terminé (une nouvelle commande est nécessaire)' })
  @ApiResponse({ status: 402, description: DECLINED })
  reactivateSiteSubscription(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
  ): Promise<SiteSubscriptionDto> {
    return this.subscriptions.reactivate(user, id);
  }

  /** Relance d'un site dont l'abonnement est terminé : page de paiement Stripe ; le paiement relie le nouvel abonnement au même site. */
  @Post('sites/:id/subscription/restart')
  @HttpCode(200)
  @ApiConflictResponse({ description: "Abonnement toujours en cours, ou relance déjà en cours d'ouverture" })
  restartSiteSubscription(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
    @Body() dto: RestartSubscriptionDto,
  ): Promise<CheckoutSessionResponseDto> {
    return this.subscriptions.restart(user, id, dto.planType);
  }

  /** Changement de carte : page Stripe d'enregistrement de carte ; la nouvelle carte paie les prochains prélèvements. */
  @Post('sites/:id/subscription/payment-method')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'Abonnement terminé' })
  changeSiteCard(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', siteId) id: string): Promise<CheckoutSessionResponseDto> {
    return this.subscriptions.changeCard(user, id);
  }

  /**
   * Retour d'une page de paiement Stripe ouverte pour ce site (relance, changement de carte) : le paiement est-il
   * enregistré ? Redemandé par la page jusqu'à ce qu'il le soit.
   */
  @Get('sites/:id/subscription/checkout-sessions/:sessionId')
  @ApiParam({ name: 'sessionId', description: 'La session Stripe Checkout (cs_…), de `session_id` dans l’adresse de retour' })
  getSiteCheckoutConfirmation(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
    @Param('sessionId') sessionId: string,
  ): Promise<PaymentConfirmationDto> {
    return this.subscriptions.checkoutConfirmation(user, id, sessionId);
  }

  /** Retour de la page Stripe d'une facture de ce site : son paiement est-il enregistré ? */
  @Get('sites/:id/subscription/invoices/:invoiceId/payment')
  @ApiParam({ name: 'invoiceId', description: 'La facture Stripe (in_…), celle d’un paiement en échec du site' })
  getSiteInvoiceConfirmation(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', siteId) id: string,
    @Param('invoiceId') invoiceId: string,
  ): Promise<PaymentConfirmationDto> {
    return this.subscriptions.invoiceConfirmation(user, id, invoiceId);
  }

  /** Les paiements qui échouent sur les sites du client connecté (bandeaux du tableau de bord, des sites et d'un site). */
  @Get('billing/payment-issues')
  listPaymentIssues(@CurrentUser() { user }: AuthenticatedUser): Promise<PaymentIssueListResponseDto> {
    return this.subscriptions.paymentIssues(user);
  }
}
