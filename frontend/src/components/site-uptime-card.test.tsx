import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UptimeResponseDto } from '../api/generated/model';
import { jsonResponse, mockApi, renderApp } from '../test/utils';
import { formatAvailability, SiteUptimeCard } from './site-uptime-card';

const SITE = '11111111-1111-4111-8111-111111111111';
const NOW = new Date('2026-03-20T09:00:00.000Z');

const answer = (overrides: Partial<UptimeResponseDto> = {}): UptimeResponseDto => ({
  state: 'up',
  downSince: null,
  lastCheckedAt: '2026-03-20T08:59:00.000Z',
  latencyMs: 182,
  statusCode: 200,
  redirectTo: null,
  availability30d: 0.99954,
  availability90d: 0.9998,
  certificateExpiresAt: '2026-06-01T00:00:00.000Z',
  incidents: [],
  ...overrides,
});

function renderCard(handler: () => Response) {
  const api = mockApi({ [`GET /api/sites/${SITE}/uptime`]: handler });
  renderApp('/', [{ path: '/', element: <SiteUptimeCard siteId={SITE} now={NOW} /> }]);
  return api;
}

describe('SiteUptimeCard', () => {
  it('shows an online site: its answer time, availability over 30 and 90 days, its certificate, no incident', async () => {
    renderCard(() => jsonResponse(200, answer()));
    expect(await screen.findByText('En ligne')).toBeInTheDocument();
    expect(screen.getByText('Réponse en 182 ms')).toBeInTheDocument();
    const figures = screen.getByRole('heading', { name: 'Disponibilité' }).parentElement!;
    expect(within(figures).getByText('30 derniers jours').nextSibling).toHaveTextContent('99,95 %');
    expect(within(figures).getByText('90 derniers jours').nextSibling).toHaveTextContent('99,98 %');
    expect(screen.getByText('Valable jusqu’au 01/06/2026')).toBeInTheDocument();
    expect(screen.queryByText(/Expire dans/)).not.toBeInTheDocument();
    expect(screen.getByText('Aucun incident.')).toBeInTheDocument();
  });

  it('shows an offline site since when, its incidents with their cause and length, and a certificate about to expire', async () => {
    renderCard(() =>
      jsonResponse(
        200,
        answer({
          state: 'down',
          downSince: '2026-03-20T08:41:00.000Z',
          latencyMs: null,
          statusCode: 503,
          certificateExpiresAt: '2026-03-30T12:00:00.000Z',
          incidents: [
            { id: 'i2', startedAt: '2026-03-20T08:41:00.000Z', endedAt: null, cause: 'http', statusCode: 503 },
            { id: 'i1', startedAt: '2026-03-02T22:10:00.000Z', endedAt: '2026-03-02T22:35:00.000Z', cause: 'timeout', statusCode: null },
          ],
        }),
      ),
    );
    expect(await screen.findByText('Hors ligne depuis le 20/03/2026 09:41')).toBeInTheDocument();
    expect(screen.queryByText(/Réponse en/)).not.toBeInTheDocument();
    expect(screen.getByText('Expire dans 10 j')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '20/03/2026 09:41Erreur HTTP 503, en cours',
      '02/03/2026 23:10Pas de réponse à temps, 25\u00a0min',
    ]);
  });

  it('says a site without checks yet is not checked, and shows no figure', async () => {
    renderCard(() =>
      jsonResponse(
        200,
        answer({
          state: 'unknown',
          lastCheckedAt: null,
          latencyMs: null,
          availability30d: null,
          availability90d: null,
          certificateExpiresAt: null,
        }),
      ),
    );
    expect(await screen.findByText('Pas encore vérifié')).toBeInTheDocument();
    expect(screen.getByText(/vérifié chaque minute dès qu’il est en ligne/)).toBeInTheDocument();
    expect(screen.queryByText('30 derniers jours')).not.toBeInTheDocument();
    expect(screen.queryByText('Derniers incidents')).not.toBeInTheDocument();
  });

  it('says when the figures cannot be loaded, and loads them again on demand', async () => {
    let fail = true;
    const { calls } = renderCard(() => (fail ? jsonResponse(500, { statusCode: 500, message: 'Erreur' }) : jsonResponse(200, answer())));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger la disponibilité.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('En ligne')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/uptime'))).toHaveLength(2);
  });

  it('writes availability with two decimals', () => {
    expect(formatAvailability(1)).toBe('100,00\u00a0%');
    expect(formatAvailability(0.2857)).toBe('28,57\u00a0%');
    expect(formatAvailability(null)).toBe('—');
  });
});
