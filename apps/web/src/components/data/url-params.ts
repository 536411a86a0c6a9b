import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A value sets the parameter, `null` removes it. */
type ParamPatch = Record<string, string | null>;

interface UrlParams {
  get: (key: string) => string | null;
  /** Patches the address; the other parameters are kept unless `keepOthers` is false. */
  update: (patch: ParamPatch, options?: { keepOthers?: boolean }) => void;
}

/** `params` with `patch` applied (a copy). */
function patchParams(params: URLSearchParams, patch: ParamPatch, keepOthers = true): URLSearchParams {
  const next = new URLSearchParams(keepOthers ? params : undefined);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  return next;
}

/**
 * The one place the app reads and writes its address's search parameters (lists, tabs, filters: a
 * reload, Back or a shared link shows the same choice). Replace, not push: Back leaves the page
 * instead of stepping through every keystroke.
 */
export function useUrlParams(): UrlParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const get = useCallback((key: string) => searchParams.get(key), [searchParams]);
  const update = useCallback(
    (patch: ParamPatch, { keepOthers = true }: { keepOthers?: boolean } = {}) =>
      setSearchParams((prev) => patchParams(prev, patch, keepOthers), { replace: true }),
    [setSearchParams],
  );
  return useMemo(() => ({ get, update }), [get, update]);
}
