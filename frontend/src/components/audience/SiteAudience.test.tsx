import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { AudienceResponseDto } from '../../api/generated/model';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, type RecordedCall, renderApp } from '../../test/utils';
import { changeOf, figureTiles, languageLabel, pointsChangeOf } from './audience-format';

const SITE_ID = '11111111-1111-4111-8111-111111111111';
const site = {
  id: SITE_ID,
  siteName: 'Boulangerie Martin',
  domain: 'boulangerie-martin.fr',
  status: 'active',
  type: 'pro',
  planLabel: 'Pro (29\u00a0€/mois)',
  ageDays: 30,
  statusHistory: [],
  modificationOptions: { types: [{ value: 'design', label: 'Design' }], priorities: [{ value: 'low', label: 'Basse' }] },
  progression: { started: true, designOk: true, devOk: true, seoOk: true, technoReview: true },
  createdAt: '2026-10-18T10:00:00.000Z',
  updatedAt: '2026-10-18T10:00:00.000Z',
};

const zero = { visitors: 0, pageviews: 0, visits: 0, bounceRate: 0, averageVisitSeconds: 0 };
const SNIPPET = '<script defer src="https://vitrine.example/s.js" data-site="KEY_KEY_KEY_KEY_1"></script>';

function audience(overrides: Partial<AudienceResponseDto> = {}): AudienceResponseDto {
  return {
    period: '30d',
    from: '2026-10-29',
    to: '2026-11-27',
    totals: { visitors: 120, pageviews: 300, visits: 150, bounceRate: 0.4, averageVisitSeconds: 95 },
    previous: { visitors: 100, pageviews: 300, visits: 160, bounceRate: 0.5, averageVisitSeconds: 100 },
    series: [
      { day: '2026-11-26', visitors: 50, pageviews: 120 },
      { day: '2026-11-27', visitors: 70, pageviews: 180 },
    ],
    granularity: 'day',
    pages: [
      { value: '/', visitors: 90, pageviews: 200 },
      { value: '/tarifs', visitors: 30, pageviews: 100 },
    ],
    sourceGroups: [
      { group: 'search', visitors: 60, pageviews: 150 },
      { group: 'social', visitors: 20, pageviews: 30 },
      { group: 'direct', visitors: 30, pageviews: 90 },
      { group: 'website', visitors: 5, pageviews: 15 },
      { group: 'campaign', visitors: 5, pageviews: 15 },
    ],
    sources: [
      { value: 'google.fr', group: 'search', visitors: 60, pageviews: 150 },
      { value: '(direct)', group: 'direct', visitors: 30, pageviews: 90 },
    ],
    campaigns: [{ value: 'newsletter / noel', visitors: 5, pageviews: 15 }],
    devices: [
      { value: 'mobile', visitors: 80, pageviews: 200 },
      { value: 'desktop', visitors: 40, pageviews: 100 },
    ],
    browsers: [{ value: 'Chrome', visitors: 120, pageviews: 300 }],
    languages: [{ value: 'fr', visitors: 120, pageviews: 300 }],
    lastEventAt: new Date(Date.now() - 60_000).toISOString(),
    siteKey: 'KEY_KEY_KEY_KEY_1',
    snippet: SNIPPET,
    optOutUrl: 'https://vitrine.example/api/a/opt-out?k=KEY_KEY_KEY_KEY_1',
    legalNotice: 'Mesure d’audience\n\nCe site mesure sa fréquentation…',
    ...overrides,
  };
}

function signedInWith(answer: (call: RecordedCall) => Response, handlers: Parameters<typeof mockApi>[0] = {}) {
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin' })),
    [`GET /api/sites/${SITE_ID}`]: () => jsonResponse(200, site),
    'GET /api/billing/payment-issues': () => jsonResponse(200, { issues: [] }),
    [`GET /api/sites/${SITE_ID}/audience`]: answer,
    ...handlers,
  });
}

const periodOf = (call: RecordedCall) => new URL(call.url, 'http://x').searchParams.get('period');

