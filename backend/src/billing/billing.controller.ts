import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../common/access.decorator';
import { WebhookInbox } from './webhook-inbox';

@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(private readonly webhooks: WebhookInbox) {}

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
