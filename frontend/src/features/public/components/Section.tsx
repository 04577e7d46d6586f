import type { ReactNode } from 'react';
import { Container } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** A page section with its optional eyebrow, title and introduction, centred. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tinted,
  className,
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-titre` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'py-16 sm:py-24',
        tinted && 'border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40',
        className,
      )}
    >
      <Container>
        <div className="mx-auto max-w-2xl text-center">
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p> : null}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-300">{intro}</p> : null}
        </div>
        {children}
      </Container>
    </section>
  );
}

/** Small rounded icon tile used by cards. */
export function IconTile({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 dark:bg-brand-950 dark:text-brand-300 dark:ring-brand-900',
        className,
      )}
      aria-hidden="true"
    >
      {children}
    </span>
  );
}
