import { useUrlParams } from '@/components/data/url-params';

/**
 * One query parameter of a results page (module pickers aside, every choice lives in the address so
 * a reload or a shared link shows the same figures). Setting it keeps the others, and clears the
 * ones that depend on it.
 */
export function useParam(key: string, clears: string[] = []): [string | null, (v: string) => void] {
  const params = useUrlParams();
  const set = (v: string) => params.update({ [key]: v || null, ...Object.fromEntries(clears.map((c) => [c, null])) });
  return [params.get(key), set];
}

/** Filtered or unfiltered figures, as `?filtered=1`. */
export function useFilteredParam(): [boolean, (v: boolean) => void] {
  const [value, set] = useParam('filtered');
  return [value === '1', (v: boolean) => set(v ? '1' : '')];
}
