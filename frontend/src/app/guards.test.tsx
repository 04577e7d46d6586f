import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../test/utils';

const anonymous = { 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) };
const signedInAs = (role: 'client' | 'admin', name = role === 'admin' ? 'Alice Admin' : 'Claire Client') => {
  givenSessionCookie();
  return {
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ role, name })),
    'GET /api/admin/users': () => jsonResponse(200, { users: [], total: 0 }),
  };
};

describe('Route guards', () => {
  it("shows the page's known head over 'Chargement...' while the session is being restored", async () => {
    let answer!: (response: Response) => void;
    givenSessionCookie();
    mockApi({ 'POST /api/auth/refresh': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/dashboard');
    // What does not depend on who is signed in, where the page will show it, over 'Chargement...'.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Bonjour$/);
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    expect(screen.getByText('Suivez vos sites, vos factures et vos demandes depuis votre tableau de bord.')).toBeInTheDocument();

    // Once the session is restored, the page shows.
    answer(jsonResponse(200, makeSession({ name: 'Claire' })));
    await vi.waitFor(() => expect(screen.queryByText('Chargement...')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bonjour, Claire');
  });

  it('sends a visitor to /login, remembering the page of origin, and returns there after sign-in', async () => {
    mockApi({ ...anonymous, 'POST /api/auth/login': () => jsonResponse(200, makeSession({ name: 'Claire' })) });
    const { router } = renderApp('/dashboard/profile');

    await screen.findByRole('heading', { name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/profile' } });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'claire@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { name: 'Mon profil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/profile');
  });

  it('sends a client away from admin pages to /dashboard', async () => {
    mockApi(signedInAs('client'));
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Bonjour, Claire Client' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets an admin who is not in admin mode see client pages', async () => {
    window.localStorage.setItem('adminMode', '0');
    mockApi(signedInAs('admin'));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Bonjour, Alice Admin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('switch', { name: 'Mode administrateur' })).toHaveAttribute('aria-checked', 'false');
  });

  it('sends an admin in admin mode from client pages to /admin', async () => {
    window.localStorage.setItem('adminMode', '1');
    mockApi(signedInAs('admin'));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Tableau de bord administrateur' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it("resets the admin mode flag to '0' when a non-admin loads the app", async () => {
    window.localStorage.setItem('adminMode', '1');
    mockApi(signedInAs('client'));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Bonjour, Claire Client' })).toBeInTheDocument();
    expect(window.localStorage.getItem('adminMode')).toBe('0');
    expect(screen.queryByRole('switch', { name: 'Mode administrateur' })).not.toBeInTheDocument();
  });

  it('lets an admin switch between admin mode (/admin) and client mode (/dashboard)', async () => {
    window.localStorage.setItem('adminMode', '0');
    mockApi(signedInAs('admin'));
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Mode administrateur' }));
    expect(await screen.findByRole('heading', { name: 'Tableau de bord administrateur' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(window.localStorage.getItem('adminMode')).toBe('1');

    await user.click(screen.getByRole('switch', { name: 'Mode administrateur' }));
    expect(await screen.findByRole('heading', { name: 'Bonjour, Alice Admin' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(window.localStorage.getItem('adminMode')).toBe('0');
  });
});
