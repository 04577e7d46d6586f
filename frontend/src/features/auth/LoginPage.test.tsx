import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

const anonymous = { 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) };

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('Login page', () => {
  it("shows 'Email ou mot de passe incorrect' on a 401", async () => {
    mockApi({
      ...anonymous,
      'POST /api/auth/login': () => jsonResponse(401, { statusCode: 401, message: 'Email ou mot de passe incorrect' }),
    });
    renderApp('/login');
    await signIn('claire@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect');
  });

  it("shows the server's message as is on a 429", async () => {
    const message = 'Trop de tentatives de connexion. Réessayez dans 15 minutes.';
    mockApi({ ...anonymous, 'POST /api/auth/login': () => jsonResponse(429, { statusCode: 429, message }) });
    renderApp('/login');
    await signIn('claire@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("puts the server's field errors (400) under their field, without the generic message", async () => {
    mockApi({
      ...anonymous,
      'POST /api/auth/login': () =>
        jsonResponse(400, { statusCode: 400, message: 'Données invalides', errors: { password: 'Le mot de passe est trop long' } }),
    });
    renderApp('/login');
    await signIn('claire@example.com', 'x'.repeat(12));
    expect(await screen.findByText('Le mot de passe est trop long')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Email ou mot de passe incorrect')).not.toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    mockApi(anonymous);
    renderApp('/login');
    const input = await screen.findByLabelText('Mot de passe');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Masquer' })).toBeInTheDocument();
  });

  it('goes to /dashboard after sign-in when there is no page of origin', async () => {
    mockApi({ ...anonymous, 'POST /api/auth/login': () => jsonResponse(200, makeSession({ name: 'Claire' })) });
    const { router } = renderApp('/login');
    await signIn('claire@example.com', 'secret123');
    expect(await screen.findByRole('heading', { name: 'Bonjour, Claire' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
