import { ADMIN_PAYMENT_FILTERS, adminPaymentState, clientPaymentBadge } from './payment-state';

describe('payment state labels', () => {
  it('give the client a badge only for trouble', () => {
    expect(clientPaymentBadge('current')).toBeNull();
    expect(clientPaymentBadge(undefined)).toBeNull();
    expect(clientPaymentBadge('past_due')).toEqual({ label: 'Paiement en retard', tone: 'warning' });
    expect(clientPaymentBadge('unpaid')).toEqual({ label: 'Suspendu pour impayé', tone: 'danger' });
    expect(clientPaymentBadge('ended')).toEqual({ label: 'Abonnement terminé', tone: 'neutral' });
  });

  it('give the team every state, with the date a payment is late since', () => {
    const since = new Date(2026, 10, 12, 10, 0).toISOString();
    expect(adminPaymentState('current', null).label).toBe('À jour');
    expect(adminPaymentState('past_due', since).label).toBe('Paiement en retard depuis le 12/11/2026');
    expect(adminPaymentState('past_due', null).label).toBe('Paiement en retard');
    expect(adminPaymentState('unpaid', since).label).toBe('Suspendu pour impayé');
    expect(adminPaymentState('ended', since).label).toBe('Abonnement terminé');
    expect(adminPaymentState(undefined).label).toBe('À jour');
  });

  it("list the admin's payment filters in order", () => {
    expect(ADMIN_PAYMENT_FILTERS.map((f) => [f.value, f.label])).toEqual([
      ['arrears', 'En impayé'],
      ['past_due', 'Paiement en retard'],
      ['unpaid', 'Suspendus pour impayé'],
      ['ended', 'Abonnements terminés'],
    ]);
  });
});
