import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordedCall } from '../../test/utils';
import { jsonResponse, renderApp } from '../../test/utils';
import { adminSiteDetail, signedInAdmin } from './admin-fixtures';
import { describeSiteChange } from './audit-text';

const site = adminSiteDetail({
  progression: { started: true, designOk: false, devOk: false, seoOk: false, technoReview: false },
  order: {
    answers: [
      { label: 'Nom du site', value: 'Boulangerie Martin' },
      { label: 'Slogan', value: 'Du bon pain depuis 1962' },
    ],
    billing: [{ label: 'Nom complet', value: 'Jeanne Martin' }],
    photos: [
      {
        id: 'p1',
        name: 'vitrine.jpg',
        size: 1000,
        contentType: 'image/jpeg',
        url: '/api/order-photos/p1?exp=1&sig=x',
        thumbnailUrl: '/api/order-photos/p1?exp=1&size=thumb&sig=y',
      },
    ],
  },
});

function setup(patch: (call: RecordedCall) => Response) {
  const api = signedInAdmin({
    [`GET /api/admin/sites/${site.id}`]: () => jsonResponse(200, site),
    [`PATCH /api/admin/sites/${site.id}`]: patch,
    'GET /api/admin/audit-log': () => jsonResponse(200, { entries: [], total: 0 }),
  });
  renderApp(`/admin/sites/${site.id}`);
  return api;
}

const merged = (call: RecordedCall) => {
  const body = call.body as { domain?: string | null; status?: string; progression?: Record<string, boolean> };
  return {
    ...site,
    ...('domain' in body ? { domain: body.domain } : {}),
    ...(body.status ? { status: body.status } : {}),
    progression: { ...site.progression, ...body.progression },
  };
};

