import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';
import { formatWait, waitText } from './countdown';

const SITE_ID = '11111111-1111-4111-8111-111111111111';
const site = {
  id: SITE_ID,
  siteName: 'Boulangerie Martin',
  domain: 'boulangerie-martin.fr',
  status: 'pending',
  type: 'pro',
  planLabel: 'Pro (29\u00a0€/mois)',
  ageDays: 3,
  statusHistory: [{ fromStatus: null, toStatus: 'pending', cause: 'payment', createdAt: '2026-11-18T10:00:00.000Z' }],
  modificationOptions: {
    types: [
      { value: 'design', label: 'Design' },
      { value: 'content', label: 'Contenu' },
    ],
    priorities: [
      { value: 'low', label: 'Basse' },
      { value: 'medium', label: 'Moyenne' },
    ],
  },
  progression: { started: true, designOk: false, devOk: false, seoOk: false, technoReview: false },
  createdAt: '2026-11-18T10:00:00.000Z',
  updatedAt: '2026-11-18T10:00:00.000Z',
};

function signedIn(handlers: Parameters<typeof mockApi>[0]) {
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin', email: 'claire@example.com' })),
    ...handlers,
  });
}

describe('the support wait', () => {
  it('reads as a wait in minutes and seconds, never as a time of day', () => {
    expect(formatWait(897)).toBe('14\u00a0min 57\u00a0s');
    expect(formatWait(900)).toBe('15\u00a0min');
    expect(formatWait(61)).toBe('1\u00a0min 1\u00a0s');
    expect(formatWait(45)).toBe('45\u00a0s');
    expect(formatWait(0.2)).toBe('1\u00a0s');
    expect(waitText(897)).toBe('Vous pourrez envoyer un nouveau message dans 14\u00a0min 57\u00a0s.');
    expect(waitText(754)).not.toMatch(/\d+:\d+/);
  });

  it('comes from the server after a reload, and blocks the send button', async () => {
    signedIn({
      'GET /api/support/messages/next-allowed': () =>
        jsonResponse(200, { nextAllowedAt: new Date(Date.now() + 600_000).toISOString(), retryAfter: 600 }),
      'GET /api/agency': () => jsonResponse(500, {}),
    });
    renderApp('/dashboard/support');
    expect(
      await screen.findByText(/^Vous pourrez envoyer un nouveau message dans (10\smin(\s1\ss)?|9\smin\s5\d\ss)\.$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
  });

  it("says 'Message envoyé', clears the message and starts the wait", async () => {
    const user = userEvent.setup();
    const { calls } = signedIn({
      'GET /api/support/messages/next-allowed': () => jsonResponse(200, { nextAllowedAt: null, retryAfter: 0 }),
      'GET /api/agency': () => jsonResponse(500, {}),
      'POST /api/support/messages': () =>
        jsonResponse(201, {
          id: 'm1',
          sentAt: new Date().toISOString(),
          nextAllowedAt: new Date(Date.now() + 900_000).toISOString(),
          retryAfter: 900,
        }),
    });
    renderApp('/dashboard/support');
    const send = await screen.findByRole('button', { name: 'Envoyer' });
    expect(screen.getByLabelText('E-mail')).toHaveValue('claire@example.com');
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText('Sujet'), 'Facture');
    await user.type(screen.getByLabelText('Message'), 'Une question');
    await user.click(send);
    expect(await screen.findByText('Message envoyé')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Sujet')).toHaveValue('');
    expect(screen.getByText(/^Vous pourrez envoyer un nouveau message dans (15\smin(\s1\ss)?|14\smin\s5\d\ss)\.$/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/support/messages'))?.body).toEqual({
      email: 'claire@example.com',
      name: 'Claire Martin',
      subject: 'Facture',
      message: 'Une question',
    });
  });
});

describe('the support page', () => {
  it('offers only what exists: no "Bientôt disponible" in a paid area (issue 38)', async () => {
    signedIn({
      'GET /api/support/messages/next-allowed': () => jsonResponse(200, { nextAllowedAt: null, retryAfter: 0 }),
      'GET /api/agency': () => jsonResponse(500, {}),
    });
    renderApp('/dashboard/support');
    await screen.findByRole('button', { name: 'Envoyer' });
    expect(screen.getByText('Téléphone')).toBeInTheDocument();
    expect(screen.queryByText(/bientôt disponible/i)).toBeNull();
    expect(screen.queryByText('Chat')).toBeNull();
  });
});

describe('the modification request', () => {
  it('is sent only with a description, and says the spec’s messages', async () => {
    const user = userEvent.setup();
    let ok = true;
    signedIn({
      [`GET /api/sites/${SITE_ID}`]: () => jsonResponse(200, site),
      [`POST /api/sites/${SITE_ID}/modification-requests`]: () =>
        ok
          ? jsonResponse(201, { id: 'r1', type: 'content', priority: 'high', description: 'x', createdAt: site.createdAt })
          : jsonResponse(500, { statusCode: 500, message: 'Erreur' }),
    });
    renderApp({ pathname: `/dashboard/sites/${SITE_ID}`, state: { origin: 'sites' } });
    expect(await screen.findByRole('heading', { name: 'Boulangerie Martin' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Retour à mes sites/ })).toHaveAttribute('href', '/dashboard/sites');
    expect(screen.getByText('Revue technique')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Demander une modification/ }));
    // The choices are the server's, as in the team's mail.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Design', 'Contenu', 'Basse', 'Moyenne']);
    const submit = screen.getByRole('button', { name: 'Envoyer la demande' });
    await user.type(screen.getByLabelText('Description'), '   ');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Description'), 'Changer les horaires');
    await user.click(submit);
    expect(await screen.findByText(/Votre demande a été envoyée\./)).toBeInTheDocument();
    ok = false;
    await user.type(screen.getByLabelText('Description'), 'Encore');
    await user.click(submit);
    expect(await screen.findByText('Une erreur est survenue. Merci de réessayer.')).toBeInTheDocument();
  });

  it('shows a refusal about a field under that field, not as a failure', async () => {
    const user = userEvent.setup();
    signedIn({
      [`GET /api/sites/${SITE_ID}`]: () => jsonResponse(200, site),
      [`POST /api/sites/${SITE_ID}/modification-requests`]: () =>
        jsonResponse(400, {
          statusCode: 400,
          message: 'Données invalides',
          errors: { description: 'La description ne doit pas dépasser 5000 caractères' },
        }),
    });
    renderApp({ pathname: `/dashboard/sites/${SITE_ID}` });
    await user.click(await screen.findByRole('button', { name: /Demander une modification/ }, { timeout: 4000 }));
    await user.type(screen.getByLabelText('Description'), 'Trop long');
    await user.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    const message = await screen.findByText('La description ne doit pas dépasser 5000 caractères');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-describedby', message.id);
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Une erreur est survenue. Merci de réessayer.')).not.toBeInTheDocument();
  });
});

