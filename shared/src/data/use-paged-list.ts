import { useCallback, useEffect, useState } from 'react';
import { useCall, type CallResult, type UseCallOptions } from './use-call';

/** Rows per page when a page names none. */
export const DEFAULT_PAGE_SIZE = 10;

/** What one page request asks for; `page` counts from 1. */
export interface PagedQuery<F> {
  page: number;
  pageSize: number;
  filters: F;
}

/**
 * One page of a records list, as the envelope's `value` carries it (as the legacy API does:
 * `value.list`, `value.totalPages`, and `value.footer` with the column totals).
 */
export interface PagedList<T, Footer = never> {
  list: T[];
  totalPages: number;
  footer?: Footer;
}

export type PagedFetcher<T, F, Footer = never> = (query: PagedQuery<F>, signal: AbortSignal) => Promise<PagedList<T, Footer>>;

// No `cache`: its key would name one answer for every page and filter of the list.
export interface UsePagedListOptions<F> extends Omit<UseCallOptions, 'cache'> {
  /** The filters the list starts with. Everything that changes the query belongs here. */
  filters: F;
  pageSize?: number;
}

export type PagedListResult<T, F, Footer = never> = CallResult<PagedList<T, Footer>> & {
  page: number;
  pageSize: number;
  filters: F;
  setPage: (page: number) => void;
  /** Back to page 1: the old page number means nothing at another size. */
  setPageSize: (pageSize: number) => void;
  /** Back to page 1: page 3 of other filters is not where the player was. */
  setFilters: (filters: F | ((previous: F) => F)) => void;
  /** One filter; back to page 1. */
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
};

/**
 * A paged records list: page, page size and filters in one query, loaded with `useCall` (same
 * states, abort, and reload on session or language change).
 */
export function usePagedList<T, F, Footer = never>(
  fetcher: PagedFetcher<T, F, Footer>,
  options: UsePagedListOptions<F>,
): PagedListResult<T, F, Footer> {
  const { filters: initialFilters, pageSize: initialPageSize = DEFAULT_PAGE_SIZE, ...callOptions } = options;
  const [query, setQuery] = useState<PagedQuery<F>>(() => ({ page: 1, pageSize: initialPageSize, filters: initialFilters }));
  const result = useCall((signal) => fetcher(query, signal), [query], callOptions);

  const setPage = useCallback((page: number) => setQuery((previous) => (previous.page === page ? previous : { ...previous, page })), []);
  const setPageSize = useCallback((pageSize: number) => setQuery((previous) => ({ ...previous, page: 1, pageSize })), []);
  const setFilters = useCallback(
    (next: F | ((previous: F) => F)) =>
      setQuery((previous) => ({
        ...previous,
        page: 1,
        filters: typeof next === 'function' ? (next as (previous: F) => F)(previous.filters) : next,
      })),
    [],
  );
  const setFilter = useCallback(
    <K extends keyof F>(key: K, value: F[K]) =>
      setQuery((previous) => ({ ...previous, page: 1, filters: { ...previous.filters, [key]: value } })),
    [],
  );

  // The list shrank under the current page (rows removed, another account): show its last page.
  const totalPages = result.status === 'success' ? result.data.totalPages : null;
  useEffect(() => {
    if (totalPages !== null && totalPages >= 1 && query.page > totalPages) setPage(totalPages);
  }, [totalPages, query.page, setPage]);

  return { ...result, page: query.page, pageSize: query.pageSize, filters: query.filters, setPage, setPageSize, setFilters, setFilter };
}
