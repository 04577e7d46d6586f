import { useId, useRef, type ChangeEvent, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { errorClass } from '../../../components/ui/form';
import { RemoveIcon } from '../form-controls';
import { formatFileSize } from '../../../lib/format';
import type { PhotoRules } from '../order-wizard';

export interface PhotoItem {
  /** Stable key: the server's id once stored, a local one while uploading. */
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  /** 0 to 1 while uploading */
  progress: number;
  /** The server's link to its thumbnail once stored, a local blob: link while uploading. */
  previewUrl?: string;
  error?: string;
}

/**
 * The photos of the order: a picker (button or drop), one tile per photo with its upload progress, its error and a
 * delete button. What to accept is decided by the caller (client checks, then the server's answer).
 */
export function PhotoPicker({
  photos,
  rules,
  rejected,
  onAdd,
  onRemove,
  onRetry,
}: {
  photos: PhotoItem[];
  rules: PhotoRules;
  /** Messages about the files refused at the last pick. */
  rejected: string[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = photos.length >= rules.maxCount;
  const megabytes = Math.round(rules.maxBytes / (1024 * 1024));

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length) onAdd(files);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (full) return;
    const files = Array.from(event.dataTransfer.files ?? []);
    if (files.length) onAdd(files);
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-rules`}>
      <p id={`${id}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
        Vos photos <span className="text-sm font-normal text-slate-500 dark:text-slate-400">(facultatif)</span>
      </p>
      <p id={`${id}-rules`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Images JPG ou PNG, {megabytes} Mo au maximum chacune, {rules.maxCount} photos au total. Vos locaux, vos produits, votre équipe…
      </p>

      <div
        onDragOver={(e) => e.preventDefault()}
        onDrop={drop}
        className={cn(
          'mt-3 flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-6 text-center sm:flex-row sm:justify-between sm:text-left',
          full ? 'border-slate-200 dark:border-slate-800' : 'border-slate-300 dark:border-slate-700',
        )}
      >
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {full
            ? `Vous avez ajouté ${rules.maxCount} photos, le maximum.`
            : 'Ajoutez vos photos depuis votre appareil, ou glissez-les ici.'}
        </p>
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept={rules.contentTypes.join(',')}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={pick}
          disabled={full}
        />
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={full} className="shrink-0">
          Ajouter des photos
        </Button>
      </div>

      {rejected.length ? (
        <ul className={cn(errorClass, 'space-y-1')} role="alert">
          {rejected.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}

      {photos.length ? (
        <>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {photos.length} / {rules.maxCount} photo{photos.length > 1 ? 's' : ''}
          </p>
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos ajoutées">
            {photos.map((photo) => (
              <PhotoTile key={photo.key} photo={photo} onRemove={() => onRemove(photo.key)} onRetry={() => onRetry(photo.key)} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function PhotoTile({ photo, onRemove, onRetry }: { photo: PhotoItem; onRemove: () => void; onRetry: () => void }) {
  const percent = Math.round(photo.progress * 100);
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="relative aspect-4/3 bg-slate-100 dark:bg-slate-800">
        {photo.previewUrl ? (
          <img
            src={photo.previewUrl}
            alt=""
            loading="lazy"
            decoding="async"
            className={cn('size-full object-cover', photo.status === 'uploading' && 'opacity-60')}
          />
        ) : null}
        {photo.status === 'uploading' ? (
          <div className="absolute inset-x-2 bottom-2">
            <div
              role="progressbar"
              aria-label={`Envoi de ${photo.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-white/80 dark:bg-slate-950/80"
            >
              <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        ) : null}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Supprimer la photo ${photo.name}`}
          className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-lg bg-white/95 text-slate-700 shadow hover:bg-red-50 hover:text-red-700 dark:bg-slate-900/95 dark:text-slate-200 dark:hover:bg-red-950 dark:hover:text-red-300"
        >
          <RemoveIcon />
        </button>
      </div>
      <div className="px-3 py-2 text-xs">
        <p className="truncate font-medium text-slate-800 dark:text-slate-200" title={photo.name}>
          {photo.name}
        </p>
        {photo.status === 'error' ? (
          <p className="mt-0.5 text-red-600 dark:text-red-400">
            {photo.error}{' '}
            <button type="button" onClick={onRetry} className="font-semibold underline">
              Réessayer
            </button>
          </p>
        ) : (
          <p className="mt-0.5 text-slate-500 dark:text-slate-400">
            {photo.status === 'uploading' ? `Envoi… ${percent} %` : formatFileSize(photo.size)}
          </p>
        )}
      </div>
    </li>
  );
}
