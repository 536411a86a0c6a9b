import { ROLES, type TRole } from '@app/shared/roles';

/*
 * Who may do what with student forms (issue 17), named once. Admin configures the kinds and reads every
 * form; a student fills and submits their own; the homeroom teacher decides their class's; the principal
 * decides the ones escalated to them and reads all. Scope (a student's own, a homeroom teacher's class)
 * is checked in the services.
 */

/** The kinds are read by everyone signed in (a student sees the active ones only). */
export const FORM_KIND_READERS = ROLES;
export const FORM_KIND_WRITERS = ['ADMIN'] as const satisfies readonly TRole[];
export const FORM_STUDENTS = ['STUDENT'] as const satisfies readonly TRole[];
export const FORM_HOMEROOM = ['HOMEROOM_TEACHER'] as const satisfies readonly TRole[];
export const FORM_PRINCIPALS = ['PRINCIPAL'] as const satisfies readonly TRole[];
/** Read every submitted form of the school. */
export const FORM_WIDE_READERS = ['ADMIN', 'PRINCIPAL'] as const satisfies readonly TRole[];
/** The school's list of forms: the wide readers, and a homeroom teacher for their classes. */
export const FORM_LIST_READERS = [...FORM_WIDE_READERS, ...FORM_HOMEROOM] as const satisfies readonly TRole[];
/** One form: its student, their homeroom teacher, the wide readers. */
export const FORM_READERS = [...FORM_LIST_READERS, ...FORM_STUDENTS] as const satisfies readonly TRole[];
/** Decide: the homeroom teacher (a submitted form of their class), the principal (an escalated one). */
export const FORM_DECIDERS = [...FORM_HOMEROOM, ...FORM_PRINCIPALS] as const satisfies readonly TRole[];

/*
 * Regulations (issue 17, the regulations part). Admin writes and publishes; students read the published
 * ones and acknowledge for themselves; the principal and the quality office read who has not acknowledged;
 * a homeroom teacher reads the same for their own classes only (checked in regulations.service.ts). Staff who read the reports may read the published documents too.
 */
export const REGULATION_WRITERS = ['ADMIN'] as const satisfies readonly TRole[];
export const REGULATION_ACKNOWLEDGERS = ['STUDENT'] as const satisfies readonly TRole[];
/** Read the acknowledgement reports: the wide ones every class, a homeroom teacher their own. */
export const REGULATION_REPORT_WIDE = ['ADMIN', 'PRINCIPAL', 'QUALITY_ASSURANCE'] as const satisfies readonly TRole[];
export const REGULATION_REPORT_READERS = [...REGULATION_REPORT_WIDE, 'HOMEROOM_TEACHER'] as const satisfies readonly TRole[];
export const REGULATION_HOMEROOM = ['HOMEROOM_TEACHER'] as const satisfies readonly TRole[];
/** Read the published documents (and their PDFs). */
export const REGULATION_READERS = [...REGULATION_REPORT_READERS, ...REGULATION_ACKNOWLEDGERS] as const satisfies readonly TRole[];
