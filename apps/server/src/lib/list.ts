import { z } from 'zod';
import { ZIdText, ZListQuery } from '@app/shared/api';
import { foldVietnamese } from '@app/shared/vietnamese';

// The SQL half of the list mechanism (ORDER BY, search, the total) lives in db/sql.ts.

/**
 * The one list mechanism (docs/architecture.md "API conventions"): `page`, `limit`, `search`, `sort`,
 * `order` plus a route's own filters, answered as `{items, total, page, limit}`.
 */
export function listQuery<S extends readonly [string, ...string[]], F extends z.ZodRawShape = Record<never, never>>(
  sortKeys: S,
  filters?: F,
) {
  return ZListQuery.extend({
    sort: z.enum(sortKeys).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    ...(filters ?? ({} as F)),
  });
}

/** Query-string id filters: `?campusId=3`. */
export const zIdFilter = ZIdText.optional();
/** Query-string booleans: `?active=true`. */
export const zBoolFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** The text stored in `search_text`: folded, so `searchWhere` matches with or without accents. */
export function searchText(...parts: Array<string | number | null | undefined>): string {
  return foldVietnamese(parts.filter((p) => p !== null && p !== undefined && p !== '').join(' '));
}

export function offsetOf(q: { page: number; limit: number }): number {
  return (q.page - 1) * q.limit;
}

export function page<T>(items: T[], total: number, q: { page: number; limit: number }) {
  return { items, total, page: q.page, limit: q.limit };
}
