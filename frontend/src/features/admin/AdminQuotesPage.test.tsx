import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogueAnswer, jsonResponse, renderApp } from '../../test/utils';
import { queryOf, signedInAdmin } from './admin-fixtures';

const quote = (overrides: Record<string, unknown>) => ({
  id: 'q1',
  requestType: 'Site web sur mesure',
  fullName: 'Paul Lambert',
  lastName: 'Paul',
  firstName: 'Lambert',
  company: 'Garage Lambert',
  email: 'paul@garage-lambert.fr',
  phone: '06 12 34 56 78',
  budget: '3000-5000',
  timeline: null,
  callbackPreference: 'afternoon',
  description: 'Un site pour le garage.',
  createdAt: '2026-11-21T09:05:00.000Z',
  ...overrides,
});

describe('Admin quote requests', () => {
  it('lists each request with its contact, labelled choices and message, 20 per page', async () => {
    const api = signedInAdmin({
      'GET /api/catalogue': () => jsonResponse(200, catalogueAnswer),
      'GET /api/admin/quotes': () =>
        jsonResponse(200, { quotes: [quote({}), quote({ id: 'q2', fullName: 'Anne Roux', company: null })], total: 45 }),
    });
    renderApp('/admin/quotes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demandes de devis' })).toBeInTheDocument();
    const first = (await screen.findByRole('heading', { level: 3, name: 'Paul Lambert' })).closest('li')!;
    expect(within(first).getByText('Site web sur mesure')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'paul@garage-lambert.fr' })).toHaveAttribute('href', 'mailto:paul@garage-lambert.fr');
    expect(await within(first).findByText('3 000 € – 5 000 €')).toBeInTheDocument();
    expect(within(first).getByText('Non spécifié')).toBeInTheDocument();
    expect(within(first).getByText('Après-midi (14h-17h)')).toBeInTheDocument();
    const second = screen.getByRole('heading', { level: 3, name: 'Anne Roux' }).closest('li')!;
    expect(within(second).getAllByText('Non spécifié')).toHaveLength(2);
    expect(screen.getByText('45 demandes')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 sur 3');
    expect(queryOf(api.calls.find((c) => c.url.startsWith('/api/admin/quotes'))!)).toEqual({ page: '1', limit: '20' });
  });

  it("says 'Aucune demande de devis pour le moment.' when there is none", async () => {
    signedInAdmin({ 'GET /api/admin/quotes': () => jsonResponse(200, { quotes: [], total: 0 }) });
    renderApp('/admin/quotes');
    expect(await screen.findByText('Aucune demande de devis pour le moment.')).toBeInTheDocument();
  });

  it("offers 'Réessayer' when the list fails, and shows it once it loads", async () => {
    const user = userEvent.setup();
    let fail = true;
    signedInAdmin({
      'GET /api/admin/quotes': () =>
        fail ? jsonResponse(500, { statusCode: 500, message: 'Erreur' }) : jsonResponse(200, { quotes: [quote({})], total: 1 }),
    });
    renderApp('/admin/quotes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger les demandes de devis.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Paul Lambert' })).toBeInTheDocument();
    expect(screen.getByText('1 demande')).toBeInTheDocument();
  });
});
