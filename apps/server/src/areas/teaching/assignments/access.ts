import type { TRole } from '@app/shared/roles';

/*
 * Who may assign teachers and record duties and positions (issue 15 "Teaching assignments"): admin and
 * academic affairs for every department, a head of department for the departments they head (the
 * service checks that scope through department_heads).
 */

export const ASSIGNMENT_WIDE = ['ADMIN', 'ACADEMIC_AFFAIR'] as const satisfies readonly TRole[];
export const ASSIGNERS = [...ASSIGNMENT_WIDE, 'HEAD_DEPARTMENT'] as const satisfies readonly TRole[];
