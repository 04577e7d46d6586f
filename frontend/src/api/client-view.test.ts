import { customFetch, getAccessToken, getClientView, getClientViewEnd, setClientView, setSession } from './http';
import { jsonResponse, makeSession, mockApi } from '../test/utils';

const view = {
  viewId: '99999999-9999-4999-8999-999999999999',
  accessToken: 'view-token',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  client: { id: 'c1', email: 'client@example.com', name: 'Client', role: 'client' as const, createdAt: '2026-01-01T00:00:00.000Z' },
};

describe('the client view’s token in the fetch mutator', () => {
  it('is sent instead of the admin’s while the view is open, and the admin’s again after', async () => {
    const admin = makeSession({ role: 'admin' }, 'admin-token');
    setSession(admin);
    setClientView(view);
    expect(getAccessToken()).toBe('view-token');
    const { calls } = mockApi({ 'GET /api/sites': () => jsonResponse(200, { sites: [], total: 0 }) });
    await customFetch('/api/sites');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer view-token');
    setClientView(null);
    expect(getAccessToken()).toBe('admin-token');
    expect(getClientViewEnd()?.reason).toBe('left');
  });

  it('ends the view on a 401 without refreshing nor retrying with the admin’s token', async () => {
    setSession(makeSession({ role: 'admin' }, 'admin-token'));
    setClientView(view);
    document.cookie = 'vitrine_session=1; Path=/';
    const { calls } = mockApi({
      'GET /api/sites': () => jsonResponse(401, { statusCode: 401, message: 'Authentification requise' }),
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ role: 'admin' }, 'admin-token-2')),
    });
    await expect(customFetch('/api/sites')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/sites']);
    expect(getClientView()).toBeNull();
    expect(getClientViewEnd()?.reason).toBe('expired');
  });

  it('ends with the admin’s session, or when someone else signs in', () => {
    const admin = makeSession({ role: 'admin', id: 'admin-1' }, 'admin-token');
    setSession(admin);
    setClientView(view);
    setSession({ ...admin, access_token: 'admin-token-refreshed' });
    expect(getClientView()).not.toBeNull();
    setSession(makeSession({ id: 'someone-else' }, 'other-token'));
    expect(getClientView()).toBeNull();
    expect(getAccessToken()).toBe('other-token');
    setSession(admin);
    setClientView(view);
    setSession(null);
    expect(getClientView()).toBeNull();
  });
});
