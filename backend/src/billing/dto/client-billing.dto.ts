import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageQueryDto } from '../../common/page-query.dto';

/** L'abonnement qui paie un site */
export class SiteSubscriptionDto {
  /** Identifiant Stripe de l'abonnement (sub_…) */
  id: string;
  /** Identifiant Stripe du client (cus_…) */
  customerId: string;
  /** État chez Stripe : active, past_due, unpaid, canceled… */
  status: string;
  /** L'état affiché : 'Annulation programmée' quand l'annulation en fin de période est demandée */
  statusLabel: string;
  cancelAtPeriodEnd: boolean;
  /** Fin de la période en cours (l'accès reste jusque-là après une annulation) */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  currentPeriodEnd: string | null;
  @ApiProperty({ enum: ['pro', 'business', 'teams'], nullable: true })
  plan: 'pro' | 'business' | 'teams' | null;
  /** 'Pro (29€)', 'Business (59€)' ou 'Custom' */
  planLabel: string;
}

export class SiteSubscriptionResponseDto {
  /** null : aucun abonnement pour ce site */
  @ApiProperty({ type: SiteSubscriptionDto, nullable: true })
  subscription: SiteSubscriptionDto | null;
}

/** Après un passage en Business payé : où envoyer le client (/upgrade-success?site_id=…&is_downgrade=false&plan_type=business) */
export class SubscriptionUpgradeResponseDto {
  @ApiProperty({ format: 'uuid' })
  siteId: string;
  @ApiProperty({ enum: ['business'] })
  planType: 'business';
  isDowngrade: boolean;
  /** Montant du prorata facturé maintenant, en centimes */
  amountChargedCents: number;
  /** Chemin de la page de confirmation */
  redirectTo: string;
  subscription: SiteSubscriptionDto;
}

export class InvoiceListQueryDto extends PageQueryDto {
  /** Nombre par page (20 par défaut, 100 au plus) */
  @ApiProperty({ required: false, default: 20, minimum: 1, maximum: 100, type: Number })
  @IsOptional()
  @Type(() => Number)
  @Max(100, { message: 'La limite ne peut pas dépasser 100' })
  @Min(1, { message: 'La limite doit être au moins 1' })
  @IsInt({ message: 'La limite doit être un entier' })
  override limit?: number = 20;
}

export class ClientInvoiceDto {
  /** Identifiant Stripe (in_…) */
  id: string;
  /** Numéro de facture, null pour une facture sans numéro */
  @ApiProperty({ type: String, nullable: true })
  number: string | null;
  @ApiProperty({ format: 'date-time' })
  date: string;
  /** Total en centimes */
  amountCents: number;
  currency: string;
  /** paid, open, void, uncollectible */
  status: string;
  @ApiProperty({ type: String, nullable: true })
  description: string | null;
  /** Le PDF de la facture */
  @ApiProperty({ type: String, nullable: true })
  pdfUrl: string | null;
  /** La page de la facture chez Stripe */
  @ApiProperty({ type: String, nullable: true })
  hostedUrl: string | null;
}

export class ClientInvoiceListResponseDto {
  invoices: ClientInvoiceDto[];
  total: number;
}
