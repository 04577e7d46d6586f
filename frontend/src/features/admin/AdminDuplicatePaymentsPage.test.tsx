import { screen, within } from '@testing-library/react';
import { jsonResponse, renderApp } from '../../test/utils';
import { queryOf, signedInAdmin } from './admin-fixtures';

const duplicate = (overrides: Record<string, unknown>) => ({
  id: 'd1',
  kind: 'order',
  siteId: 's1',
  checkoutSessionId: 'cs_2',
  subscriptionId: 'sub_2',
  amountCents: 2900,
  refundedCents: 2900,
  status: 'refunded',
  reason: 'Commande déjà payée',
  lastError: null,
  customerEmail: 'jeanne@martin.fr',
  createdAt: '2026-11-21T09:05:00.000Z',
  settledAt: '2026-11-21T09:10:00.000Z',
  ...overrides,
});

describe('Admin duplicate payments', () => {
  it('lists each duplicate with its client, amounts, status label, reason and site', async () => {
    const api = signedInAdmin({
      'GET /api/admin/duplicate-payments': () =>
        jsonResponse(200, {
          duplicatePayments: [
            duplicate({}),
            duplicate({ id: 'd2', status: 'pending', refundedCents: 0, kind: 'restart' }),
            duplicate({ id: 'd3', status: 'failed', refundedCents: 0, siteId: null, customerEmail: null, lastError: 'Carte expirée' }),
          ],
          total: 3,
        }),
    });
    renderApp('/admin/duplicate-payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiements en double' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Paiements en double' });
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('jeanne@martin.fr')).toBeInTheDocument();
    expect(within(first).getByText('Remboursé', { selector: 'span' })).toBeInTheDocument();
    expect(within(first).getAllByText(/29,00\s€/)).toHaveLength(2);
    expect(within(first).getByText('Commande déjà payée')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Voir le site' })).toHaveAttribute('href', '/admin/sites/s1');
    expect(within(second).getByText('Remboursement en cours')).toBeInTheDocument();
    expect(within(third).getByText('À traiter')).toBeInTheDocument();
    expect(within(third).getByText(/Carte expirée/)).toBeInTheDocument();
    expect(within(third).queryByRole('link')).not.toBeInTheDocument();
    expect(queryOf(api.calls.find((c) => c.url.startsWith('/api/admin/duplicate-payments'))!)).toEqual({ page: '1', limit: '20' });
  });

  it("says 'Aucun paiement en double' when there is none", async () => {
    signedInAdmin({ 'GET /api/admin/duplicate-payments': () => jsonResponse(200, { duplicatePayments: [], total: 0 }) });
    renderApp('/admin/duplicate-payments');
    expect(await screen.findByText('Aucun paiement en double')).toBeInTheDocument();
  });
});
