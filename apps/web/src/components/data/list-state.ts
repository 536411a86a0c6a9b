import { useCallback, useMemo, useState } from 'react';
import { useUrlParams } from './url-params';

export type SortOrder = 'asc' | 'desc';
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** Spec section 9: lists start at page 1 with 10 rows. */
export const DEFAULT_LIMIT = 10;

/** Reads and patches string parameters; `null` in a patch removes the key. */
export interface ParamStore {
  get: (key: string) => string | null;
  update: (patch: Record<string, string | null>) => void;
}

/**
 * Where a list keeps its state: the URL (pages, so reload and Back keep it) or component state
 * (lists inside dialogs, which must not leave traces in the page's address).
 */
export function useParamStore(inUrl: boolean, prefix = ''): ParamStore {
  const { get: urlGet, update: urlUpdate } = useUrlParams();
  const [local, setLocal] = useState<Record<string, string>>({});

  const get = useCallback(
    (key: string) => (inUrl ? urlGet(prefix + key) : (local[key] ?? null)),
    [inUrl, urlGet, local, prefix],
  );
  const update = useCallback(
    (patch: Record<string, string | null>) => {
      if (inUrl) {
        urlUpdate(Object.fromEntries(Object.entries(patch).map(([k, v]) => [prefix + k, v])));
      } else {
        setLocal((prev) => {
          const next = { ...prev };
          for (const [k, v] of Object.entries(patch)) {
            if (v === null) delete next[k];
            else next[k] = v;
          }
          return next;
        });
      }
    },
    [inUrl, urlUpdate, prefix],
  );
  return useMemo(() => ({ get, update }), [get, update]);
}

export function toPositiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** Request parameters without empty values: the server's enums reject `kind=`. */
export function cleanParams(params: Record<string, string | number | boolean | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = String(v);
  }
  return out;
}
