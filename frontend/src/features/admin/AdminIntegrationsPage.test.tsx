import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKeyDto } from '../../api/generated/model';
import { jsonResponse, renderApp } from '../../test/utils';
import { signedInAdmin } from './admin-fixtures';

const KEY = 'vk_live_0a1b2c3d4e5f_' + 'S'.repeat(43);

const apiKey = (overrides: Partial<ApiKeyDto> = {}): ApiKeyDto => ({
  id: '7d0c5f4e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
  name: 'CRM de l’agence',
  prefix: 'vk_live_0a1b2c3d4e5f',
  scopes: ['sites:read', 'clients:read'],
  status: 'active',
  creatorName: 'Admin',
  creatorEmail: 'admin@example.com',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-24T08:30:00.000Z',
  useCount: 42,
  expiresAt: null,
  revokedAt: null,
  ...overrides,
});

describe("Admin 'Intégrations' page", () => {
  it('lists the keys with their prefix, scopes, creator, last use and expiry, never a secret', async () => {
    signedInAdmin({
      'GET /api/admin/api-keys': () =>
        jsonResponse(200, {
          apiKeys: [apiKey(), apiKey({ id: 'k2', name: 'Comptable', scopes: ['invoices:read'], status: 'revoked', lastUsedAt: null })],
          total: 2,
        }),
    });
    renderApp('/admin/integrations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Intégrations' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: "Clés d'API" });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('vk_live_0a1b2c3d4e5f…')).toBeInTheDocument();
    expect(within(first).getByText('sites:read, clients:read')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('Aucune')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Révoquer la clé CRM de l’agence' })).toBeInTheDocument();
    expect(within(second).getByText('Révoquée')).toBeInTheDocument();
    expect(within(second).getByText('Jamais')).toBeInTheDocument();
    expect(within(second).queryByRole('button')).toBeNull();
    // Under 'Plus' in the admin bar.
    const nav = screen.getByRole('navigation', { name: /administration/i });
    await userEvent.click(within(nav).getByRole('button', { name: 'Plus' }));
    expect(within(nav).getByRole('link', { name: 'Intégrations' })).toHaveAttribute('href', '/admin/integrations');
  });

  it('creates a key with its scopes and expiry, shows it once with a copy button, and refuses a key without scope', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = signedInAdmin({
      'GET /api/admin/api-keys': () => jsonResponse(200, { apiKeys: [], total: 0 }),
      'POST /api/admin/api-keys': () => jsonResponse(201, { apiKey: apiKey({ name: 'Outil de suivi' }), key: KEY }),
    });
    renderApp('/admin/integrations');
    expect(await screen.findByText("Aucune clé d'API pour l'instant.")).toBeInTheDocument();
    const form = screen.getByRole('form', { name: "Nouvelle clé d'API" });
    await user.type(within(form).getByLabelText('Nom'), 'Outil de suivi');
    await user.click(within(form).getByRole('button', { name: 'Créer la clé' }));
    expect(await within(form).findByText('Choisissez au moins une portée')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api-keys'))).toHaveLength(0);

    await user.click(within(form).getByRole('checkbox', { name: /Lire les sites/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Modifier les sites/ }));
    await user.type(within(form).getByLabelText('Dernier jour de validité (facultatif)'), '2027-06-30');
    await user.click(within(form).getByRole('button', { name: 'Créer la clé' }));
    expect(await screen.findByLabelText("Clé d'API")).toHaveTextContent(KEY);
    expect(api.calls.find((c) => c.method === 'POST' && c.url.endsWith('/api-keys'))?.body).toEqual({
      name: 'Outil de suivi',
      scopes: ['sites:read', 'sites:write'],
      expiresOn: '2027-06-30',
    });
    await user.click(screen.getByRole('button', { name: 'Copier la clé' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(await screen.findByText('Clé copiée')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "J'ai copié la clé" }));
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it('revokes a key only after the confirmation dialog', async () => {
    const user = userEvent.setup();
    let revoked = false;
    const api = signedInAdmin({
      'GET /api/admin/api-keys': () =>
        jsonResponse(200, { apiKeys: [apiKey(revoked ? { status: 'revoked', revokedAt: '2026-11-24T10:00:00.000Z' } : {})], total: 1 }),
      [`POST /api/admin/api-keys/${apiKey().id}/revoke`]: () => {
        revoked = true;
        return jsonResponse(200, apiKey({ status: 'revoked' }));
      },
    });
    renderApp('/admin/integrations');
    await user.click(await screen.findByRole('button', { name: 'Révoquer la clé CRM de l’agence' }));
    const dialog = screen.getByRole('dialog', { name: 'Révoquer cette clé ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retour' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.some((c) => c.url.endsWith('/revoke'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Révoquer la clé CRM de l’agence' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Révoquer la clé' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/revoke'))).toBe(true));
    expect(await screen.findByText('Révoquée')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, with a retry', async () => {
    signedInAdmin({ 'GET /api/admin/api-keys': () => jsonResponse(500, { statusCode: 500, message: 'Erreur' }) });
    renderApp('/admin/integrations');
    const failed = await screen.findByText(/Les clés d'API n'ont pas pu être chargées/);
    // The webhooks section below has its own lists (and their own 'Réessayer'): this one is the keys'.
    expect(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
