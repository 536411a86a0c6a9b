import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { Option } from './filter-select';
import { cleanParams } from './list-state';
import { fetchPage } from './use-list-query';

export interface OptionsSource<S extends z.ZodType> {
  /** A list endpoint, e.g. '/v1/campuses'. */
  path: string;
  schema: S;
  toOption: (row: z.output<S>) => Option<number> | Option<string>;
  /** Extra filters (`{ grade: 10 }`); empty values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** Sort sent to the server, e.g. 'name'. */
  sort?: string;
  /** The server's maximum page; pickers show the first 100 matches and let people search. */
  limit?: number;
}

/** Keyed ['options', path, …] so a write's invalidation of `path` refreshes pickers too. */
export function optionsQueryKey(path: string, params: Record<string, string>) {
  return ['options', path, params] as const;
}

/**
 * Choices for a select or filter from a list endpoint (first 100 rows, or those matching
 * `search`). The rows come back too, for pages that need more than the label.
 */
export function useOptions<S extends z.ZodType>(source: OptionsSource<S>, opts: { search?: string; enabled?: boolean } = {}) {
  const search = useDebouncedValue(opts.search ?? '', 300).trim();
  const params = cleanParams({ ...source.params, limit: source.limit ?? 100, sort: source.sort, search });
  const query = useQuery({
    queryKey: optionsQueryKey(source.path, params),
    queryFn: () => fetchPage(source.path, source.schema, params),
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const rows = (query.data?.items ?? []) as z.output<S>[];
  return {
    options: rows.map(source.toOption) as Option[],
    rows,
    total: query.data?.total ?? 0,
    isLoading: query.isPending && (opts.enabled ?? true),
    isFetching: query.isFetching,
    isError: query.isError,
    refetch: query.refetch,
  };
}
