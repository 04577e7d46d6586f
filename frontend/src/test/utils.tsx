import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { SessionResponseDto, UserResponseDto } from '../api/generated/model';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/router';

export function makeUser(overrides: Partial<UserResponseDto> = {}): UserResponseDto {
  return {
    id: '6f1c2a57-3c39-4a3e-9d35-2b1f7c0d1e01',
    email: 'claire@example.com',
    name: 'Claire Martin',
    role: 'client',
    createdAt: '2025-03-14T10:00:00.000Z',
    ...overrides,
  };
}

let tokenCounter = 0;
export function makeSession(user: Partial<UserResponseDto> = {}, token?: string): SessionResponseDto {
  tokenCounter += 1;
  return {
    access_token: token ?? `access-${tokenCounter}`,
    token_type: 'bearer',
    expires_in: 900,
    expires_at: Math.floor(Date.now() / 1000) + 900,
    refresh_token: `refresh-${tokenCounter}`,
    user: makeUser(user),
  };
}

/**
 * The browser holds a session: the server's readable companion of the refresh cookie is there (see api/http.ts),
 * so the app restores the session on load. Without it the app is anonymous without asking the server.
 */
export function givenSessionCookie(): void {
  document.cookie = 'vitrine_session=1; Path=/';
}

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Replace fetch (the network boundary) with a router of handlers keyed by 'METHOD /path'.
 * Unknown requests answer 404. Returns the list of recorded calls.
 */
/** GET /api/catalogue as the server answers it (the parts pages read), for tests that render forms using it. */
export const catalogueAnswer = {
  plans: [],
  addOns: [],
  offer: { fromMonthlyPriceCents: 2999, includedChangeMinutes: 30, commitment: false },
  quoteOptions: {
    budgets: [
      { value: '1000-3000', label: '1 000 € – 3 000 €' },
      { value: '3000-5000', label: '3 000 € – 5 000 €' },
      { value: '5000-10000', label: '5 000 € – 10 000 €' },
      { value: '10000+', label: 'Plus de 10 000 €' },
    ],
    timelines: [
      { value: 'urgent', label: 'Urgent (1-2 semaines)' },
      { value: 'normal', label: 'Normal (1-2 mois)' },
      { value: 'flexible', label: 'Flexible (3 mois et plus)' },
    ],
    callbackPreferences: [
      { value: 'morning', label: 'Matin (9h-12h)' },
      { value: 'afternoon', label: 'Après-midi (14h-17h)' },
      { value: 'evening', label: 'Soir (18h-20h)' },
      { value: 'anytime', label: 'Peu importe' },
    ],
    notSpecified: 'Non spécifié',
  },
};

export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: RecordedCall = { url, method, headers: new Headers(init.headers), body };
    calls.push(call);
    const path = url.split('?')[0];
    const handler = handlers[`${method} ${path}`];
    if (!handler) return jsonResponse(404, { statusCode: 404, message: 'Introuvable' });
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Render the real app routes (or given ones) in a memory router, with the real providers. */
export function renderApp(initialEntry: string | { pathname: string; state?: unknown }, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const utils = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}
