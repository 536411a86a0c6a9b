import type { TDepartmentsCompletion, TMyClassesCompletion } from '@app/shared/survey-monitoring';
import { RESULTS_MSG } from '@app/shared/survey-results';
import type { Db } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { AppError, notFound } from '@/plugins/errors';
import { schoolToday } from '../core/school-day';
import { moduleRef } from './survey-monitoring.repository';
import { MONITOR_MSG } from './survey-monitoring.service';
import { departmentCompletion, departmentsHeadedBy, ownClassesCompletion } from './teaching-completion.repository';

/**
 * Completion for the people who teach (issue 12, "what now?" on their dashboards): a teacher's own
 * course classes, a head's departments. Counts only — who has answered is the homeroom teacher's and
 * the school offices' business, and what was answered reaches teachers only through published results.
 * Exact counts are safe here: teachers and heads read no live figure of an open survey to set them against.
 */

/** The module asked for, or the current one; an unknown id is a 404. */
async function moduleOf(db: Db, moduleId?: number) {
  const mod = await moduleRef(db, moduleId ?? null);
  if (!mod && moduleId) throw notFound(MONITOR_MSG.moduleNotFound);
  return mod;
}

/** The caller's teacher record (teachers.user_id), like the results' `me`: 404 NO_TEACHER_RECORD without one. */
function ownTeacher(actor: Actor): number {
  if (actor.teacherId === null) throw new AppError('NO_TEACHER_RECORD', RESULTS_MSG.noTeacherRecord);
  return actor.teacherId;
}

export async function myClassesCompletion(db: Db, actor: Actor, moduleId?: number): Promise<TMyClassesCompletion> {
  const teacherId = ownTeacher(actor);
  const mod = await moduleOf(db, moduleId);
  const surveys = mod ? await ownClassesCompletion(db, { moduleId: mod.id, teacherId, today: schoolToday() }) : [];
  return { moduleId: mod?.id ?? null, moduleCode: mod?.code ?? null, surveys };
}

/** Every department the caller heads (none: an empty list, not an error — the card says so). */
export async function departmentsCompletion(db: Db, actor: Actor, moduleId?: number): Promise<TDepartmentsCompletion> {
  const teacherId = ownTeacher(actor);
  const mod = await moduleOf(db, moduleId);
  const headed = await departmentsHeadedBy(db, teacherId);
  const today = schoolToday();
  const departments = [];
  for (const d of headed) {
    const figures = mod
      ? await departmentCompletion(db, { moduleId: mod.id, departmentId: d.id, today })
      : { overall: { expected: 0, done: 0, rate: null, students: 0, studentsDone: 0 }, surveys: [], teachers: [] };
    departments.push({
      departmentId: d.id,
      departmentName: d.name,
      ...figures.overall,
      surveys: figures.surveys,
      teachers: figures.teachers,
    });
  }
  return { moduleId: mod?.id ?? null, moduleCode: mod?.code ?? null, departments };
}
