import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTutoringGroupDetail, ZTutoringSession, type TTutoringGroupDetail, type TTutoringSession } from '@app/shared/tutoring';
import { useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { apiClient, unwrap } from '@/lib/api-client';
import { GROUPS_PATH, TUTORING_ROOT, groupKey, sessionsKey } from './keys';

/** GET /tutoring/groups/{id}: the group with its students. */
export function useGroup(id: number | null) {
  return useQuery({
    queryKey: groupKey(id ?? 0),
    queryFn: async (): Promise<TTutoringGroupDetail> => unwrap(ZTutoringGroupDetail, (await apiClient.get(`${GROUPS_PATH}/${id}`)).data),
    enabled: id !== null,
  });
}

/** GET /tutoring/groups/{id}/sessions: the group's sessions, by date. */
export function useSessions(groupId: number) {
  return useQuery({
    queryKey: sessionsKey(groupId),
    queryFn: async (): Promise<TTutoringSession[]> =>
      unwrap(z.array(ZTutoringSession), (await apiClient.get(`${GROUPS_PATH}/${groupId}/sessions`)).data),
  });
}

/** POST /tutoring/groups, or PUT /tutoring/groups/{id}; refreshes the lists, details and reports of the area. */
export const useSaveGroup = () => useSaveMutation({ path: GROUPS_PATH, invalidate: [TUTORING_ROOT] });

/** DELETE /tutoring/groups/{id}: refused (409, Vietnamese reason) once a session is taught. */
export const useDeleteGroup = () => useDeleteMutation({ path: GROUPS_PATH, invalidate: [TUTORING_ROOT] });
