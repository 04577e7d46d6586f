import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessToken } from '../../api/http';
import { jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

const anonymous = { 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) };

async function openRegister() {
  renderApp('/register');
  return screen.findByRole('heading', { name: 'Créer un compte' });
}

async function fill(values: { name?: string; email?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByLabelText('Nom'), values.name);
  if (values.email) await user.type(screen.getByLabelText('E-mail'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Mot de passe'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirmer le mot de passe'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
}

describe('Register page', () => {
  it('shows the validation messages and sends nothing when the form is invalid', async () => {
    const { calls } = mockApi(anonymous);
    await openRegister();

    await fill({ name: 'Claire', email: 'claire@exemple', password: '1234567', confirm: '7654321' });

    expect(await screen.findByText("Format d'email invalide")).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
    expect(screen.getByText('8 caractères minimum.')).toBeInTheDocument();
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.url === '/api/auth/register')).toHaveLength(0);
  });

  it("shows the server's field error under the e-mail (409, e-mail taken)", async () => {
    mockApi({
      ...anonymous,
      'POST /api/auth/register': () =>
        jsonResponse(409, { statusCode: 409, message: 'Cet email est déjà utilisé', errors: { email: 'Cet email est déjà utilisé' } }),
    });
    await openRegister();

    await fill({ name: 'Claire', email: 'claire@example.com', password: 'secret123', confirm: 'secret123' });

    expect(await screen.findByText('Cet email est déjà utilisé')).toBeInTheDocument();
    expect(screen.queryByText('Erreur lors de la création du compte')).not.toBeInTheDocument();
  });

  it('shows the generic failure message when the server fails without field errors', async () => {
    mockApi({ ...anonymous, 'POST /api/auth/register': () => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }) });
    await openRegister();

    await fill({ name: 'Claire', email: 'claire@example.com', password: 'secret123', confirm: 'secret123' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la création du compte');
  });

  it('creates the account, keeps the token in memory only and opens the dashboard', async () => {
    const session = makeSession({ name: 'Claire' }, 'new-account-token');
    const { calls } = mockApi({ ...anonymous, 'POST /api/auth/register': () => jsonResponse(201, session) });
    await openRegister();

    await fill({ name: '  Claire ', email: 'claire@example.com', password: 'secret123', confirm: 'secret123' });

    expect(await screen.findByRole('heading', { name: 'Bonjour, Claire' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/register')?.body).toEqual({
      name: 'Claire',
      email: 'claire@example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(getAccessToken()).toBe('new-account-token');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('new-account-token');
  });
});
