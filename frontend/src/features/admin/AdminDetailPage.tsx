import type { ReactNode } from 'react';
import { isApiError } from '../../api/http';
import { ButtonLink } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { QueryState } from '../../components/ui/query-state';

/** What the frame reads of a generated detail query (`useGetAdminSite(id)`…). */
export interface AdminDetailQuery<D> {
  data?: D;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface AdminDetailPageProps<D> {
  query: AdminDetailQuery<D>;
  /** What the page shows, e.g. 'Site': the eyebrow 'Administration · Site', and the title until the answer. */
  kind: string;
  title: (data: D) => string;
  /** Under the title; called while loading too (undefined), so a line can keep its place from the first paint. */
  description?: (data: D | undefined) => ReactNode;
  /** The way back to the list, e.g. { to: paths.admin.sites, label: 'Retour aux sites' }. */
  back: { to: string; label: string };
  /** A 404: its title, and the sentence in the card under it. */
  notFound: { title: string; text: string };
  loadingText: string;
  errorText: string;
  /** The wide column (two thirds from lg) and the side column, once loaded. */
  main: (data: D) => ReactNode;
  aside: (data: D) => ReactNode;
}

/**
 * The frame of an admin detail page: the header ('Administration · Site', the name, the way back), the loading and
 * error ('Réessayer') states, a 'not found' page for a 404, then the page's cards in a wide and a side column.
 */
export function AdminDetailPage<D>({
  query,
  kind,
  title,
  description,
  back,
  notFound,
  loadingText,
  errorText,
  main,
  aside,
}: AdminDetailPageProps<D>) {
  const backLink = (
    <ButtonLink to={back.to} variant="secondary">
      {back.label}
    </ButtonLink>
  );

  if (query.isError && isApiError(query.error) && query.error.status === 404) {
    return (
      <Container className="py-10 sm:py-12">
        <PageHeader eyebrow="Administration" title={notFound.title} actions={backLink} />
        <Card className="mt-8">
          <p className="text-slate-600 dark:text-slate-300">{notFound.text}</p>
        </Card>
      </Container>
    );
  }
  const data = query.data;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow={`Administration · ${kind}`}
        title={data ? title(data) : kind}
        description={description?.(data)}
        actions={backLink}
      />
      <div className="mt-8">
        <QueryState query={query} loadingText={loadingText} errorText={errorText} />
      </div>
      {data ? (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 gap-6 lg:col-span-2">{main(data)}</div>
          <div className="grid min-w-0 gap-6">{aside(data)}</div>
        </div>
      ) : null}
    </Container>
  );
}
