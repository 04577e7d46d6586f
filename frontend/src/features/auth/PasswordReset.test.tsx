import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

const anonymous = { 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) };
const ANSWER = 'Si un compte existe pour cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe.';

describe('Forgot password page', () => {
  it('is linked from the login page', async () => {
    mockApi(anonymous);
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe oublié' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('checks the address, then shows the server answer', async () => {
    const { calls } = mockApi({ ...anonymous, 'POST /api/auth/forgot-password': () => jsonResponse(200, { message: ANSWER }) });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText("L'email est requis")).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText("Format d'email invalide")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'claire@example.com');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ANSWER);
    expect(calls.find((c) => c.url.endsWith('/api/auth/forgot-password'))?.body).toEqual({ email: 'claire@example.com' });
  });
});

describe('Reset password page', () => {
  it('says the link is invalid without a token', async () => {
    mockApi(anonymous);
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lien invalide ou expiré');
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password');
  });

  it('checks length and confirmation before calling the server', async () => {
    const { calls } = mockApi(anonymous);
    renderApp('/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mot de passe'), '1234567');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), '1234568');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/api/auth/reset-password'))).toBe(false);
  });

  it('signs in with the new password and goes to the dashboard', async () => {
    const { calls } = mockApi({ ...anonymous, 'POST /api/auth/reset-password': () => jsonResponse(200, makeSession({ name: 'Claire' })) });
    const { router } = renderApp('/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mot de passe'), 'nouveau1');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'nouveau1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('heading', { name: 'Bonjour, Claire' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((c) => c.url.endsWith('/api/auth/reset-password'))?.body).toEqual({ token: 'abc', password: 'nouveau1' });
  });

  it('turns a refused token into the invalid-link view', async () => {
    mockApi({
      ...anonymous,
      'POST /api/auth/reset-password': () =>
        jsonResponse(400, { statusCode: 400, message: 'Lien invalide ou expiré', errors: { token: 'Lien invalide ou expiré' } }),
    });
    renderApp('/reset-password?token=used');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mot de passe'), 'nouveau1');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'nouveau1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lien invalide ou expiré');
  });
});
