import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAccessToken } from '../../api/http';
import { givenSessionCookie, jsonResponse, makeSession, makeUser, mockApi, renderApp } from '../../test/utils';

const BILLING_PROFILE = {
  buyerType: 'individual',
  fullName: 'Claire Martin',
  companyName: '',
  siren: '',
  vatNumber: '',
  address: '3 place du Marché',
  postalCode: '69001',
  city: 'Lyon',
  updatedAt: null,
};

const signedIn = () => {
  givenSessionCookie();
  return {
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin' }, 'token-1')),
    'GET /api/billing/profile': () => jsonResponse(200, BILLING_PROFILE),
    'GET /api/privacy/exports': () => jsonResponse(200, { exports: [] }),
    'GET /api/auth/activity': () => jsonResponse(200, { signIns: [], teamViews: [] }),
  };
};

async function openProfile() {
  renderApp('/dashboard/profile');
  await screen.findByRole('heading', { name: 'Mon profil' });
  const form = screen.getByRole('heading', { name: 'Mot de passe' }).closest('div')!;
  return {
    old: within(form).getByLabelText('Ancien mot de passe'),
    next: within(form).getByLabelText('Nouveau mot de passe'),
    confirm: within(form).getByLabelText('Confirmer le mot de passe'),
    save: within(form).getByRole('button', { name: 'Mettre à jour le mot de passe' }),
  };
}