describe('Admin site page', () => {
  it('shows the client, the info card, the order answers and photos', async () => {
    setup(() => jsonResponse(200, site));
    expect(await screen.findByRole('heading', { level: 1, name: 'Boulangerie Martin' })).toBeInTheDocument();
    expect(screen.getByText('jeanne@martin.fr')).toBeInTheDocument();
    expect(screen.getByText(site.id)).toBeInTheDocument();
    expect(screen.getByText('Du bon pain depuis 1962')).toBeInTheDocument();
    // The thumbnail, a link to the photo itself, opened in a new tab.
    const thumbnail = screen.getByRole('img', { name: 'vitrine.jpg' });
    expect(thumbnail).toHaveAttribute('src', '/api/order-photos/p1?exp=1&size=thumb&sig=y');
    expect(thumbnail.closest('a')).toHaveAttribute('href', '/api/order-photos/p1?exp=1&sig=x');
    expect(thumbnail.closest('a')).toHaveAttribute('target', '_blank');
  });

  it("saves the domain and status: 'Sauvegarde...' meanwhile, then 'Site mis à jour.'", async () => {
    const user = userEvent.setup();
    const api = setup((call) => jsonResponse(200, merged(call)));
    const domain = await screen.findByRole('textbox', { name: 'Nom de domaine' });
    await user.type(domain, 'boulangerie-martin.fr');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'active');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Site mis à jour.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ domain: 'boulangerie-martin.fr', status: 'active' });
  });

  it('asks before putting online a site whose subscription has ended, and sends the confirmation', async () => {
    const user = userEvent.setup();
    const ended = { ...site, status: 'suspended' as const, paymentState: 'ended' as const, paymentStateSince: '2026-11-01T10:00:00.000Z' };
    const api = signedInAdmin({
      [`GET /api/admin/sites/${site.id}`]: () => jsonResponse(200, ended),
      [`PATCH /api/admin/sites/${site.id}`]: (call) => jsonResponse(200, { ...merged(call), paymentState: 'ended' }),
      'GET /api/admin/audit-log': () => jsonResponse(200, { entries: [], total: 0 }),
    });
    renderApp(`/admin/sites/${site.id}`);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Statut' }), 'active');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remettre en ligne un site sans abonnement ?' });
    expect(dialog).toHaveTextContent("L'abonnement de ce site est terminé");
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    // 'Retour' keeps the site as it is.
    await user.click(within(dialog).getByRole('button', { name: 'Retour' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    dialog = await screen.findByRole('dialog', { name: 'Remettre en ligne un site sans abonnement ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remettre en ligne' }));
    expect(await screen.findByText('Site mis à jour.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { domain: null, status: 'active', confirmEndedSubscription: true },
    ]);
  });

  it('asks nothing for another status of a site whose subscription has ended', async () => {
    const user = userEvent.setup();
    const api = signedInAdmin({
      [`GET /api/admin/sites/${site.id}`]: () => jsonResponse(200, { ...site, status: 'suspended', paymentState: 'ended' }),
      [`PATCH /api/admin/sites/${site.id}`]: (call) => jsonResponse(200, merged(call)),
      'GET /api/admin/audit-log': () => jsonResponse(200, { entries: [], total: 0 }),
    });
    renderApp(`/admin/sites/${site.id}`);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Statut' }), 'pending');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Site mis à jour.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ domain: null, status: 'pending' });
  });

  it('sends an emptied domain as null', async () => {
    const user = userEvent.setup();
    const api = signedInAdmin({
      [`GET /api/admin/sites/${site.id}`]: () => jsonResponse(200, { ...site, domain: 'ancien.fr' }),
      [`PATCH /api/admin/sites/${site.id}`]: (call) => jsonResponse(200, merged(call)),
      'GET /api/admin/audit-log': () => jsonResponse(200, { entries: [], total: 0 }),
    });
    renderApp(`/admin/sites/${site.id}`);
    await user.clear(await screen.findByRole('textbox', { name: 'Nom de domaine' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Site mis à jour.');
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ domain: null, status: 'pending' });
  });

  it("says 'Erreur lors de la mise à jour.' on failure, with the field's message under the field", async () => {
    const user = userEvent.setup();
    setup(() =>
      jsonResponse(400, {
        statusCode: 400,
        message: 'Données invalides',
        errors: { domain: 'Nom de domaine invalide (exemple : boulangerie-martin.fr)' },
      }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Nom de domaine' }), 'pas un domaine');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Erreur lors de la mise à jour.')).toBeInTheDocument();
    expect(screen.getByText('Nom de domaine invalide (exemple : boulangerie-martin.fr)')).toBeInTheDocument();
  });

  it('ticks build steps one at a time; the bar shows true steps / 5 × 100', async () => {
    const user = userEvent.setup();
    const api = setup((call) => jsonResponse(200, merged(call)));
    const bar = await screen.findByRole('progressbar', { name: 'Avancement' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    await user.click(screen.getByRole('checkbox', { name: /Design OK/ }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(await screen.findByText('Site mis à jour.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ progression: { designOk: true } }]);
    expect(
      within(screen.getByRole('group', { name: 'Étapes de création' }))
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true, false, false, false]);
  });

  it("puts a step back and says 'Erreur lors de la mise à jour.' when its save fails", async () => {
    const user = userEvent.setup();
    setup(() => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }));
    await user.click(await screen.findByRole('checkbox', { name: /SEO OK/ }));
    expect(await screen.findByText('Erreur lors de la mise à jour.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /SEO OK/ })).not.toBeChecked();
    expect(screen.getByRole('progressbar', { name: 'Avancement' })).toHaveAttribute('aria-valuenow', '20');
  });

  it("says 'Site introuvable' for an unknown site", async () => {
    signedInAdmin({ 'GET /api/admin/sites/inconnu': () => jsonResponse(404, { statusCode: 404, message: 'Site introuvable' }) });
    renderApp('/admin/sites/inconnu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site introuvable' })).toBeInTheDocument();
  });

  it('describes an audit entry in French', () => {
    expect(
      describeSiteChange({
        before: { domain: null, status: 'pending', progression: { started: false, designOk: false } },
        after: { domain: 'boulangerie-martin.fr', status: 'active', progression: { started: true, designOk: false } },
      }),
    ).toEqual(['Domaine : aucun → boulangerie-martin.fr', 'Statut : En attente → Actif', 'Démarré : coché']);
    expect(describeSiteChange({ before: { status: 'suspended' }, after: { status: 'active', subscriptionEnded: true } })).toEqual([
      'Statut : Suspendu → Actif',
      'Abonnement terminé : remise en ligne confirmée',
    ]);
  });

  it('shows the payment state', async () => {
    signedInAdmin({
      [`GET /api/admin/sites/${site.id}`]: () =>
        jsonResponse(200, { ...site, paymentState: 'past_due', paymentStateSince: new Date(2026, 10, 12, 10).toISOString() }),
      'GET /api/admin/audit-log': () => jsonResponse(200, { entries: [], total: 0 }),
    });
    renderApp(`/admin/sites/${site.id}`);
    expect(await screen.findAllByText('Paiement en retard depuis le 12/11/2026')).toHaveLength(2);
  });
});
