import { screen, within } from '@testing-library/react';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

const site = (id: string, siteName: string, status: string, domain: string | null = null) => ({
  id,
  siteName,
  domain,
  status,
  type: 'pro',
  progression: { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false },
  createdAt: '2025-09-01T10:00:00.000Z',
  updatedAt: '2025-09-01T10:00:00.000Z',
});

function signedInWith(sites: unknown[]) {
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin' })),
    'GET /api/sites': () => jsonResponse(200, { sites, total: sites.length }),
  });
}

describe('Dashboard — Mes Sites', () => {
  it('lists the client’s sites with their domain and status badge', async () => {
    signedInWith([site('s1', 'Boulangerie Martin', 'pending'), site('s2', 'Garage Dupont', 'active', 'garage-dupont.fr'), site('s3', 'Ancien site', 'suspended')]);
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Mes sites' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.textContent)).toEqual(['Boulangerie MartinAucun domaineEn attente', 'Garage Dupontgarage-dupont.frActif', 'Ancien siteAucun domaineAnnulé']);
    expect(rows[0]).toHaveAttribute('href', '/dashboard/sites/s1');
    expect(screen.getByRole('link', { name: 'Nouveau site' })).toHaveAttribute('href', '/order');
  });

  it("says 'Aucun site créé' when there is none", async () => {
    signedInWith([]);
    renderApp('/dashboard');
    expect(await screen.findByText('Aucun site créé')).toBeInTheDocument();
  });
});
