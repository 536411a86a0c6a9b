import { ROLES, type TRole } from '@app/shared/roles';

/*
 * Who may do what in the school area: every role list its routes and services check, named once.
 * Route files put them in `config.roles`; services use them for what a caller may see.
 */

/** Every signed-in role: the shared reference data (calendar, departments, subjects, facilities) is read by all. */
export const SCHOOL_READERS = ROLES;
/** The school's records are written by the administrator (accounts, imports, calendar, classes, people). */
export const SCHOOL_WRITERS = ['ADMIN'] as const satisfies readonly TRole[];

export const FACILITY_WRITERS = ['ADMIN', 'FACILITY_MANAGER'] as const satisfies readonly TRole[];
export const FACILITY_EXPORTERS = ['ADMIN', 'FACILITY_MANAGER', 'ACADEMIC_AFFAIR', 'PRINCIPAL'] as const satisfies readonly TRole[];

/** Roles that see every student; a student sees only their own record. */
export const STUDENT_WIDE_READERS = ['ADMIN', 'ACADEMIC_AFFAIR', 'PRINCIPAL', 'QUALITY_ASSURANCE'] as const satisfies readonly TRole[];
export const STUDENT_RECORD_READERS = [...STUDENT_WIDE_READERS, 'STUDENT'] as const satisfies readonly TRole[];

/** Roles that see every teacher; a head of department sees their department's. */
export const TEACHER_WIDE_READERS = ['ADMIN', 'ACADEMIC_AFFAIR', 'PRINCIPAL', 'QUALITY_ASSURANCE'] as const satisfies readonly TRole[];
export const TEACHER_READERS = [...TEACHER_WIDE_READERS, 'HEAD_DEPARTMENT'] as const satisfies readonly TRole[];

/** Roles that see every homeroom class; a homeroom teacher without one of them sees only their own. */
export const HOMEROOM_WIDE_READERS = [
  'ADMIN',
  'ACADEMIC_AFFAIR',
  'PRINCIPAL',
  'QUALITY_ASSURANCE',
  'HEAD_DEPARTMENT',
] as const satisfies readonly TRole[];
export const HOMEROOM_READERS = [...HOMEROOM_WIDE_READERS, 'HOMEROOM_TEACHER'] as const satisfies readonly TRole[];
/** "My homeroom classes": any teacher may ask (the answer is empty without one). */
export const HOMEROOM_MINE_READERS = [...HOMEROOM_READERS, 'TEACHER'] as const satisfies readonly TRole[];

/** Roles that see every course class; teachers and heads see the ones they teach or head. */
export const COURSE_CLASS_OVERSEERS = ['ADMIN', 'ACADEMIC_AFFAIR', 'PRINCIPAL', 'QUALITY_ASSURANCE'] as const satisfies readonly TRole[];
export const COURSE_CLASS_READERS = [...COURSE_CLASS_OVERSEERS, 'HEAD_DEPARTMENT', 'TEACHER'] as const satisfies readonly TRole[];
/** "The classes I teach". */
export const COURSE_CLASS_TEACHERS = ['TEACHER'] as const satisfies readonly TRole[];

/** Who teaches how much in a module (teachers per department): the offices that plan, oversee and pay for teaching. */
export const TEACHING_LOAD_READERS = ['ADMIN', 'ACCOUNTANT', 'ACADEMIC_AFFAIR', 'PRINCIPAL'] as const satisfies readonly TRole[];
