import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { SOURCE_GROUPS, type SourceGroup } from '../sources';

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

/** Les chiffres d'un point de la courbe : un jour, ou un mois sur 12 mois (heure de Paris). */
export class AudienceDayDto {
  /** Premier jour du point (AAAA-MM-JJ, heure de Paris) : le jour, ou le premier jour du mois compris dans la période */
  day: string;
  /** Visiteurs (la somme des visiteurs uniques de chaque jour du point) */
  visitors: number;
  /** Pages vues */
  pageviews: number;
}

/** Une valeur d'un classement (une page, un appareil, un navigateur, une langue, une campagne). */
export class AudienceRowDto {
  /** La valeur : chemin de la page, `mobile`/`tablet`/`desktop`, famille du navigateur, code de langue (`(inconnue)` sans langue), `source / campagne` */
  value: string;
  /** Visiteurs : la somme des visiteurs uniques de chaque jour */
  visitors: number;
  /** Pages vues */
  pageviews: number;
}

/** Une provenance : l'hôte du site d'où venait le visiteur, ou `(direct)`, avec son groupe. */
export class AudienceSourceDto extends AudienceRowDto {
  /** Groupe : moteur de recherche, réseau social, accès direct ou autre site */
  @ApiProperty({ enum: SOURCE_GROUPS.filter((group) => group !== 'campaign'), enumName: 'AudienceSourceKind' })
  group: Exclude<SourceGroup, 'campaign'>;
}

/** Un groupe de provenances, toutes les valeurs comprises. */
export class AudienceSourceGroupDto {
  /** Moteurs de recherche, réseaux sociaux, accès direct, autres sites, campagnes (`utm_source`) */
  @ApiProperty({ enum: SOURCE_GROUPS, enumName: 'AudienceSourceGroup' })
  group: SourceGroup;
  /** Visiteurs : la somme des visiteurs uniques de chaque jour */
  visitors: number;
  /** Pages vues */
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
  /** Un point par jour de la période (par mois sur 12 mois), jours sans visite compris */
  series: AudienceDayDto[];
  /** Pas de la courbe : un point par jour, ou par mois sur 12 mois */
  @ApiProperty({ enum: ['day', 'month'] })
  granularity: 'day' | 'month';
  /** Pages les plus vues (10 au plus) */
  pages: AudienceRowDto[];
  /** Provenances groupées : les cinq groupes, dans cet ordre, chacun avec ses chiffres (zéro compris) */
  sourceGroups: AudienceSourceGroupDto[];
  /** Provenances les plus fréquentes (10 au plus), hors campagnes */
  sources: AudienceSourceDto[];
  /** Campagnes (`utm_source / utm_campaign`) les plus fréquentes (10 au plus) */
  campaigns: AudienceRowDto[];
  /** Appareils (mobile, tablette, ordinateur) */
  devices: AudienceRowDto[];
  /** Navigateurs (10 au plus) */
  browsers: AudienceRowDto[];
  /** Langues des visiteurs (10 au plus) */
  languages: AudienceRowDto[];
  /** Date du dernier événement reçu du site (mise à jour chaque minute), null si aucun n'est encore arrivé */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastEventAt: string | null;
  /** Clé publique du site, écrite dans son extrait de code */
  siteKey: string;
  /** Extrait de code à placer dans les pages du site (script et repli sans JavaScript) */
  snippet: string;
  /** Page d'information et d'opposition des visiteurs du site, à lier depuis ses mentions légales */
  optOutUrl: string;
  /** Paragraphe proposé pour les mentions légales du site (mesure d'audience, conservation, opposition) */
  legalNotice: string;
}

/** Les chiffres d'un site dans le classement du tableau de bord de l'équipe. */
export class AudienceSiteFiguresDto {
  @ApiProperty({ format: 'uuid' })
  siteId: string;
  /** Nom du site */
  siteName: string;
  /** Visiteurs : la somme des visiteurs uniques de chaque jour */
  visitors: number;
  /** Pages vues */
  pageviews: number;
}

/** L'audience de tous les sites ensemble, pour l'équipe. */
export class AdminAudienceDto {
  /** Période demandée */
  @ApiProperty({ enum: AUDIENCE_PERIODS })
  period: AudiencePeriod;
  /** Premier jour de la période (AAAA-MM-JJ) */
  from: string;
  /** Dernier jour de la période (aujourd'hui, AAAA-MM-JJ) */
  to: string;
  /** Chiffres de tous les sites sur la période */
  totals: AudienceTotalsDto;
  /** Chiffres de tous les sites sur la période précédente, de même durée */
  previous: AudienceTotalsDto;
  /** Nombre de sites qui ont eu au moins une visite sur la période */
  measuredSites: number;
  /** Les sites les plus visités de la période (5 au plus) */
  topSites: AudienceSiteFiguresDto[];
}
