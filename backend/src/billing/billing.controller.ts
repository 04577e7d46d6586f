import { RateLimited } from '../common/rate-limit/rate-limit-headers';
import { Body, Controller, Get, Headers, HttpCode, Ip, Param, Post, Req } from '@nestjs/common';
import { ApiConflictResponse, ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../common/access.decorator';
import { ApiCallerSession, Caller, type DraftCaller } from '../orders/draft-caller';
import { CheckoutService } from './checkout.service';
import { CheckoutSessionResponseDto, CheckoutSessionStatusDto, CreateCheckoutSessionDto } from './dto/billing.dto';
import { WebhookInbox } from './webhook-inbox';

@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly webhooks: WebhookInbox,
  ) {}

  /**
   * Ouvre le paiement Stripe d'une commande de l'appelant ; formule, options et montants viennent de la commande et du
   * catalogue. Un visiteur dont l'e-mail a déjà un compte doit d'abord se connecter (409).
   */
  @Public()
  @Post('checkout-sessions')
  @ApiConflictResponse({ description: 'Commande déjà payée, ou e-mail d’un compte existant (visiteur non connecté)' })
  @ApiCallerSession()
  @RateLimited('Trop de paiements commencés depuis cette adresse IP ou pour cet e-mail (retryAfter : secondes restantes)')
  createCheckoutSession(
    @Body() dto: CreateCheckoutSessionDto,
    @Caller() caller: DraftCaller,
    @Ip() ip: string,
  ): Promise<CheckoutSessionResponseDto> {
    return this.checkout.create(dto, caller, ip);
  }

  /** État d'un paiement pour la page de confirmation : payé, commande enregistrée, site créé, compte créé. */
  @Public()
  @Get('checkout-sessions/:id')
  getCheckoutSession(@Param('id') id: string): Promise<CheckoutSessionStatusDto> {
    return this.checkout.status(id);
  }

  /** Webhooks Stripe : corps brut, signature vérifiée ; l'événement est enregistré une seule fois, puis traité en arrière-plan. */
  @Public()
  @Post('billing/webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  receiveStripeWebhook(
    @Req() req: Request & { rawBody?: Buffer },
    @Headers('stripe-signature') signature?: string,
  ): Promise<{ received: true; duplicate: boolean }> {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
