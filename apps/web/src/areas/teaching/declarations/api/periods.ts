import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZDeclarationPeriod,
  ZRemindResult,
  type TDeclarationPeriod,
  type TDeclarationPeriodInput,
  type TRemindResult,
} from '@app/shared/declarations';
import { apiClient, unwrap, unwrapWithMessage } from '@/lib/api-client';
import { DECLARATIONS_ROOT, periodsKey } from './keys';

/** GET /teaching/declarations/periods: every declaration period, with its counts by status in the caller's scope. */
export async function listPeriods(): Promise<TDeclarationPeriod[]> {
  const res = await apiClient.get(`${DECLARATIONS_ROOT}/periods`);
  return unwrap(z.array(ZDeclarationPeriod), res.data);
}

export function useDeclarationPeriods() {
  return useQuery({ queryKey: periodsKey, queryFn: listPeriods });
}

/** POST /teaching/declarations/periods, or PUT …/{id}: the admin opens or changes a period. */
export async function savePeriod(
  id: number | null,
  input: TDeclarationPeriodInput,
): Promise<{ data: TDeclarationPeriod; message?: string }> {
  const res =
    id === null
      ? await apiClient.post(`${DECLARATIONS_ROOT}/periods`, input)
      : await apiClient.put(`${DECLARATIONS_ROOT}/periods/${id}`, input);
  return unwrapWithMessage(ZDeclarationPeriod, res.data);
}

/** DELETE /teaching/declarations/periods/{id}: refused once a declaration exists in it. */
export async function deletePeriod(id: number): Promise<{ message?: string }> {
  const res = await apiClient.delete(`${DECLARATIONS_ROOT}/periods/${id}`);
  return unwrapWithMessage(z.unknown(), res.data);
}

/** POST /teaching/declarations/periods/{id}/remind: academic affairs reminds the teachers who have not submitted. */
export async function remindPeriod(id: number): Promise<{ data: TRemindResult; message?: string }> {
  const res = await apiClient.post(`${DECLARATIONS_ROOT}/periods/${id}/remind`);
  return unwrapWithMessage(ZRemindResult, res.data);
}
