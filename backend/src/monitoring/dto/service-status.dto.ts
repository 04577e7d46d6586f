import { ApiProperty } from '@nestjs/swagger';
import { COUNTED_JOBS } from '../../database/jobs/job-runs';

/** Une file de travail (e-mails à envoyer, événements Stripe à appliquer), lue dans la base : la même pour toutes les instances */
export class QueueStatusDto {
  /** En attente du worker (nouvelles tentatives comprises) */
  pending: number;
  /** Abandonnés après la dernière tentative */
  failed: number;
  /** Depuis combien de secondes attend le plus ancien en attente ; null quand rien n'attend */
  @ApiProperty({ type: Number, nullable: true })
  oldestPendingSeconds: number | null;
}

/** Les connexions à PostgreSQL de cette instance (pool de TypeORM) */
export class DatabasePoolDto {
  /** Connexions ouvertes, occupées ou libres */
  total: number;
  /** Connexions libres */
  idle: number;
  /** Requêtes qui attendent une connexion */
  waiting: number;
  /** Connexions au plus */
  max: number;
}

export class DatabaseStatusDto {
  /** La base a répondu à la lecture des files */
  reachable: boolean;
  pool: DatabasePoolDto;
}

export class StripeStatusDto {
  /** reachable : Stripe a répondu ; unreachable : pas de réponse dans le délai, ou une erreur ; not_configured : pas de STRIPE_SECRET_KEY */
  @ApiProperty({ enum: ['reachable', 'unreachable', 'not_configured'], enumName: 'StripeReachability' })
  state: 'reachable' | 'unreachable' | 'not_configured';
  /** live : clé de production ; test : clé de test ; null sans clé */
  @ApiProperty({ enum: ['live', 'test'], nullable: true })
  mode: 'live' | 'test' | null;
  /** Un serveur compatible (STRIPE_API_URL, le bac à sable) plutôt qu'api.stripe.com */
  sandbox: boolean;
  /** Temps de réponse de l'appel de vérification, en millisecondes ; null sans réponse */
  @ApiProperty({ type: Number, nullable: true })
  latencyMs: number | null;
  /** Pourquoi Stripe est injoignable */
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}

/** Ce que cette instance a vu d'une tâche de fond depuis son démarrage */
export class JobStatusDto {
  // The jobs declared with their runs counted (`@BackgroundJob({ metrics: true })`), read when the document is built.
  @ApiProperty({ enum: COUNTED_JOBS, enumName: 'BackgroundJob', type: 'string' })
  job: string;
  /** Passages terminés, réussis ou non */
  runs: number;
  /** Passages interrompus par une erreur */
  failures: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastSuccessAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastFailureAt: string | null;
  /** L'erreur du dernier échec, tant qu'aucun passage n'a réussi depuis */
  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;
}

/** État du service vu par l'instance qui répond */
export class ServiceStatusDto {
  /** Quand ces chiffres ont été lus */
  @ApiProperty({ format: 'date-time' })
  checkedAt: string;
  /** Version de l'application (package.json du backend) */
  version: string;
  /** Commit déployé (GIT_COMMIT ou SOURCE_COMMIT) ; null s'il n'est pas connu */
  @ApiProperty({ type: String, nullable: true })
  commit: string | null;
  /** Démarrage de cette instance */
  @ApiProperty({ format: 'date-time' })
  startedAt: string;
  /** Secondes depuis le démarrage de cette instance */
  uptimeSeconds: number;
  database: DatabaseStatusDto;
  stripe: StripeStatusDto;
  /** Les e-mails de la file d'envoi ; null quand la base ne répond pas */
  @ApiProperty({ type: QueueStatusDto, nullable: true })
  mail: QueueStatusDto | null;
  /** Les événements Stripe reçus et pas encore appliqués ; null quand la base ne répond pas */
  @ApiProperty({ type: QueueStatusDto, nullable: true })
  webhooks: QueueStatusDto | null;
  /** Chaque tâche de fond, dans cette instance */
  jobs: JobStatusDto[];
}
