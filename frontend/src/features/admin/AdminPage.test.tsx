import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { renderApp } from '../../test/utils';
import { jsonResponse } from '../../test/utils';
import { adminSite, signedInAdmin } from './admin-fixtures';

const stats = {
  totalRevenueCents: 1234567,
  clientCount: 42,
  activeSites: 30,
  pendingSites: 5,
  suspendedSites: 2,
  totals: { invoices: 310, sites: 37, users: 44 },
  recentSites: [
    adminSite({ id: 's1', siteName: 'Garage Dupont', status: 'active', type: 'business' }),
    adminSite({ id: 's2', siteName: 'Fleurs', status: 'suspended', type: 'custom' }),
    adminSite({ id: 's3', siteName: 'Atelier', status: 'pending', type: 'pro' }),
  ],
  recentUsers: [
    { id: 'u1', name: 'Admin', email: 'admin@example.com', role: 'admin', createdAt: '2026-01-01T00:00:00.000Z' },
    { id: 'u2', name: 'Jeanne Martin', email: 'jeanne@martin.fr', role: 'client', createdAt: '2026-01-02T00:00:00.000Z' },
  ],
};

describe('Admin dashboard', () => {
  it('shows revenue with two decimals, the tiles, the newest sites and users with their badges, the totals', async () => {
    signedInAdmin({ 'GET /api/admin/stats': () => jsonResponse(200, stats) });
    renderApp('/admin');
    const tiles = await screen.findByRole('region', { name: 'Chiffres clés' });
    expect(within(tiles).getByText(/12\s345,67\s€/)).toBeInTheDocument();
    expect(within(tiles).getByText('42')).toBeInTheDocument();
    const sites = screen.getByRole('list', { name: 'Sites récents' });
    expect(
      within(sites)
        .getAllByRole('listitem')
        .map((li) =>
          within(li)
            .getAllByText(/^(Actif|Suspendu|En attente|Business|Teams|Pro)$/)
            .map((b) => b.textContent),
        ),
    ).toEqual([
      ['Actif', 'Business'],
      ['Suspendu', 'Teams'],
      ['En attente', 'Pro'],
    ]);
    expect(within(sites).getByRole('link', { name: 'Garage Dupont' })).toHaveAttribute('href', '/admin/sites/s1');
    const users = screen.getByRole('list', { name: 'Utilisateurs récents' });
    expect(within(users).getByText('Admin', { selector: 'span' })).toBeInTheDocument();
    expect(within(users).getByText('Client')).toBeInTheDocument();
    expect(screen.getByText('310')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gérer les utilisateurs' })).toHaveAttribute('href', '/admin/clients');
    expect(screen.getByRole('link', { name: 'Paiements en double' })).toHaveAttribute('href', '/admin/duplicate-payments');
  });

  it("'Exporter les données' downloads each CSV with the session's token, saved from a Blob", async () => {
    const user = userEvent.setup();
    const api = signedInAdmin({
      'GET /api/admin/stats': () => jsonResponse(200, stats),
      'GET /api/admin/exports/sites.csv': () =>
        new Response('\uFEFFIdentifiant;Nom du site\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Exporter les données' }));
    await user.click(screen.getByRole('button', { name: 'Exporter les sites (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = api.calls.find((c) => c.url === '/api/admin/exports/sites.csv')!;
    expect(call.headers.get('Authorization')).toMatch(/^Bearer /);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toContain('Identifiant;Nom du site');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^vitrine-sites-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('shows the audience of every site over 30 days, against the 30 days before, and the most visited sites', async () => {
    signedInAdmin({
      'GET /api/admin/stats': () => jsonResponse(200, stats),
      'GET /api/admin/audience': () =>
        jsonResponse(200, {
          period: '30d',
          from: '2026-10-29',
          to: '2026-11-27',
          totals: { visitors: 1500, pageviews: 4000, visits: 1800, bounceRate: 0.4, averageVisitSeconds: 80 },
          previous: { visitors: 1000, pageviews: 4000, visits: 2000, bounceRate: 0.5, averageVisitSeconds: 70 },
          measuredSites: 2,
          topSites: [
            { siteId: 's1', siteName: 'Garage Dupont', visitors: 1200, pageviews: 3000 },
            { siteId: 's2', siteName: 'Fleurs', visitors: 300, pageviews: 1000 },
          ],
        }),
    });
    renderApp('/admin');
    const card = (await screen.findByRole('heading', { name: 'Audience des sites' })).closest('section')!;
    await within(card).findByText('2 sites avec des visites.');
    const visitors = within(card).getByText('Visiteurs').parentElement!;
    expect(within(visitors).getByText('1 500')).toBeInTheDocument();
    expect(within(visitors).getByText('+50 %')).toBeInTheDocument();
    expect(within(within(card).getByText('Visites').parentElement!).getByText('−10 %')).toBeInTheDocument();
    const top = within(card).getByRole('list', { name: 'Sites les plus visités' });
    expect(within(top).getByRole('link', { name: 'Garage Dupont' })).toHaveAttribute('href', '/admin/sites/s1');
    expect(within(top).getByText('1 200 visiteurs')).toBeInTheDocument();
  });
});
