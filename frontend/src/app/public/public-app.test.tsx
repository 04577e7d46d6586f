import { act, render, screen, within } from '@testing-library/react';
import type { AgencyResponseDto, CatalogueResponseDto } from '../../api/generated/model';
import catalogue from '../../test/fixtures/catalogue.json';
import { jsonResponse, mockApi } from '../../test/utils';
import { PublicBrowserApp } from './public-app';

const agency = {
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
} satisfies AgencyResponseDto;

/** A page holding a link the router wrote, as a section kept as the server's HTML has it: no handler of its own. */
function KeptLinkPage() {
  return (
    <div
      dangerouslySetInnerHTML={{
        __html:
          '<h1>Accueil gardé</h1><a href="/services" data-discover="true">Nos services</a><a href="https://example.com/">Ailleurs</a>',
      }}
    />
  );
}

describe('the public app (app/public/public-app.tsx)', () => {
  it('follows a link the router wrote in HTML it did not hydrate, as its Link would have, and leaves other links to the browser', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, {}) });
    window.history.replaceState(null, '', '/');
    const leave = vi.fn(async () => {});
    render(
      <PublicBrowserApp
        data={{ agency, catalogue: catalogue as CatalogueResponseDto }}
        initial={{ location: { pathname: '/', search: '', hash: '', state: null, key: 'default' }, Page: KeptLinkPage }}
        leave={leave}
      />,
    );
    const main = screen.getByRole('main');
    // An outside link: not the app's (the browser's own navigation, stopped here as jsdom has none).
    let outsidePrevented = false;
    const afterApp = (event: Event) => {
      outsidePrevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', afterApp);
    await act(async () => within(main).getByRole('link', { name: 'Ailleurs' }).click());
    document.removeEventListener('click', afterApp);
    expect(outsidePrevented).toBe(false);

    await act(async () => within(main).getByRole('link', { name: 'Nos services' }).click());
    await vi.waitFor(() => expect(window.location.pathname).toBe('/services'));
    await screen.findByRole('heading', { level: 1, name: /.+/ });
    expect(screen.queryByText('Accueil gardé')).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });
});
