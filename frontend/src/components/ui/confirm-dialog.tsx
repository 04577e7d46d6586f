import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { ModalDialog } from './modal-dialog';

/**
 * A modal confirmation (the ModalDialog shell: focus trapped, Escape dismisses): a title, a text, and two buttons.
 * Rendered only while open: mount it to ask, unmount it to close. The dismiss button says what it does ('Retour',
 * 'Garder mon abonnement'), never 'Annuler' when dismissing keeps things as they are.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Retour',
  tone = 'primary',
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      labelledBy={titleId}
      busy={busy}
      onClose={onCancel}
      className="w-[min(28rem,calc(100vw-1.5rem))] rounded-2xl bg-white p-6 text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children ? <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{children}</div> : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
