import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { getClientViewEnd } from '../api/http';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth/session';
import { formatTime } from '../lib/format';
import { Button } from './ui/button';

/** What the admin's client page says when it comes back from a view (router state). */
export interface ClientViewReturn {
  clientViewEnded: 'left' | 'expired';
}

export const clientViewTexts = {
  banner: (name: string) => `Vous consultez l'espace de ${name} — lecture seule`,
  until: (time: string) => `Fin de la consultation à ${time}.`,
  leave: 'Quitter la consultation',
  region: 'Consultation de l’espace d’un client',
  expired: 'La consultation de l’espace du client a pris fin : elle dure 30 minutes au plus.',
  left: 'Vous avez quitté la consultation de l’espace du client.',
} as const;

/**
 * The banner of an admin's read-only view of a client's space ('Voir comme le client'): whose space it is, until when,
 * and the way out, always in sight at the foot of the screen. Leaving, or the view's end (its 30 minutes, or the
 * server refusing its token), brings the admin back to that client's page with the admin's own session.
 */
export function ClientViewBanner() {
  const { clientView, leaveClientView } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const shown = useRef<string | null>(null);

  // The view ended under our feet (the server refused its token): back to the client's page, saying why.
  useEffect(() => {
    if (clientView) {
      shown.current = clientView.client.id;
      return;
    }
    const ended = getClientViewEnd();
    if (shown.current && ended?.reason === 'expired') {
      const state: ClientViewReturn = { clientViewEnded: 'expired' };
      navigate(paths.admin.client(ended.view.client.id), { state });
    }
    shown.current = null;
  }, [clientView, navigate]);

  const clientId = clientView?.client.id;
  const leave = useCallback(
    async (reason: ClientViewReturn['clientViewEnded']) => {
      if (!clientId) return;
      setLeaving(true);
      try {
        await leaveClientView();
      } finally {
        setLeaving(false);
      }
      const state: ClientViewReturn = { clientViewEnded: reason };
      navigate(paths.admin.client(clientId), { state });
    },
    [clientId, leaveClientView, navigate],
  );

  // Its 30 minutes are over: leave it (its end recorded) rather than wait for a refused call.
  const expiresAt = clientView?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setTimeout(() => void leave('expired'), Math.max(0, new Date(expiresAt).getTime() - Date.now()));
    return () => window.clearTimeout(timer);
  }, [expiresAt, leave]);

  if (!clientView) return null;
  const name = clientView.client.name || clientView.client.email;
  return (
    <section
      aria-label={clientViewTexts.region}
      className="sticky bottom-0 z-40 border-t-2 border-amber-500 bg-amber-50 text-amber-950 shadow-[0_-4px_16px_rgba(0,0,0,0.12)] dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="text-sm">
          <strong className="font-semibold">{clientViewTexts.banner(name)}</strong>{' '}
          <span className="text-amber-900 dark:text-amber-200">{clientViewTexts.until(formatTime(clientView.expiresAt))}</span>
        </p>
        <Button variant="secondary" size="sm" className="shrink-0" loading={leaving} onClick={() => void leave('left')}>
          {clientViewTexts.leave}
        </Button>
      </div>
    </section>
  );
}
