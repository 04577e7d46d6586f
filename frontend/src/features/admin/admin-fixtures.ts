import type { AdminSiteDetailDto, AdminSiteDto } from '../../api/generated/model';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, type RecordedCall } from '../../test/utils';

export const OWNER = { id: '6f1c2a57-3c39-4a3e-9d35-2b1f7c0d1e01', name: 'Jeanne Martin', email: 'jeanne@martin.fr', closedAt: null };
const NO_PROGRESS = { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false };

export function adminSite(overrides: Partial<AdminSiteDto> = {}): AdminSiteDto {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    siteName: 'Boulangerie Martin',
    domain: null,
    status: 'pending',
    type: 'business',
    progression: { ...NO_PROGRESS },
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    owner: OWNER,
    paymentState: 'current',
    paymentStateSince: null,
    ...overrides,
  };
}

export function adminSiteDetail(overrides: Partial<AdminSiteDetailDto> = {}): AdminSiteDetailDto {
  return { ...adminSite(), order: null, ...overrides };
}

/** An admin in admin mode, with the given API answers. */
export function signedInAdmin(handlers: Record<string, (call: RecordedCall) => Response | Promise<Response>>) {
  window.localStorage.setItem('adminMode', '1');
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ role: 'admin', name: 'Admin', email: 'admin@example.com' })),
    'GET /api/agency': () => jsonResponse(200, { name: 'Vitrine' }),
    ...handlers,
  });
}

/** The query of a recorded call, as an object. */
export const queryOf = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
