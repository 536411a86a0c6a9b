import type { TRole } from '@app/shared/roles';

/*
 * Who may do what with course registration (issue 14 "Roles"), named once. Route files put the lists in
 * `config.roles`; the services check the finer scopes (a student's own registrations in a round of their
 * grade while it is open; a teacher's own course classes).
 */

/** The administrator manages rounds, closes and reopens them, adds or removes a student with a reason. */
export const REGISTRATION_WRITERS = ['ADMIN'] as const satisfies readonly TRole[];
/** Read every round, its fill, waitlists and unmet students: the administrator, quality assurance, the principal. */
export const REGISTRATION_READERS = ['ADMIN', 'QUALITY_ASSURANCE', 'PRINCIPAL'] as const satisfies readonly TRole[];
/** Students act for themselves only (the service checks the round's grade and window). */
export const REGISTRATION_STUDENTS = ['STUDENT'] as const satisfies readonly TRole[];
/** Who registered for a course class: its own teachers (checked by the service), and the readers. */
export const CLASS_REGISTRATION_READERS = [...REGISTRATION_READERS, 'TEACHER'] as const satisfies readonly TRole[];
/** Seats taken, polled live by every page that shows a round. */
export const SEAT_READERS = [...REGISTRATION_READERS, 'STUDENT'] as const satisfies readonly TRole[];
