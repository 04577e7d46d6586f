import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessToken } from '../../api/http';
import { jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

const anonymous = { 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) };

async function submit(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Mot de passe'), password);
  await user.type(screen.getByLabelText('Confirmer le mot de passe'), confirm);
  await user.click(screen.getByRole('button', { name: 'Définir mon mot de passe' }));
}

describe('First-login page', () => {
  it("says 'Lien invalide ou expiré' when the token is missing", async () => {
    mockApi(anonymous);
    renderApp('/first-login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lien invalide ou expiré');
    expect(screen.queryByLabelText('Mot de passe')).not.toBeInTheDocument();
  });

  it('checks the length and the match of the passwords before calling the server', async () => {
    const { calls } = mockApi(anonymous);
    renderApp('/first-login?token=abc');

    await submit('1234567', '7654321');

    expect(await screen.findByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/first-login')).toBe(false);
  });

  it("shows 'Lien invalide ou expiré' when the server rejects the token", async () => {
    mockApi({
      ...anonymous,
      'POST /api/auth/first-login': () =>
        jsonResponse(400, { statusCode: 400, message: 'Lien invalide ou expiré', errors: { token: 'Lien invalide ou expiré' } }),
    });
    renderApp('/first-login?token=used-token');

    await submit('secret123', 'secret123');

    expect(await screen.findByRole('alert')).toHaveTextContent('Lien invalide ou expiré');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('sets the password, signs in and opens the dashboard', async () => {
    const { calls } = mockApi({
      ...anonymous,
      'POST /api/auth/first-login': () => jsonResponse(200, makeSession({ name: 'Paul' }, 'first-token')),
    });
    const { router } = renderApp('/first-login?token=good-token');

    await submit('secret123', 'secret123');

    expect(await screen.findByRole('heading', { name: 'Bonjour, Paul' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((c) => c.url === '/api/auth/first-login')?.body).toEqual({ token: 'good-token', password: 'secret123' });
    expect(getAccessToken()).toBe('first-token');
  });
});
