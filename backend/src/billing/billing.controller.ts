import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../common/access.decorator';
import { CheckoutService } from './checkout.service';
import { CheckoutSessionResponseDto, CheckoutSessionStatusDto, CreateCheckoutSessionDto } from './dto/billing.dto';
import { WebhookService } from './webhook.service';

@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly webhooks: WebhookService,
  ) {}

  /** Ouvre une session de paiement Stripe (abonnement + options) ; les montants viennent du catalogue. */
  @Public()
  @Post('checkout-sessions')
  createCheckoutSession(@Body() dto: CreateCheckoutSessionDto): Promise<CheckoutSessionResponseDto> {
    return this.checkout.create(dto);
  }

  /** État d'une session de paiement, pour la page de confirmation. */
  @Public()
  @Get('checkout-sessions/:id')
  getCheckoutSession(@Param('id') id: string): Promise<CheckoutSessionStatusDto> {
    return this.checkout.status(id);
  }

  /** Webhooks Stripe : corps brut, signature vérifiée, chaque événement traité une seule fois. */
  @Public()
  @Post('billing/webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  receiveStripeWebhook(@Req() req: Request & { rawBody?: Buffer }, @Headers('stripe-signature') signature?: string): Promise<{ received: true; duplicate: boolean }> {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
