/**
 * The query keys of the area. Each starts with 'tutoring' and an API path under TUTORING_ROOT, so one write
 * refreshes every list, detail and sheet through `invalidate: [TUTORING_ROOT]`.
 */
export const TUTORING_ROOT = '/v1/tutoring';
export const GROUPS_PATH = `${TUTORING_ROOT}/groups`;
export const groupKey = (id: number) => ['tutoring', `${GROUPS_PATH}/${id}`] as const;
export const sessionsKey = (groupId: number) => ['tutoring', `${GROUPS_PATH}/${groupId}/sessions`] as const;
export const attendanceKey = (sessionId: number) => ['tutoring', `${TUTORING_ROOT}/sessions/${sessionId}/attendance`] as const;
export const mineKey = ['tutoring', `${TUTORING_ROOT}/mine`] as const;
export const reportKey = (params: Record<string, string>) => ['tutoring', `${TUTORING_ROOT}/report`, params] as const;
