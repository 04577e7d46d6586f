import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, EnumField, EnumListField, TextField, UuidField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import { URL_MAX } from '../url-guard';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, type WebhookDeliveryStatus, type WebhookEventType } from '../webhook.entities';

const URL_REQUIRED = "L'URL du point de terminaison est requise";
const URL_TOO_LONG = `L'URL ne doit pas dépasser ${URL_MAX} caractères`;
const EVENT_INVALID = 'Événement inconnu';

/** Un nouveau point de terminaison : son URL https et les événements qu'il reçoit */
export class CreateWebhookEndpointDto {
  /** Adresse https publique qui recevra les événements (POST JSON signé) */
  @TextField({ max: URL_MAX, required: URL_REQUIRED, tooLong: URL_TOO_LONG })
  url: string;

  @EnumListField(WEBHOOK_EVENT_TYPES, { name: 'WebhookEventType', invalid: EVENT_INVALID })
  events: WebhookEventType[];
}

/** Ce qui change d'un point de terminaison (seuls les champs donnés) */
export class UpdateWebhookEndpointDto {
  @TextField({ max: URL_MAX, required: URL_REQUIRED, tooLong: URL_TOO_LONG, optional: true })
  url?: string;

  @EnumListField(WEBHOOK_EVENT_TYPES, { name: 'WebhookEventType', invalid: EVENT_INVALID, optional: true })
  events?: WebhookEventType[];

  /** false : plus aucun événement ne lui est envoyé (ses livraisons en attente sont abandonnées) */
  @BooleanField({ optional: true, invalid: 'Indiquez true ou false' })
  enabled?: boolean;
}

export const DELIVERY_STATUS_FILTERS = ['all', ...WEBHOOK_DELIVERY_STATUSES] as const;
export type DeliveryStatusFilter = (typeof DELIVERY_STATUS_FILTERS)[number];

export class ListWebhookDeliveriesQueryDto extends PageQueryDto {
  /** Les livraisons d'un seul point de terminaison */
  @UuidField('Point de terminaison invalide', { optional: true })
  endpointId?: string;

  @EnumField(DELIVERY_STATUS_FILTERS, { name: 'WebhookDeliveryStatusFilter', invalid: 'Statut invalide', optional: true, default: 'all' })
  status?: DeliveryStatusFilter = 'all';
}

/** La dernière livraison d'un point de terminaison */
export class WebhookLastDeliveryDto {
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES, enumName: 'WebhookDeliveryStatus' })
  status: WebhookDeliveryStatus;
  /** Sa dernière tentative (ou sa création, avant la première) */
  @ApiProperty({ format: 'date-time' })
  at: string;
  @ApiProperty({ type: Number, nullable: true })
  statusCode: number | null;
}

/** Un point de terminaison (jamais son secret) */
export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  url: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType', isArray: true })
  events: WebhookEventType[];
  enabled: boolean;
  /** admin : désactivé par un administrateur ; failing : désactivé après 24 heures d'échecs */
  @ApiProperty({ type: String, enum: ['admin', 'failing'], enumName: 'WebhookDisabledReason', nullable: true })
  disabledReason: 'admin' | 'failing' | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  disabledAt: string | null;
  /** Première tentative échouée depuis le dernier succès */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  failingSince: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ type: () => WebhookLastDeliveryDto, nullable: true })
  lastDelivery: WebhookLastDeliveryDto | null;
}

export class WebhookEndpointListResponseDto {
  endpoints: WebhookEndpointDto[];
  total: number;
}

/** Le point de terminaison et, une seule fois, son secret de signature */
export class WebhookEndpointWithSecretDto {
  endpoint: WebhookEndpointDto;
  /** Le secret qui signe les livraisons (`whsec_…`) : montré ici seulement, à copier dans le récepteur */
  secret: string;
}

/** Une livraison d'un événement à un point de terminaison */
export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** L'identifiant de l'événement (le champ `id` du corps envoyé) */
  @ApiProperty({ format: 'uuid' })
  eventId: string;
  /** Le type de l'événement (`ping` pour un envoi de test) */
  eventType: string;
  /** L'objet concerné (commande, site, facture, abonnement, point de terminaison) */
  objectId: string;
  @ApiProperty({ format: 'uuid' })
  endpointId: string;
  endpointUrl: string;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES, enumName: 'WebhookDeliveryStatus' })
  status: WebhookDeliveryStatus;
  attempts: number;
  /** Code HTTP de la dernière réponse (null : pas de réponse) */
  @ApiProperty({ type: Number, nullable: true })
  statusCode: number | null;
  /** Durée de la dernière tentative, en millisecondes */
  @ApiProperty({ type: Number, nullable: true })
  durationMs: number | null;
  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAttemptAt: string | null;
  /** Prochaine tentative (null : rien de prévu) */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  nextAttemptAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  succeededAt: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class WebhookDeliveryListResponseDto {
  deliveries: WebhookDeliveryDto[];
  total: number;
}
