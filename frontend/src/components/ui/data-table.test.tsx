import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { SortState } from '../../lib/use-paged-search';
import { DataTable, type Column, type DataTableProps } from './data-table';
import { pageWindow } from './pager';

interface Row {
  id: string;
  name: string;
  city: string;
}

type Key = 'name' | 'city';

const rows: Row[] = [
  { id: '1', name: 'Boulangerie Martin', city: 'Lyon' },
  { id: '2', name: 'Cabinet Roux', city: 'Nantes' },
];

const columns: Column<Row, Key>[] = [
  { id: 'name', header: 'Nom', sortKey: 'name', cell: (r) => r.name },
  { id: 'city', header: 'Ville', sortKey: 'city', cell: (r) => r.city },
  { id: 'actions', header: <span className="sr-only">Actions</span>, cell: (r) => <button type="button">Voir {r.name}</button> },
];

function renderTable(props: Partial<DataTableProps<Row, Key>> = {}) {
  return render(
    <DataTable<Row, Key> label="Clients" columns={columns} rows={rows} rowKey={(r) => r.id} emptyText="Aucun client" {...props} />,
  );
}

/** A table whose sort lives in state, toggled like usePagedSearch does. */
function SortableTable() {
  const [sort, setSort] = useState<SortState<Key> | null>({ by: 'name', order: 'asc' });
  return (
    <DataTable<Row, Key>
      label="Clients"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      emptyText="Aucun client"
      sort={sort}
      onSort={(by) => setSort((s) => (s?.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' }))}
    />
  );
}

describe('DataTable', () => {
  it('renders a named table with its rows and cells', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Clients' });
    const [header, ...body] = within(table).getAllByRole('row');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nom', 'Ville', 'Actions']);
    expect(body).toHaveLength(2);
    expect(within(body[1]).getByRole('cell', { name: 'Nantes' })).toBeInTheDocument();
    expect(within(body[0]).getByRole('button', { name: 'Voir Boulangerie Martin' })).toBeInTheDocument();
  });

  it('makes sortable headers buttons; aria-sort on the active column, which flips, a new column starting asc', async () => {
    const user = userEvent.setup();
    render(<SortableTable />);
    const nameHeader = screen.getByRole('columnheader', { name: 'Nom' });
    const cityHeader = screen.getByRole('columnheader', { name: 'Ville' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(cityHeader).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toContainElement(screen.queryByRole('button', { name: 'Actions' }));

    await user.click(within(nameHeader).getByRole('button', { name: 'Nom' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(cityHeader).getByRole('button', { name: 'Ville' }));
    expect(cityHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).not.toHaveAttribute('aria-sort');
  });

  it('shows plain headers when no sort handler is given', () => {
    renderTable();
    expect(screen.queryByRole('button', { name: 'Nom' })).not.toBeInTheDocument();
  });

  it('shows the loading, empty and error states, with Réessayer', async () => {
    const user = userEvent.setup();
    const { rerender } = renderTable({ rows: undefined, loading: true, loadingText: 'Chargement des clients...' });
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des clients...');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    rerender(<DataTable label="Clients" columns={columns} rows={[]} rowKey={(r) => r.id} emptyText="Aucun client" />);
    expect(screen.getByText('Aucun client')).toBeInTheDocument();

    const onRetry = vi.fn();
    rerender(
      <DataTable
        label="Clients"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.id}
        emptyText="Aucun client"
        error
        errorText="Impossible de charger les clients."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger les clients.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('pages with at most 5 numbered buttons, previous and next', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    renderTable({ pagination: { page: 1, pageCount: 12, onPage } });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Page 4' }));
    expect(onPage).toHaveBeenLastCalledWith(4);
    await user.click(within(nav).getByRole('button', { name: 'Suivant' }));
    expect(onPage).toHaveBeenLastCalledWith(2);
  });

  it('hides the pager when everything fits on one page', () => {
    renderTable({ pagination: { page: 1, pageCount: 1, onPage: () => undefined } });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

describe('pageWindow', () => {
  it('keeps the current page in a window of at most 5', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 12)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });
});
