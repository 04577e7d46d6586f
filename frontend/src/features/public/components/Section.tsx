import type { ReactNode } from 'react';
import { Container } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

interface SectionHead {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
}

/** A page section with its optional eyebrow, title and introduction, centred. */
export function Section({
  tinted,
  className,
  children,
  ...head
}: SectionHead & {
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <SectionFrame id={head.id} tinted={tinted} className={className}>
      <SectionContent {...head}>{children}</SectionContent>
    </SectionFrame>
  );
}

/**
 * A section's element alone (Section without its content): for a section whose content the public pages' light entry
 * hydrates on its own, on the visitor's first interaction with it (app/public/island.tsx).
 */
export function SectionFrame({
  id,
  tinted,
  className,
  children,
}: {
  id?: string;
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-titre` : undefined}
      className={cn(
        'py-16 sm:py-24',
        tinted && 'border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40',
        className,
      )}
    >
      {children}
    </section>
  );
}

/** What Section shows inside its element: the head (eyebrow, title, introduction), then its children. */
export function SectionContent({ id, eyebrow, title, intro, children }: SectionHead & { children: ReactNode }) {
  return (
    <Container>
      <div className="mx-auto max-w-2xl text-center">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p> : null}
        <h2
          id={id ? `${id}-titre` : undefined}
          className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
        >
          {title}
        </h2>
        {intro ? <p className="mt-4 text-lg text-pretty text-slate-600 dark:text-slate-300">{intro}</p> : null}
      </div>
      {children}
    </Container>
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

/** The top of a page (the services, the contact page): eyebrow, the page's h1 and its introduction, centred on a glow. */
export function PageHero({
  id,
  eyebrow,
  title,
  intro,
  className,
  children,
}: {
  /** The h1's id (the section is labelled by it). */
  id: string;
  eyebrow: string;
  title: ReactNode;
  intro: ReactNode;
  /** The vertical padding. */
  className: string;
  /** The calls to action under the introduction. */
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="relative isolate overflow-hidden">
      <div
        className="absolute inset-0 -z-10 bg-[radial-gradient(50%_70%_at_50%_0%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(50%_70%_at_50%_0%,color-mix(in_oklab,var(--color-brand-900)_70%,transparent),transparent)]"
        aria-hidden="true"
      />
      <Container className={cn('text-center', className)}>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p>
        <h1
          id={id}
          className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white"
        >
          {title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 dark:text-slate-300">{intro}</p>
        {children}
      </Container>
    </section>
  );
}
