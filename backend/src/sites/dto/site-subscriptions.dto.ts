import { ApiProperty } from '@nestjs/swagger';
import { PAID_PLAN_IDS, type PaidPlanId, PLAN_IDS, type PlanId } from '@vitrine/domain';
import { EnumField } from '../../common/fields';

/** Un paiement qui échoue sur un site du client : ce qu'il faut régler, depuis quand, et où */
export class PaymentIssueDto {
  @ApiProperty({ format: 'uuid' })
  siteId: string;
  siteName: string;
  /** past_due : relances en cours, le site reste en ligne ; unpaid : Stripe a abandonné, le site est suspendu */
  @ApiProperty({ enum: ['past_due', 'unpaid'] })
  state: 'past_due' | 'unpaid';
  /** payment_failed : le paiement a échoué ; authentication_required : la banque demande au client de confirmer le paiement (3-D Secure) sur la page de la facture */
  @ApiProperty({ enum: ['payment_failed', 'authentication_required'] })
  reason: 'payment_failed' | 'authentication_required';
  /** Date du premier échec */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  since: string | null;
  /** Montant dû, en centimes */
  @ApiProperty({ type: Number, nullable: true })
  amountCents: number | null;
  @ApiProperty({ type: String, nullable: true })
  invoiceId: string | null;
  /** La page de la facture chez Stripe, où la régler */
  @ApiProperty({ type: String, nullable: true })
  payUrl: string | null;
  /** Le message à afficher : 'Le paiement de 29,00 € du 12/11/2026 a échoué…' */
  message: string;
}

export class PaymentIssueListResponseDto {
  issues: PaymentIssueDto[];
}

/** La formule d'un site relancé après la fin de son abonnement */
export class RestartSubscriptionDto {
  @EnumField(PAID_PLAN_IDS, { name: 'PaidPlanType', invalid: 'Formule invalide' })
  planType: PaidPlanId;
}

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
  /** Fin de la période en cours (l'accès reste jusque-là après une annulation) ; null une fois terminé */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  currentPeriodEnd: string | null;
  /** Fin de l'abonnement, une fois terminé ('Abonnement terminé le …') */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  endedAt: string | null;
  @ApiProperty({ enum: PLAN_IDS, nullable: true })
  plan: PlanId | null;
  /** 'Pro (29 €/mois)', 'Business (59 €/mois)' ou 'Teams (sur devis)' */
  planLabel: string;
  /** 'Annuler à la fin de la période' est proposé */
  canCancel: boolean;
  /** 'Réactiver' est proposé (annulation programmée, ou paiement en retard : la facture ouverte est réglée avec la carte enregistrée) */
  canReactivate: boolean;
  /** Les changements de formule sont proposés (abonnement actif, sans annulation programmée) */
  canChangePlan: boolean;
  /** 'Changer de carte' est proposé */
  canChangeCard: boolean;
  /** 'Relancer mon site' est proposé (abonnement terminé) */
  canRestart: boolean;
  /** Le paiement qui échoue, s'il y en a un */
  @ApiProperty({ type: PaymentIssueDto, nullable: true })
  paymentIssue: PaymentIssueDto | null;
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
  /** Montant du prorata facturé maintenant, en centimes (0 tant que l'authentification du paiement est attendue) */
  amountChargedCents: number;
  /**
   * Authentification requise (3-D Secure) : la page de la facture chez Stripe, où le client confirme le paiement ; le
   * passage en Business s'applique une fois la facture payée. null : payé tout de suite
   */
  @ApiProperty({ type: String, nullable: true })
  authenticationUrl: string | null;
  /** Chemin de la page de confirmation */
  redirectTo: string;
  subscription: SiteSubscriptionDto;
}

/**
 * Où en est, pour le site, un paiement fait sur une page de Stripe (relance, changement de carte, facture réglée) : la
 * page où le client revient le redemande jusqu'à le savoir enregistré, et n'affiche rien de l'état d'avant en attendant.
 */
export class PaymentConfirmationDto {
  /**
   * confirming : Stripe a le paiement, son effet n'est pas encore enregistré (le webhook de Stripe arrive plus tard) ;
   * confirmed : enregistré, le site et l'abonnement en tiennent compte ; none : rien n'a été payé (session expirée,
   * facture toujours à régler)
   */
  @ApiProperty({ enum: ['confirming', 'confirmed', 'none'] })
  state: 'confirming' | 'confirmed' | 'none';
}
