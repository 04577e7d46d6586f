import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CloseIcon } from './icons';

/**
 * The one modal shell (a native <dialog> opened with showModal: the page behind is inert, focus stays inside):
 * labelled by its title, Escape closes it (unless `busy`), so does a click on the backdrop with `closeOnBackdrop`,
 * and focus goes back to what had it before once it closes. Rendered only while open: the parent mounts it to open
 * it and unmounts it on `onClose`.
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  onClose,
  busy = false,
  closeOnBackdrop = false,
  className,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  busy?: boolean;
  closeOnBackdrop?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', ''); // browsers without the method (jsdom)
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={closeOnBackdrop ? (event) => event.target === event.currentTarget && onClose() : undefined}
      className={cn('m-auto max-w-none backdrop:bg-slate-950/70', className)}
    >
      {children}
    </dialog>
  );
}

/** The × button of a dialog or a closable panel ('Fermer' unless told). `className` is its hover colour. */
export function CloseButton({
  label = 'Fermer',
  className = 'hover:text-slate-800',
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-label'> & { label?: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cn(
        'rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
        className,
      )}
      {...rest}
    >
      <CloseIcon />
    </button>
  );
}

/**
 * A modal with a titled header (its title, a description and the × button) over a body that scrolls with it when the
 * screen is short: the order's billing form, the quote form. `width` is a Tailwind width class.
 */
export function TitledDialog({
  titleId,
  title,
  description,
  descriptionId,
  width,
  onClose,
  busy,
  children,
}: {
  titleId: string;
  title: ReactNode;
  description: ReactNode;
  /** Given, the description also describes the dialog (aria-describedby). */
  descriptionId?: string;
  width: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={descriptionId}
      onClose={onClose}
      busy={busy}
      className={cn(
        'max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:backdrop-blur-sm dark:bg-slate-900 dark:text-slate-100',
        width,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5 sm:p-6 dark:border-slate-800">
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {description}
          </p>
        </div>
        <CloseButton onClick={onClose} />
      </div>
      {children}
    </ModalDialog>
  );
}
