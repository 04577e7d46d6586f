/** How an invoice's status reads for its client (signed-in areas §4, plus refunds and failed payments). */
import type { ClientInvoiceDto } from '../api/generated/model';

export type InvoiceStatusTone = 'success' | 'warning' | 'danger' | 'neutral';

export interface InvoiceStatusView {
  label: 'Payée' | 'Remboursée' | 'Partiellement remboursée' | 'Échouée' | 'En attente' | 'Annulée' | 'Impayée';
  tone: InvoiceStatusTone;
}

/**
 * paid = Payée ('Remboursée' once refunded in full, 'Partiellement remboursée' in part); open = En attente, or
 * Échouée when its payment failed; void = Annulée; uncollectible = Impayée; anything else = Échouée.
 */
export function invoiceStatus(
  invoice: Pick<ClientInvoiceDto, 'status' | 'amountCents'> & Partial<Pick<ClientInvoiceDto, 'refundedCents' | 'paymentFailed'>>,
): InvoiceStatusView {
  const refunded = invoice.refundedCents ?? 0;
  switch (invoice.status) {
    case 'paid':
      if (refunded > 0 && refunded >= invoice.amountCents) return { label: 'Remboursée', tone: 'neutral' };
      if (refunded > 0) return { label: 'Partiellement remboursée', tone: 'warning' };
      return { label: 'Payée', tone: 'success' };
    case 'open':
      return invoice.paymentFailed ? { label: 'Échouée', tone: 'danger' } : { label: 'En attente', tone: 'warning' };
    case 'void':
      return { label: 'Annulée', tone: 'neutral' };
    case 'uncollectible':
      return { label: 'Impayée', tone: 'danger' };
    default:
      return { label: 'Échouée', tone: 'danger' };
  }
}

/** An open invoice whose payment failed: the client can settle it on its hosted page ('Régler maintenant'). */
export function canPayInvoice(
  invoice: Pick<ClientInvoiceDto, 'status' | 'hostedUrl'> & Partial<Pick<ClientInvoiceDto, 'paymentFailed'>>,
): boolean {
  return invoice.status === 'open' && invoice.paymentFailed === true && !!invoice.hostedUrl;
}