describe('the business options', () => {
  it('say which required fields are missing, with the e-mail prefilled and France by default', async () => {
    const user = userEvent.setup();
    const { calls } = signedIn({
      [`GET /api/sites/${SITE_ID}/business-options`]: () =>
        jsonResponse(200, {
          businessName: '',
          businessType: '',
          industry: '',
          targetAudience: '',
          keyServices: '',
          contactInfo: { email: 'claire@example.com', phone: '', address: '', city: '', postalCode: '', country: 'France' },
          businessGoals: '',
          designPreferences: '',
          specialRequirements: '',
          budget: '',
          timeline: '',
          competitors: '',
          socialMedia: { facebook: '', instagram: '', linkedin: '', twitter: '' },
          savedAt: null,
        }),
    });
    renderApp(`/dashboard/sites/${SITE_ID}/business-options`);
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    for (const message of [
      "Le nom de l'entreprise est requis",
      "Le type d'activité est requis",
      "Le secteur d'activité est requis",
      'Les services principaux sont requis',
      'Les objectifs sont requis',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('E-mail')).toHaveValue('claire@example.com');
    expect(screen.getByLabelText('Pays')).toHaveValue('France');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("say 'Erreur lors de l'envoi du formulaire. Veuillez réessayer.' when the save fails, keeping the answers", async () => {
    const user = userEvent.setup();
    const saved = {
      businessName: 'Boulangerie Martin',
      businessType: 'restaurant',
      industry: 'Boulangerie',
      targetAudience: '',
      keyServices: 'Pains au levain',
      contactInfo: { email: 'claire@example.com', phone: '', address: '', city: '', postalCode: '', country: 'France' },
      businessGoals: 'Plus de commandes',
      designPreferences: '',
      specialRequirements: '',
      budget: '',
      timeline: '',
      competitors: '',
      socialMedia: { facebook: '', instagram: '', linkedin: '', twitter: '' },
      savedAt: null,
    };
    const { calls } = signedIn({
      [`GET /api/sites/${SITE_ID}/business-options`]: () => jsonResponse(200, saved),
      [`PUT /api/sites/${SITE_ID}/business-options`]: () => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }),
    });
    renderApp(`/dashboard/sites/${SITE_ID}/business-options`);
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Erreur lors de l'envoi du formulaire. Veuillez réessayer.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    expect(screen.getByLabelText("Nom de l'entreprise")).toHaveValue('Boulangerie Martin');
  });
});
