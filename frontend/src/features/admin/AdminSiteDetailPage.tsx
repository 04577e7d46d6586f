import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useGetAdminSite, useListAdminAuditLog } from '../../api/generated/admin/admin';
import { type AdminSiteDetailDto, type OrderAnswerDto, SiteStatus, type UpdateAdminSiteDto } from '../../api/generated/model';
import { AdminPaymentBadge } from '../../components/payment-state-badge';
import { SiteUptimeCard } from '../../components/site-uptime-card';
import { Button, ButtonLink } from '../../components/ui/button';
import { SiteAudience } from '../../components/audience/SiteAudience';
import { Alert, Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, Form, optionsOf, Select, useApiForm } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import { adminPaymentState } from '../../lib/payment-state';
import { describeAuditActor, describeSiteChange } from './audit-text';
import { PROGRESSION_STEPS, progressionPercent, SITE_STATUS_LABELS } from '../../lib/site-status';
import { AdminDetailPage } from './AdminDetailPage';
import { useUpdateAdminSite } from './api';
import { accountEmail, accountName, SITE_TYPE_LABELS, SiteStatusBadge, SiteTypeBadge } from './labels';

export const siteMessages = {
  saved: 'Site mis à jour.',
  failed: 'Erreur lors de la mise à jour.',
  notFound: 'Site introuvable',
  save: 'Enregistrer',
  saving: 'Sauvegarde...',
  endedTitle: 'Remettre en ligne un site sans abonnement ?',
  endedText:
    "L'abonnement de ce site est terminé : le client ne paie plus pour ce site. La remise en ligne sera inscrite au journal d'audit avec ce fait.",
  endedConfirm: 'Remettre en ligne',
} as const;

type Feedback = { from: 'form' | 'checklist'; ok: boolean } | null;
type StepKey = (typeof PROGRESSION_STEPS)[number]['key'];

function FeedbackAlert({ feedback, from }: { feedback: Feedback; from: 'form' | 'checklist' }) {
  if (feedback?.from !== from) return null;
  return <Alert tone={feedback.ok ? 'success' : 'error'}>{feedback.ok ? siteMessages.saved : siteMessages.failed}</Alert>;
}

interface SiteValues {
  domain: string;
  status: SiteStatus;
}

