import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessToken, getClientView } from '../../api/http';
import { jsonResponse, renderApp, type RecordedCall } from '../../test/utils';
import { OWNER, signedInAdmin } from './admin-fixtures';

const VIEW_ID = '99999999-9999-4999-8999-999999999999';
const client = {
  id: OWNER.id,
  name: 'Jeanne Martin',
  email: 'jeanne@martin.fr',
  role: 'client' as const,
  createdAt: '2026-03-14T10:00:00.000Z',
};
const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();

/** An admin on a client's page, with the answers the client's dashboard reads under the view token. */
function setup(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  const api = signedInAdmin({
    [`GET /api/admin/users/${OWNER.id}`]: () => jsonResponse(200, { user: { ...client, closedAt: null }, sites: [] }),
    'GET /api/admin/legal-invoices': () => jsonResponse(200, { legalInvoices: [], total: 0 }),
    [`POST /api/admin/users/${OWNER.id}/client-view`]: () =>
      jsonResponse(201, { viewId: VIEW_ID, accessToken: 'view-token', expiresAt, client }),
    [`POST /api/admin/client-views/${VIEW_ID}/end`]: () =>
      jsonResponse(200, { viewId: VIEW_ID, startedAt: expiresAt, endedAt: expiresAt, durationSeconds: 42 }),
    'GET /api/dashboard/summary': () =>
      jsonResponse(200, { memberDays: 3, activeSites: 0, pendingSites: 0, suspendedSites: 0, invoices: 0 }),
    'GET /api/sites': () => jsonResponse(200, { sites: [], total: 0 }),
    'GET /api/billing/payment-issues': () => jsonResponse(200, { issues: [] }),
    ...extra,
  });
  renderApp(`/admin/clients/${OWNER.id}`);
  return api;
}

describe('Voir comme le client', () => {
  it('opens the client’s dashboard as the client sees it, under the view’s token, with the read-only banner', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Voir comme le client' }));

    const banner = await screen.findByRole('region', { name: 'Consultation de l’espace d’un client' });
    expect(banner).toHaveTextContent("Vous consultez l'espace de Jeanne Martin — lecture seule");
    expect(banner).toHaveTextContent(/Fin de la consultation à \d{2}:\d{2}\./);
    expect(await screen.findByRole('heading', { name: /Jeanne Martin/ })).toBeInTheDocument();
    expect(getAccessToken()).toBe('view-token');
    // Asked once the client's payment banner is known, under the page's head already shown.
    const summary = await vi.waitFor(() => {
      const call = calls.find((c) => c.url.startsWith('/api/dashboard/summary'));
      if (!call) throw new Error('Résumé pas encore demandé');
      return call;
    });
    expect(summary.headers.get('Authorization')).toBe('Bearer view-token');
    // No admin link while in the client's space.
    expect(screen.queryByRole('link', { name: 'Comptes fermés' })).not.toBeInTheDocument();
  });

  it('leaves with the admin’s own token: the end recorded, back on the client’s page', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Voir comme le client' }));
    const banner = await screen.findByRole('region', { name: 'Consultation de l’espace d’un client' });
    await user.click(within(banner).getByRole('button', { name: 'Quitter la consultation' }));

    expect(await screen.findByText('Vous avez quitté la consultation de l’espace du client.')).toBeInTheDocument();
    const end = calls.find((c) => c.url === `/api/admin/client-views/${VIEW_ID}/end`)!;
    expect(end.method).toBe('POST');
    expect(end.headers.get('Authorization')).not.toBe('Bearer view-token');
    expect(getClientView()).toBeNull();
    expect(screen.queryByRole('region', { name: 'Consultation de l’espace d’un client' })).not.toBeInTheDocument();
  });

  it('ends when the server refuses the view’s token (its 30 minutes are over): back on the client’s page, never as the admin', async () => {
    const user = userEvent.setup();
    // The view's token is refused from its first call (whichever of the client's pages asks first, whenever it asks).
    const { calls } = setup({
      'GET /api/sites': () => jsonResponse(401, { statusCode: 401, message: 'Authentification requise' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Voir comme le client' }));

    expect(await screen.findByText('La consultation de l’espace du client a pris fin : elle dure 30 minutes au plus.')).toBeInTheDocument();
    await waitFor(() => expect(getClientView()).toBeNull());
    // The refused call was not retried with the admin's token (no refresh either).
    const sitesCalls = calls.filter((c) => c.url.startsWith('/api/sites'));
    expect(sitesCalls.every((c) => c.headers.get('Authorization') === 'Bearer view-token')).toBe(true);
  });

  it('says why a view cannot open', async () => {
    const user = userEvent.setup();
    setup({
      [`POST /api/admin/users/${OWNER.id}/client-view`]: () =>
        jsonResponse(409, { statusCode: 409, message: 'Ce compte est fermé : il n’y a plus d’espace client à consulter.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Voir comme le client' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce compte est fermé');
    expect(getClientView()).toBeNull();
  });
});
