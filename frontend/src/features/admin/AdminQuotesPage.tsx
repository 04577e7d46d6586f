import { keepPreviousData } from '@tanstack/react-query';
import { useListAdminQuotes } from '../../api/generated/admin/admin';
import type { QuoteResponseDto } from '../../api/generated/model';
import { Badge } from '../../components/ui/card';
import { formatCount, formatDateTime } from '../../lib/format';
import { quoteMessages } from '../../lib/quote-texts';
import { labelOf, useQuoteOptions } from '../../lib/site-info';
import { usePagedSearch } from '../../lib/use-paged-search';
import { AdminListPage } from './AdminListPage';

const PAGE_SIZE = 20;

function NotSpecified() {
  return <span className="text-slate-500 italic dark:text-slate-400">{quoteMessages.notSpecified}</span>;
}

function QuoteRow({ quote }: { quote: QuoteResponseDto }) {
  const options = useQuoteOptions();
  return (
    <li className="p-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900 dark:text-white">{quote.fullName}</h3>
            <Badge tone="neutral">{quote.requestType}</Badge>
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">{quote.company ?? <NotSpecified />}</p>
        </div>
        <p className="text-sm text-slate-500 tabular-nums dark:text-slate-400">
          <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
        </p>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">E-mail</dt>
          <dd>
            <a href={`mailto:${quote.email}`} className="text-brand-700 hover:underline dark:text-brand-300">
              {quote.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Téléphone</dt>
          <dd>
            <a href={`tel:${quote.phone.replace(/\s+/g, '')}`} className="text-brand-700 hover:underline dark:text-brand-300">
              {quote.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Budget</dt>
          <dd>{quote.budget ? labelOf(options?.budgets, quote.budget) : <NotSpecified />}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Délai</dt>
          <dd>{quote.timeline ? labelOf(options?.timelines, quote.timeline) : <NotSpecified />}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Rappel</dt>
          <dd>
            <Badge tone="brand">{labelOf(options?.callbackPreferences, quote.callbackPreference)}</Badge>
          </dd>
        </div>
      </dl>
      <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
        {quote.description}
      </p>
    </li>
  );
}

/** The quote requests received from the public site (newest first), for the admin. */
export function AdminQuotesPage() {
  const list = usePagedSearch();
  const query = useListAdminQuotes({ page: list.page, limit: PAGE_SIZE }, { query: { placeholderData: keepPreviousData } });

  return (
    <AdminListPage
      title="Demandes de devis"
      description="Les demandes de devis sur mesure envoyées depuis le site."
      query={query}
      rows={query.data?.quotes}
      list={list}
      pageSize={PAGE_SIZE}
      count={(n) => formatCount(n, 'demande')}
      loadingText="Chargement des demandes..."
      errorText="Impossible de charger les demandes de devis."
      emptyText="Aucune demande de devis pour le moment."
      renderRows={(quotes) => (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {quotes.map((quote) => (
            <QuoteRow key={quote.id} quote={quote} />
          ))}
        </ul>
      )}
    />
  );
}
