import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPayStatement, type TPayStatement } from '@app/shared/pay';
import { apiClient, unwrap } from '@/lib/api-client';
import { PAY_STATEMENTS_PATH, statementsKey } from './keys';

/** GET /pay/statements/mine: the caller's own lines of approved and paid runs. */
export async function getMyStatements(): Promise<TPayStatement[]> {
  const res = await apiClient.get(PAY_STATEMENTS_PATH);
  return unwrap(z.array(ZPayStatement), res.data);
}

export function useMyStatements() {
  return useQuery({ queryKey: statementsKey, queryFn: getMyStatements });
}
