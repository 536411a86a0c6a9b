import type { TRole } from '@app/shared/roles';

/*
 * Who may do what with teaching declarations (issue 15 "Declarations"), named once. Route files put the
 * lists in `config.roles`; the service checks the finer scopes (a head's departments in department_heads,
 * a DECLARATION holder's own department, a teacher's own declarations) and who may take each step.
 */

/** Every role that reads declarations in some scope. */
export const DECLARATION_READERS = [
  'ADMIN',
  'ACADEMIC_AFFAIR',
  'PRINCIPAL',
  'HEAD_DEPARTMENT',
  'DECLARATION',
  'TEACHER',
] as const satisfies readonly TRole[];
/** Read every department's declarations. */
export const DECLARATION_WIDE_READERS = ['ADMIN', 'ACADEMIC_AFFAIR', 'PRINCIPAL'] as const satisfies readonly TRole[];
/** Open, edit and close declaration periods. */
export const PERIOD_WRITERS = ['ADMIN'] as const satisfies readonly TRole[];
/** Confirm, lock, unlock and remind: academic affairs. */
export const DECLARATION_OFFICE = ['ACADEMIC_AFFAIR'] as const satisfies readonly TRole[];
/** Create a declaration for someone else than oneself. */
export const DECLARATION_CREATORS = ['ADMIN', 'ACADEMIC_AFFAIR'] as const satisfies readonly TRole[];
/** Review (approve, return, bulk approve): heads of department, of their own departments. */
export const DECLARATION_REVIEWERS = ['HEAD_DEPARTMENT'] as const satisfies readonly TRole[];
/** Enter and submit for the teachers of their own department. */
export const DECLARATION_CLERKS = ['DECLARATION'] as const satisfies readonly TRole[];
/** Search the history: the administrator and the principal. */
export const HISTORY_READERS = ['ADMIN', 'PRINCIPAL'] as const satisfies readonly TRole[];
