import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/utils';
import { queryOf, signedInAdmin } from './admin-fixtures';

const entries = [
  {
    id: 'a1',
    actorId: 'u0',
    actorEmail: 'admin@example.com',
    apiKey: null,
    action: 'site.update',
    entityType: 'site',
    entityId: 's1',
    before: { status: 'pending', progression: { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false } },
    after: { status: 'active', progression: { started: true, designOk: false, devOk: false, seoOk: false, technoReview: false } },
    createdAt: '2026-11-21T09:05:00.000Z',
  },
  {
    id: 'a2',
    actorId: null,
    actorEmail: 'ancien@example.com',
    apiKey: null,
    action: 'user.email',
    entityType: 'user',
    entityId: 'u1',
    before: null,
    after: { subject: 'Votre site est en ligne !' },
    createdAt: '2026-11-20T09:05:00.000Z',
  },
  {
    id: 'a3',
    actorId: null,
    actorEmail: null,
    apiKey: { id: 'k1', name: 'CRM de l’agence', prefix: 'vk_live_0123456789ab' },
    action: 'site.update',
    entityType: 'site',
    entityId: 's2',
    before: { domain: null },
    after: { domain: 'boulangerie-martin.fr' },
    createdAt: '2026-11-19T09:05:00.000Z',
  },
  {
    id: 'a4',
    actorId: 'u0',
    actorEmail: 'admin@example.com',
    apiKey: null,
    action: 'legal_invoice.correct',
    entityType: 'legal_invoice',
    entityId: 'f1',
    before: { number: 'F-2026-000001', buyer: { type: 'individual' } },
    after: { reason: 'Facture au nom de la société', creditNote: 'AV-2026-000001', invoice: 'F-2026-000002', buyer: { type: 'company' } },
    createdAt: '2026-11-18T09:05:00.000Z',
  },
];

describe('Admin audit log', () => {
  it('says who did what, when, and what changed, with a link to the target; filters by target', async () => {
    const user = userEvent.setup();
    const api = signedInAdmin({ 'GET /api/admin/audit-log': () => jsonResponse(200, { entries, total: 4 }) });
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: "Journal d'audit" });
    const [first, second, third, fourth] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('Modification du site')).toBeInTheDocument();
    expect(within(first).getByText('Statut : En attente → Actif')).toBeInTheDocument();
    expect(within(first).getByText('Démarré : coché')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Voir le site' })).toHaveAttribute('href', '/admin/sites/s1');
    expect(within(second).getByText('ancien@example.com')).toBeInTheDocument();
    expect(within(second).getByText('Objet : Votre site est en ligne !')).toBeInTheDocument();
    // A write made with an API key names the key, not a person.
    expect(within(third).getByText('via la clé « CRM de l’agence » (vk_live_0123456789ab…)')).toBeInTheDocument();
    expect(within(third).getByText('Domaine : aucun → boulangerie-martin.fr')).toBeInTheDocument();
    // An invoice corrected: what was issued, why, and the way to the invoice.
    expect(within(fourth).getByText("Correction d'une facture (avoir et facture rectificative)")).toBeInTheDocument();
    expect(
      within(fourth).getByText('Facture F-2026-000001 annulée par l’avoir AV-2026-000001, remplacée par la facture F-2026-000002'),
    ).toBeInTheDocument();
    expect(within(fourth).getByText('Motif : Facture au nom de la société')).toBeInTheDocument();
    expect(within(fourth).getByRole('link', { name: 'Voir la facture' })).toHaveAttribute('href', '/admin/invoices/f1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cible' }), 'site');
    await waitFor(() => expect(queryOf(api.calls.at(-1)!)).toEqual({ page: '1', limit: '20', entityType: 'site' }));
  });
});
