import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import {
  CreateWebhookEndpointDto,
  ListWebhookDeliveriesQueryDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookDeliveryListResponseDto,
  WebhookEndpointDto,
  WebhookEndpointListResponseDto,
  WebhookEndpointWithSecretDto,
} from './dto/outbound-webhooks.dto';
import { OutboundWebhooksService } from './outbound-webhooks.service';

const endpointId = uuidParam('Point de terminaison introuvable');

/**
 * Outbound webhooks for integrators: admins only, with a session (an API key never manages them, as it never manages
 * keys: no @ApiKeyScope here).
 */
@ApiTags('admin')
@Roles('admin')
@Controller('admin/webhooks')
export class OutboundWebhooksAdminController {
  constructor(private readonly webhooks: OutboundWebhooksService) {}

  /** Les points de terminaison des webhooks sortants (jamais leur secret), avec leur dernière livraison. */
  @Get()
  listWebhookEndpoints(): Promise<WebhookEndpointListResponseDto> {
    return this.webhooks.listEndpoints();
  }

  /** Enregistre un point de terminaison ; la réponse contient son secret de signature, montré cette seule fois. */
  @Post()
  createWebhookEndpoint(
    @CurrentUser() { user }: AuthenticatedUser,
    @Body() dto: CreateWebhookEndpointDto,
  ): Promise<WebhookEndpointWithSecretDto> {
    return this.webhooks.create(user, dto);
  }

  /** Le journal des livraisons, les plus récentes d'abord (filtres : point de terminaison, statut). */
  @Get('deliveries')
  listWebhookDeliveries(@Query() query: ListWebhookDeliveriesQueryDto): Promise<WebhookDeliveryListResponseDto> {
    return this.webhooks.listDeliveries(query);
  }

  /** Renvoie une livraison maintenant (inscrit au journal d'audit). */
  @Post('deliveries/:id/resend')
  @HttpCode(200)
  @ApiConflictResponse({ description: "Livraison en cours d'envoi" })
  resendWebhookDelivery(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', uuidParam('Livraison introuvable')) id: string,
  ): Promise<WebhookDeliveryDto> {
    return this.webhooks.resend(user, id);
  }

  /** Change l'URL, les événements ou l'état (activé / désactivé) d'un point de terminaison. */
  @Patch(':id')
  updateWebhookEndpoint(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', endpointId) id: string,
    @Body() dto: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointDto> {
    return this.webhooks.update(user, id, dto);
  }

  /** Supprime un point de terminaison et ses livraisons. */
  @Delete(':id')
  @HttpCode(204)
  deleteWebhookEndpoint(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', endpointId) id: string): Promise<void> {
    return this.webhooks.remove(user, id);
  }

  /** Remplace le secret de signature ; le nouveau est montré cette seule fois. */
  @Post(':id/rotate-secret')
  @HttpCode(200)
  rotateWebhookSecret(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', endpointId) id: string,
  ): Promise<WebhookEndpointWithSecretDto> {
    return this.webhooks.rotateSecret(user, id);
  }

  /** Envoie un événement de test (`ping`) à ce point de terminaison. */
  @Post(':id/test')
  sendWebhookTest(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', endpointId) id: string): Promise<WebhookDeliveryDto> {
    return this.webhooks.sendTest(user, id);
  }
}
