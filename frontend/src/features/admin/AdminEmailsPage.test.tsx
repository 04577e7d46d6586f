import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

const emails = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    recipient: 'claire@example.com',
    template: 'password-reset',
    subject: 'Réinitialisation de votre mot de passe',
    status: 'failed',
    attempts: 6,
    lastError: 'connect ECONNREFUSED 127.0.0.1:1025',
    actionUrl: 'http://localhost:3000/reset-password?token=••••••••',
    createdAt: '2026-11-20T10:00:00.000Z',
    sentAt: null,
    nextAttemptAt: '2026-11-20T11:00:00.000Z',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    recipient: 'paul@example.com',
    template: 'welcome',
    subject: 'Bienvenue chez Vitrine !',
    status: 'captured',
    attempts: 1,
    lastError: null,
    actionUrl: 'http://localhost:3000/dashboard',
    createdAt: '2026-11-20T09:00:00.000Z',
    sentAt: '2026-11-20T09:00:01.000Z',
    nextAttemptAt: '2026-11-20T09:00:00.000Z',
  },
];

function adminApi(extra = {}) {
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ role: 'admin', name: 'Admin' })),
    'GET /api/admin/emails': () => jsonResponse(200, { emails, total: 2 }),
    'GET /api/admin/emails/11111111-1111-4111-8111-111111111111': () =>
      jsonResponse(200, { ...emails[0], html: '<p>Bonjour Claire</p>', text: 'Bonjour Claire (texte)' }),
    ...extra,
  });
}

describe('Admin mail log', () => {
  beforeEach(() => window.localStorage.setItem('adminMode', '1'));

  it('lists mails with French status badges', async () => {
    adminApi();
    renderApp('/admin/emails');
    expect(await screen.findByRole('heading', { name: 'Journal des e-mails' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByText('Échec')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Capturé')).toBeInTheDocument();
    expect(screen.getByText('2 e-mails')).toBeInTheDocument();
  });

  it('filters by status and recipient through the API', async () => {
    const { calls } = adminApi();
    renderApp('/admin/emails');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Statut'), 'failed');
    await user.type(screen.getByLabelText('Destinataire'), 'claire');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await screen.findByText('2 e-mails');
    const last = calls.filter((c) => c.url.includes('/api/admin/emails?')).at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('status')).toBe('failed');
    expect(new URL(last.url, 'http://x').searchParams.get('recipient')).toBe('claire');
  });

  it('previews a mail in a sandboxed frame, shows its text, and retries it', async () => {
    const { calls } = adminApi({
      'POST /api/admin/emails/11111111-1111-4111-8111-111111111111/retry': () =>
        jsonResponse(200, { ...emails[0], status: 'queued', attempts: 0 }),
    });
    renderApp('/admin/emails');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: "Voir l'e-mail « Réinitialisation de votre mot de passe » à claire@example.com" }),
    );
    const frame = await screen.findByTitle('Aperçu : Réinitialisation de votre mot de passe');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>Bonjour Claire</p>');
    expect(screen.getByText(/Dernière erreur : connect ECONNREFUSED/)).toBeInTheDocument();
    // A one-time link comes masked from the API: shown as such, not as a link to follow.
    expect(screen.getByText('http://localhost:3000/reset-password?token=•••••••• (jeton masqué)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /reset-password/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Texte' }));
    expect(screen.getByText('Bonjour Claire (texte)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText("E-mail remis en file d'envoi.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/retry'))).toBe(true);
  });
});
