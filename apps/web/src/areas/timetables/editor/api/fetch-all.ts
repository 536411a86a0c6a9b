import type { z } from 'zod';
import { fetchPage } from '@/components/data/use-list-query';

/** Every row of a list endpoint, 100 (the server's maximum page) at a time. */
export async function fetchAll<S extends z.ZodType>(path: string, schema: S, params: Record<string, string> = {}): Promise<z.output<S>[]> {
  const rows: z.output<S>[] = [];
  for (let page = 1; ; page++) {
    const res = await fetchPage(path, schema, { ...params, limit: '100', page: String(page) });
    rows.push(...res.items);
    if (res.items.length === 0 || rows.length >= res.total) return rows;
  }
}
