import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgencySettingsDto } from '../../api/generated/model';
import { jsonResponse, renderApp, type RecordedCall } from '../../test/utils';
import { signedInAdmin } from './admin-fixtures';
import { agencySettingsMessages } from './AdminAgencySettingsPage';
import { AGENCY_SETTINGS_SECTIONS } from './agency-settings-fields';
import { AUDIT_ACTION_LABELS, describeAuditEntry } from './audit-text';

const settings: AgencySettingsDto = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  legalForm: 'société par actions simplifiée',
  capital: '5 000 €',
  address: '12 rue des Artisans, 69002 Lyon',
  country: 'France',
  rcsCity: 'Lyon',
  siren: '912345675',
  siret: '91234567500017',
  vat: 'FR65912345675',
  director: 'Julien Moreau, Président',
  email: 'support@vitrine.example',
  phone: '01 99 00 24 24',
  bookingUrl: 'https://calendly.com/vitrine-agence/appel-30-minutes',
  teamEmail: 'equipe@vitrine.example',
  hostName: 'Scaleway SAS',
  hostAddress: '8 rue de la Ville-l’Évêque, 75008 Paris, France',
  hostWebsite: 'https://www.scaleway.com',
  vatRegime: 'standard',
  vatRate: '20',
  mediatorName: '',
  mediatorWebsite: '',
  savedAt: null,
};

function setup(put: (call: RecordedCall) => Response, get: () => Response = () => jsonResponse(200, settings)) {
  const api = signedInAdmin({ 'GET /api/admin/agency-settings': get, 'PUT /api/admin/agency-settings': put });
  renderApp('/admin/settings');
  return { api, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe("Admin 'Paramètres de l'agence' page", () => {
  it('shows every setting in a labelled field, says they come from the environment until saved, and is in the admin navigation', async () => {
    setup(() => jsonResponse(500));
    expect(await screen.findByRole('heading', { level: 1, name: "Paramètres de l'agence" })).toBeInTheDocument();
    expect(await screen.findByText(agencySettingsMessages.neverSaved)).toBeInTheDocument();
    expect(field('Téléphone')).toHaveValue('01 99 00 24 24');
    expect(field('E-mail de l’équipe')).toHaveValue('equipe@vitrine.example');
    expect(field('SIRET du siège')).toHaveValue('91234567500017');
    expect(field('Téléphone')).toHaveAccessibleDescription('Tel qu’il doit s’afficher : 01 23 45 67 89.');
    const labels = AGENCY_SETTINGS_SECTIONS.flatMap((s) => s.fields.map((f) => f.label));
    expect(labels).toHaveLength(Object.keys(settings).length - 1);
    const choices = AGENCY_SETTINGS_SECTIONS.flatMap((s) => s.fields.filter((f) => f.options).map((f) => f.label));
    // An optional field's label ends with '(facultatif)'.
    const named = (label: string) => (name: string) => name === label || name.replace(/\s*\(facultatif\)$/, '') === label;
    for (const label of labels)
      expect(
        choices.includes(label) ? screen.getByRole('combobox', { name: label }) : screen.getByRole('textbox', { name: named(label) }),
      ).toBeInTheDocument();
    // The VAT of the invoices: a regime and a rate, chosen from the lists.
    expect(screen.getByRole('combobox', { name: 'Régime de TVA' })).toHaveValue('standard');
    expect(screen.getByRole('combobox', { name: 'Taux de TVA' })).toHaveValue('20');
    // The consumer mediator: may stay empty.
    expect(screen.getByRole('textbox', { name: /^Médiateur de la consommation/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Site du médiateur/ })).toHaveAccessibleName(/^Site du médiateur\s*\(facultatif\)$/);
    for (const title of ['Identité', 'Siège et immatriculation', 'Facturation', 'Contact', 'Hébergeur', 'Médiation de la consommation'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // Under 'Plus' in the admin bar.
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Plus' }));
    expect(within(nav).getByRole('link', { name: 'Paramètres' })).toHaveAttribute('href', '/admin/settings');
  });

  it("saves every field, then says 'Paramètres enregistrés.' and when", async () => {
    const { api, user } = setup((call) => jsonResponse(200, { ...(call.body as AgencySettingsDto), savedAt: '2026-11-20T09:30:00.000Z' }));
    await user.clear(await screen.findByRole('textbox', { name: 'Téléphone' }));
    await user.type(field('Téléphone'), '03 20 12 34 56');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres enregistrés.')).toBeInTheDocument();
    expect(screen.getByText(/^Dernier enregistrement le 20\/11\/2026/)).toBeInTheDocument();
    const { savedAt: _savedAt, ...form } = settings;
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...form, phone: '03 20 12 34 56' });
    expect(field('Téléphone')).toHaveValue('03 20 12 34 56');
  });

  it("puts the server's messages under their fields and focuses the first one", async () => {
    const { user } = setup(() =>
      jsonResponse(400, {
        statusCode: 400,
        message: 'Données invalides',
        errors: { siret: 'SIRET invalide (clé de contrôle incorrecte)', teamEmail: "Format d'email invalide" },
      }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'SIRET du siège' }), '9');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(field('SIRET du siège')).toHaveAccessibleDescription(/SIRET invalide \(clé de contrôle incorrecte\)/));
    expect(field('SIRET du siège')).toHaveAttribute('aria-invalid', 'true');
    expect(field('SIRET du siège')).toHaveFocus();
    expect(field('E-mail de l’équipe')).toHaveAccessibleDescription(/Format d'email invalide/);
    expect(screen.queryByText('Paramètres enregistrés.')).not.toBeInTheDocument();
  });

  it('says so in an alert when the save fails for another reason', async () => {
    const { user } = setup(() => jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }));
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(agencySettingsMessages.failed)).toBeInTheDocument();
  });

  it('shows the loading state, then the error with a retry', async () => {
    let fail = true;
    const { user } = setup(
      () => jsonResponse(500),
      () => (fail ? jsonResponse(500, { statusCode: 500, message: 'Erreur interne' }) : jsonResponse(200, settings)),
    );
    expect(await screen.findByText(agencySettingsMessages.loading)).toBeInTheDocument();
    expect(await screen.findByText(agencySettingsMessages.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('textbox', { name: 'Nom commercial' })).toHaveValue('Vitrine');
  });

  it('names each changed setting in the audit log', () => {
    expect(AUDIT_ACTION_LABELS['agency.update']).toBe("Paramètres de l'agence");
    expect(
      describeAuditEntry({
        action: 'agency.update',
        before: { phone: '01 99 00 24 24', teamEmail: 'equipe@vitrine.example' },
        after: { phone: '03 20 12 34 56', teamEmail: 'equipe@atelier-nord.fr' },
      }),
    ).toEqual(['Téléphone : 01 99 00 24 24 → 03 20 12 34 56', 'E-mail de l’équipe : equipe@vitrine.example → equipe@atelier-nord.fr']);
  });
});
