import { givenSessionCookie, jsonResponse, makeSession, mockApi } from '../test/utils';
import { ApiError, customFetch, getAccessToken, getSession, hasSessionHint, refreshSession, setSession, uploadWithProgress } from './http';

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
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
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

  it("takes the refresh the page's loader started (once), instead of sending the single-use cookie again", async () => {
    givenSessionCookie();
    const { calls } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession({}, 'from-the-app')) });
    const holder = window as unknown as { __vitrineRefresh?: Promise<Response | null> };
    holder.__vitrineRefresh = Promise.resolve(jsonResponse(200, makeSession({}, 'from-the-loader')));

    expect((await refreshSession())?.access_token).toBe('from-the-loader');
    expect(getAccessToken()).toBe('from-the-loader');
    expect(calls).toHaveLength(0);
    expect(holder.__vitrineRefresh).toBeUndefined();
    // Later refreshes are the app's own.
    expect((await refreshSession())?.access_token).toBe('from-the-app');
    expect(calls).toHaveLength(1);
  });

  it("asks again itself when the loader's early refresh met a network failure", async () => {
    givenSessionCookie();
    const { calls } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession({}, 'from-the-app')) });
    (window as unknown as { __vitrineRefresh?: Promise<Response | null> }).__vitrineRefresh = Promise.resolve(null);
    expect((await refreshSession())?.access_token).toBe('from-the-app');
    expect(calls).toHaveLength(1);
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

/** A stand-in for XMLHttpRequest: each request answers with the next of `answers`, after reporting its progress. */
function fakeXhr(answers: Array<{ status: number; body?: unknown }>) {
  const sent: Array<{ url: string; headers: Record<string, string>; body: unknown; withCredentials: boolean }> = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json; charset=utf-8' : null;
    }
    abort() {
      queueMicrotask(() => this.onabort?.());
    }
    send(body: unknown) {
      sent.push({ url: this.url, headers: { ...this.headers }, body, withCredentials: this.withCredentials });
      const answer = answers.shift()!;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = answer.status;
        this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploadWithProgress (multipart with progress)', () => {
  it('posts the form data with the bearer token and cookies, reports progress and answers the body', async () => {
    setSession(makeSession({}, 'token-U'));
    const sent = fakeXhr([{ status: 201, body: { id: 'p1', name: 'a.jpg' } }]);
    const progress: number[] = [];
    const body = new FormData();

    const photo = await uploadWithProgress<{ id: string }>('/api/order-drafts/d1/photos', body, { onProgress: (f) => progress.push(f) });

    expect(photo).toEqual({ id: 'p1', name: 'a.jpg' });
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]).toMatchObject({ url: '/api/order-drafts/d1/photos', body, withCredentials: true });
    expect(sent[0].headers.Authorization).toBe('Bearer token-U');
  });

  it("throws the API's French error", async () => {
    fakeXhr([
      {
        status: 400,
        body: {
          statusCode: 400,
          message: 'Seules les images JPG et PNG sont acceptées',
          errors: { file: 'Seules les images JPG et PNG sont acceptées' },
        },
      },
    ]);
    const error = (await uploadWithProgress('/api/order-drafts/d1/photos', new FormData()).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.fieldErrors.file).toBe('Seules les images JPG et PNG sont acceptées');
  });

  it('refreshes the session once on 401 and sends again', async () => {
    givenSessionCookie();
    setSession(makeSession({}, 'old'));
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession({}, 'new')) });
    const sent = fakeXhr([
      { status: 401, body: { statusCode: 401, message: 'Authentification requise' } },
      { status: 201, body: { id: 'p2' } },
    ]);

    await expect(uploadWithProgress('/api/order-drafts/d1/photos', new FormData())).resolves.toEqual({ id: 'p2' });
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('stops when its signal aborts', async () => {
    fakeXhr([{ status: 201, body: {} }]);
    const controller = new AbortController();
    controller.abort();
    await expect(uploadWithProgress('/api/x', new FormData(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
