import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGetServiceStatus } from '../../api/generated/admin/admin';
import type { BackgroundJob, JobStatusDto, QueueStatusDto, ServiceStatusDto } from '../../api/generated/model';
import { Button } from '../../components/ui/button';
import { Alert, Badge, type BadgeTone, Card, Container } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { formatCount, formatDateTime, formatDuration, formatNumber } from '../../lib/format';
import { StatTile } from './StatTile';

/** The page reads the figures again this often (they are counted in the database at each read). */
const REFRESH_MS = 30_000;
/** A queue whose oldest item waits longer than this is worth a look. */
const MAIL_LATE_SECONDS = 15 * 60;
const WEBHOOK_LATE_SECONDS = 10 * 60;

/** Each background job in the admin's words, with what it does. */
export const JOB_LABELS: Record<BackgroundJob, { label: string; does: string }> = {
  mail: { label: 'Envoi des e-mails', does: 'Envoie les e-mails de la file, en continu.' },
  'stripe-events': { label: 'Événements Stripe', does: 'Applique les événements reçus de Stripe (paiements, abonnements, factures).' },
  'payment-reminders': { label: 'Relances de paiement', does: 'Toutes les heures : rappelle aux clients leurs paiements échoués.' },
  'draft-purge': { label: 'Purge des brouillons', does: 'Toutes les heures : supprime les commandes abandonnées et leurs photos.' },
  'duplicate-refunds': {
    label: 'Remboursements des paiements en double',
    does: 'Toutes les 5 minutes : annule et rembourse les paiements reçus deux fois.',
  },
  'ended-invoice-voids': {
    label: 'Factures des abonnements terminés',
    does: 'Toutes les 15 minutes : annule chez Stripe les factures restées ouvertes d’un abonnement terminé.',
  },
  'audience-rollups': {
    label: 'Statistiques d’audience',
    does: 'Chaque minute : calcule les chiffres horaires et quotidiens des sites à partir des événements reçus.',
  },
  'audience-salts': {
    label: 'Sel du jour des statistiques',
    does: 'Crée le sel du jour à minuit (heure de Paris) et détruit celui de la veille une heure plus tard.',
  },
  'audience-retention': {
    label: 'Conservation des statistiques',
    does: 'Toutes les heures : supprime les événements bruts après 48 heures et les agrégats après 25 mois.',
  },
  'invoice-files': { label: 'Fichiers des factures', does: 'Produit le PDF Factur-X de chaque facture et avoir émis.' },
  'data-exports': {
    label: 'Archives des données',
    does: 'Prépare les archives « Mes données » demandées par les clients et supprime les fichiers expirés.',
  },
  'account-erasure': {
    label: 'Effacement des comptes fermés',
    does: 'Efface les données personnelles des comptes fermés, une fois l’e-mail de confirmation parti et les abonnements terminés.',
  },
  'uptime-checks': {
    label: 'Surveillance des sites',
    does: 'Chaque minute : vérifie que chaque site actif répond en HTTPS et surveille son certificat, ouvre et clôt les incidents.',
  },
  'outbound-webhooks': {
    label: 'Webhooks sortants',
    does: 'Envoie les événements aux points de terminaison des intégrateurs, avec les nouvelles tentatives.',
  },
};

const linkClass = 'font-medium text-brand-700 hover:underline dark:text-brand-300';

type JobState = { label: string; tone: BadgeTone };

/** A job's last run: failed (its last failure is newer than its last success), fine, or not run yet in this instance. */
function jobState(job: JobStatusDto): JobState {
  const failedLast = job.lastFailureAt !== null && (job.lastSuccessAt === null || job.lastFailureAt > job.lastSuccessAt);
  if (failedLast) return { label: 'En échec', tone: 'danger' };
  if (job.lastSuccessAt) return { label: 'Fonctionne', tone: 'success' };
  return { label: 'Pas encore lancée', tone: 'neutral' };
}

/** 'il y a 3 min', from two ISO dates (the server's reading time, so that a slow clock here changes nothing). */
function ago(at: string, now: string): string {
  return `il y a ${formatDuration(Math.max(0, (Date.parse(now) - Date.parse(at)) / 1000))}`;
}

interface Problem {
  severe: boolean;
  text: string;
}

