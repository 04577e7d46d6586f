export class CheckoutSessionResponseDto {
  /** Identifiant de la session de paiement (cs_…) */
  sessionId: string;
  /** Page de paiement où envoyer le navigateur */
  url: string;
}
