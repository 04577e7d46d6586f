import { useId, useState } from 'react';
import type { AudienceResponseDto } from '../../api/generated/model';
import { formatDateTime } from '../../lib/format';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/** Events older than this: the snippet may have been taken out of the site's pages. */
const STALE_MS = 7 * 24 * 3600_000;

/** A block of text to paste elsewhere, with its copy button and the copy's outcome. */
function CopyBlock({ label, value, copyLabel, rows }: { label: string; value: string; copyLabel: string; rows: number }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="mt-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-900 dark:text-white">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        value={value}
        rows={rows}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {copyLabel}
        </Button>
        <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {copied === 'yes' ? 'Copié.' : copied === 'failed' ? 'La copie a échoué : sélectionnez le texte et copiez-le.' : ''}
        </span>
      </div>
    </div>
  );
}

/** Whether the site's events arrive, from the time of the newest one. */
function EventsCheck({ lastEventAt, now }: { lastEventAt: string | null; now: number }) {
  if (!lastEventAt) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold text-amber-800 dark:text-amber-300">Aucun événement reçu pour l’instant.</span> Une fois l’extrait
        installé, ouvrez une page du site (sans bloqueur ni « Ne pas me pister ») puis vérifiez de nouveau dans une minute.
      </p>
    );
  }
  const stale = now - new Date(lastEventAt).getTime() > STALE_MS;
  return stale ? (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span className="font-semibold text-amber-800 dark:text-amber-300">Plus d’événement depuis le {formatDateTime(lastEventAt)}.</span>{' '}
      Vérifiez que l’extrait est toujours dans les pages du site.
    </p>
  ) : (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span className="font-semibold text-emerald-800 dark:text-emerald-300">Les événements arrivent.</span> Dernier reçu le{' '}
      {formatDateTime(lastEventAt)}.
    </p>
  );
}

/**
 * "Installer les statistiques": the snippet to paste in the site's pages (copy button), the check that events arrive,
 * and what the site's legal notice should say, with the visitors' opt-out page.
 */
export function AudienceSnippetCard({ data, onCheck, checking }: { data: AudienceResponseDto; onCheck: () => void; checking: boolean }) {
  const headingId = useId();
  const [now] = useState(() => Date.now());
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold">
          Installer les statistiques
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Collez ces lignes juste avant <code className="font-mono">&lt;/head&gt;</code> de chaque page du site. Sans cookie ni bandeau de
          consentement : les visiteurs sont comptés de façon anonyme, et « Ne pas me pister » est respecté.
        </p>
        <CopyBlock label="Extrait de code du site" value={data.snippet} copyLabel="Copier l’extrait" rows={4} />
        <div className="mt-5 rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Vérification</h3>
          <div className="mt-1" role="status">
            <EventsCheck lastEventAt={data.lastEventAt} now={now} />
          </div>
          <Button size="sm" variant="secondary" className="mt-3" loading={checking} onClick={onCheck}>
            Vérifier de nouveau
          </Button>
        </div>
        <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-white">Mentions légales</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Les visiteurs doivent être informés de la mesure et pouvoir s’y opposer : ajoutez ce paragraphe aux mentions légales du site. Il
          renvoie vers{' '}
          <a href={data.optOutUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline dark:text-brand-300">
            la page d’information et d’opposition des visiteurs
          </a>
          .
        </p>
        <CopyBlock label="Paragraphe pour les mentions légales" value={data.legalNotice} copyLabel="Copier le paragraphe" rows={7} />
      </section>
    </Card>
  );
}