function DomainStatusForm({
  site,
  feedback,
  onFeedback,
}: {
  site: AdminSiteDetailDto;
  feedback: Feedback;
  onFeedback: (f: Feedback) => void;
}) {
  const save = useUpdateAdminSite();
  // Putting online a site whose subscription has ended: the admin confirms it first (the server refuses it otherwise).
  const [askEnded, setAskEnded] = useState(false);
  const endedConfirmed = useRef(false);
  const form = useApiForm<SiteValues>({
    defaultValues: { domain: site.domain ?? '', status: site.status },
    onSubmit: async (values, { reset }) => {
      onFeedback(null);
      const confirmed = endedConfirmed.current;
      endedConfirmed.current = false;
      const needsConfirmation = values.status === 'active' && site.status !== 'active' && site.paymentState === 'ended';
      if (needsConfirmation && !confirmed) {
        setAskEnded(true);
        return;
      }
      const data: UpdateAdminSiteDto = { domain: values.domain.trim() || null, status: values.status };
      if (needsConfirmation) data.confirmEndedSubscription = true;
      const saved = await save.mutateAsync({ id: site.id, data });
      reset({ domain: saved.domain ?? '', status: saved.status });
      onFeedback({ from: 'form', ok: true });
    },
    onFailure: () => onFeedback({ from: 'form', ok: false }),
  });
  const { register, errors, isSubmitting } = form;

  return (
    <Card id="modifier" className="scroll-mt-32">
      <h2 className="text-lg font-semibold">Domaine et statut</h2>
      <Form form={form} className="mt-5 grid gap-5 sm:grid-cols-2">
        <Field
          label="Nom de domaine"
          placeholder="boulangerie-martin.fr"
          hint="Laisser vide tant qu'il n'y en a pas."
          autoComplete="off"
          spellCheck={false}
          error={errors.domain?.message}
          {...register('domain')}
        />
        <Select
          id="admin-site-status"
          label="Statut"
          options={optionsOf(Object.values(SiteStatus), SITE_STATUS_LABELS)}
          error={errors.status?.message}
          {...register('status')}
        />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? siteMessages.saving : siteMessages.save}
          </Button>
          <div className="min-w-0 flex-1" aria-live="polite">
            <FeedbackAlert feedback={feedback} from="form" />
          </div>
        </div>
      </Form>
      {askEnded ? (
        <ConfirmDialog
          title={siteMessages.endedTitle}
          confirmLabel={siteMessages.endedConfirm}
          onConfirm={() => {
            setAskEnded(false);
            endedConfirmed.current = true;
            void form.submit();
          }}
          onCancel={() => setAskEnded(false)}
        >
          {siteMessages.endedText}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function Checklist({ site, feedback, onFeedback }: { site: AdminSiteDetailDto; feedback: Feedback; onFeedback: (f: Feedback) => void }) {
  const save = useUpdateAdminSite();
  const [pending, setPending] = useState<Partial<Record<StepKey, boolean>>>({});
  const progression = { ...site.progression, ...pending };
  const percent = progressionPercent(progression);

  const toggle = async (key: StepKey, done: boolean) => {
    onFeedback(null);
    setPending((p) => ({ ...p, [key]: done }));
    try {
      await save.mutateAsync({ id: site.id, data: { progression: { [key]: done } } satisfies UpdateAdminSiteDto });
      onFeedback({ from: 'checklist', ok: true });
    } catch {
      onFeedback({ from: 'checklist', ok: false });
    } finally {
      setPending((p) => {
        const { [key]: _done, ...rest } = p;
        return rest;
      });
    }
  };

  return (
    <Card>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="progression-title" className="text-lg font-semibold">
          Avancement
        </h2>
        <span className="text-sm font-semibold text-slate-700 tabular-nums dark:text-slate-200">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="progression-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-400" style={{ width: `${percent}%` }} />
      </div>
      <fieldset className="mt-5" disabled={save.isPending}>
        <legend className="sr-only">Étapes de création</legend>
        <ol className="space-y-2">
          {PROGRESSION_STEPS.map((step, i) => (
            <li key={step.key}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-800/40">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={progression[step.key]}
                  onChange={(e) => void toggle(step.key, e.target.checked)}
                />
                <span className="text-sm">
                  <span className="mr-2 text-slate-500 tabular-nums dark:text-slate-400">{i + 1}.</span>
                  {step.label}
                </span>
              </label>
            </li>
          ))}
        </ol>
      </fieldset>
      <div className="mt-4" aria-live="polite">
        <FeedbackAlert feedback={feedback} from="checklist" />
      </div>
    </Card>
  );
}

function History({ siteId }: { siteId: string }) {
  const log = useListAdminAuditLog({ entityType: 'site', entityId: siteId, limit: 10 });
  return (
    <Card>
      <h2 className="text-lg font-semibold">Historique des modifications</h2>
      {log.isPending ? (
        <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Chargement...
        </p>
      ) : log.isError ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Historique indisponible.</p>
      ) : log.data.entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Aucune modification pour le moment.</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {log.data.entries.map((entry) => (
            <li key={entry.id} className="border-l-2 border-brand-200 pl-4 dark:border-brand-900">
              <p className="text-xs text-slate-600 dark:text-slate-400">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · {describeAuditActor(entry)}
              </p>
              <ul className="mt-1 text-sm">
                {describeSiteChange(entry).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** The order's answers (or its billing details), each label over its value, in two columns from 640 px. */
function Answers({ answers, className, valueClassName }: { answers: OrderAnswerDto[]; className: string; valueClassName: string }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2', className)}>
      {answers.map((answer) => (
        <div key={answer.label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{answer.label}</dt>
          <dd className={valueClassName}>{answer.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Order({ order }: { order: NonNullable<AdminSiteDetailDto['order']> }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Commande</h2>
      <Answers answers={order.answers} className="mt-4" valueClassName="break-words whitespace-pre-line" />
      <h3 className="mt-6 text-base font-semibold">Facturation</h3>
      <Answers answers={order.billing} className="mt-3" valueClassName="break-words" />
      <h3 className="mt-6 text-base font-semibold">Photos</h3>
      {order.photos.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Aucune photo jointe.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {order.photos.map((photo) => (
            <li key={photo.id}>
              {/* The thumbnail; a click opens the photo itself in a new tab. */}
              <a
                href={photo.url}
                target="_blank"
                rel="noreferrer"
                title={`${photo.name} en taille réelle`}
                className="group block overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800"
              >
                <img
                  src={photo.thumbnailUrl}
                  alt={photo.name}
                  loading="lazy"
                  className="aspect-square w-full object-cover transition-transform group-hover:scale-105"
                />
              </a>
              <p className="mt-1 truncate text-xs text-slate-600 dark:text-slate-400">{photo.name}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /admin/sites/{id}: the team's page for one site: domain and status, the build checklist, the client, the order. */
export function AdminSiteDetailPage() {
  const { id = '' } = useParams();
  const site = useGetAdminSite(id);
  const [feedback, setFeedback] = useState<Feedback>(null);

  return (
    <AdminDetailPage
      query={site}
      kind="Site"
      title={(data) => data.siteName}
      description={(data) => (
        // The line is there from the first paint (empty while loading), so the badges do not push the page down.
        <span className="flex min-h-6 flex-wrap items-center gap-2">
          {data ? (
            <>
              {data.domain ?? 'Aucun domaine'} <SiteStatusBadge status={data.status} /> <SiteTypeBadge type={data.type} />{' '}
              <AdminPaymentBadge state={data.paymentState} since={data.paymentStateSince} />
            </>
          ) : null}
        </span>
      )}
      back={{ to: paths.admin.sites, label: 'Retour aux sites' }}
      notFound={{ title: siteMessages.notFound, text: "Ce site n'existe pas ou a été supprimé." }}
      loadingText="Chargement du site..."
      errorText="Impossible de charger le site."
      main={(data) => (
        <>
          <DomainStatusForm key={data.id} site={data} feedback={feedback} onFeedback={setFeedback} />
          <Checklist site={data} feedback={feedback} onFeedback={setFeedback} />
          {data.order ? <Order order={data.order} /> : null}
          <SiteAudience siteId={data.id} />
        </>
      )}
      aside={(data) => (
        <>
          <Card>
            <h2 className="text-lg font-semibold">Client</h2>
            <p className="mt-3 font-medium">{data.owner.closedAt ? accountName(data.owner) : data.owner.name || '—'}</p>
            <p className="text-sm break-all text-slate-600 dark:text-slate-400">{accountEmail(data.owner)}</p>
            <ButtonLink to={paths.admin.client(data.owner.id)} variant="secondary" size="sm" className="mt-4 w-full">
              Voir le client
            </ButtonLink>
          </Card>
          <Card>
            <h2 className="text-lg font-semibold">Informations</h2>
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Identifiant</dt>
                <dd className="font-mono text-xs break-all">{data.id}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Formule</dt>
                <dd>{SITE_TYPE_LABELS[data.type]}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Paiements</dt>
                <dd>
                  {adminPaymentState(data.paymentState, data.paymentStateSince).label}
                  {data.paymentState !== 'current' && data.paymentState !== 'past_due' && data.paymentStateSince
                    ? ` (depuis le ${formatDate(data.paymentStateSince)})`
                    : ''}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Créé le</dt>
                <dd>{formatDate(data.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Modifié le</dt>
                <dd>{formatDateTime(data.updatedAt)}</dd>
              </div>
            </dl>
          </Card>
          <SiteUptimeCard siteId={data.id} />
          <History siteId={data.id} />
        </>
      )}
    />
  );
}
