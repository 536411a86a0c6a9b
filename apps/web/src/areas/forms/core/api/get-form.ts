import { useQuery } from '@tanstack/react-query';
import { ZStudentFormDetail, type TStudentFormDetail } from '@app/shared/forms';
import { apiClient, unwrap } from '@/lib/api-client';
import { formKey, formPath } from './keys';

/** GET /forms/requests/{id}: one form with its values, kind, history and files. */
export async function getForm(id: number): Promise<TStudentFormDetail> {
  const res = await apiClient.get(formPath(id));
  return unwrap(ZStudentFormDetail, res.data);
}

export const useForm = (id: number | null) => useQuery({ queryKey: formKey(id), queryFn: () => getForm(id!), enabled: id !== null });
