import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../common/current-user';
import { invalidField } from '../common/errors';
import { pageWindow, toPage } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import type {
  CreateWebhookEndpointDto,
  ListWebhookDeliveriesQueryDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookDeliveryListResponseDto,
  WebhookEndpointDto,
  WebhookEndpointListResponseDto,
  WebhookEndpointWithSecretDto,
} from './dto/outbound-webhooks.dto';
import { checkUrl } from './url-guard';
import { WEBHOOK_AUDIT } from './webhook-audit';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookSecrets } from './webhook-secrets';
import { newSigningSecret } from './webhook-signature';
import type { WebhookEventType } from './webhook.entities';
import { type DeliveryRow, type EndpointRow, WebhooksRepository } from './webhooks.repository';

const ENDPOINT_NOT_FOUND = 'Point de terminaison introuvable';
const DELIVERY_NOT_FOUND = 'Livraison introuvable';

export function toEndpointDto(row: EndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason as WebhookEndpointDto['disabledReason'],
    disabledAt: row.disabledAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: row.lastDelivery
      ? { status: row.lastDelivery.status, at: row.lastDelivery.at.toISOString(), statusCode: row.lastDelivery.statusCode }
      : null,
  };
}

export function toDeliveryDto(row: DeliveryRow): WebhookDeliveryDto {
  const waiting = row.status === 'pending' || row.status === 'failed';
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    objectId: row.objectId,
    endpointId: row.endpointId,
    endpointUrl: row.endpointUrl,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.lastStatusCode,
    durationMs: row.lastDurationMs,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    succeededAt: row.succeededAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The admin's side of outbound webhooks: endpoints (created with a secret shown once, changed, switched off or on,
 * deleted, their secret renewed), the delivery log, a resend, a test event. Every write is audited in its transaction.
 */
