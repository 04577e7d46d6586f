import { ApiProperty } from '@nestjs/swagger';
import { OwnerDto } from '../../auth/dto/auth-admin.dto';
import { BooleanField, DomainField, EnumField, NestedField, SearchField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import { OrderPhotoDto } from '../../orders/dto/order-drafts.dto';
import { SiteDto } from '../../sites/dto/sites.dto';
import { SITE_STATUSES, SITE_TYPES, type SiteStatus, type SiteType } from '../../sites/site.entity';
import { ADMIN_SITE_SORT_KEYS, type AdminSiteSortKey } from '../../sites/sites.repository';

export const SITE_STATUS_FILTERS = ['all', ...SITE_STATUSES] as const;
export const SITE_TYPE_FILTERS = ['all', ...SITE_TYPES] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
/** arrears: every site whose payments are not up to date (past due, unpaid or ended) */
export const PAYMENT_STATE_FILTERS = ['all', 'arrears', 'past_due', 'unpaid', 'ended'] as const;

export class ListAdminSitesQueryDto extends PageQueryDto {
  /** Recherche sur le nom du site, le domaine, le nom ou l'e-mail du client */
  @SearchField()
  search?: string;

  @EnumField(SITE_STATUS_FILTERS, { name: 'AdminSiteStatusFilter', invalid: 'Statut invalide', optional: true, default: 'all' })
  status?: 'all' | SiteStatus = 'all';

  @EnumField(SITE_TYPE_FILTERS, { name: 'AdminSiteTypeFilter', invalid: 'Type invalide', optional: true, default: 'all' })
  type?: 'all' | SiteType = 'all';

  /** arrears : paiement en retard, suspendu pour impayé ou abonnement terminé */
  @EnumField(PAYMENT_STATE_FILTERS, {
    name: 'AdminSitePaymentFilter',
    invalid: 'Filtre de paiement invalide',
    optional: true,
    default: 'all',
  })
  paymentState?: (typeof PAYMENT_STATE_FILTERS)[number] = 'all';

  @EnumField(ADMIN_SITE_SORT_KEYS, { name: 'AdminSiteSortBy', invalid: 'Tri invalide', optional: true, default: 'created_at' })
  sortBy?: AdminSiteSortKey = 'created_at';

  @EnumField(SORT_ORDERS, { name: 'SortOrder', invalid: 'Ordre de tri invalide', optional: true, default: 'desc' })
  sortOrder?: 'asc' | 'desc' = 'desc';
}

export class AdminSiteDto extends SiteDto {
  owner: OwnerDto;
}

export class AdminSiteListResponseDto {
  sites: AdminSiteDto[];
  total: number;
}

/** Une réponse du formulaire de commande, en français */
export class OrderAnswerDto {
  label: string;
  value: string;
}

/** Ce que le client a commandé : ses réponses, sa facturation et ses photos */
export class AdminSiteOrderDto {
  answers: OrderAnswerDto[];
  billing: OrderAnswerDto[];
  photos: OrderPhotoDto[];
}

export class AdminSiteDetailDto extends AdminSiteDto {
  /** La commande dont le site est issu (null pour un site créé autrement, ou une commande supprimée) */
  @ApiProperty({ type: () => AdminSiteOrderDto, nullable: true })
  order: AdminSiteOrderDto | null;
}

/** Étapes de création à cocher ou décocher ; les étapes absentes ne changent pas */
export class SiteProgressionPatchDto {
  @BooleanField({ optional: true })
  started?: boolean;
  @BooleanField({ optional: true })
  designOk?: boolean;
  @BooleanField({ optional: true })
  devOk?: boolean;
  @BooleanField({ optional: true })
  seoOk?: boolean;
  @BooleanField({ optional: true })
  technoReview?: boolean;
}

/** Seuls les champs envoyés changent */
export class UpdateAdminSiteDto {
  /** Nom de domaine ; vide ou null : aucun */
  @DomainField()
  domain?: string | null;

  @EnumField(SITE_STATUSES, { name: 'SiteStatus', invalid: 'Statut invalide', optional: true })
  status?: SiteStatus;

  @NestedField(SiteProgressionPatchDto, { optional: true, invalid: 'Avancement invalide' })
  progression?: SiteProgressionPatchDto;

  /**
   * Obligatoire (true) pour remettre en ligne (statut actif) un site dont l'abonnement est terminé : sans lui, la
   * modification est refusée (409) ; avec lui, elle est inscrite au journal d'audit avec ce fait.
   */
  @BooleanField({ optional: true })
  confirmEndedSubscription?: boolean;
}
