import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Column } from '../../components/ui/data-table';
import { formatCount } from '../../lib/format';
import { type AdminListPageProps, type AdminListQuery, AdminListPage } from './AdminListPage';

interface Row {
  id: string;
  name: string;
}

const rows: Row[] = [
  { id: '1', name: 'Boulangerie Martin' },
  { id: '2', name: 'Cabinet Roux' },
];
const columns: Column<Row>[] = [{ id: 'name', header: 'Nom', cell: (r) => r.name }];

function query(overrides: Partial<AdminListQuery> = {}): AdminListQuery {
  return { data: undefined, isSuccess: false, isFetching: false, isError: false, refetch: vi.fn(), ...overrides };
}

const loaded = (total: number) => query({ data: { total }, isSuccess: true });

function renderFrame(props: Partial<AdminListPageProps<Row>> = {}) {
  const setPage = vi.fn();
  const all = {
    title: 'Fiches',
    description: 'Toutes les fiches.',
    query: query({ isFetching: true }),
    rows: undefined,
    list: { page: 1, setPage },
    pageSize: 10,
    count: (n: number) => formatCount(n, 'fiche'),
    loadingText: 'Chargement des fiches...',
    errorText: 'Impossible de charger les fiches.',
    emptyText: 'Aucune fiche',
    table: { label: 'Fiches', columns, rowKey: (r: Row) => r.id },
    ...props,
  } as AdminListPageProps<Row>;
  render(
    <MemoryRouter>
      <AdminListPage {...all} />
    </MemoryRouter>,
  );
  return { setPage };
}

/** The count line above the list (announced politely). */
const countLine = () => document.querySelector('[aria-live="polite"]');

describe('AdminListPage', () => {
  it("frames the page: 'Administration', the title as the page's h1, its description and the way back", () => {
    renderFrame();
    expect(screen.getByRole('heading', { level: 1, name: 'Fiches' })).toBeInTheDocument();
    expect(screen.getByText('Administration')).toBeInTheDocument();
    expect(screen.getByText('Toutes les fiches.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'administration" })).toHaveAttribute('href', '/admin');
  });

  it('leaves the way back out when asked, and shows the toolbar and what goes under the card', () => {
    renderFrame({ back: false, toolbar: <button type="button">Filtrer</button>, after: <p>Aperçu</p> });
    expect(screen.queryByRole('link', { name: "Retour à l'administration" })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtrer' })).toBeInTheDocument();
    expect(screen.getByText('Aperçu')).toBeInTheDocument();
  });

  it('says it is loading, with a blank count, until the first answer', () => {
    renderFrame();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des fiches...');
    expect(countLine()).toHaveTextContent(/^\s*$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the error with 'Réessayer', which asks the query again", async () => {
    const user = userEvent.setup();
    const failed = query({ isError: true });
    renderFrame({ query: failed });
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger les fiches.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('says the list is empty, with its count', () => {
    renderFrame({ query: loaded(0), rows: [] });
    expect(screen.getByText('Aucune fiche')).toBeInTheDocument();
    expect(countLine()).toHaveTextContent('0 fiche');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows the rows in the named table, the count, and a pager over the total', async () => {
    const user = userEvent.setup();
    const { setPage } = renderFrame({ query: loaded(25), rows });
    const table = screen.getByRole('table', { name: 'Fiches' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Cabinet Roux' })).toBeInTheDocument();
    expect(countLine()).toHaveTextContent('25 fiches');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toHaveTextContent('Page 1 sur 3');
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('keeps the rows under the error when a refresh fails', () => {
    renderFrame({ query: query({ data: { total: 2 }, isError: true }), rows });
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger les fiches.');
    expect(screen.getByRole('table', { name: 'Fiches' })).toBeInTheDocument();
  });

  it('shows rows that are not a table through renderRows, with the same states', () => {
    renderFrame({
      query: loaded(2),
      rows,
      table: undefined,
      renderRows: (items: Row[]) => (
        <ul aria-label="Fiches">
          {items.map((r) => (
            <li key={r.id}>{r.name}</li>
          ))}
        </ul>
      ),
    } as Partial<AdminListPageProps<Row>>);
    expect(within(screen.getByRole('list', { name: 'Fiches' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(countLine()).toHaveTextContent('2 fiches');
  });

  it("folds the toolbar behind a 'Filtres' button (phones only) that counts the search and the filters in use", async () => {
    const user = userEvent.setup();
    renderFrame({
      query: loaded(2),
      rows,
      list: { page: 1, setPage: vi.fn(), search: 'martin', filters: { status: 'active', type: '' } },
      toolbar: <input type="search" aria-label="Rechercher une fiche" />,
    });
    const button = screen.getByRole('button', { name: 'Filtres (2)' });
    expect(button).toHaveClass('sm:hidden');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const toolbar = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(toolbar).toContainElement(screen.getByRole('searchbox', { name: 'Rechercher une fiche' }));
    expect(toolbar).toHaveClass('max-sm:hidden');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(toolbar).not.toHaveClass('max-sm:hidden');
  });

  it("says 'Filtres' alone when nothing narrows the list", () => {
    renderFrame({
      query: loaded(2),
      rows,
      list: { page: 1, setPage: vi.fn(), search: '', filters: { status: '' } },
      toolbar: <span>Outils</span>,
    });
    expect(screen.getByRole('button', { name: 'Filtres' })).toBeInTheDocument();
  });

  it('has no filters button without a toolbar', () => {
    renderFrame({ query: loaded(2), rows });
    expect(screen.queryByRole('button', { name: /^Filtres/ })).not.toBeInTheDocument();
  });
});
