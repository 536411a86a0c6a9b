import type { TRole } from '@app/shared/roles';

/*
 * Who may read and change the workload rule sets (issue 15 "Workload rules as data"), named once:
 * admin and academic affairs edit; whoever computes or reads workloads reads them.
 */

export const RULE_SET_WRITERS = ['ADMIN', 'ACADEMIC_AFFAIR'] as const satisfies readonly TRole[];
export const RULE_SET_READERS = [
  'ADMIN',
  'ACADEMIC_AFFAIR',
  'PRINCIPAL',
  'HEAD_DEPARTMENT',
  'ACCOUNTANT',
  'TEACHER',
  'DECLARATION',
] as const satisfies readonly TRole[];
