import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookDeliveryDto, WebhookEndpointDto } from '../../api/generated/model';
import { jsonResponse, renderApp } from '../../test/utils';
import { queryOf, signedInAdmin } from './admin-fixtures';

const SECRET = 'whsec_' + 'A'.repeat(43);
const ENDPOINT_ID = '3f1e2d4c-5b6a-4789-8abc-def012345678';
const DELIVERY_ID = '9a8b7c6d-5e4f-4321-9abc-def012345678';

const endpoint = (overrides: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto => ({
  id: ENDPOINT_ID,
  url: 'https://crm.exemple.fr/hooks',
  events: ['order.paid', 'site.status_changed'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastDelivery: { status: 'succeeded', at: '2026-11-24T08:30:00.000Z', statusCode: 200 },
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto => ({
  id: DELIVERY_ID,
  eventId: '11111111-2222-4333-8444-555555555555',
  eventType: 'order.paid',
  objectId: '66666666-7777-4888-8999-000000000000',
  endpointId: ENDPOINT_ID,
  endpointUrl: 'https://crm.exemple.fr/hooks',
  status: 'failed',
  attempts: 2,
  statusCode: 500,
  durationMs: 123,
  lastError: 'Réponse HTTP 500',
  lastAttemptAt: '2026-11-24T08:30:00.000Z',
  nextAttemptAt: '2026-11-24T09:00:00.000Z',
  succeededAt: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  ...overrides,
});

const keys = { 'GET /api/admin/api-keys': () => jsonResponse(200, { apiKeys: [], total: 0 }) };

describe("'Webhooks' on the admin's 'Intégrations' page", () => {
  it('lists the endpoints and the deliveries, and resends one', async () => {
    const user = userEvent.setup();
    const api = signedInAdmin({
      ...keys,
      'GET /api/admin/webhooks': () =>
        jsonResponse(200, {
          endpoints: [
            endpoint(),
            endpoint({ id: 'e2', url: 'https://compta.exemple.fr/in', enabled: false, disabledReason: 'failing', lastDelivery: null }),
          ],
          total: 2,
        }),
      'GET /api/admin/webhooks/deliveries': () =>
        jsonResponse(200, {
          deliveries: [delivery(), delivery({ id: 'd2', status: 'succeeded', statusCode: 200, attempts: 1, nextAttemptAt: null })],
          total: 2,
        }),
      [`POST /api/admin/webhooks/deliveries/${DELIVERY_ID}/resend`]: () => jsonResponse(200, delivery({ status: 'pending' })),
    });
    renderApp('/admin/integrations');
    const endpoints = await screen.findByRole('table', { name: 'Points de terminaison' });
    const [first, second] = within(endpoints).getAllByRole('row').slice(1);
    expect(within(first).getByText('https://crm.exemple.fr/hooks')).toBeInTheDocument();
    expect(within(first).getByText('Commande payée, Statut du site changé')).toBeInTheDocument();
    expect(within(first).getByText('Actif')).toBeInTheDocument();
    expect(within(first).getByText(/Réussie \(200\)/)).toBeInTheDocument();
    expect(within(second).getByText('Désactivé (échecs)')).toBeInTheDocument();
    expect(within(second).getByText('Aucune')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Activer https://compta.exemple.fr/in' })).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).toBeNull();

    const log = await screen.findByRole('table', { name: 'Livraisons des webhooks' });
    const [failed, done] = within(log).getAllByRole('row').slice(1);
    expect(within(failed).getByText('En échec')).toBeInTheDocument();
    expect(within(failed).getByText('2 essais')).toBeInTheDocument();
    expect(within(failed).getByText('500')).toBeInTheDocument();
    expect(within(failed).getByText('123 ms')).toBeInTheDocument();
    expect(within(done).getByText('Réussie')).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Renvoyer la livraison order.paid à https://crm.exemple.fr/hooks' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith(`/deliveries/${DELIVERY_ID}/resend`))).toBe(true),
    );
    expect(await screen.findByText('Livraison order.paid renvoyée à https://crm.exemple.fr/hooks.')).toBeInTheDocument();

    // The filters go to the API, back to page 1.
    await user.selectOptions(screen.getByLabelText('Statut'), 'abandoned');
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.url.includes('/webhooks/deliveries?'))
          .map(queryOf)
          .at(-1),
      ).toMatchObject({ status: 'abandoned', page: '1' }),
    );
  });

  it('names every button of the section starting with the word it shows (WCAG 2.5.3: a voice command says what it sees)', async () => {
    signedInAdmin({
      ...keys,
      'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints: [endpoint()], total: 1 }),
      'GET /api/admin/webhooks/deliveries': () => jsonResponse(200, { deliveries: [delivery()], total: 1 }),
    });
    renderApp('/admin/integrations');
    const endpoints = await screen.findByRole('table', { name: 'Points de terminaison' });
    await screen.findByRole('table', { name: 'Livraisons des webhooks' });
    const section = endpoints.closest('section') as HTMLElement;
    const buttons = within(section).getAllByRole('button');
    expect(buttons.map((b) => b.textContent?.trim())).toEqual(expect.arrayContaining(['Tester', 'Nouveau secret', 'Renvoyer']));
    for (const button of buttons) {
      const visible = (button.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!visible) continue;
      const name = button.getAttribute('aria-label') ?? visible;
      expect(name.toLocaleLowerCase('fr').startsWith(visible.toLocaleLowerCase('fr'))).toBe(true);
    }
    expect(within(section).getByRole('button', { name: 'Tester https://crm.exemple.fr/hooks' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Nouveau secret pour https://crm.exemple.fr/hooks' })).toBeInTheDocument();
  });

  it('adds an endpoint, refuses one without URL or event, says the API’s refusal, and shows the secret once in a dialog', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let refuse = true;
    const api = signedInAdmin({
      ...keys,
      'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints: [], total: 0 }),
      'GET /api/admin/webhooks/deliveries': () => jsonResponse(200, { deliveries: [], total: 0 }),
      'POST /api/admin/webhooks': () => {
        if (refuse) {
          refuse = false;
          return jsonResponse(400, {
            statusCode: 400,
            message: 'Requête invalide',
            errors: {
              url: "L'URL vise une adresse privée, locale ou réservée (10.0.0.1 (réseau privé)) : seules les adresses publiques sont autorisées",
            },
          });
        }
        return jsonResponse(201, { endpoint: endpoint({ lastDelivery: null }), secret: SECRET });
      },
    });
    renderApp('/admin/integrations');
    expect(await screen.findByText("Aucun point de terminaison pour l'instant.")).toBeInTheDocument();
    expect(await screen.findByText("Aucune livraison pour l'instant.")).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Nouveau point de terminaison' });
    await user.click(within(form).getByRole('button', { name: 'Ajouter le point de terminaison' }));
    expect(await within(form).findByText("L'URL du point de terminaison est requise")).toBeInTheDocument();
    expect(within(form).getByText('Choisissez au moins un événement')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/admin/webhooks'))).toHaveLength(0);

    await user.type(within(form).getByLabelText('URL du point de terminaison'), 'https://10.0.0.1/hooks');
    await user.click(within(form).getByRole('checkbox', { name: /Commande payée/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Statut du site changé/ }));
    await user.click(within(form).getByRole('button', { name: 'Ajouter le point de terminaison' }));
    expect(await within(form).findByText(/L'URL vise une adresse privée/)).toBeInTheDocument();
    expect(within(form).getByLabelText('URL du point de terminaison')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('URL du point de terminaison'));
    await user.type(within(form).getByLabelText('URL du point de terminaison'), 'https://crm.exemple.fr/hooks');
    await user.click(within(form).getByRole('button', { name: 'Ajouter le point de terminaison' }));
    const dialog = await screen.findByRole('dialog', { name: 'Secret de signature' });
    expect(within(dialog).getByLabelText('Secret de signature')).toHaveTextContent(SECRET);
    expect(api.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/admin/webhooks')).at(-1)?.body).toEqual({
      url: 'https://crm.exemple.fr/hooks',
      events: ['order.paid', 'site.status_changed'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Copier le secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(dialog).findByText('Secret copié')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: "J'ai copié le secret" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('switches an endpoint off, and deletes one only after the confirmation', async () => {
    const user = userEvent.setup();
    const api = signedInAdmin({
      ...keys,
      'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints: [endpoint()], total: 1 }),
      'GET /api/admin/webhooks/deliveries': () => jsonResponse(200, { deliveries: [], total: 0 }),
      [`PATCH /api/admin/webhooks/${ENDPOINT_ID}`]: () => jsonResponse(200, endpoint({ enabled: false, disabledReason: 'admin' })),
      [`DELETE /api/admin/webhooks/${ENDPOINT_ID}`]: () => new Response(null, { status: 204 }),
    });
    renderApp('/admin/integrations');
    await user.click(await screen.findByRole('button', { name: 'Désactiver https://crm.exemple.fr/hooks' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }));

    await user.click(screen.getByRole('button', { name: 'Supprimer https://crm.exemple.fr/hooks' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce point de terminaison ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retour' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Supprimer https://crm.exemple.fr/hooks' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/webhooks/${ENDPOINT_ID}`))).toBe(true));
    expect(await screen.findByText('https://crm.exemple.fr/hooks est supprimé.')).toBeInTheDocument();
  });

  it('says when the deliveries cannot be loaded, with a retry', async () => {
    signedInAdmin({
      ...keys,
      'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints: [], total: 0 }),
      'GET /api/admin/webhooks/deliveries': () => jsonResponse(500, { statusCode: 500, message: 'Erreur' }),
    });
    renderApp('/admin/integrations');
    const failed = await screen.findByText(/Les livraisons n'ont pas pu être chargées/);
    expect(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('folds the deliveries’ filters behind « Filtres (n) » on a phone, as the other admin lists do', async () => {
    const user = userEvent.setup();
    const api = signedInAdmin({
      ...keys,
      'GET /api/admin/webhooks': () => jsonResponse(200, { endpoints: [endpoint()], total: 1 }),
      'GET /api/admin/webhooks/deliveries': () => jsonResponse(200, { deliveries: [delivery()], total: 1 }),
    });
    renderApp('/admin/integrations');
    await screen.findByRole('table', { name: 'Livraisons des webhooks' });
    const button = screen.getByRole('button', { name: 'Filtres' });
    const filters = document.getElementById(button.getAttribute('aria-controls')!)!;
    // Hidden below 640 px while closed (the button itself is hidden from 640 px: the filters always show there).
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveClass('sm:hidden');
    expect(filters).toHaveClass('max-sm:hidden');
    expect(within(filters).getByRole('combobox', { name: 'Statut' })).toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(filters).not.toHaveClass('max-sm:hidden');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Statut' }), 'failed');
    expect(await screen.findByRole('button', { name: 'Filtres (1)' })).toBe(button);
    const lastDeliveriesQuery = () => queryOf(api.calls.filter((c) => c.url.startsWith('/api/admin/webhooks/deliveries')).at(-1)!);
    await waitFor(() => expect(lastDeliveriesQuery().status).toBe('failed'));
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Point de terminaison' }), ENDPOINT_ID);
    expect(await screen.findByRole('button', { name: 'Filtres (2)' })).toBe(button);
  });
});
