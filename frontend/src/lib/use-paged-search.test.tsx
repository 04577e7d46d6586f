import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { usePagedSearch, type PagedSearchOptions } from './use-paged-search';

type Status = '' | 'sent' | 'failed';
type Filters = { status: Status; type: string };
type SortKey = 'created_at' | 'recipient';

const options: PagedSearchOptions<Filters, SortKey> = {
  filters: { status: '', type: 'all' },
  filterValues: { status: ['', 'sent', 'failed'] },
  sortKeys: ['created_at', 'recipient'],
  defaultSort: { by: 'created_at', order: 'desc' },
};

function setup(url = '/admin/emails', opts: PagedSearchOptions<Filters, SortKey> = options) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  const { result } = renderHook(
    () => ({ list: usePagedSearch<Filters, SortKey>(opts), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
  return result;
}

const searchOf = (result: ReturnType<typeof setup>) => result.current.location.search;

describe('usePagedSearch', () => {
  it('starts from the typed defaults and keeps a clean URL', () => {
    const result = setup();
    expect(result.current.list).toMatchObject({
      page: 1,
      search: '',
      filters: { status: '', type: 'all' },
      sort: { by: 'created_at', order: 'desc' },
    });
    expect(searchOf(result)).toBe('');
  });

  it('reads page, search, filters and sort from the URL', () => {
    const result = setup('/admin/emails?page=3&q=claire&status=failed&type=pro&sort=recipient&order=desc');
    expect(result.current.list).toMatchObject({
      page: 3,
      search: 'claire',
      filters: { status: 'failed', type: 'pro' },
      sort: { by: 'recipient', order: 'desc' },
    });
  });

  it('falls back to the defaults for values it does not know', () => {
    const result = setup('/admin/emails?page=-2&status=deleted&sort=password&order=up');
    expect(result.current.list.page).toBe(1);
    expect(result.current.list.filters.status).toBe('');
    expect(result.current.list.sort).toEqual({ by: 'created_at', order: 'desc' });
    expect(setup('/x?page=2.5').current.list.page).toBe(1);
    expect(setup('/x?sort=recipient').current.list.sort).toEqual({ by: 'recipient', order: 'asc' });
  });

  it('moves between pages, page 1 being the bare URL', () => {
    const result = setup();
    act(() => result.current.list.setPage(2));
    expect(result.current.list.page).toBe(2);
    expect(searchOf(result)).toBe('?page=2');
    act(() => result.current.list.setPage(1));
    expect(searchOf(result)).toBe('');
  });

  it('goes back to page 1 on a search, a filter or a sort change', () => {
    const result = setup('/admin/emails?page=4');
    act(() => result.current.list.setSearch('  claire@example.com '));
    expect(result.current.list).toMatchObject({ page: 1, search: 'claire@example.com' });
    expect(new URLSearchParams(searchOf(result)).get('q')).toBe('claire@example.com');

    act(() => result.current.list.setPage(3));
    act(() => result.current.list.setFilter('status', 'failed'));
    expect(result.current.list).toMatchObject({ page: 1, filters: { status: 'failed', type: 'all' } });

    act(() => result.current.list.setPage(2));
    act(() => result.current.list.toggleSort('recipient'));
    expect(result.current.list.page).toBe(1);
  });

  it('even when the search is submitted again unchanged', () => {
    const result = setup('/admin/emails?q=claire&page=2');
    act(() => result.current.list.setSearch('claire'));
    expect(result.current.list.page).toBe(1);
  });

  it('sorts a new column ascending first, then flips the active one', () => {
    const result = setup();
    act(() => result.current.list.toggleSort('recipient'));
    expect(result.current.list.sort).toEqual({ by: 'recipient', order: 'asc' });
    act(() => result.current.list.toggleSort('recipient'));
    expect(result.current.list.sort).toEqual({ by: 'recipient', order: 'desc' });
    // The default column is active (desc): clicking it flips it to asc.
    act(() => result.current.list.toggleSort('created_at'));
    expect(result.current.list.sort).toEqual({ by: 'created_at', order: 'asc' });
    act(() => result.current.list.toggleSort('created_at'));
    // Back on the default sort: left out of the URL.
    expect(result.current.list.sort).toEqual({ by: 'created_at', order: 'desc' });
    expect(searchOf(result)).toBe('');
  });

  it('drops a filter set back to its default from the URL, and resets everything', () => {
    const result = setup('/admin/emails?status=sent&q=x&page=2&sort=recipient');
    act(() => result.current.list.setFilter('status', ''));
    expect(new URLSearchParams(searchOf(result)).has('status')).toBe(false);
    act(() => result.current.list.reset());
    expect(searchOf(result)).toBe('');
  });

  it('keeps the other query parameters and follows the back button', () => {
    const result = setup('/admin/emails?tab=log');
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setPage(3));
    expect(new URLSearchParams(searchOf(result)).get('tab')).toBe('log');
    act(() => {
      void result.current.navigate(-1);
    });
    expect(result.current.list.page).toBe(2);
  });

  it('prefixes its keys when two lists share a page', () => {
    const result = setup('/admin?usersPage=2&page=5', { ...options, prefix: 'users' });
    expect(result.current.list.page).toBe(2);
    act(() => result.current.list.setSearch('bob'));
    const params = new URLSearchParams(searchOf(result));
    expect(params.get('usersQ')).toBe('bob');
    expect(params.has('usersPage')).toBe(false);
    expect(params.get('page')).toBe('5');
  });

  it('works without filters or sort', () => {
    const { result } = renderHook(() => usePagedSearch(), {
      wrapper: ({ children }) => <MemoryRouter initialEntries={['/admin/quotes?page=2']}>{children}</MemoryRouter>,
    });
    expect(result.current).toMatchObject({ page: 2, search: '', filters: {}, sort: null });
  });
});
