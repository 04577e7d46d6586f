import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { storageKeys } from '../../../config/paths';
import { givenSessionCookie, jsonResponse, makeSession, mockApi } from '../../../test/utils';
import { AdminModeProvider, useAdminMode } from './admin-mode';
import { AuthProvider, useAuth } from './session';

function Probe() {
  const { status, user } = useAuth();
  const { adminMode } = useAdminMode();
  return <p>{`${status}:${user?.name ?? '-'}:${adminMode ? 'admin' : 'client'}`}</p>;
}

const tree = (
  <AuthProvider>
    <AdminModeProvider>
      <Probe />
    </AdminModeProvider>
  </AuthProvider>
);

describe("the public build's session (app/public/kept/session.tsx, admin-mode.tsx)", () => {
  it('is the real provider’s for a visitor without a session: loading as on the server, then anonymous, without a call', async () => {
    const { calls } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire' })) });
    // Its first render, as the server's (the header's 'Connexion' while the session is restored).
    expect(renderToString(tree)).toContain('loading:-:client');
    render(tree);
    expect(await screen.findByText('anonymous:-:client')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('restores a session with the real provider, its code loaded first, when the browser may hold one', async () => {
    givenSessionCookie();
    window.localStorage.setItem(storageKeys.adminMode, '1');
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire', role: 'admin' }, 'restored')),
    });
    await act(async () => render(tree));
    expect(await screen.findByText('authenticated:Claire:admin')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/auth/refresh', method: 'POST' });
  });
});
