import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TT05_2025_RULES, ZWorkloadRules, type TWorkloadRules } from '@app/shared/workload';
import { apiClient, unwrap } from '@/lib/api-client';
import { ruleSetsKey } from './keys';

/** Only what the live calculator needs of GET /teaching/rule-sets (the rules part owns the full contract). */
const ZRuleSets = z.object({ items: z.array(z.object({ name: z.string(), rules: ZWorkloadRules })) });

/** GET /teaching/rule-sets: every stored version of the workload rules. */
async function listRuleSets(): Promise<TWorkloadRules[]> {
  const res = await apiClient.get('/v1/teaching/rule-sets');
  return unwrap(ZRuleSets, res.data).items.map((r) => r.rules);
}

/**
 * The rule set a declaration was computed with (its `rulesName`), for the live figures while lines are
 * edited. None stored yet means TT 05/2025's defaults apply (as on the server); null while loading or
 * when the named set cannot be found (the page then shows the server's figures only).
 */
export function useRulesNamed(name: string | null): { rules: TWorkloadRules | null; loading: boolean } {
  const q = useQuery({ queryKey: ruleSetsKey, queryFn: listRuleSets, staleTime: 5 * 60_000, enabled: name !== null });
  if (name === null || q.isPending) return { rules: null, loading: name !== null && q.isPending };
  const stored = q.data ?? [];
  const found =
    stored.find((r) => r.name === name) ?? (name === TT05_2025_RULES.name && (q.isError || stored.length === 0) ? TT05_2025_RULES : null);
  return { rules: found, loading: false };
}
