import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZPage } from '@app/shared/api';
import { apiClient, unwrap } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cleanParams, DEFAULT_LIMIT, toPositiveInt, useParamStore, type SortOrder } from './list-state';

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

type Scalar = string | number | boolean | null | undefined;

export interface UseListQueryOptions<S extends z.ZodType, F extends string> {
  /** API path without /api, e.g. '/v1/campuses'. */
  path: string;
  /** The shared row schema (ZCampus …); the answer is parsed as ZPage(schema). */
  schema: S;
  /** Filter names kept in the URL and sent as query parameters. */
  filterKeys?: readonly F[];
  defaults?: {
    limit?: number;
    sort?: string;
    order?: SortOrder;
    /** Used while the URL has no value for the key; an empty value in the URL means "all". */
    filters?: Partial<Record<F, string>>;
  };
  /** Parameters always sent (a parent id, …); not kept in the URL. */
  params?: Record<string, Scalar>;
  /** `false` keeps the state in the component (lists in dialogs). Default true. */
  inUrl?: boolean;
  /** Prefix for the URL keys when two lists share one page. */
  prefix?: string;
  enabled?: boolean;
  searchDelayMs?: number;
  /**
   * The server ranks a search's matches (exact code, then name …) when no column is sorted: while
   * searching, the default sort is left out so the best match comes first; a column the person
   * sorts by still wins.
   */
  rankSearch?: boolean;
}

/** Query keys start with ['list', path] so writes can invalidate every list of a resource. */
export function listQueryKey(path: string, params?: Record<string, string>) {
  return params ? (['list', path, params] as const) : (['list', path] as const);
}

export async function fetchPage<S extends z.ZodType>(path: string, schema: S, params: Record<string, string>): Promise<PageOf<z.output<S>>> {
  const res = await apiClient.get(path, { params });
  return unwrap(ZPage(schema), res.data) as PageOf<z.output<S>>;
}

/**
 * One list's state (page, limit, search, sort, order, filters) kept in the URL, and its page of
 * rows from `GET path`. Search is debounced; the previous page stays on screen while the next loads.
 */
export function useListQuery<S extends z.ZodType, F extends string = never>(opts: UseListQueryOptions<S, F>) {
  const { path, schema, filterKeys = [], defaults = {}, params: fixed, inUrl = true, prefix = '', enabled = true } = opts;
  const store = useParamStore(inUrl, prefix);

  const page = toPositiveInt(store.get('page'), 1);
  const limit = toPositiveInt(store.get('limit'), defaults.limit ?? DEFAULT_LIMIT, 100);
  const search = (store.get('search') ?? '').trim();
  const sort = store.get('sort') ?? (opts.rankSearch && search ? undefined : defaults.sort) ?? undefined;
  const orderRaw = store.get('order');
  const order: SortOrder = orderRaw === 'desc' || orderRaw === 'asc' ? orderRaw : (defaults.order ?? 'asc');

  const filterSig = filterKeys.map((k) => `${k}=${store.get(k) ?? defaults.filters?.[k] ?? ''}`).join('&');
  const filters = useMemo(() => {
    const out = {} as Record<F, string>;
    for (const k of filterKeys) out[k] = store.get(k) ?? defaults.filters?.[k] ?? '';
    return out;
    // filterSig captures every value read here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterSig]);

  // The box shows what is typed at once; the URL (and the request) follow after a pause.
  const [searchText, setSearchText] = useState(search);
  const debounced = useDebouncedValue(searchText, opts.searchDelayMs ?? 300);
  useEffect(() => {
    const next = debounced.trim();
    if (next !== search) store.update({ search: next || null, page: null });
    // Only a settled change of the box writes; URL changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const lastUrlSearch = useRef(search);
  useEffect(() => {
    if (search === lastUrlSearch.current) return;
    lastUrlSearch.current = search;
    // Back/forward changed the URL: the box follows.
    setSearchText((text) => (text.trim() === search ? text : search));
  }, [search]);

  const fixedSig = JSON.stringify(fixed ?? {});
  const filterParams = useMemo(() => cleanParams({ ...filters, ...(fixed ?? {}) }), [filters, fixedSig]); // eslint-disable-line react-hooks/exhaustive-deps
  /** What the list shows, without paging: the export sends exactly these. */
  const exportParams = useMemo(
    () => cleanParams({ ...filterParams, search, sort, order: sort ? order : undefined }),
    [filterParams, search, sort, order],
  );
  const requestParams = useMemo(() => ({ ...exportParams, page: String(page), limit: String(limit) }), [exportParams, page, limit]);

  const query: UseQueryResult<PageOf<z.output<S>>> = useQuery({
    queryKey: listQueryKey(path, requestParams),
    queryFn: () => fetchPage(path, schema, requestParams),
    placeholderData: keepPreviousData,
    enabled,
  });

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / limit));

  const setPage = useCallback((p: number) => store.update({ page: p > 1 ? String(p) : null }), [store]);
  const setLimit = useCallback((l: number) => store.update({ limit: String(l), page: null }), [store]);
  const setSort = useCallback(
    (key: string | undefined, o: SortOrder = 'asc') => store.update({ sort: key ?? null, order: key ? o : null, page: null }),
    [store],
  );
  /** Header click: a new column sorts ascending, the same column flips. */
  const toggleSort = useCallback(
    (key: string) => setSort(key, sort === key && order === 'asc' ? 'desc' : 'asc'),
    [setSort, sort, order],
  );
  const setFilter = useCallback(
    (key: F, value: string | null | undefined) => store.update({ [key]: value ?? '', page: null }),
    [store],
  );
  /** Several filters at once (a parent filter clears its child): one URL update. */
  const setFilters = useCallback(
    (patch: Partial<Record<F, string | null>>) => {
      const next: Record<string, string> = {};
      for (const [k, v] of Object.entries(patch)) next[k] = (v as string | null | undefined) ?? '';
      store.update({ ...next, page: null });
    },
    [store],
  );
  const setSearch = useCallback((text: string) => setSearchText(text), []);

  // Deleting the last row of the last page leaves an empty page: step back to the real last one.
  const data = query.data;
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.items.length === 0 && data.total > 0 && page > 1) {
      setPage(Math.max(1, Math.ceil(data.total / limit)));
    }
  }, [data, query.isPlaceholderData, page, limit, setPage]);

  return {
    query,
    items: (data?.items ?? []) as z.output<S>[],
    total,
    page,
    limit,
    pageCount,
    search,
    searchText,
    sort,
    order,
    filters,
    /** How many filters have a value (the phone's "Bộ lọc" badge). */
    activeFilters: Object.values<string>(filters).filter(Boolean).length,
    exportParams,
    queryKey: listQueryKey(path),
    setPage,
    setLimit,
    setSort,
    toggleSort,
    setFilter,
    setFilters,
    setSearch,
    /** Spread into <DataTable>. */
    tableProps: {
      rows: data?.items as z.output<S>[] | undefined,
      loading: query.isPending && enabled,
      fetching: query.isFetching,
      error: query.isError && !data ? query.error : null,
      onRetry: () => void query.refetch(),
      searching: Boolean(search) || Object.values<string>(filters).some(Boolean),
      sort: { key: sort, order },
      onSort: toggleSort,
      onSortChange: setSort,
    },
    /** Spread into <Pagination>. */
    paginationProps: { page, limit, total, onPageChange: setPage, onLimitChange: setLimit, hidden: !data || total === 0 },
  };
}
