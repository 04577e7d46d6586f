import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { ButtonLink } from './button';
import { Card, Container, LoadingScreen } from './card';

export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
}: {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        {eyebrow ? <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">{eyebrow}</p> : null}
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        {description ? <p className="mt-2 text-slate-600 dark:text-slate-400">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2 sm:shrink-0">{actions}</div> : null}
    </div>
  );
}

/**
 * A page whose content is loading under its known head (PageHeading): the head where the page will show it, and
 * 'Chargement...' below.
 */
export function PageSkeleton({ heading }: { heading: { eyebrow?: string; title: string; description?: string } }) {
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader {...heading} />
      <LoadingScreen />
    </Container>
  );
}

/** Minimal page for routes whose content comes in a later release. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  return (
    <Container className="py-12 sm:py-16">
      <PageHeader title={title} description={description} />
      <Card className="mt-8 text-center">
        <p className="text-slate-600 dark:text-slate-300">Cette page arrive très bientôt.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.home} variant="secondary">
            Retour à l'accueil
          </ButtonLink>
          <ButtonLink to={paths.contact}>Nous contacter</ButtonLink>
        </div>
      </Card>
    </Container>
  );
}
