/** The query keys of the area: the student's own rounds, the module's rounds, one round and its live seats. */
export const REGISTRATION_ROOT = '/v1/registration';
export const myRegistrationKey = ['registration', `${REGISTRATION_ROOT}/me`] as const;
export const roundsKey = (moduleId: number | null) => ['registration', `${REGISTRATION_ROOT}/rounds`, { moduleId }] as const;
export const roundKey = (id: number | null) => ['registration', `${REGISTRATION_ROOT}/rounds/${id}`] as const;
export const seatsKey = (id: number | null) => ['registration', `${REGISTRATION_ROOT}/rounds/${id}/seats`] as const;
export const roundStudentsKey = (id: number | null, status: 'unmet' | 'all') =>
  ['registration', `${REGISTRATION_ROOT}/rounds/${id}/students`, { status }] as const;

/** Seats are read again this often while a page showing them is visible (TanStack Query pauses in the background). */
export const SEATS_POLL_MS = 5_000;
