import { canPayInvoice, invoiceStatus } from './invoice-status';

describe('invoiceStatus', () => {
  it.each([
    ['paid', 2900, 0, false, 'Payée', 'success'],
    ['paid', 2900, 2900, false, 'Remboursée', 'neutral'],
    ['paid', 2900, 3000, false, 'Remboursée', 'neutral'],
    ['paid', 2900, 1000, false, 'Partiellement remboursée', 'warning'],
    ['paid', 0, 0, false, 'Payée', 'success'],
    ['open', 2900, 0, false, 'En attente', 'warning'],
    ['open', 2900, 0, true, 'Échouée', 'danger'],
    ['void', 2900, 0, false, 'Annulée', 'neutral'],
    ['uncollectible', 2900, 0, false, 'Impayée', 'danger'],
    ['draft', 2900, 0, false, 'Échouée', 'danger'],
    ['', 2900, 0, false, 'Échouée', 'danger'],
  ] as const)('%s, %i cents, %i refunded, failed: %s → %s', (status, amountCents, refundedCents, paymentFailed, label, tone) => {
    expect(invoiceStatus({ status, amountCents, refundedCents, paymentFailed })).toEqual({ label, tone });
  });

  it('reads an invoice without the refund and failure fields as before', () => {
    expect(invoiceStatus({ status: 'paid', amountCents: 2900 }).label).toBe('Payée');
    expect(invoiceStatus({ status: 'open', amountCents: 2900 }).label).toBe('En attente');
  });

  it("offers 'Régler maintenant' only for an open invoice whose payment failed, with its page", () => {
    expect(canPayInvoice({ status: 'open', paymentFailed: true, hostedUrl: 'https://pay.example/i/1' })).toBe(true);
    expect(canPayInvoice({ status: 'open', paymentFailed: false, hostedUrl: 'https://pay.example/i/1' })).toBe(false);
    expect(canPayInvoice({ status: 'open', paymentFailed: true, hostedUrl: null })).toBe(false);
    expect(canPayInvoice({ status: 'paid', paymentFailed: true, hostedUrl: 'https://pay.example/i/1' })).toBe(false);
  });
});
