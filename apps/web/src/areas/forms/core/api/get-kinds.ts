import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZFormKind, type TFormKind } from '@app/shared/forms';
import { apiClient, unwrap } from '@/lib/api-client';
import { KINDS_PATH, kindsKey } from './keys';

/** GET /forms/kinds: every kind for admin, the active ones for everyone else. */
export async function getKinds(): Promise<TFormKind[]> {
  const res = await apiClient.get(KINDS_PATH);
  return unwrap(z.array(ZFormKind), res.data);
}

export const useFormKinds = () => useQuery({ queryKey: kindsKey, queryFn: getKinds });
