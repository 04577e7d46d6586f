import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '../../common/fields';

const ONE_LINE = 'Ce champ doit tenir sur une ligne';

/**
 * Le formulaire de rétractation (modèle de l'annexe à l'article R221-1 du Code de la consommation) : « Je vous notifie
 * par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous » ; la date de commande
 * et la date du jour sont celles du contrat et de l'envoi.
 */
export class SendWithdrawalDto {
  /** Nom du consommateur */
  @TextField({
    required: 'Votre nom est requis',
    max: 150,
    tooLong: 'Votre nom ne doit pas dépasser 150 caractères',
    singleLine: ONE_LINE,
  })
  fullName: string;

  /** Adresse du consommateur */
  @TextField({ required: 'Votre adresse est requise', max: 300, tooLong: 'Votre adresse ne doit pas dépasser 300 caractères' })
  address: string;
}

/** La rétractation envoyée, telle qu'enregistrée. */
export class WithdrawalRecordDto {
  @ApiProperty({ type: String, format: 'date-time' })
  withdrawnAt: string;
  fullName: string;
  address: string;
  /** Payé pour la commande, en centimes */
  paidCents: number;
  /** Montant dû pour le service fourni jusqu'à la rétractation (article L221-25), en centimes */
  dueCents: number;
  /** Remboursé (ou à rembourser), en centimes */
  refundCents: number;
}

/**
 * Le droit de rétractation d'un site du client : offert (formulaire à envoyer) tant que la commande, passée en tant que
 * particulier, a moins de 14 jours ; jamais pour une commande d'entreprise.
 */
export class SiteWithdrawalDto {
  /** Le formulaire peut être envoyé maintenant */
  available: boolean;
  /** La commande a été passée en tant que particulier (consommateur) */
  consumer: boolean;
  /** Date de la commande (conclusion du contrat) ; null : pas de commande de particulier pour ce site */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  orderedAt: string | null;
  /** Fin du délai de 14 jours ; null : pas de commande de particulier pour ce site */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  withdrawableUntil: string | null;
  /** Le nom et l'adresse de facturation de la commande, pour pré-remplir le formulaire */
  fullName: string;
  address: string;
  /** La rétractation déjà envoyée ; null : aucune */
  @ApiProperty({ type: WithdrawalRecordDto, nullable: true })
  withdrawal: WithdrawalRecordDto | null;
}