/** What deserves a look, most serious first. */
function problemsOf(status: ServiceStatusDto): Problem[] {
  const problems: Problem[] = [];
  if (!status.database.reachable) problems.push({ severe: true, text: 'La base de données ne répond pas.' });
  if (status.stripe.state === 'unreachable')
    problems.push({ severe: true, text: 'Stripe ne répond pas : les paiements et leurs événements attendent.' });
  if (status.stripe.state === 'not_configured')
    problems.push({ severe: false, text: "Stripe n'est pas configuré (STRIPE_SECRET_KEY) : le paiement en ligne est indisponible." });
  if (status.database.pool.waiting > 0)
    problems.push({ severe: false, text: `${formatCount(status.database.pool.waiting, 'requête')} en attente d'une connexion à la base.` });
  if (status.mail?.failed) problems.push({ severe: false, text: `${formatCount(status.mail.failed, 'e-mail')} en échec.` });
  if ((status.mail?.oldestPendingSeconds ?? 0) > MAIL_LATE_SECONDS)
    problems.push({ severe: false, text: `Un e-mail attend d'être envoyé depuis ${formatDuration(status.mail!.oldestPendingSeconds)}.` });
  if (status.webhooks?.failed)
    problems.push({ severe: false, text: `${formatCount(status.webhooks.failed, 'événement Stripe', 'événements Stripe')} en échec.` });
  if ((status.webhooks?.oldestPendingSeconds ?? 0) > WEBHOOK_LATE_SECONDS)
    problems.push({
      severe: false,
      text: `Un événement Stripe attend d'être appliqué depuis ${formatDuration(status.webhooks!.oldestPendingSeconds)}.`,
    });
  for (const job of status.jobs)
    if (jobState(job).tone === 'danger')
      problems.push({ severe: false, text: `${JOB_LABELS[job.job]?.label ?? job.job} : dernier passage en échec.` });
  return problems;
}

