import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderApp } from '../../test/utils';
import { adminSite, OWNER, signedInAdmin } from './admin-fixtures';

const user = { id: OWNER.id, name: 'Jeanne Martin', email: 'jeanne@martin.fr', role: 'client', createdAt: '2026-03-14T10:00:00.000Z' };
const { owner: _owner, ...site } = adminSite({ status: 'active', domain: 'boulangerie-martin.fr' });

function setup(
  send: () => Response = () => jsonResponse(202, { message: 'Message envoyé', emailId: '22222222-2222-4222-8222-222222222222' }),
) {
  const api = signedInAdmin({
    [`GET /api/admin/users/${OWNER.id}`]: () => jsonResponse(200, { user, sites: [site] }),
    [`POST /api/admin/users/${OWNER.id}/email`]: send,
    'GET /api/admin/legal-invoices': (call) =>
      jsonResponse(200, {
        legalInvoices: call.url.includes(`userId=${OWNER.id}`)
          ? [
              {
                id: '77777777-7777-4777-8777-777777777777',
                kind: 'invoice',
                number: 'F-2026-000042',
                issuedAt: '2026-11-24T10:00:00.000Z',
                paidAt: '2026-11-24T10:00:00.000Z',
                creditedNumber: null,
                buyerName: 'Jeanne Martin',
                userId: OWNER.id,
                totalExclCents: 2417,
                vatCents: 483,
                totalInclCents: 2900,
              },
            ]
          : [],
        total: 1,
      }),
  });
  renderApp(`/admin/clients/${OWNER.id}`);
  return api;
}

describe('Admin client page — contact form', () => {
  it("lists the client's sites with their status and plan", async () => {
    setup();
    const sites = await screen.findByRole('list', { name: 'Sites du client' });
    expect(within(sites).getByRole('link', { name: 'Boulangerie Martin' })).toHaveAttribute('href', `/admin/sites/${site.id}`);
    expect(within(sites).getByText('Actif')).toBeInTheDocument();
    expect(within(sites).getByText('Business')).toBeInTheDocument();
  });

  it("lists the client's invoices and credit notes, each downloadable", async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Factures et avoirs du client' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row).getByText('F-2026-000042')).toBeInTheDocument();
    expect(row.textContent).toContain('29,00');
    expect(within(row).getByRole('button', { name: /^PDF.*télécharger facture F-2026-000042$/ })).toBeInTheDocument();
  });

  it('prefills subject and message from each template, greeting the client by name', async () => {
    const userE = userEvent.setup();
    setup();
    const template = await screen.findByRole('combobox', { name: 'Modèle' });
    const subject = screen.getByRole('textbox', { name: 'Objet' });
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(subject).toHaveValue('');
    expect((message as HTMLTextAreaElement).value).toMatch(/^Bonjour Jeanne Martin,/);

    await userE.selectOptions(template, 'site-ready');
    expect(subject).toHaveValue('Votre site Boulangerie Martin est en ligne !');
    expect((message as HTMLTextAreaElement).value).toContain("est prêt et en ligne à l'adresse boulangerie-martin.fr.");

    await userE.selectOptions(template, 'welcome');
    expect(subject).toHaveValue('Bienvenue chez Vitrine !');
    expect((message as HTMLTextAreaElement).value).toMatch(/^Bonjour Jeanne Martin,\n\nMerci pour votre confiance/);
  });

  it("keeps 'Envoyer' disabled while the subject or the message is empty, and while sending; then says 'Message envoyé'", async () => {
    const userE = userEvent.setup();
    let release!: () => void;
    const api = setup(
      () =>
        new Promise<Response>(
          (resolve) =>
            (release = () => resolve(jsonResponse(202, { message: 'Message envoyé', emailId: '22222222-2222-4222-8222-222222222222' }))),
        ) as unknown as Response,
    );
    const send = await screen.findByRole('button', { name: 'Envoyer' });
    expect(send).toBeDisabled();
    await userE.type(screen.getByRole('textbox', { name: 'Objet' }), 'Votre facture');
    expect(send).toBeEnabled();
    await userE.clear(screen.getByRole('textbox', { name: 'Message' }));
    await userE.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toBeDisabled();
    await userE.type(screen.getByRole('textbox', { name: 'Message' }), 'Bonjour Jeanne, voici votre facture.');
    await userE.click(send);
    await waitFor(() => expect(screen.getByRole('button', { name: /Envoi/ })).toBeDisabled());
    release();
    expect(await screen.findByText('Message envoyé')).toBeInTheDocument();
    const call = api.calls.find((c) => c.method === 'POST' && c.url.endsWith('/email'));
    expect(call?.body).toEqual({ subject: 'Votre facture', message: '   Bonjour Jeanne, voici votre facture.' });
  });

  it("shows the API's field message under its field", async () => {
    const userE = userEvent.setup();
    setup(() =>
      jsonResponse(400, { statusCode: 400, message: 'Données invalides', errors: { subject: 'Objet trop long (200 caractères au plus)' } }),
    );
    await userE.selectOptions(await screen.findByRole('combobox', { name: 'Modèle' }), 'welcome');
    await userE.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Objet trop long (200 caractères au plus)')).toBeInTheDocument();
    expect(screen.queryByText('Message envoyé')).not.toBeInTheDocument();
  });

  it("says 'Client introuvable' for an unknown client", async () => {
    signedInAdmin({ 'GET /api/admin/users/inconnu': () => jsonResponse(404, { statusCode: 404, message: 'Client introuvable' }) });
    renderApp('/admin/clients/inconnu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client introuvable' })).toBeInTheDocument();
  });
});
