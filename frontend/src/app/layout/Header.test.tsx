import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from '../../api/http';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

describe('Header', () => {
  it('shows the public links and Connexion when signed out; the mobile menu repeats them', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) });
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    for (const name of ['Accueil', 'Services', 'Prix', 'Portfolio', 'Contact']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Prix' })).toHaveAttribute('href', '/#features');
    expect(await screen.findAllByRole('link', { name: 'Connexion' })).not.toHaveLength(0);

    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
    expect(menu).toBeVisible();
    expect(within(menu).getByRole('link', { name: 'Portfolio' })).toHaveAttribute('href', '/#portfolio');
  });

  it('for an admin: Tableau de bord goes to /admin; Se déconnecter closes the session and returns home', async () => {
    givenSessionCookie();
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ role: 'admin', name: 'Alice' }, 'admin-token')),
      'POST /api/auth/logout': () => jsonResponse(204),
    });
    const { router } = renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Mon profil' });
    const header = screen.getByRole('banner');

    expect(within(header).getAllByRole('link', { name: 'Tableau de bord' })[0]).toHaveAttribute('href', '/admin');
    expect(within(header).queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();

    await userEvent.click(within(header).getAllByRole('button', { name: 'Se déconnecter' })[0]);

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getSession()).toBeNull();
    expect(document.cookie).not.toContain('vitrine_session=1');
    const logout = calls.find((c) => c.url === '/api/auth/logout')!;
    expect(logout.headers.get('Authorization')).toBe('Bearer admin-token');
    expect(await screen.findAllByRole('link', { name: 'Connexion' })).not.toHaveLength(0);
  });

  it("groups the admin's other pages under 'Plus': shown on demand, closed by Escape or a click elsewhere", async () => {
    givenSessionCookie();
    window.localStorage.setItem('adminMode', '1');
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ role: 'admin', name: 'Alice' }, 'admin-token')) });
    renderApp('/admin/sites');
    const bar = await screen.findByRole('navigation', { name: 'Administration' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Administration', 'Sites', 'Clients', 'Revenus', 'Devis']);

    const more = within(bar).getByRole('button', { name: 'Plus' });
    const list = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Factures et avoirs',
      'Paiements en double',
      'Journal des e-mails',
      "Journal d'audit",
      'Comptes fermés',
      'Intégrations',
      'État du service',
      'Paramètres',
    ]);
    expect(within(list).getByRole('link', { name: 'Paramètres' })).toHaveAttribute('href', '/admin/settings');

    await userEvent.keyboard('{Escape}');
    expect(list).not.toBeVisible();
    expect(more).toHaveFocus();
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('main'));
    expect(more).toHaveAttribute('aria-expanded', 'false');

    // The phone menu lists every admin page, one after the other.
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu mobile' });
    for (const name of ['Devis', 'Intégrations', 'Paramètres']) expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
  }, 15_000);

  it('lifts off the page with a shadow once it has scrolled more than 10 px, and not before', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) });
    renderApp('/contact');
    const header = await screen.findByRole('banner');
    expect(header).not.toHaveAttribute('data-scrolled');
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        fireEvent.scroll(window);
      });
    // The header shows once the route's page has loaded, a render outside act(): its scroll listener is added by an
    // effect that React runs a moment later, which a scroll right after findByRole can come before (CI, 2026-11-28).
    await waitFor(() => {
      scrollTo(11);
      expect(header).toHaveAttribute('data-scrolled', 'true');
    });
    scrollTo(10);
    expect(header).not.toHaveAttribute('data-scrolled');
    scrollTo(11);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    scrollTo(0);
    expect(header).not.toHaveAttribute('data-scrolled');
  });

  it("toggles the theme: 'dark' class on <html> and saved under the 'theme' key", async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) });
    renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Basculer le thème' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(toggle);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it("shows 'Page introuvable' for an unknown path", async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) });
    renderApp('/nimporte-quoi');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });
});
