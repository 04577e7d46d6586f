import { ApiProperty } from '@nestjs/swagger';
import { EnumField, PasswordField, TextField, TokenField, UuidField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import {
  CLOSURE_CANCELLATIONS,
  CLOSURE_REQUESTERS,
  CLOSURE_STATUSES,
  CLOSURE_WAITS,
  type ClosureCancellation,
  type ClosureRequester,
  type ClosureStatus,
  type ClosureWait,
} from '../account-closure.entity';
import { DATA_EXPORT_STATUSES, type DataExportStatus } from '../data-export.entity';

export const CLOSURE_REASON_MAX = 1000;

// ---- data exports ----

export class DataExportDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** pending : en préparation ; ready : prête, le lien a été envoyé par e-mail ; downloaded : téléchargée ; expired : lien expiré ; failed : échec */
  @ApiProperty({ enum: DATA_EXPORT_STATUSES, enumName: 'DataExportStatus' })
  status: DataExportStatus;
  @ApiProperty({ format: 'date-time' })
  requestedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  readyAt: string | null;
  /** Fin de validité du lien (24 heures après la préparation) */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  downloadedAt: string | null;
}

export class DataExportListDto {
  /** Les 5 dernières demandes, les plus récentes d'abord */
  exports: DataExportDto[];
}

export class DownloadDataExportDto {
  /** Le jeton du lien reçu par e-mail (paramètre token) */
  @TokenField('Ce lien de téléchargement est invalide.')
  token: string;
}

// ---- closing the account ----

export class ClosureSubscriptionDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  siteId: string | null;
  @ApiProperty({ type: String, nullable: true })
  siteName: string | null;
  /** Statut de l'abonnement chez Stripe (active, past_due…) */
  status: string;
  /** Fin de la période déjà payée, si l'abonnement est à jour */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  currentPeriodEnd: string | null;
  /** L'abonnement peut courir jusqu'à la fin de la période payée (sinon il est résilié tout de suite) */
  canRunToPeriodEnd: boolean;
}

export class ClosurePreviewDto {
  /** Les abonnements en cours, que la fermeture résilie */
  subscriptions: ClosureSubscriptionDto[];
  /** Factures et avoirs émis, conservés après la fermeture */
  legalDocuments: number;
  /** Jusqu'à quand ils sont conservés (AAAA-MM-JJ), null sans facture */
  @ApiProperty({ type: String, format: 'date', nullable: true })
  retainedUntil: string | null;
}

export class CloseAccountDto {
  @PasswordField({ required: 'Le mot de passe est requis', wrong: 'Mot de passe incorrect.' })
  password: string;

  @EnumField(CLOSURE_CANCELLATIONS, { name: 'ClosureCancellation', invalid: 'Choisissez quand vos abonnements prennent fin' })
  cancellation: ClosureCancellation;
}

export class AdminCloseAccountDto {
  @TextField({
    max: CLOSURE_REASON_MAX,
    required: 'Le motif est requis',
    tooLong: 'Motif trop long (1 000 caractères au plus)',
  })
  reason: string;

  @EnumField(CLOSURE_CANCELLATIONS, { name: 'ClosureCancellation', invalid: 'Choisissez quand les abonnements prennent fin' })
  cancellation: ClosureCancellation;
}

export class AccountClosedDto {
  @ApiProperty({ format: 'date-time' })
  closedAt: string;
  /** Les données personnelles restantes sont effacées à partir de ce moment */
  @ApiProperty({ format: 'date-time' })
  eraseAfter: string;
  message: string;
}

export class AccountClosureDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ format: 'uuid' })
  userId: string;
  @ApiProperty({ format: 'date-time' })
  closedAt: string;
  /** client : fermé par le client ; admin : par l'équipe, à sa demande */
  @ApiProperty({ enum: CLOSURE_REQUESTERS, enumName: 'ClosureRequester' })
  requestedBy: ClosureRequester;
  /** L'administrateur qui l'a fermé */
  @ApiProperty({ type: String, nullable: true })
  actorEmail: string | null;
  @ApiProperty({ type: String, nullable: true })
  reason: string | null;
  @ApiProperty({ enum: CLOSURE_CANCELLATIONS, enumName: 'ClosureCancellation' })
  cancellation: ClosureCancellation;
  /** pending : effacement à venir ; done : effacé ; failed : échec (voir lastError) */
  @ApiProperty({ enum: CLOSURE_STATUSES, enumName: 'ClosureStatus' })
  status: ClosureStatus;
  /** L'effacement n'a pas lieu avant */
  @ApiProperty({ format: 'date-time' })
  eraseAfter: string;
  /** Ce que l'effacement attend : mail (l'e-mail de confirmation), payments (le remboursement d'un paiement fait juste avant la fermeture), subscriptions (la fin des abonnements) */
  @ApiProperty({ enum: CLOSURE_WAITS, enumName: 'ClosureWait', nullable: true })
  waitingFor: ClosureWait | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  erasedAt: string | null;
  /** Factures et avoirs conservés */
  legalDocuments: number;
  @ApiProperty({ type: String, format: 'date', nullable: true })
  retainedUntil: string | null;
  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;
}

export class AccountClosureListDto {
  closures: AccountClosureDto[];
  total: number;
}

export const CLOSURE_FILTERS = ['all', ...CLOSURE_STATUSES] as const;

export class ListAccountClosuresQueryDto extends PageQueryDto {
  @EnumField(CLOSURE_FILTERS, { name: 'ClosureFilter', invalid: 'Statut invalide', optional: true, default: 'all' })
  status?: (typeof CLOSURE_FILTERS)[number] = 'all';

  /** Les fermetures d'un compte */
  @UuidField('Compte invalide', { optional: true })
  userId?: string;
}
