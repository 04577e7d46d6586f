import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type RecordedCall, renderApp } from '../../test/utils';
import { adminSite, queryOf, signedInAdmin } from './admin-fixtures';

const sites = [
  adminSite({
    id: 's1',
    siteName: 'Boulangerie Martin',
    status: 'active',
    type: 'business',
    domain: 'boulangerie-martin.fr',
    createdAt: '2026-03-14T10:00:00.000Z',
  }),
  adminSite({ id: 's2', siteName: 'Garage Dupont', status: 'suspended', type: 'custom', createdAt: '2026-01-02T10:00:00.000Z' }),
  adminSite({ id: 's3', siteName: 'Fleurs', status: 'pending', type: 'pro' }),
];

function setup(url: string, total = 3, answer = sites) {
  const api = signedInAdmin({ 'GET /api/admin/sites': () => jsonResponse(200, { sites: answer, total }) });
  const app = renderApp(url);
  const listCalls = () => api.calls.filter((c: RecordedCall) => c.url.startsWith('/api/admin/sites'));
  const lastQuery = () => queryOf(listCalls().at(-1)!);
  const search = () => app.router.state.location.search;
  return { ...app, listCalls, lastQuery, search };
}

describe('Admin sites list', () => {
  it('shows each site with its French badges, domain or "Aucun domaine", owner and fr-FR date, 10 per page, newest first', async () => {
    const { lastQuery } = setup('/admin/sites');
    const table = await screen.findByRole('table', { name: 'Sites' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Boulangerie Martin', 'boulangerie-martin.fr', 'Actif', 'Business'],
      ['Garage Dupont', 'Aucun domaine', 'Suspendu', 'Teams'],
      ['Fleurs', 'Aucun domaine', 'En attente', 'Pro'],
    ]);
    expect(within(rows[0]).getByText('14/03/2026')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Voir Boulangerie Martin' })).toHaveAttribute('href', '/admin/sites/s1');
    expect(within(rows[0]).getByRole('link', { name: 'Modifier Boulangerie Martin' })).toHaveAttribute('href', '/admin/sites/s1#modifier');
    expect(lastQuery()).toEqual({ page: '1', limit: '10', sortBy: 'created_at', sortOrder: 'desc' });
    expect(screen.getByText('3 sites')).toBeInTheDocument();
  });

  it("says 'Aucun site trouvé' when nothing matches", async () => {
    setup('/admin/sites?q=zzz', 0, []);
    expect(await screen.findByText('Aucun site trouvé')).toBeInTheDocument();
  });

  it('restores the whole list state from the URL (a reload or a shared link shows the same page)', async () => {
    const { lastQuery } = setup('/admin/sites?q=martin&status=pending&type=pro&sort=owner_name&order=desc&page=2', 30);
    await screen.findByRole('table', { name: 'Sites' });
    expect(lastQuery()).toEqual({
      page: '2',
      limit: '10',
      search: 'martin',
      status: 'pending',
      type: 'pro',
      sortBy: 'owner_name',
      sortOrder: 'desc',
    });
    expect(screen.getByRole('searchbox', { name: 'Rechercher un site' })).toHaveValue('martin');
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('pending');
    expect(screen.getByRole('combobox', { name: 'Formule' })).toHaveValue('pro');
    expect(screen.getByRole('columnheader', { name: /Client/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('ignores values the API would refuse', async () => {
    const { lastQuery } = setup('/admin/sites?status=canceled&sort=password&type=teams');
    await screen.findByRole('table', { name: 'Sites' });
    expect(lastQuery()).toEqual({ page: '1', limit: '10', sortBy: 'created_at', sortOrder: 'desc' });
  });

  it('goes back to page 1 on a filter change or a search, and keeps the state in the URL', async () => {
    const user = userEvent.setup();
    const { lastQuery, search } = setup('/admin/sites?page=3', 40);
    await screen.findByRole('table', { name: 'Sites' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'active');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', status: 'active' }));
    expect(search()).toBe('?status=active');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', status: 'active' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Formule' }), 'business');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', status: 'active', type: 'business' }));

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un site' }), "  d'Anaïs 100% ");
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', search: "d'Anaïs 100%" }));
    expect(new URLSearchParams(search()).get('q')).toBe("d'Anaïs 100%");
    expect(new URLSearchParams(search()).get('page')).toBeNull();
  });

  it('sorts by a clicked column: ascending first, then flips; another column starts ascending; back to page 1', async () => {
    const user = userEvent.setup();
    const { lastQuery } = setup('/admin/sites?page=2', 30);
    await screen.findByRole('table', { name: 'Sites' });
    const header = (name: RegExp) => within(screen.getByRole('columnheader', { name })).getByRole('button');
    await user.click(header(/^Site/));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', sortBy: 'site_name', sortOrder: 'asc' }));
    await user.click(header(/^Site/));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'site_name', sortOrder: 'desc' }));
    for (const [name, key] of [
      [/^Domaine/, 'domain'],
      [/^Statut/, 'status'],
      [/^Formule/, 'type'],
      [/^Client/, 'owner_name'],
      [/^Créé le/, 'created_at'],
    ] as const) {
      await user.click(header(name));
      await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: key, sortOrder: 'asc' }));
    }
  });

  it('shows at most 5 page buttons, with previous and next', async () => {
    const user = userEvent.setup();
    const { lastQuery } = setup('/admin/sites', 123);
    await screen.findByRole('table', { name: 'Sites' });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pager).getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));
    expect(within(pager).getByText('Page 2 sur 13')).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    signedInAdmin({ 'GET /api/admin/sites': () => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }) });
    renderApp('/admin/sites');
    expect(await screen.findByText(/Impossible de charger les sites/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it("shows each site's payments, and filters them with 'Paiements', kept in the URL", async () => {
    const user = userEvent.setup();
    const since = new Date(2026, 10, 12, 10, 0).toISOString();
    const { lastQuery, search } = setup('/admin/sites?page=2', 30, [
      adminSite({ id: 's1', siteName: 'Boulangerie Martin', paymentState: 'current' }),
      adminSite({ id: 's2', siteName: 'Garage Dupont', paymentState: 'past_due', paymentStateSince: since }),
      adminSite({ id: 's3', siteName: 'Fleurs', paymentState: 'unpaid', paymentStateSince: since }),
      adminSite({ id: 's4', siteName: 'Atelier', paymentState: 'ended', paymentStateSince: since }),
    ]);
    const table = await screen.findByRole('table', { name: 'Sites' });
    const paymentColumn = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Paiements');
    expect(paymentColumn).toBeGreaterThan(-1);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[paymentColumn].textContent),
    ).toEqual(['À jour', 'Paiement en retard depuis le 12/11/2026', 'Suspendu pour impayé', 'Abonnement terminé']);

    const filter = screen.getByRole('combobox', { name: 'Paiements' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous', 'En impayé', 'Paiement en retard', 'Suspendus pour impayé', 'Abonnements terminés']);
    await user.selectOptions(filter, 'En impayé');
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', paymentState: 'arrears' }));
    expect(search()).toBe('?paymentState=arrears');
    await user.selectOptions(filter, 'Tous');
    await waitFor(() => expect(lastQuery().paymentState).toBeUndefined());
  });

  it('restores the payment filter from the URL and ignores a value the API would refuse', async () => {
    const first = setup('/admin/sites?paymentState=unpaid');
    await screen.findByRole('table', { name: 'Sites' });
    expect(first.lastQuery()).toMatchObject({ paymentState: 'unpaid' });
    expect(screen.getByRole('combobox', { name: 'Paiements' })).toHaveValue('unpaid');
    first.unmount();

    const second = setup('/admin/sites?paymentState=all-of-them');
    await screen.findByRole('table', { name: 'Sites' });
    expect(second.lastQuery().paymentState).toBeUndefined();
  });
});
