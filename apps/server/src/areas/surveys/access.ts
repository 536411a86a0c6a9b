import type { TRole } from '@app/shared/roles';

/**
 * Who may do what in the surveys area: every role list its routes and services check, in one place.
 * Finer rules (a student's own survey, a teacher's own classes, a homeroom teacher's own class) are
 * the services' business; the results' scope of a viewer is `results/access.ts`.
 */

// ---- Authoring (surveys, templates) ----
/** Survey definitions are read by the staff who run or look at surveys; teachers need them for the preview. */
export const SURVEY_READ: TRole[] = [
  'ADMIN',
  'QUALITY_ASSURANCE',
  'PRINCIPAL',
  'ACADEMIC_AFFAIR',
  'HEAD_DEPARTMENT',
  'TEACHER',
  'HOMEROOM_TEACHER',
];
/** A student reads one survey they must answer (checked in the service). */
export const SURVEY_READ_ONE: TRole[] = [...SURVEY_READ, 'STUDENT'];
/** Authoring: the administrator and the quality-assurance office. */
export const SURVEY_WRITE: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE'];

// ---- Responses ----
/** Staff who may read a student's survey list (completion follow-up): a homeroom teacher only their own class's (the service). */
export const LIST_STAFF: TRole[] = ['ADMIN', 'PRINCIPAL', 'ACADEMIC_AFFAIR', 'QUALITY_ASSURANCE', 'HOMEROOM_TEACHER'];
/** Of those, who read any student's list, school-wide (done / not done only; ADMIN also the response id and time). */
export const LIST_SCHOOL_WIDE: TRole[] = ['ADMIN', 'PRINCIPAL', 'ACADEMIC_AFFAIR', 'QUALITY_ASSURANCE'];
/** Staff who may list responses; only ADMIN sees who wrote them, their ids and times (issue 11). */
export const RESPONSE_STAFF: TRole[] = ['ADMIN', 'PRINCIPAL', 'ACADEMIC_AFFAIR', 'QUALITY_ASSURANCE'];
/** A student's list and submission: their own. */
export const STUDENT_ONLY: TRole[] = ['STUDENT'];
/** Sees who wrote a response, reads and deletes anyone's responses. */
export const ADMIN_ONLY: TRole[] = ['ADMIN'];

// ---- Monitoring (issue 5) ----
/** Staff who oversee the school: every completion figure and list. */
export const MONITOR_READERS: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE', 'PRINCIPAL', 'ACADEMIC_AFFAIR'];
/** Readers of a class's completion and its students' done / not done: the above and, for their own class, HOMEROOM_TEACHER. */
export const MONITOR_CLASS_READERS: TRole[] = [...MONITOR_READERS, 'HOMEROOM_TEACHER'];
/** Completion counts of their own course classes (their dashboard, issue 12): teachers, and heads, who teach too. No names. */
export const MONITOR_OWN_CLASSES: TRole[] = ['TEACHER', 'HEAD_DEPARTMENT'];
/** Completion counts of the departments they head, per teacher (their dashboard, issue 12). No names. */
export const MONITOR_DEPARTMENT: TRole[] = ['HEAD_DEPARTMENT'];

// ---- Results (issue 5) ----
/** Read every school figure. */
export const RESULTS_SCHOOL: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE', 'PRINCIPAL', 'ACADEMIC_AFFAIR'];
/** A module's figures: the school-wide roles and heads of department. */
export const RESULTS_MODULE: TRole[] = [...RESULTS_SCHOOL, 'HEAD_DEPARTMENT'];
/** Calculate, score config, toggles (audited). */
export const RESULTS_WRITE: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE'];
/** Results of classes: school-wide roles, heads (their department), teachers (their own classes). */
export const RESULTS_READ: TRole[] = [...RESULTS_SCHOOL, 'HEAD_DEPARTMENT', 'TEACHER'];
/** Read the results of the departments they head (results/access.ts `viewerOf`). */
export const RESULTS_DEPARTMENT: TRole[] = ['HEAD_DEPARTMENT'];
/** Read the results of their own classes. */
export const RESULTS_OWN_CLASSES: TRole[] = ['TEACHER', 'HEAD_DEPARTMENT'];

// ---- Text reviews (issue 6) ----
/** Who reviews free text, and the only roles that read a pending or rejected one. */
export const REVIEW_ROLES: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE'];
/** The auto-review settings. */
export const REVIEW_SETTINGS_WRITE: TRole[] = ['ADMIN'];

// ---- Themes and codes ----
/** The principal reads the analysis; the quality-assurance office and the administrator run it and keep the codes. */
export const THEME_READ: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE', 'PRINCIPAL'];
export const THEME_WRITE: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE'];
