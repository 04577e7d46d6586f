import { givenSessionCookie, jsonResponse, makeSession, mockApi } from '../test/utils';
import { ApiError, customFetch, getAccessToken, getSession, hasSessionHint, refreshSession, setSession } from './http';

describe('customFetch (the fetch mutator)', () => {
  it('sends the in-memory access token as a bearer header and returns the parsed body', async () => {
    setSession(makeSession({}, 'token-A'));
    const { calls } = mockApi({ 'GET /api/auth/me': () => jsonResponse(200, { id: 'u1', email: 'a@b.fr' }) });

    const me = await customFetch<{ email: string }>('/api/auth/me', { method: 'GET' });

    expect(me.email).toBe('a@b.fr');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer token-A');
  });

  it('throws an ApiError carrying the status, the French message and the field errors', async () => {
    mockApi({
      'POST /api/auth/register': () =>
        jsonResponse(409, { statusCode: 409, message: 'Cet email est déjà utilisé', errors: { email: 'Cet email est déjà utilisé' } }),
    });

    const error = await customFetch('/api/auth/register', { method: 'POST', body: '{}' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.message).toBe('Cet email est déjà utilisé');
    expect(apiError.fieldErrors).toEqual({ email: 'Cet email est déjà utilisé' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await customFetch('/api/health', { method: 'GET' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Impossible de joindre le serveur/);
  });

  it('on 401, refreshes once for concurrent calls and retries each with the new token', async () => {
    givenSessionCookie();
    setSession(makeSession({}, 'expired-token'));
    let refreshCalls = 0;
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));

    const { calls } = mockApi({
      'POST /api/auth/refresh': async () => {
        refreshCalls += 1;
        await refreshGate; // hold the refresh so that all three 401s arrive while it is in flight
        return jsonResponse(200, makeSession({}, 'fresh-token'));
      },
      'GET /api/auth/me': (call) =>
        call.headers.get('Authorization') === 'Bearer fresh-token'
          ? jsonResponse(200, { ok: 'me' })
          : jsonResponse(401, { statusCode: 401, message: 'Authentification requise' }),
      'GET /api/admin/users': (call) =>
        call.headers.get('Authorization') === 'Bearer fresh-token'
          ? jsonResponse(200, { users: [], total: 0 })
          : jsonResponse(401, { statusCode: 401, message: 'Authentification requise' }),
    });

    const pending = Promise.all([
      customFetch('/api/auth/me', { method: 'GET' }),
      customFetch('/api/admin/users?page=1', { method: 'GET' }),
      customFetch('/api/auth/me', { method: 'GET' }),
    ]);
    await vi.waitFor(() => expect(calls.filter((c) => c.url.includes('/refresh'))).toHaveLength(1));
    releaseRefresh();
    const results = await pending;

    expect(refreshCalls).toBe(1);
    expect(results).toEqual([{ ok: 'me' }, { users: [], total: 0 }, { ok: 'me' }]);
    expect(getAccessToken()).toBe('fresh-token');
    const refreshCall = calls.find((c) => c.url === '/api/auth/refresh')!;
    expect(refreshCall.method).toBe('POST');
    expect(refreshCall.headers.get('Authorization')).toBeNull();
    // three first attempts, one refresh, three retries
    expect(calls).toHaveLength(7);
  });

  it('when the refresh fails, clears the session and the companion cookie, and throws the original 401', async () => {
    givenSessionCookie();
    setSession(makeSession({}, 'expired-token'));
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }),
      'GET /api/auth/me': () => jsonResponse(401, { statusCode: 401, message: 'Authentification requise' }),
    });

    const error = (await customFetch('/api/auth/me', { method: 'GET' }).catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(401);
    expect(getSession()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me', '/api/auth/refresh']);
    expect(hasSessionHint()).toBe(false);
    expect(document.cookie).not.toContain('vitrine_session');
  });

  it('without the companion cookie, never calls refresh: the 401 stands and the session is dropped', async () => {
    setSession(makeSession({}, 'expired-token'));
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession({}, 'should-not-be-used')),
      'GET /api/auth/me': () => jsonResponse(401, { statusCode: 401, message: 'Authentification requise' }),
    });

    const error = (await customFetch('/api/auth/me', { method: 'GET' }).catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/me']);
    expect(getSession()).toBeNull();
    expect(await refreshSession()).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('keeps the companion cookie when the refresh fails on the server side (5xx), for a later try', async () => {
    givenSessionCookie();
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(503, { statusCode: 503, message: 'Indisponible' }) });
    expect(await refreshSession()).toBeNull();
    expect(hasSessionHint()).toBe(true);
  });

  it('never refreshes on a failed login (401 means wrong credentials)', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': () => jsonResponse(401, { statusCode: 401, message: 'Email ou mot de passe incorrect' }),
    });

    const error = (await customFetch('/api/auth/login', { method: 'POST', body: '{}' }).catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/login']);
  });
});
