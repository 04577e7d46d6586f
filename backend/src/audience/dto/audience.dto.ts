import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const AUDIENCE_PERIODS = ['7d', '30d', '90d', '12m'] as const;
export type AudiencePeriod = (typeof AUDIENCE_PERIODS)[number];

/** `?period=` de la lecture des statistiques d'un site. */
export class AudienceQueryDto {
  /** Période : 7, 30 ou 90 derniers jours, ou 12 derniers mois (30 jours par défaut) */
  @ApiPropertyOptional({ enum: AUDIENCE_PERIODS, default: '30d' })
  @IsOptional()
  @IsIn(AUDIENCE_PERIODS, { message: 'Période inconnue : 7d, 30d, 90d ou 12m' })
  period?: AudiencePeriod = '30d';
}

/** Les chiffres d'une période. */
export class AudienceTotalsDto {
  /** Visiteurs : la somme des visiteurs uniques de chaque jour (un visiteur n'est reconnu que le jour même) */
  visitors: number;
  /** Pages vues */
  pageviews: number;
  /** Visites (les pages vues d'un visiteur à moins de 30 minutes d'intervalle) */
  visits: number;
  /** Taux de rebond : part des visites d'une seule page, de 0 à 1 (0 sans visite) */
  bounceRate: number;
  /** Durée moyenne d'une visite, en secondes (0 sans visite) */
  averageVisitSeconds: number;
}

/** Les chiffres d'un jour (heure de Paris). */
export class AudienceDayDto {
  /** Jour (AAAA-MM-JJ, heure de Paris) */
  day: string;
  /** Visiteurs uniques du jour */
  visitors: number;
  /** Pages vues du jour */
  pageviews: number;
}

/** Les statistiques d'audience d'un site sur une période, face à la période précédente de même durée. */
export class AudienceResponseDto {
  /** Période demandée */
  @ApiProperty({ enum: AUDIENCE_PERIODS })
  period: AudiencePeriod;
  /** Premier jour de la période (AAAA-MM-JJ) */
  from: string;
  /** Dernier jour de la période (aujourd'hui, AAAA-MM-JJ) */
  to: string;
  /** Chiffres de la période */
  totals: AudienceTotalsDto;
  /** Chiffres de la période précédente, de même durée */
  previous: AudienceTotalsDto;
  /** Un point par jour de la période, jours sans visite compris */
  series: AudienceDayDto[];
  /** Clé publique du site, écrite dans son extrait de code */
  siteKey: string;
  /** Extrait de code à placer dans les pages du site (script et repli sans JavaScript) */
  snippet: string;
}
