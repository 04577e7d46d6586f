import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { getAccessToken, setSession } from '../../api/http';
import { createTestQueryClient, givenSessionCookie, jsonResponse, makeSession, mockApi } from '../../test/utils';
import { AuthProvider, useAuth } from './session';

function Probe() {
  const { status, user } = useAuth();
  return <p>{`${status}:${user?.name ?? '-'}`}</p>;
}

function renderProvider() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('AuthProvider', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores the session from the refresh cookie on load', async () => {
    givenSessionCookie();
    const { calls } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire' }, 'restored')) });
    renderProvider();
    expect(screen.getByText('loading:-')).toBeInTheDocument();
    expect(await screen.findByText('authenticated:Claire')).toBeInTheDocument();
    expect(getAccessToken()).toBe('restored');
    expect(calls[0]).toMatchObject({ url: '/api/auth/refresh', method: 'POST' });
  });

  it('is anonymous without calling the server when the browser holds no session (no companion cookie)', async () => {
    const { calls, fetchMock } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire' })) });
    renderProvider();
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is anonymous, and forgets the companion cookie, when the server refuses the refresh cookie', async () => {
    givenSessionCookie();
    const { calls } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) });
    renderProvider();
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
    expect(document.cookie).not.toContain('vitrine_session=1');
  });

  it('checks every 30 s and refreshes shortly before the access token expires', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z') });
    givenSessionCookie();
    const now = Math.floor(Date.now() / 1000);
    setSession({ ...makeSession({ name: 'Claire' }, 'first'), expires_at: now + 120 });
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, { ...makeSession({ name: 'Claire' }, 'second'), expires_at: now + 1000 }),
    });
    renderProvider();
    expect(screen.getByText('authenticated:Claire')).toBeInTheDocument();

    // 30 s later the token still has 90 s left: no refresh yet.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls).toHaveLength(0);

    // 60 s later only 60 s are left: refresh.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
    expect(getAccessToken()).toBe('second');
  });
});
