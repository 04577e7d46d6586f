import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_STATES, type PaymentState, SITE_STATUSES, SITE_TYPES, type SiteStatus, type SiteType } from '../site.entity';
import { STATUS_CAUSES, type StatusCause } from '../site-status-history.entity';
import {
  MODIFICATION_PRIORITIES,
  MODIFICATION_TYPES,
  type ModificationPriority,
  type ModificationType,
} from '../modification-request.entity';

/** L'avancement de la création du site, dans l'ordre des étapes */
export class SiteProgressionDto {
  /** Démarré */
  started: boolean;
  /** Design OK */
  designOk: boolean;
  /** Développement OK */
  devOk: boolean;
  /** SEO OK */
  seoOk: boolean;
  /** Revue technique */
  technoReview: boolean;
}

export class SiteDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  siteName: string;
  /** Nom de domaine, null tant qu'il n'est pas connu */
  @ApiProperty({ type: String, nullable: true })
  domain: string | null;
  @ApiProperty({ enum: SITE_STATUSES, enumName: 'SiteStatus' })
  status: SiteStatus;
  @ApiProperty({ enum: SITE_TYPES, enumName: 'SiteType' })
  type: SiteType;
  progression: SiteProgressionDto;
  /** Ses paiements : current (à jour), past_due (en retard), unpaid (suspendu pour impayé), ended (abonnement terminé) */
  @ApiProperty({ enum: PAYMENT_STATES, enumName: 'SitePaymentState' })
  paymentState: PaymentState;
  /** Depuis quand (premier échec, suspension, fin) ; null quand à jour */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  paymentStateSince: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class SiteListResponseDto {
  sites: SiteDto[];
  total: number;
}

/** Un changement de statut du site, avec sa cause */
export class SiteStatusChangeDto {
  @ApiProperty({ enum: SITE_STATUSES, enumName: 'SiteStatus', nullable: true })
  fromStatus: SiteStatus | null;
  @ApiProperty({ enum: SITE_STATUSES, enumName: 'SiteStatus' })
  toStatus: SiteStatus;
  /** payment : ses paiements ; admin : l'équipe ; client : une action du client */
  @ApiProperty({ enum: STATUS_CAUSES, enumName: 'SiteStatusCause' })
  cause: StatusCause;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

/** Un type de modification proposé, et son libellé */
export class ModificationTypeOptionDto {
  @ApiProperty({ enum: MODIFICATION_TYPES, enumName: 'ModificationType' })
  value: ModificationType;
  label: string;
}

/** Une priorité proposée, et son libellé */
export class ModificationPriorityOptionDto {
  @ApiProperty({ enum: MODIFICATION_PRIORITIES, enumName: 'ModificationPriority' })
  value: ModificationPriority;
  label: string;
}

/** Les choix d'une demande de modification, avec les libellés du mail envoyé à l'équipe */
export class ModificationOptionsDto {
  types: ModificationTypeOptionDto[];
  priorities: ModificationPriorityOptionDto[];
}

/** Un site du client, avec ce que sa page montre en plus de la liste */
export class SiteDetailDto extends SiteDto {
  /** 'Pro (29 €/mois)', 'Business (59 €/mois)' ou 'Teams (sur devis)' */
  planLabel: string;
  /** Jours depuis la création du site */
  ageDays: number;
  /** Les derniers changements de statut, du plus récent au plus ancien */
  statusHistory: SiteStatusChangeDto[];
  /** Les types et priorités d'une demande de modification, dans l'ordre du formulaire */
  modificationOptions: ModificationOptionsDto;
}