@Injectable()
export class OutboundWebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly worker: WebhookDeliveryWorker,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async listEndpoints(): Promise<WebhookEndpointListResponseDto> {
    const rows = await this.webhooks.listEndpoints();
    return toPage('endpoints', rows.map(toEndpointDto), rows.length);
  }

  async create(actor: SessionUser, dto: CreateWebhookEndpointDto): Promise<WebhookEndpointWithSecretDto> {
    if (!dto.events.length) throw invalidField('events', 'Choisissez au moins un événement');
    await this.requireAllowedUrl(dto.url);
    const secret = newSigningSecret();
    const row = await this.transactions.run(async (tx) => {
      const id = await this.webhooks.insertEndpoint(
        { url: dto.url, events: dto.events, secretSealed: this.secrets.seal(secret), createdBy: actor.id },
        tx,
      );
      await this.audit.record(
        actor,
        { action: WEBHOOK_AUDIT.create, entityType: WEBHOOK_AUDIT.entityType, entityId: id, after: { url: dto.url, events: dto.events } },
        tx,
      );
      return (await this.webhooks.findEndpoint(id, tx))!;
    });
    return { endpoint: toEndpointDto(row), secret };
  }

  /** Changes the URL, the events or the state; switched off, its deliveries still to send are abandoned. */
  async update(actor: SessionUser, id: string, dto: UpdateWebhookEndpointDto): Promise<WebhookEndpointDto> {
    if (dto.events && !dto.events.length) throw invalidField('events', 'Choisissez au moins un événement');
    if (dto.url !== undefined) await this.requireAllowedUrl(dto.url);
    const row = await this.transactions.run(async (tx) => {
      if (!(await this.webhooks.lockEndpoint(id, tx))) throw new NotFoundException(ENDPOINT_NOT_FOUND);
      const current = (await this.webhooks.findEndpoint(id, tx))!;
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const changes: { url?: string; events?: string[]; enabled?: boolean } = {};
      if (dto.url !== undefined && dto.url !== current.url) {
        before.url = current.url;
        after.url = changes.url = dto.url;
      }
      if (dto.events && [...dto.events].sort().join() !== [...current.events].sort().join()) {
        before.events = current.events;
        after.events = changes.events = dto.events;
      }
      if (dto.enabled !== undefined && dto.enabled !== current.enabled) {
        before.enabled = current.enabled;
        after.enabled = changes.enabled = dto.enabled;
      }
      if (!Object.keys(changes).length) return current;
      await this.webhooks.updateEndpoint(id, changes, tx);
      if (changes.enabled === false) await this.webhooks.abandonOpenOf(id, 'Point de terminaison désactivé par un administrateur', tx);
      await this.audit.record(
        actor,
        { action: WEBHOOK_AUDIT.update, entityType: WEBHOOK_AUDIT.entityType, entityId: id, before, after },
        tx,
      );
      return (await this.webhooks.findEndpoint(id, tx))!;
    });
    return toEndpointDto(row);
  }

  /** Deletes the endpoint and its deliveries (the events stay for the other endpoints). */
  async remove(actor: SessionUser, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      if (!(await this.webhooks.lockEndpoint(id, tx))) throw new NotFoundException(ENDPOINT_NOT_FOUND);
      const current = (await this.webhooks.findEndpoint(id, tx))!;
      await this.webhooks.deleteEndpoint(id, tx);
      await this.audit.record(
        actor,
        {
          action: WEBHOOK_AUDIT.delete,
          entityType: WEBHOOK_AUDIT.entityType,
          entityId: id,
          before: { url: current.url, events: current.events },
        },
        tx,
      );
    });
  }

  /** A new signing secret, in force at once for every later attempt; answered once. */
  async rotateSecret(actor: SessionUser, id: string): Promise<WebhookEndpointWithSecretDto> {
    const secret = newSigningSecret();
    const row = await this.transactions.run(async (tx) => {
      if (!(await this.webhooks.lockEndpoint(id, tx))) throw new NotFoundException(ENDPOINT_NOT_FOUND);
      await this.webhooks.updateEndpoint(id, { secretSealed: this.secrets.seal(secret) }, tx);
      await this.audit.record(actor, { action: WEBHOOK_AUDIT.rotate, entityType: WEBHOOK_AUDIT.entityType, entityId: id }, tx);
      return (await this.webhooks.findEndpoint(id, tx))!;
    });
    return { endpoint: toEndpointDto(row), secret };
  }

  /** A `ping` event to this endpoint alone, sent at once by the worker. */
  async sendTest(actor: SessionUser, id: string): Promise<WebhookDeliveryDto> {
    const deliveryId = await this.transactions.run(async (tx) => {
      if (!(await this.webhooks.lockEndpoint(id, tx))) throw new NotFoundException(ENDPOINT_NOT_FOUND);
      return this.webhooks.recordPing(
        id,
        { object: { endpointId: id, message: 'Événement de test envoyé depuis la page Intégrations', sentBy: actor.email } },
        tx,
      );
    });
    this.worker.wake();
    return toDeliveryDto((await this.webhooks.findDelivery(deliveryId))!);
  }

  async listDeliveries(query: ListWebhookDeliveriesQueryDto): Promise<WebhookDeliveryListResponseDto> {
    const { items, total } = await this.webhooks.listDeliveries({
      ...pageWindow(query),
      endpointId: query.endpointId,
      status: query.status && query.status !== 'all' ? query.status : undefined,
    });
    return toPage('deliveries', items.map(toDeliveryDto), total);
  }

  /**
   * Sends a delivery again now: one still waiting for its next attempt is made due at once; a finished one (succeeded,
   * failed for good, abandoned) gets a new delivery of the same event, with its own day of retries. 409 while sending.
   */
  async resend(actor: SessionUser, id: string): Promise<WebhookDeliveryDto> {
    const deliveryId = await this.transactions.run(async (tx) => {
      const status = await this.webhooks.lockDelivery(id, tx);
      if (!status) throw new NotFoundException(DELIVERY_NOT_FOUND);
      if (status === 'sending') throw new ConflictException("Cette livraison est en cours d'envoi : attendez son résultat");
      const original = (await this.webhooks.findDelivery(id, tx))!;
      let resent = id;
      if (status === 'pending' || status === 'failed') await this.webhooks.dueNow(id, tx);
      else resent = await this.webhooks.copyDelivery(id, tx);
      await this.audit.record(
        actor,
        {
          action: WEBHOOK_AUDIT.resend,
          entityType: WEBHOOK_AUDIT.entityType,
          entityId: original.endpointId,
          after: { deliveryId: id, resentAs: resent, eventId: original.eventId, eventType: original.eventType },
        },
        tx,
      );
      return resent;
    });
    this.worker.wake();
    return toDeliveryDto((await this.webhooks.findDelivery(deliveryId))!);
  }

  /** The SSRF rule at registration: a 400 on `url` saying why. */
  private async requireAllowedUrl(url: string): Promise<void> {
    const checked = await checkUrl(url, this.config.outboundWebhooks.allowPrivateUrls);
    if (!checked.ok) throw invalidField('url', checked.reason);
  }
}
