import type { TRole } from '@app/shared/roles';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { AppError } from '@/plugins/errors';

/*
 * Who may do what with tutoring (issue 15 "Tutoring"), named once. Route files put the lists in
 * `config.roles`; the services check the finer scope (a teacher only the groups they teach).
 */

/** Manage every group, its sessions and attendance, read the reports. */
export const TUTORING_MANAGERS = ['ADMIN', 'ACADEMIC_AFFAIR'] as const satisfies readonly TRole[];
/** Read a group, its sessions, take attendance: the managers, and a teacher of the group (checked by `canTeach`). */
export const TUTORING_TEACHERS = [...TUTORING_MANAGERS, 'TEACHER'] as const satisfies readonly TRole[];
/** A teacher's own groups and upcoming sessions. */
export const TUTORING_OWN = ['TEACHER'] as const satisfies readonly TRole[];

const isTutoringManager = (actor: Actor) => hasAnyRole(actor, TUTORING_MANAGERS);

/** Managers reach every group; anyone else only a group whose teachers list them. */
export function assertGroupScope(actor: Actor, teacherIds: readonly number[]): void {
  if (isTutoringManager(actor)) return;
  if (actor.teacherId !== null && teacherIds.includes(actor.teacherId)) return;
  throw new AppError('FORBIDDEN', 'Bạn chỉ xem và điểm danh được các nhóm phụ đạo mình dạy.');
}
