import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, ValidateIf } from 'class-validator';
import { NestedField, UuidField } from '../../common/fields';
import { CheckoutBillingDto } from './order-drafts.dto';

export const CONSUMER_REQUEST_REQUIRED = 'Cochez la case pour demander que la création de votre site commence dès maintenant.';

export class CreateCheckoutSessionDto {
  /** La commande à payer (brouillon de l'appelant) ; formule, options et montants viennent d'elle et du catalogue */
  @UuidField('Commande introuvable')
  draftId: string;

  @NestedField(CheckoutBillingDto, { invalid: 'Les informations de facturation sont requises.' })
  billing: CheckoutBillingDto;

  /**
   * Un particulier (consommateur) demande expressément que la création de son site commence avant la fin du délai de
   * rétractation de 14 jours, et reconnaît perdre ce droit une fois le service pleinement exécuté (L221-25, L221-28) :
   * requis (true) pour un particulier, ignoré pour une entreprise
   */
  @ApiPropertyOptional({ type: Boolean })
  @ValidateIf((dto: CreateCheckoutSessionDto) => (dto.billing?.buyerType ?? 'individual') === 'individual')
  @Equals(true, { message: CONSUMER_REQUEST_REQUIRED })
  consumerRequest?: boolean;
}

/** Ce que la page de confirmation doit savoir d'un paiement, et rien d'autre */
export class CheckoutSessionStatusDto {
  @ApiProperty({ enum: ['open', 'complete', 'expired'] })
  status: 'open' | 'complete' | 'expired';
  @ApiProperty({ enum: ['paid', 'unpaid', 'no_payment_required'] })
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** La commande est enregistrée et le site créé (le webhook de Stripe est arrivé) */
  provisioned: boolean;
  /** Le site créé, une fois la commande enregistrée (à l'acheteur connecté seulement) */
  @ApiProperty({ type: String, format: 'uuid', nullable: true, required: false })
  siteId?: string | null;
  /** Un compte a été créé pour cette commande (à l'acheteur connecté seulement) */
  newAccount?: boolean;
  /** L'acheteur a choisi d'être appelé plutôt que de remplir tout le formulaire (à l'acheteur connecté seulement) */
  prefersCall?: boolean;
  /**
   * Un paiement par prélèvement SEPA : en cours de traitement par la banque (la commande est reçue, le site démarre à sa
   * confirmation) ou refusé (la commande peut être payée à nouveau) ; null pour une carte, ou tant que rien n'est connu
   */
  @ApiProperty({ enum: ['processing', 'failed'], nullable: true, type: String })
  debit: 'processing' | 'failed' | null;
}