function Summary({ status }: { status: ServiceStatusDto }) {
  const problems = problemsOf(status);
  if (problems.length === 0) return <Alert tone="success">Tout fonctionne normalement.</Alert>;
  const severe = problems.some((p) => p.severe);
  return (
    <Alert tone={severe ? 'error' : 'info'}>
      <p className="font-semibold">{severe ? 'Service dégradé' : 'À surveiller'}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {problems.map((p) => (
          <li key={p.text}>{p.text}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** How long the oldest item of a queue has waited, or that nothing waits. */
function waitingNote(queue: QueueStatusDto, say: (duration: string) => string): string {
  return queue.oldestPendingSeconds === null ? 'Rien en attente' : say(formatDuration(queue.oldestPendingSeconds));
}

function QueueTiles({ status }: { status: ServiceStatusDto }) {
  const { mail, webhooks } = status;
  const unknown = 'Base de données injoignable';
  return (
    <section aria-labelledby="status-queues" className="mt-8">
      <h2 id="status-queues" className="text-lg font-semibold">
        Files d'attente
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Lues dans la base : les mêmes pour toutes les instances.</p>
      <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatTile
          label="E-mails en attente"
          value={mail ? formatNumber(mail.pending) : '—'}
          note={mail ? waitingNote(mail, (d) => `Le plus ancien attend depuis ${d}`) : unknown}
        />
        <StatTile
          label="E-mails en échec"
          value={mail ? formatNumber(mail.failed) : '—'}
          note={
            <Link to={mail?.failed ? `${paths.admin.emails}?status=failed` : paths.admin.emails} className={linkClass}>
              Journal des e-mails
            </Link>
          }
        />
        <StatTile
          label="Événements Stripe en attente"
          value={webhooks ? formatNumber(webhooks.pending) : '—'}
          note={webhooks ? waitingNote(webhooks, (d) => `Retard du plus ancien : ${d}`) : unknown}
        />
        <StatTile
          label="Événements Stripe en échec"
          value={webhooks ? formatNumber(webhooks.failed) : '—'}
          note={webhooks ? 'Abandonnés après la dernière tentative' : unknown}
        />
      </div>
    </section>
  );
}

function JobRow({ job, now }: { job: JobStatusDto; now: string }) {
  const names = JOB_LABELS[job.job] ?? { label: job.job, does: '' };
  const state = jobState(job);
  return (
    <li className="px-6 py-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 className="font-medium text-slate-900 dark:text-white">{names.label}</h3>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      {names.does ? <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{names.does}</p> : null}
      <dl className="mt-2 grid grid-cols-3 gap-x-4 gap-y-1 text-sm sm:gap-x-6">
        <div className="min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Dernier succès</dt>
          <dd className="tabular-nums">
            {job.lastSuccessAt ? (
              <time dateTime={job.lastSuccessAt} title={formatDateTime(job.lastSuccessAt)}>
                {ago(job.lastSuccessAt, now)}
              </time>
            ) : (
              'Jamais'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Passages</dt>
          <dd className="tabular-nums">{formatNumber(job.runs)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Échecs</dt>
          <dd className={job.failures ? 'font-semibold text-red-700 tabular-nums dark:text-red-300' : 'tabular-nums'}>
            {formatNumber(job.failures)}
            {job.lastFailureAt ? <span className="font-normal"> (dernier {ago(job.lastFailureAt, now)})</span> : null}
          </dd>
        </div>
      </dl>
      {job.lastError ? <p className="mt-2 text-sm break-words text-red-700 dark:text-red-300">Dernière erreur : {job.lastError}</p> : null}
      {job.job === 'duplicate-refunds' ? (
        <Link to={paths.admin.duplicatePayments} className={`${linkClass} mt-2 inline-block text-sm`}>
          Paiements en double
        </Link>
      ) : null}
    </li>
  );
}

function Jobs({ status }: { status: ServiceStatusDto }) {
  return (
    <Card flush className="min-w-0 overflow-hidden">
      <div className="border-b border-slate-200 px-6 py-4 dark:border-slate-800">
        <h2 className="text-lg font-semibold">Tâches de fond</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Passages de cette instance depuis son démarrage.</p>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Tâches de fond">
        {status.jobs.map((job) => (
          <JobRow key={job.job} job={job} now={status.checkedAt} />
        ))}
      </ul>
    </Card>
  );
}

/** A labelled line of a card: its term, its value. */
function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 text-right text-sm font-medium break-words text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

const STRIPE_STATES: Record<ServiceStatusDto['stripe']['state'], JobState> = {
  reachable: { label: 'Joignable', tone: 'success' },
  unreachable: { label: 'Injoignable', tone: 'danger' },
  not_configured: { label: 'Non configuré', tone: 'warning' },
};

function Services({ status }: { status: ServiceStatusDto }) {
  const { database, stripe } = status;
  const stripeState = STRIPE_STATES[stripe.state] ?? STRIPE_STATES.unreachable;
  const stripeDetail = [
    stripe.mode === 'live' ? 'mode production' : stripe.mode === 'test' ? 'mode test' : null,
    stripe.sandbox ? 'bac à sable (STRIPE_API_URL)' : null,
    stripe.latencyMs !== null ? `répond en ${formatNumber(stripe.latencyMs)} ms` : null,
  ].filter(Boolean);
  return (
    <Card className="min-w-0">
      <h2 className="text-lg font-semibold">Services</h2>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        <Line term="Base de données">
          <Badge tone={database.reachable ? 'success' : 'danger'}>{database.reachable ? 'Joignable' : 'Injoignable'}</Badge>
        </Line>
        <Line term="Connexions à la base">
          {formatNumber(database.pool.total)} ouvertes sur {formatNumber(database.pool.max)}, {formatNumber(database.pool.idle)} libres,{' '}
          {formatNumber(database.pool.waiting)} en attente
        </Line>
        <Line term="Stripe">
          <Badge tone={stripeState.tone}>{stripeState.label}</Badge>
        </Line>
        {stripeDetail.length ? <Line term="Détail Stripe">{stripeDetail.join(', ')}</Line> : null}
        {stripe.error ? <Line term="Erreur Stripe">{stripe.error}</Line> : null}
      </dl>
    </Card>
  );
}

function Instance({ status }: { status: ServiceStatusDto }) {
  return (
    <Card className="min-w-0">
      <h2 className="text-lg font-semibold">Cette instance</h2>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        <Line term="Version">{status.version}</Line>
        <Line term="Commit">{status.commit ? <code className="font-mono text-xs break-all">{status.commit}</code> : 'inconnu'}</Line>
        <Line term="En service depuis">{formatDuration(status.uptimeSeconds)}</Line>
        <Line term="Démarrée le">
          <time dateTime={status.startedAt}>{formatDateTime(status.startedAt)}</time>
        </Line>
        <Line term="Chiffres lus le">
          <time dateTime={status.checkedAt}>{formatDateTime(status.checkedAt)}</time>
        </Line>
      </dl>
    </Card>
  );
}

/** /admin/status, 'État du service': queues, background jobs, database, Stripe and this instance, read again every 30 s. */
export function AdminStatusPage() {
  const status = useGetServiceStatus({ query: { refetchInterval: REFRESH_MS } });
  const data = status.data;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Administration"
        title="État du service"
        description="Files d'attente, tâches de fond et services dont dépend l'application, vus par l'instance qui répond."
        actions={
          <Button variant="secondary" size="sm" loading={status.isFetching} onClick={() => void status.refetch()}>
            Actualiser
          </Button>
        }
      />
      <div className="mt-8">
        <QueryState
          query={status}
          error={status.isError && !data}
          loadingText="Chargement de l'état du service..."
          errorText="Impossible de lire l'état du service."
        />
      </div>
      {data ? (
        <>
          <Summary status={data} />
          {status.isError ? (
            <Alert tone="error" className="mt-4">
              La dernière lecture a échoué : ces chiffres datent du {formatDateTime(data.checkedAt)}.
            </Alert>
          ) : null}
          <QueueTiles status={data} />
          <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <Jobs status={data} />
            </div>
            <div className="grid min-w-0 gap-6">
              <Services status={data} />
              <Instance status={data} />
            </div>
          </div>
        </>
      ) : null}
    </Container>
  );
}
