import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogueAnswer, givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';
import { formForApi } from './draft-model';
import { defaultOrderValues } from './order-wizard';
import { catalogue as wizardCatalogue } from './test-fixtures';

const catalogue = {
  ...catalogueAnswer,
  ...wizardCatalogue,
  addOns: wizardCatalogue.addOns.map((a) => ({ ...a, description: '', perUnit: a.id === 'extraEmail' })),
};

const draftAnswer = (overrides: Record<string, unknown> = {}) => ({
  id: '7d1f0c2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  planType: 'pro',
  prefersCall: false,
  currentStep: '3',
  status: 'draft',
  data: { ...formForApi(defaultOrderValues('pro')), siteName: 'Boulangerie Martin', currentEmail: 'claire@example.com' },
  photos: [
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      name: 'four.jpg',
      size: 2048,
      contentType: 'image/jpeg',
      url: '/api/order-photos/a1?exp=1&sig=x',
      thumbnailUrl: '/api/order-photos/a1?exp=1&size=thumb&sig=y',
    },
  ],
  recap: {
    lines: [{ code: 'pro', label: 'Formule Pro', quantity: 1, amountCents: 2900, recurring: true }],
    firstMonthCents: 2900,
    monthlyCents: 2900,
  },
  createdAt: '2025-09-01T10:00:00.000Z',
  updatedAt: '2025-09-01T10:00:00.000Z',
  ...overrides,
});

describe('/order on the API', () => {
  it('resumes the current draft after a cancelled payment: the error, the step, the answers and the photos', async () => {
    mockApi({
      'GET /api/catalogue': () => jsonResponse(200, catalogue),
      'GET /api/order-drafts/current': () => jsonResponse(200, draftAnswer()),
    });
    renderApp('/order?canceled=1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Design et options' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Une erreur est survenue lors du paiement. Veuillez réessayer.');
    expect(screen.getByText('four.jpg')).toBeInTheDocument();
  });

  it('starts a new order when there is none, creating the draft with the plan of the URL on the first save', async () => {
    const { calls } = mockApi({
      'GET /api/catalogue': () => jsonResponse(200, catalogue),
      'GET /api/order-drafts/current': () => jsonResponse(204),
      'POST /api/order-drafts': (call) =>
        jsonResponse(201, draftAnswer({ planType: (call.body as { planType: string }).planType, currentStep: '1', photos: [] })),
      'PATCH /api/order-drafts/7d1f0c2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f': (call) =>
        jsonResponse(200, draftAnswer({ ...(call.body as object), photos: [] })),
    });
    renderApp('/commande?plan=business');
    const name = await screen.findByLabelText('Nom du site');
    await userEvent.type(name, 'Garage Dupont');

    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 3000 });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ planType: 'business' });
    const patch = calls.find((c) => c.method === 'PATCH')!.body as { planType: string; data: { siteName: string; services: string[] } };
    expect(patch.planType).toBe('business');
    expect(patch.data.siteName).toBe('Garage Dupont');
    expect(patch.data.services).toEqual(['']);
  });

  it("prefills a signed-in client's e-mail, read-only", async () => {
    givenSessionCookie();
    mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ email: 'client@example.com' })),
      'GET /api/catalogue': () => jsonResponse(200, catalogue),
      'GET /api/order-drafts/current': () => jsonResponse(204),
    });
    renderApp('/order');
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('client@example.com');
    expect(email).toHaveAttribute('readonly');
  });

  it('offers to try again when the order cannot be loaded', async () => {
    mockApi({
      'GET /api/catalogue': () => jsonResponse(200, catalogue),
      'GET /api/order-drafts/current': () => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }),
    });
    renderApp('/order');
    expect(await screen.findByText('Impossible de charger votre commande pour le moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
