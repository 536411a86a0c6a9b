import type { TTutoringSessionInput } from '@app/shared/tutoring';
import { useApiMutation, useDeleteMutation } from '@/components/data/use-api-mutation';
import { GROUPS_PATH, TUTORING_ROOT } from './keys';

/** POST /tutoring/groups/{groupId}/sessions, or PUT /tutoring/sessions/{id}: 409 with the clash in Vietnamese. */
export function useSaveSession(groupId: number) {
  return useApiMutation<{ id?: number; input: TTutoringSessionInput }>({
    method: (v) => (v.id ? 'put' : 'post'),
    url: (v) => (v.id ? `${TUTORING_ROOT}/sessions/${v.id}` : `${GROUPS_PATH}/${groupId}/sessions`),
    body: (v) => v.input,
    invalidate: [TUTORING_ROOT],
  });
}

/** DELETE /tutoring/sessions/{id}: refused once attendance is taken. */
export const useDeleteSession = () => useDeleteMutation({ path: `${TUTORING_ROOT}/sessions`, invalidate: [TUTORING_ROOT] });
