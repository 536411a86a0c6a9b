import { useQuery } from '@tanstack/react-query';
import { ZRuleSet, ZRuleSetList, type TRuleSet, type TRuleSetList } from '@app/shared/teaching';
import type { TWorkloadRulesInput } from '@app/shared/workload';
import { apiClient, unwrap, unwrapWithMessage } from '@/lib/api-client';

/** The rule sets' query key; every write refreshes it (and the assignment boards, whose figures follow). */
export const RULE_SETS_KEY = ['teaching-rule-sets', '/v1/teaching/rule-sets'] as const;

/** GET /teaching/rule-sets: every version, the one in force today. */
export async function listRuleSets(): Promise<TRuleSetList> {
  return unwrap(ZRuleSetList, (await apiClient.get('/v1/teaching/rule-sets')).data);
}

export const useRuleSets = () => useQuery({ queryKey: RULE_SETS_KEY, queryFn: listRuleSets });

/** POST /teaching/rule-sets, or PUT /teaching/rule-sets/{id} when editing. */
export async function saveRuleSet(id: number | null, input: TWorkloadRulesInput): Promise<{ data: TRuleSet; message?: string }> {
  const res =
    id === null ? await apiClient.post('/v1/teaching/rule-sets', input) : await apiClient.put(`/v1/teaching/rule-sets/${id}`, input);
  return unwrapWithMessage(ZRuleSet, res.data);
}

/** DELETE /teaching/rule-sets/{id} (refused for the version in force). */
export async function deleteRuleSet(id: number): Promise<void> {
  await apiClient.delete(`/v1/teaching/rule-sets/${id}`);
}
