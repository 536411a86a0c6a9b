import type { TRole } from '@app/shared/roles';

/*
 * Who may do what with teacher pay (issue 16), named once. The accountant keeps the coefficients and
 * computes the runs; the principal approves (or returns) a submitted run; nobody but the accountant, the
 * principal and admin reads other teachers' pay. A teacher reads their own statement once a run is
 * approved, whatever their role (the statement route checks the caller's teacher record, not a role).
 */

export const PAY_MANAGERS = ['ACCOUNTANT'] as const satisfies readonly TRole[];
export const PAY_APPROVERS = ['PRINCIPAL'] as const satisfies readonly TRole[];
export const PAY_READERS = ['ACCOUNTANT', 'PRINCIPAL', 'ADMIN'] as const satisfies readonly TRole[];
/** Roles a teacher record comes with: whoever teaches may read their own statement. */
export const PAY_STATEMENT_READERS = [
  'TEACHER',
  'HEAD_DEPARTMENT',
  'HOMEROOM_TEACHER',
  'DECLARATION',
  'PRINCIPAL',
  'ACADEMIC_AFFAIR',
] as const satisfies readonly TRole[];
/** Submit and pay are the accountant's; approve and return the principal's. */
export const PAY_TRANSITION_ROLES = {
  submit: PAY_MANAGERS,
  pay: PAY_MANAGERS,
  approve: PAY_APPROVERS,
  return: PAY_APPROVERS,
} as const;
