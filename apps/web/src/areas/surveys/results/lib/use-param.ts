import { useSearchParams } from 'react-router';

/**
 * One query parameter of a results page (module pickers aside, every choice lives in the address so
 * a reload or a shared link shows the same figures). Setting it keeps the others, and clears the
 * ones that depend on it.
 */
export function useParam(key: string, clears: string[] = []): [string | null, (v: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v) next.set(key, v);
        else next.delete(key);
        for (const c of clears) next.delete(c);
        return next;
      },
      { replace: true },
    );
  return [params.get(key), set];
}

/** Filtered or unfiltered figures, as `?filtered=1`. */
export function useFilteredParam(): [boolean, (v: boolean) => void] {
  const [value, set] = useParam('filtered');
  return [value === '1', (v: boolean) => set(v ? '1' : '')];
}