describe('Profile page — password change', () => {
  it('keeps save disabled while the old or new password is empty or the confirmation differs', async () => {
    mockApi(signedIn());
    const user = userEvent.setup();
    const f = await openProfile();

    expect(f.save).toBeDisabled();
    await user.type(f.next, 'nouveau123');
    await user.type(f.confirm, 'nouveau123');
    expect(f.save).toBeDisabled(); // old password empty

    await user.type(f.old, 'ancien123');
    expect(f.save).toBeEnabled();

    await user.type(f.confirm, 'x');
    expect(f.save).toBeDisabled(); // new ≠ confirm
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();

    await user.clear(f.next);
    await user.clear(f.confirm);
    expect(f.save).toBeDisabled(); // new empty
  });

  it("shows 'Ancien mot de passe incorrect.' under the old password when the server rejects it, and focuses it", async () => {
    mockApi({
      ...signedIn(),
      'POST /api/auth/change-password': () =>
        jsonResponse(400, {
          statusCode: 400,
          message: 'Ancien mot de passe incorrect.',
          errors: { oldPassword: 'Ancien mot de passe incorrect.' },
        }),
    });
    const user = userEvent.setup();
    const f = await openProfile();

    await user.type(f.old, 'faux-mot');
    await user.type(f.next, 'nouveau123');
    await user.type(f.confirm, 'nouveau123');
    await user.click(f.save);

    // The server's field error goes under its field (lib/form-errors), which is marked invalid and focused.
    await vi.waitFor(() => expect(f.old).toHaveAttribute('aria-invalid', 'true'));
    expect(f.old).toHaveAccessibleDescription('Ancien mot de passe incorrect.');
    expect(f.old).toHaveFocus();
    expect(screen.queryByText('Erreur lors de la mise à jour.')).not.toBeInTheDocument();
    expect(screen.queryByText('Mot de passe mis à jour.')).not.toBeInTheDocument();
  });

  it('puts the server’s message about the new password under the new password', async () => {
    mockApi({
      ...signedIn(),
      'POST /api/auth/change-password': () =>
        jsonResponse(400, { statusCode: 400, message: 'Requête invalide', errors: { newPassword: 'Le mot de passe est trop courant' } }),
    });
    const user = userEvent.setup();
    const f = await openProfile();

    await user.type(f.old, 'ancien123');
    await user.type(f.next, 'azerty123');
    await user.type(f.confirm, 'azerty123');
    await user.click(f.save);

    await vi.waitFor(() => expect(f.next).toHaveAttribute('aria-invalid', 'true'));
    expect(f.next).toHaveAccessibleDescription(/Le mot de passe est trop courant/);
    expect(f.old).not.toHaveAttribute('aria-invalid');
  });

  it("shows 'Mot de passe mis à jour.', stores the new session and clears the fields", async () => {
    const { calls } = mockApi({
      ...signedIn(),
      'POST /api/auth/change-password': () => jsonResponse(200, makeSession({ name: 'Claire Martin' }, 'token-after-change')),
    });
    const user = userEvent.setup();
    const f = await openProfile();

    await user.type(f.old, 'ancien123');
    await user.type(f.next, 'nouveau123');
    await user.type(f.confirm, 'nouveau123');
    await user.click(f.save);

    expect(await screen.findByText('Mot de passe mis à jour.')).toBeInTheDocument();
    expect(getAccessToken()).toBe('token-after-change');
    expect(f.old).toHaveValue('');
    const call = calls.find((c) => c.url === '/api/auth/change-password')!;
    expect(call.body).toEqual({ oldPassword: 'ancien123', newPassword: 'nouveau123', confirmPassword: 'nouveau123' });
    expect(call.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it("shows 'Erreur lors de la mise à jour.' on any other failure", async () => {
    mockApi({ ...signedIn(), 'POST /api/auth/change-password': () => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }) });
    const user = userEvent.setup();
    const f = await openProfile();

    await user.type(f.old, 'ancien123');
    await user.type(f.next, 'nouveau123');
    await user.type(f.confirm, 'nouveau123');
    await user.click(f.save);

    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la mise à jour.');
  });
});

describe('Profile page — name', () => {
  it("saves the name and shows 'Profil mis à jour.'; the e-mail is read-only", async () => {
    const { calls } = mockApi({
      ...signedIn(),
      'PATCH /api/auth/me': () => jsonResponse(200, makeUser({ name: 'Claire Dupont' })),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    const name = await screen.findByLabelText('Nom');

    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    await user.clear(name);
    await user.type(name, 'Claire Dupont');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Profil mis à jour.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Claire Dupont' });
  });

  it("shows 'Erreur lors de la mise à jour.' when saving the name fails", async () => {
    mockApi({ ...signedIn(), 'PATCH /api/auth/me': () => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }) });
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    await user.type(await screen.findByLabelText('Nom'), ' Jr');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la mise à jour.');
  });
});

describe('Profile page — billing identity', () => {
  it('turns the buyer into a company, sends its identifiers, and shows the server’s messages under each field', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      ...signedIn(),
      'PUT /api/billing/profile': (call) =>
        ++attempt === 1
          ? jsonResponse(400, {
              statusCode: 400,
              message: 'Données invalides',
              errors: { siren: 'SIREN invalide : 9 chiffres avec une clé de contrôle correcte.' },
            })
          : jsonResponse(200, { ...BILLING_PROFILE, ...(call.body as object), siren: '732829320', updatedAt: '2026-11-24T10:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderApp('/dashboard/profile');
    const form = await screen.findByRole('form', { name: 'Informations de facturation' });
    expect(within(form).getByLabelText('Adresse')).toHaveValue('3 place du Marché');
    await user.click(within(form).getByRole('radio', { name: 'Entreprise' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la facturation' }));
    expect(await within(form).findByText("Le nom de l'entreprise est requis.")).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Raison sociale'), 'Martin SARL');
    await user.type(within(form).getByLabelText('SIREN (facultatif)'), '732829321');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la facturation' }));
    expect(await within(form).findByText('SIREN invalide : 9 chiffres avec une clé de contrôle correcte.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('SIREN (facultatif)'));
    await user.type(within(form).getByLabelText('SIREN (facultatif)'), '732 829 320');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la facturation' }));
    expect(
      await within(form).findByText('Informations de facturation enregistrées. Elles figureront sur vos prochaines factures.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      buyerType: 'company',
      companyName: 'Martin SARL',
      siren: '732 829 320',
    });
  });
});
