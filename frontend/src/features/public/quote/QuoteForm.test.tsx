import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { SiteInfoContext } from '../../../lib/site-info';
import { queriedSiteInfo } from '../../../lib/site-info-queries';
import { catalogueAnswer, createTestQueryClient, jsonResponse, mockApi as mockAll } from '../../../test/utils';
import { QuoteForm } from './QuoteForm';

/** The API, with the catalogue the form reads its choices from; `posted()` is what the form sent. */
function mockApi(handlers: Parameters<typeof mockAll>[0]) {
  const api = mockAll({ 'GET /api/catalogue': () => jsonResponse(200, catalogueAnswer), ...handlers });
  return { posted: () => api.calls.filter((c) => c.method === 'POST') };
}

async function renderForm() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <SiteInfoContext value={queriedSiteInfo}>
        <QuoteForm />
      </SiteInfoContext>
    </QueryClientProvider>,
  );
  // The choices come from the server's catalogue.
  await screen.findByRole('radio', { name: 'Matin (9h-12h)' });
}

async function fillRequired(user = userEvent.setup()) {
  await user.type(screen.getByLabelText('Nom complet'), 'Marie Claire Dubois');
  await user.type(screen.getByLabelText('E-mail'), 'marie@example.com');
  await user.type(screen.getByLabelText('Téléphone'), '06 12 34 56 78');
  await user.type(screen.getByLabelText('Description du projet'), 'Un site pour mon restaurant avec réservation.');
  return user;
}

describe('QuoteForm', () => {
  it('shows the spec’s message under each required field and sends nothing', async () => {
    const { posted } = mockApi({});
    await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));

    expect(await screen.findByText('Le nom complet est requis')).toBeInTheDocument();
    expect(screen.getByText("L'email est requis")).toBeInTheDocument();
    expect(screen.getByText('Le téléphone est requis')).toBeInTheDocument();
    expect(screen.getByText('La description du projet est requise')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom complet')).toHaveAttribute('aria-invalid', 'true');
    expect(posted()).toHaveLength(0);
  });

  it("rejects a malformed address with 'Format d'email invalide'", async () => {
    const { posted } = mockApi({});
    await renderForm();
    const user = await fillRequired();
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'marie@exemple');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));

    expect(await screen.findByText("Format d'email invalide")).toBeInTheDocument();
    expect(screen.queryByText('Le nom complet est requis')).not.toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  it('sends the request (name whole, empty options left out, callback morning), shows the submitting then the success state', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { posted } = mockApi({
      'POST /api/quotes': async () => {
        await answered;
        return jsonResponse(201, { id: 'q-1', createdAt: '2025-09-06T10:00:00.000Z' });
      },
    });
    await renderForm();
    const user = await fillRequired();
    await user.selectOptions(screen.getByLabelText(/Délai souhaité/), 'urgent');
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));

    const submitting = await screen.findByRole('button', { name: 'Envoi en cours...' });
    expect(submitting).toBeDisabled();
    release();

    expect(await screen.findByText('Demande envoyée avec succès !')).toBeInTheDocument();
    expect(screen.getByText('Nous vous rappellerons dans les 24h pour discuter de votre projet.')).toBeInTheDocument();
    expect(posted()).toHaveLength(1);
    expect(posted()[0].body).toEqual({
      fullName: 'Marie Claire Dubois',
      email: 'marie@example.com',
      phone: '06 12 34 56 78',
      description: 'Un site pour mon restaurant avec réservation.',
      timeline: 'urgent',
      callbackPreference: 'morning',
    });

    // The form comes back empty for another request.
    await user.click(screen.getByRole('button', { name: 'Envoyer une autre demande' }));
    expect(screen.getByLabelText('Nom complet')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Matin (9h-12h)' })).toBeChecked();
  });

  it('sends the chosen callback slot, company and budget', async () => {
    const { posted } = mockApi({ 'POST /api/quotes': () => jsonResponse(201, { id: 'q-2', createdAt: '2025-09-06T10:00:00.000Z' }) });
    await renderForm();
    const user = await fillRequired();
    await user.type(screen.getByLabelText(/Entreprise/), 'Chez Marie');
    await user.selectOptions(screen.getByLabelText(/Budget/), '3000-5000');
    await user.click(screen.getByRole('radio', { name: 'Soir (18h-20h)' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));

    await screen.findByText('Demande envoyée avec succès !');
    expect(posted()[0].body).toMatchObject({ company: 'Chez Marie', budget: '3000-5000', callbackPreference: 'evening' });
  });

  it("shows 'Erreur lors de l'envoi' when the server fails, and keeps what was typed", async () => {
    mockApi({ 'POST /api/quotes': () => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }) });
    await renderForm();
    const user = await fillRequired();
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Erreur lors de l'envoi");
    expect(alert).toHaveTextContent('Veuillez réessayer ou nous contacter directement.');
    expect(screen.getByLabelText('Nom complet')).toHaveValue('Marie Claire Dubois');
    expect(screen.getByRole('button', { name: 'Envoyer ma demande' })).toBeEnabled();
  });

  it('shows the server’s message for a 429', async () => {
    mockApi({
      'POST /api/quotes': () =>
        jsonResponse(429, { statusCode: 429, message: 'Trop de demandes envoyées. Réessayez dans 42 minutes.', retryAfter: 2520 }),
    });
    await renderForm();
    const user = await fillRequired();
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de demandes envoyées. Réessayez dans 42 minutes.');
  });

  it('puts the server’s field errors (400) under their field', async () => {
    mockApi({
      'POST /api/quotes': () =>
        jsonResponse(400, { statusCode: 400, message: 'Données invalides', errors: { phone: 'Le téléphone est trop long' } }),
    });
    await renderForm();
    const user = await fillRequired();
    await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));

    expect(await screen.findByText('Le téléphone est trop long')).toBeInTheDocument();
    expect(screen.getByLabelText('Téléphone')).toHaveAttribute('aria-invalid', 'true');
  });
});
