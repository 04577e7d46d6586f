import { ApiProperty } from '@nestjs/swagger';
import { UPTIME_CAUSES, type UptimeCause } from '../uptime.entities';

export const UPTIME_STATES = ['up', 'down', 'unknown'] as const;
export type UptimeStateName = (typeof UPTIME_STATES)[number];

/** Un incident : le site hors ligne, de son premier contrôle en échec à son retour. */
export class UptimeIncidentDto {
  id: string;
  /** Début (premier contrôle en échec) */
  @ApiProperty({ type: String, format: 'date-time' })
  startedAt: string;
  /** Fin (premier contrôle réussi ensuite) ; null tant qu'il dure */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  endedAt: string | null;
  /** Cause : erreur HTTP (400 ou plus), pas de réponse à temps, erreur TLS (certificat), DNS, adresse refusée, connexion impossible */
  @ApiProperty({ enum: UPTIME_CAUSES, enumName: 'UptimeCause' })
  cause: UptimeCause;
  /** Statut HTTP reçu (cause `http`) */
  @ApiProperty({ type: Number, nullable: true })
  statusCode: number | null;
}

/** La disponibilité d'un site et son certificat, tels que les contrôles de chaque minute les voient. */
export class UptimeResponseDto {
  /** `up` : en ligne ; `down` : hors ligne (incident en cours) ; `unknown` : pas encore contrôlé (site sans domaine, ou pas encore actif) */
  @ApiProperty({ enum: UPTIME_STATES, enumName: 'UptimeState' })
  state: UptimeStateName;
  /** Hors ligne : début de l'incident en cours */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  downSince: string | null;
  /** Dernier contrôle */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastCheckedAt: string | null;
  /** Temps de réponse du dernier contrôle (jusqu'aux en-têtes), en millisecondes */
  @ApiProperty({ type: Number, nullable: true })
  latencyMs: number | null;
  /** Statut HTTP du dernier contrôle */
  @ApiProperty({ type: Number, nullable: true })
  statusCode: number | null;
  /** Cible de la redirection de la page d'accueil, quand elle redirige */
  @ApiProperty({ type: String, nullable: true })
  redirectTo: string | null;
  /** Part des contrôles réussis sur les 30 derniers jours, de 0 à 1 (null sans contrôle) */
  @ApiProperty({ type: Number, nullable: true })
  availability30d: number | null;
  /** Part des contrôles réussis sur les 90 derniers jours, de 0 à 1 (null sans contrôle) */
  @ApiProperty({ type: Number, nullable: true })
  availability90d: number | null;
  /** Expiration du certificat HTTPS vu au dernier contrôle réussi */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  certificateExpiresAt: string | null;
  /** Les 10 derniers incidents, du plus récent au plus ancien */
  incidents: UptimeIncidentDto[];
}
