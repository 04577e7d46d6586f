import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, type RecordedCall, renderApp } from '../../test/utils';

const PREVIEW = {
  subscriptions: [
    {
      siteId: '11111111-1111-4111-8111-111111111111',
      siteName: 'Boulangerie Martin',
      status: 'active',
      currentPeriodEnd: '2026-12-12T10:00:00.000Z',
      canRunToPeriodEnd: true,
    },
  ],
  legalDocuments: 3,
  retainedUntil: '2036-12-31',
};

function signedIn(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin' }, 'token-1')),
    'POST /api/auth/logout': () => jsonResponse(204),
    'GET /api/billing/profile': () =>
      jsonResponse(200, {
        buyerType: 'individual',
        fullName: 'Claire Martin',
        companyName: '',
        siren: '',
        vatNumber: '',
        address: '',
        postalCode: '',
        city: '',
        updatedAt: null,
      }),
    'GET /api/privacy/exports': () => jsonResponse(200, { exports: [] }),
    'GET /api/auth/activity': () => jsonResponse(200, { signIns: [], teamViews: [] }),
    'GET /api/privacy/closure': () => jsonResponse(200, PREVIEW),
    ...extra,
  });
}

describe('Profile — Mes données', () => {
  it('asks for the archive and says the link comes by e-mail; lists the requests with their state', async () => {
    let requested = false;
    const { calls } = signedIn({
      'POST /api/privacy/exports': () => {
        requested = true;
        return jsonResponse(202, {
          id: 'e1',
          status: 'pending',
          requestedAt: '2026-11-24T10:00:00.000Z',
          readyAt: null,
          expiresAt: null,
          downloadedAt: null,
        });
      },
      'GET /api/privacy/exports': () =>
        jsonResponse(200, {
          exports: requested
            ? [
                {
                  id: 'e1',
                  status: 'pending',
                  requestedAt: '2026-11-24T10:00:00.000Z',
                  readyAt: null,
                  expiresAt: null,
                  downloadedAt: null,
                },
                {
                  id: 'e0',
                  status: 'ready',
                  requestedAt: '2026-11-23T10:00:00.000Z',
                  readyAt: '2026-11-23T10:01:00.000Z',
                  expiresAt: '2026-11-24T10:01:00.000Z',
                  downloadedAt: null,
                },
              ]
            : [],
        }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByText(/nous préparons l’archive de vos données/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/privacy/exports' && c.method === 'POST')).toHaveLength(1);
    const list = await screen.findByRole('list', { name: 'Vos demandes d’archive' });
    expect(within(list).getByText('En préparation')).toBeInTheDocument();
    expect(within(list).getByText('Prête')).toBeInTheDocument();
    expect(within(list).getByText(/valable jusqu’au 24\/11\/2026/)).toBeInTheDocument();
  });

  it('says the server’s words when it refuses (five a day)', async () => {
    signedIn({
      'POST /api/privacy/exports': () =>
        jsonResponse(429, {
          statusCode: 429,
          message: "Vous avez déjà demandé 5 archives aujourd'hui. Réessayez dans 3 heures.",
          retryAfter: 10800,
        }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous avez déjà demandé 5 archives aujourd');
  });

  it('shows the team’s views of the space in the activity', async () => {
    signedIn({
      'GET /api/auth/activity': () =>
        jsonResponse(200, {
          signIns: [{ at: '2026-11-24T09:00:00.000Z', endedAt: null }],
          teamViews: [{ startedAt: '2026-11-24T10:00:00.000Z', endedAt: '2026-11-24T10:12:00.000Z' }],
        }),
    });
    renderApp('/dashboard/profile');
    const views = await screen.findByRole('region', { name: 'Consultations par l’équipe' });
    expect(views).toHaveTextContent(/Le 24\/11\/2026 \d{2}:00, pendant 12\smin/);
  });
});

describe('Profile — Fermer mon compte', () => {
  async function openDialog() {
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.click(await screen.findByRole('button', { name: 'Fermer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fermer votre compte' });
    await within(dialog).findByText(/Vos abonnements en cours sont résiliés/);
    return { user, dialog };
  }

  it('says exactly what happens in a dialog: the subscriptions and when they end, sign-in, the erasure, what the law keeps', async () => {
    signedIn();
    const { dialog } = await openDialog();
    expect(within(dialog).getByText('Boulangerie Martin')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('payé jusqu’au 12/12/2026');
    // The safer choice is the default (issue 38): the client keeps what they paid for unless they choose otherwise.
    expect(within(dialog).getByRole('radio', { name: /À la fin de la période payée/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Tout de suite/ })).not.toBeChecked();
    expect(dialog).toHaveTextContent('Vous ne pourrez plus vous connecter');
    expect(dialog).toHaveTextContent('Vos 3 factures et avoirs et vos paiements sont conservés jusqu’au 31/12/2036');
    expect(dialog).toHaveTextContent('Code de commerce, article L123-22');
    expect(dialog).toHaveTextContent('Vous pourrez créer un nouveau compte avec la même adresse');
    expect(within(dialog).getByLabelText('Mot de passe')).toHaveAttribute('type', 'password');
  });

  it('needs the password, shows the server’s message under it', async () => {
    signedIn({
      'POST /api/privacy/closure': () =>
        jsonResponse(400, { statusCode: 400, message: 'Données invalides', errors: { password: 'Mot de passe incorrect.' } }),
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer définitivement mon compte' }));
    expect(await within(dialog).findByText('Le mot de passe est requis')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Mot de passe'), 'pas-le-bon');
    await user.click(within(dialog).getByRole('button', { name: 'Fermer définitivement mon compte' }));
    expect(await within(dialog).findByText('Mot de passe incorrect.')).toBeInTheDocument();
  });

  it('closes with the chosen end of the subscriptions, signs out and says so on the sign-in page', async () => {
    const { calls } = signedIn({
      'POST /api/privacy/closure': () =>
        jsonResponse(200, {
          closedAt: '2026-11-24T10:00:00.000Z',
          eraseAfter: '2026-12-12T10:00:00.000Z',
          message: 'Votre compte est fermé.',
        }),
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Mot de passe'), 'mon-mot-de-passe');
    await user.click(within(dialog).getByRole('button', { name: 'Fermer définitivement mon compte' }));

    expect(await screen.findByText('Votre compte est fermé. Un e-mail de confirmation vous a été envoyé.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/privacy/closure' && c.method === 'POST')!.body).toEqual({
      password: 'mon-mot-de-passe',
      cancellation: 'period_end',
    });
    expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(true);
  });

  it('keeps the account with “Garder mon compte”', async () => {
    const { calls } = signedIn();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Garder mon compte' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/privacy/closure' && c.method === 'POST')).toBe(false);
  });
});
