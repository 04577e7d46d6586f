import { useGetSiteUptime } from '../api/generated/sites/sites';
import type { UptimeCause, UptimeIncidentDto, UptimeResponseDto } from '../api/generated/model';
import { formatDate, formatDateTime, formatDuration } from '../lib/format';
import { Badge, Card } from './ui/card';
import { QueryState } from './ui/query-state';

/** Why a site was down, in the words of the site page. */
export const UPTIME_CAUSE_LABELS: Record<UptimeCause, string> = {
  http: 'Erreur HTTP',
  timeout: 'Pas de réponse à temps',
  tls: 'Certificat refusé',
  dns: 'Domaine introuvable',
  address: 'Adresse refusée',
  connection: 'Connexion impossible',
};

const DAY_MS = 86_400_000;

/** '99,95 %' (two decimals: a minute down in a month shows), '—' without a check. */
export function formatAvailability(share: number | null): string {
  if (share === null) return '—';
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(share * 100)}\u00a0%`;
}

/** The current state in one line: 'En ligne', 'Hors ligne depuis le 14/03/2026 10:05', or not checked yet. */
export function uptimeHeadline(uptime: Pick<UptimeResponseDto, 'state' | 'downSince'>): string {
  if (uptime.state === 'up') return 'En ligne';
  if (uptime.state === 'down') return `Hors ligne depuis le ${formatDateTime(uptime.downSince)}`;
  return 'Pas encore vérifié';
}

function incidentText(incident: UptimeIncidentDto): string {
  const cause = UPTIME_CAUSE_LABELS[incident.cause] + (incident.cause === 'http' && incident.statusCode ? ` ${incident.statusCode}` : '');
  if (!incident.endedAt) return `${cause}, en cours`;
  const seconds = (new Date(incident.endedAt).getTime() - new Date(incident.startedAt).getTime()) / 1000;
  return `${cause}, ${formatDuration(seconds)}`;
}

/** The figures of a site checked at least once: availability, certificate, redirect, the latest incidents. */
function UptimeFigures({ uptime, now }: { uptime: UptimeResponseDto; now: Date }) {
  const certificateDays = uptime.certificateExpiresAt
    ? Math.floor((new Date(uptime.certificateExpiresAt).getTime() - now.getTime()) / DAY_MS)
    : null;
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">30 derniers jours</dt>
          <dd className="mt-1 text-base font-semibold">{formatAvailability(uptime.availability30d)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">90 derniers jours</dt>
          <dd className="mt-1 text-base font-semibold">{formatAvailability(uptime.availability90d)}</dd>
        </div>
        {uptime.certificateExpiresAt ? (
          <div className="col-span-2">
            <dt className="text-slate-600 dark:text-slate-400">Certificat HTTPS</dt>
            <dd className="mt-1">
              Valable jusqu’au {formatDate(uptime.certificateExpiresAt)}
              {certificateDays !== null && certificateDays <= 14 ? (
                <span className="ml-2">
                  <Badge tone="warning">{certificateDays < 0 ? 'Expiré' : `Expire dans ${certificateDays} j`}</Badge>
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        {uptime.redirectTo ? (
          <div className="col-span-2">
            <dt className="text-slate-600 dark:text-slate-400">Redirige vers</dt>
            <dd className="mt-1 break-all">{uptime.redirectTo}</dd>
          </div>
        ) : null}
      </dl>
      <h3 className="mt-5 text-sm font-semibold">Derniers incidents</h3>
      {uptime.incidents.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Aucun incident.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {uptime.incidents.map((incident) => (
            <li key={incident.id}>
              <p className="font-medium">{formatDateTime(incident.startedAt)}</p>
              <p className="text-slate-600 dark:text-slate-400">{incidentText(incident)}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A site's uptime as the checks of every minute see it (GET /api/sites/{id}/uptime): online or offline since when,
 * availability over 30 and 90 days, the certificate's expiry, the latest incidents. On the client's site page and
 * the admin's.
 */
export function SiteUptimeCard({ siteId, now = new Date() }: { siteId: string; now?: Date }) {
  const query = useGetSiteUptime(siteId, { query: { refetchInterval: 60_000 } });
  const uptime = query.data;

  return (
    <Card>
      <h2 className="text-lg font-semibold">Disponibilité</h2>
      {uptime ? (
        <>
          <p className="mt-3 flex flex-wrap items-center gap-2">
            <Badge tone={uptime.state === 'up' ? 'success' : uptime.state === 'down' ? 'danger' : 'neutral'}>
              {uptimeHeadline(uptime)}
            </Badge>
            {uptime.state === 'up' && uptime.latencyMs !== null ? (
              <span className="text-sm text-slate-600 dark:text-slate-400">Réponse en {uptime.latencyMs} ms</span>
            ) : null}
          </p>
          {uptime.state === 'unknown' ? (
            // Never checked yet: nothing to show but when it will be.
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              Votre site est vérifié chaque minute dès qu’il est en ligne avec son nom de domaine.
            </p>
          ) : (
            <UptimeFigures uptime={uptime} now={now} />
          )}
        </>
      ) : (
        <QueryState
          query={query}
          loadingText="Chargement de la disponibilité…"
          errorText="Impossible de charger la disponibilité."
          className="mt-3"
        />
      )}
    </Card>
  );
}
