import { ApiProperty } from '@nestjs/swagger';
import { AdminSiteDto } from '../../sites/dto/sites-admin.dto';
import { AdminUserDto } from './admin-users.dto';

export class AdminTotalsDto {
  invoices: number;
  sites: number;
  users: number;
}

export class AdminStatsDto {
  /** Chiffre d'affaires : somme des factures payées, en centimes */
  totalRevenueCents: number;
  /** Comptes de rôle client */
  clientCount: number;
  activeSites: number;
  pendingSites: number;
  suspendedSites: number;
  totals: AdminTotalsDto;
  /** Les 5 sites les plus récents */
  recentSites: AdminSiteDto[];
  /** Les 5 comptes les plus récents */
  recentUsers: AdminUserDto[];
}

export class PlanRevenueDto {
  @ApiProperty({ enum: ['pro', 'business', 'teams'], enumName: 'PlanId' })
  plan: 'pro' | 'business' | 'teams';
  name: string;
  /** Abonnements en cours (actifs, en essai ou en retard de paiement) */
  subscriptions: number;
  /** Prix mensuel au catalogue, en centimes (null : sur devis) */
  @ApiProperty({ type: Number, nullable: true })
  monthlyPriceCents: number | null;
  /** Ce que ces abonnements rapportent par mois au prix du catalogue, en centimes */
  mrrCents: number;
}

export class SubscriptionMovementsDto {
  newSubscriptions: number;
  /** Abonnements terminés */
  canceledSubscriptions: number;
}

export class MonthRevenueDto {
  /** Mois (AAAA-MM, heure de Paris) */
  month: string;
  /** Factures payées ce mois-là, en centimes */
  revenueCents: number;
}

export class AdminRevenueDto {
  /** Revenu mensuel récurrent au prix du catalogue, en centimes */
  mrrCents: number;
  activeSubscriptions: number;
  plans: PlanRevenueDto[];
  /** Les 30 derniers jours */
  last30Days: SubscriptionMovementsDto;
  /** Abonnements en cours dont la résiliation est programmée */
  cancelScheduled: number;
  /** Les 12 derniers mois, du plus ancien au mois en cours */
  months: MonthRevenueDto[];
}
