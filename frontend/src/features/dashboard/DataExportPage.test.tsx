import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, type RecordedCall, renderApp } from '../../test/utils';

const ID = '44444444-4444-4444-8444-444444444444';

function signedIn(download: (call: RecordedCall) => Response) {
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({}, 'token-1')),
    [`POST /api/privacy/exports/${ID}/download`]: download,
  });
}

describe('the mailed link of a data archive', () => {
  it('downloads the archive with the session and the link’s token, once', async () => {
    const createObjectURL = vi.fn(() => 'blob:archive');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { calls } = signedIn(() => new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Type': 'application/zip' } }));
    const user = userEvent.setup();
    renderApp(`/dashboard/data-export?export=${ID}&token=abc.def`);
    await user.click(await screen.findByRole('button', { name: 'Télécharger l’archive' }));

    expect(await screen.findByText(/Votre archive est téléchargée/)).toBeInTheDocument();
    const call = calls.find((c) => c.url === `/api/privacy/exports/${ID}/download`)!;
    expect(call.body).toEqual({ token: 'abc.def' });
    expect(call.headers.get('Authorization')).toBe('Bearer token-1');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Télécharger l’archive' })).toBeDisabled();
  });

  it('says the server’s words for a link used or past its 24 hours, and a plain sentence for a wrong one', async () => {
    let status = 410;
    signedIn(() =>
      status === 410
        ? jsonResponse(410, { statusCode: 410, message: 'Ce lien a déjà servi : demandez une nouvelle archive depuis votre profil.' })
        : jsonResponse(404, { statusCode: 404, message: 'Ce lien de téléchargement est invalide.' }),
    );
    const user = userEvent.setup();
    renderApp(`/dashboard/data-export?export=${ID}&token=abc.def`);
    await user.click(await screen.findByRole('button', { name: 'Télécharger l’archive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien a déjà servi');
    status = 404;
    await user.click(screen.getByRole('button', { name: 'Télécharger l’archive' }));
    expect(await screen.findByText(/connecté au compte qui a demandé l’archive/)).toBeInTheDocument();
  });

  it('refuses a link without its token', async () => {
    signedIn(() => jsonResponse(500));
    renderApp(`/dashboard/data-export?export=${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien de téléchargement est invalide.');
    expect(screen.queryByRole('button', { name: 'Télécharger l’archive' })).not.toBeInTheDocument();
  });
});