describe('the site’s audience on the client’s site page', () => {
  it('shows the figures against the previous period, the chart’s table, the rankings; the placeholder is gone', async () => {
    signedInWith(() => jsonResponse(200, audience()));
    renderApp(`/dashboard/sites/${SITE_ID}`);
    const tiles = await screen.findByLabelText('Chiffres de la période');
    const tile = (label: string) => within(tiles).getByText(label).parentElement!;
    expect(within(tile('Visiteurs')).getByText('120')).toBeInTheDocument();
    expect(within(tile('Visiteurs')).getByText('+20 %')).toBeInTheDocument();
    expect(within(tile('Pages vues')).getByText('stable')).toBeInTheDocument();
    expect(within(tile('Durée moyenne d’une visite')).getByText('1 min')).toBeInTheDocument();
    expect(within(tile('Taux de rebond')).getByText('40 %')).toBeInTheDocument();
    expect(within(tile('Taux de rebond')).getByText('−10 pts')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Visiteurs et pages vues par jour' })).toBeInTheDocument();
    const pages = screen.getByRole('table', { name: 'Pages les plus vues' });
    expect(within(pages).getByRole('rowheader', { name: '/tarifs' })).toBeInTheDocument();
    const sources = screen.getByRole('table', { name: 'Sites d’où viennent les visiteurs' });
    expect(within(sources).getByRole('rowheader', { name: 'Accès direct' })).toBeInTheDocument();
    expect(within(sources).getByRole('rowheader', { name: 'google.fr' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Provenance des visites' })).getByText(/150 pages vues · 50 %/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Appareils' })).getByRole('rowheader', { name: 'Mobile' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Langues' })).getByRole('rowheader', { name: 'Français' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Installer les statistiques' })).toBeInTheDocument();
    expect(screen.getByText('Les événements arrivent.')).toBeInTheDocument();
    expect(screen.queryByText(/en cours de développement/)).toBeNull();
  });

  it('shows the empty state and the snippet before the first visit, and checks again on demand', async () => {
    const user = userEvent.setup();
    let arrived = false;
    const api = signedInWith(() =>
      jsonResponse(
        200,
        arrived
          ? audience({ totals: { ...zero, visitors: 1, pageviews: 1, visits: 1, bounceRate: 1 }, previous: zero })
          : audience({ totals: zero, previous: zero, pages: [], lastEventAt: null }),
      ),
    );
    renderApp(`/dashboard/sites/${SITE_ID}`);
    expect(await screen.findByText('Aucune visite mesurée pour l’instant')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByLabelText('Extrait de code du site')).toHaveValue(SNIPPET);
    expect(screen.getByText('Aucun événement reçu pour l’instant.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'la page d’information et d’opposition des visiteurs' })).toHaveAttribute(
      'href',
      'https://vitrine.example/api/a/opt-out?k=KEY_KEY_KEY_KEY_1',
    );

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copier l’extrait' }));
    expect(writeText).toHaveBeenCalledWith(SNIPPET);
    expect(await screen.findByText('Copié.')).toBeInTheDocument();

    arrived = true;
    await user.click(screen.getByRole('button', { name: 'Vérifier de nouveau' }));
    expect(await screen.findByText('Les événements arrivent.')).toBeInTheDocument();
    expect(screen.queryByText('Aucune visite mesurée pour l’instant')).toBeNull();
    expect(api.calls.filter((c) => c.url.startsWith(`/api/sites/${SITE_ID}/audience`))).toHaveLength(2);
  });

  it('asks again on its own every 15 seconds until the first event arrives, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let arrived = false;
      const api = signedInWith(() =>
        jsonResponse(200, arrived ? audience() : audience({ totals: zero, previous: zero, pages: [], lastEventAt: null })),
      );
      renderApp(`/dashboard/sites/${SITE_ID}`);
      expect(await screen.findByText('Aucune visite mesurée pour l’instant')).toBeInTheDocument();
      const asked = () => api.calls.filter((c) => c.url.startsWith(`/api/sites/${SITE_ID}/audience`)).length;
      expect(asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(15_000);
      await waitFor(() => expect(asked()).toBe(2));
      arrived = true;
      await vi.advanceTimersByTimeAsync(15_000);
      expect(await screen.findByLabelText('Chiffres de la période')).toBeInTheDocument();
      expect(asked()).toBe(3);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(asked()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the chosen period and keeps the radio buttons labelled', async () => {
    const user = userEvent.setup();
    const api = signedInWith((call) =>
      jsonResponse(
        200,
        periodOf(call) === '12m'
          ? audience({ period: '12m', granularity: 'month', series: [{ day: '2025-11-28', visitors: 3, pageviews: 4 }] })
          : audience(),
      ),
    );
    renderApp(`/dashboard/sites/${SITE_ID}`);
    const thirty = await screen.findByRole('radio', { name: '30 jours' });
    expect(thirty).toBeChecked();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      '7 jours',
      '30 jours',
      '90 jours',
      '12 mois',
    ]);
    await user.click(screen.getByRole('radio', { name: '12 mois' }));
    expect(await screen.findByRole('table', { name: 'Visiteurs et pages vues par mois' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '12 mois' })).toBeChecked();
    expect(api.calls.filter((c) => c.url.includes('/audience')).map(periodOf)).toEqual(['30d', '12m']);
  });

  it('says so when the figures cannot be read, with a retry', async () => {
    signedInWith(() => jsonResponse(500, { statusCode: 500, message: 'Erreur' }));
    renderApp(`/dashboard/sites/${SITE_ID}`);
    const alert = (await screen.findByText(/Impossible de charger les statistiques\./, {}, { timeout: 4000 })).closest('[role="alert"]');
    // Its own retry (the uptime card beside it, failing too, has another).
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('downloads the period’s CSV with the session’s token', async () => {
    const user = userEvent.setup();
    const api = signedInWith(() => jsonResponse(200, audience()), {
      [`GET /api/sites/${SITE_ID}/audience.csv`]: () =>
        new Response('\uFEFFJour;Visiteurs\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp(`/dashboard/sites/${SITE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = api.calls.find((c) => c.url.startsWith(`/api/sites/${SITE_ID}/audience.csv`))!;
    expect(periodOf(call)).toBe('30d');
    expect(call.headers.get('Authorization')).toMatch(/^Bearer /);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^statistiques-30d-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('audience figures in words', () => {
  it('says a change as a percentage, new when nothing came before, and a rate’s change in points', () => {
    const plain = ({ text, trend }: { text: string; trend: string }) => ({ text: text.replace(/\s/g, ' '), trend });
    expect(plain(changeOf(150, 100))).toEqual({ text: '+50 %', trend: 'up' });
    expect(plain(changeOf(90, 100))).toEqual({ text: '−10 %', trend: 'down' });
    expect(changeOf(5, 0)).toEqual({ text: 'nouveau', trend: 'new' });
    expect(changeOf(0, 0)).toEqual({ text: 'stable', trend: 'same' });
    expect(pointsChangeOf(0.45, 0.4)).toEqual({ text: '+5 pts', trend: 'up' });
    expect(figureTiles(zero, zero).map((t) => t.value)).toEqual(['0', '0', '0', '—', '—']);
    expect(languageLabel('en')).toBe('Anglais');
    expect(languageLabel('(inconnue)')).toBe('Inconnue');
  });
});
