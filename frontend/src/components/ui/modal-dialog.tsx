import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

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
