import { screen, within } from '@testing-library/react';
import type { AgencyResponseDto } from '../../../api/generated/model';
import { jsonResponse, mockApi, renderApp } from '../../../test/utils';

const agency: AgencyResponseDto = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  legalForm: 'SAS',
  capital: '1 000 €',
  address: '3 place du Théâtre, 59000 Lille',
  country: 'France',
  director: 'Claire Lemaire',
  email: 'bonjour@vitrine.example',
  phone: '03 20 12 34 56',
  phoneHref: 'tel:+33320123456',
  bookingUrl: 'https://calendly.com/vitrine/appel',
  rcs: 'RCS Lille 912 345 675',
  siret: '91234567500017',
  vat: 'FR65912345675',
  legalLine: 'Vitrine SAS au capital de 1 000 €',
  host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix', website: 'https://www.ovhcloud.com' },
  mediator: null,
};

describe('/cgv', () => {
  it('keeps its 13 numbered sections and adds the consumer clauses as an annex (decision 0022)', async () => {
    mockApi({
      'GET /api/agency': () => jsonResponse(200, agency),
      'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }),
    });
    renderApp('/cgv');
    const annex = await screen.findByRole('heading', { level: 2, name: 'Annexe — Clients consommateurs' });
    const numbered = screen.getAllByRole('heading', { level: 2 }).filter((h) => /^\d+\. /.test(h.textContent ?? ''));
    expect(numbered.map((h) => h.textContent?.split('.')[0])).toEqual(Array.from({ length: 13 }, (_, i) => String(i + 1)));
    expect(numbered[0]).toHaveTextContent('1. Objet et champ d’application');

    const section = annex.closest('section')!;
    const text = section.textContent ?? '';
    // The withdrawal right, its form, the express request and the loss of the right, the refund, the mediator.
    expect(text).toMatch(/L221-18 du Code de la consommation.*14 jours/);
    expect(within(section).getByRole('heading', { level: 3, name: 'Modèle de formulaire de rétractation' })).toBeInTheDocument();
    expect(text).toContain('Je vous notifie par la présente ma rétractation du contrat');
    expect(text).toMatch(/demande expressément.*L221-25/);
    expect(text).toMatch(/L221-28 1°.*pleinement exécutée.*reconnaissance de la perte de ce droit/);
    expect(text).toMatch(/rembourse la totalité des sommes versées au plus tard 14 jours/);
    expect(text).toMatch(/médiateur de la consommation/);
    // The amount due for the service begun (L221-25), how it is counted, and the guarantee that waives it.
    expect(text).toMatch(/au prorata des jours de service commencés.*renonce à le lui réclamer pendant les 30 jours/);
    // No mediator named yet: the consumer asks for it by e-mail.
    expect(text).toMatch(/Les coordonnées du médiateur dont relève le Prestataire lui sont communiquées sur demande/);
    expect(within(section).getAllByRole('link', { name: 'bonjour@vitrine.example' })[0]).toHaveAttribute(
      'href',
      'mailto:bonjour@vitrine.example',
    );
    // The client area's form, and its acknowledgement.
    expect(text).toMatch(/formulaire de\s+rétractation de son espace client.*accusé de réception par e-mail \(article L221-21\)/);
    // The table of contents leads to it.
    const toc = screen.getByRole('navigation', { name: 'Sommaire' });
    expect(within(toc).getByRole('link', { name: 'Annexe — Clients consommateurs' })).toHaveAttribute('href', '#consommateurs');
  });

  it('names the mediator the agency has joined (L612-1, agency settings)', async () => {
    mockApi({
      'GET /api/agency': () => jsonResponse(200, { ...agency, mediator: { name: 'CM2C', website: 'https://www.cm2c.net' } }),
      'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }),
    });
    renderApp('/cgv');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Annexe — Clients consommateurs' })).closest('section')!;
    expect(section.textContent).toMatch(/Le Prestataire relève du médiateur CM2C, que le Client consommateur peut saisir sur son site/);
    expect(within(section).getByRole('link', { name: 'https://www.cm2c.net' })).toHaveAttribute('href', 'https://www.cm2c.net');
    expect(section.textContent).not.toMatch(/communiquées sur demande/);
  });
});
