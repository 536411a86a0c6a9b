import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZStudentForm, type TStudentForm } from '@app/shared/forms';
import { apiClient, unwrap } from '@/lib/api-client';
import { MINE_PATH } from '@/areas/forms/core/api/keys';

/** GET /forms/mine: the student's own forms, newest first. */
export async function listMine(): Promise<TStudentForm[]> {
  const res = await apiClient.get(MINE_PATH);
  return unwrap(z.array(ZStudentForm), res.data);
}

export const useMyForms = () => useQuery({ queryKey: ['forms', MINE_PATH], queryFn: listMine });
