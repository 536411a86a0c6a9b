import { RESULTS_MSG, type TResultsScope } from '@app/shared/survey-results';
import type { DbOrTx } from '@/db/client';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { AppError } from '@/plugins/errors';
import { ADMIN_ONLY, RESULTS_DEPARTMENT, RESULTS_OWN_CLASSES, RESULTS_SCHOOL } from '../access';
import type { Slice } from './aggregates.repository';
import { publishedAmong, RESTRICTED_FILTERED_SETTING } from './publication.repository';
import {
  classInfos,
  classesOfTeacher,
  departmentsHeadedBy,
  namesOf,
  readSetting,
  teacherBrief,
  teacherOfUser,
  teachersOfDepartments,
} from './survey-results.repository';

export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

/**
 * Who is asking, as far as results go. The broadest role wins: a school-wide role sees everything; a
 * head of department the responses naming a teacher of the departments they head (themself included);
 * a teacher the responses naming themself (the teacher_ids snapshot).
 */
export type Viewer =
  | { kind: 'school'; admin: boolean }
  | { kind: 'department'; teacherId: number; departmentIds: number[]; teacherIds: number[] }
  | { kind: 'teacher'; teacherId: number; departmentId: number | null };

export async function viewerOf(db: DbOrTx, actor: Actor): Promise<Viewer> {
  if (hasAnyRole(actor, RESULTS_SCHOOL)) return { kind: 'school', admin: hasAnyRole(actor, ADMIN_ONLY) };
  const teacher = actor.userId === null ? null : await teacherOfUser(db, actor.userId);
  if (!teacher) throw forbidden(RESULTS_MSG.noTeacherRecord);
  if (hasAnyRole(actor, RESULTS_DEPARTMENT)) {
    const departmentIds = await departmentsHeadedBy(db, teacher.id);
    if (departmentIds.length) {
      const teacherIds = [...new Set([teacher.id, ...(await teachersOfDepartments(db, departmentIds))])];
      return { kind: 'department', teacherId: teacher.id, departmentIds, teacherIds };
    }
  }
  if (hasAnyRole(actor, RESULTS_OWN_CLASSES)) return { kind: 'teacher', teacherId: teacher.id, departmentId: teacher.departmentId };
  throw forbidden(RESULTS_MSG.ownClassesOnly);
}

export const isRestricted = (v: Viewer) => v.kind !== 'school';

/**
 * The viewer's scope as a cache key part: who they are AND what they reach now (departments, their
 * teachers, their own department). A cached figure is reused only by a viewer with the same reach, and
 * every service checks the reach before the cache (issue 11, finding 6): the key never stands in for
 * the check.
 */
export function viewerKey(v: Viewer): string {
  if (v.kind === 'school') return 'school';
  if (v.kind === 'department')
    return `d${v.teacherId}:${[...v.departmentIds].sort((a, b) => a - b)}:${[...v.teacherIds].sort((a, b) => a - b)}`;
  return `t${v.teacherId}:${v.departmentId ?? ''}`;
}

/**
 * The one variant teachers and heads read (issue 11, "k on every difference"): filtered or not, as the
 * setting says, whatever they ask — two variants of one class would differ by its straight-lined
 * responses. School-wide roles read the variant they ask for.
 */
export async function variantFor(db: DbOrTx, v: Viewer, requested: boolean | undefined): Promise<boolean> {
  if (!isRestricted(v)) return requested ?? false;
  return (await readSetting<boolean>(db, RESTRICTED_FILTERED_SETTING)) !== false;
}

/** Teachers and heads read a survey's results only once it is published (and still closed). */
export function checkPublished(v: Viewer, meta: { status: string; publishedAt: string | null }) {
  if (isRestricted(v) && !(meta.publishedAt && meta.status === 'closed')) throw new AppError('NOT_PUBLISHED', RESULTS_MSG.notPublished);
}

/** Of these surveys, those the viewer may read figures of: all for school-wide roles, the published ones for the others. */
export async function readableSurveys(db: DbOrTx, v: Viewer, surveyIds: number[]): Promise<number[]> {
  return isRestricted(v) ? publishedAmong(db, surveyIds) : surveyIds;
}
/** The teachers whose responses the viewer may read; null = everyone. */
export const viewerTeachers = (v: Viewer): number[] | null =>
  v.kind === 'school' ? null : v.kind === 'department' ? v.teacherIds : [v.teacherId];

export interface Narrowing {
  courseClassId?: number;
  teacherId?: number;
  departmentId?: number;
}

/** The slice a caller reads for a survey (or a module's surveys), as the server narrowed it. */
export interface Scoped {
  scope: TResultsScope;
  /** teacherIds / courseClassIds to put on the slice. */
  teacherIds: number[] | null;
  courseClassIds: number[] | null;
  /** The department whose figure a comparison shows. */
  departmentId: number | null;
}

const SCHOOL_LABEL = 'Toàn trường';

export async function resolveScope(db: DbOrTx, viewer: Viewer, surveyIds: number[], q: Narrowing): Promise<Scoped> {
  /** One class; with `teacherId`, only its responses naming that teacher. */
  const classScope = async (reach: number[] | null, courseClassId: number): Promise<Scoped> => {
    const teacherIds = q.teacherId ? [q.teacherId] : reach;
    if (teacherIds && !(await classesOfTeacher(db, teacherIds, surveyIds)).includes(courseClassId))
      throw forbidden(RESULTS_MSG.ownClassesOnly);
    const row = (await classInfos(db, [courseClassId])).get(courseClassId);
    if (!row) throw new AppError('NOT_FOUND', RESULTS_MSG.classNotFound);
    return {
      scope: { kind: 'courseClass', label: row.name, departmentId: row.departmentId, teacherId: q.teacherId ?? null, courseClassId },
      teacherIds,
      courseClassIds: [courseClassId],
      departmentId: viewer.kind === 'teacher' ? viewer.departmentId : row.departmentId,
    };
  };
  const teacherScope = async (teacherId: number): Promise<Scoped> => {
    const t = await teacherBrief(db, teacherId);
    if (!t) throw new AppError('NOT_FOUND', RESULTS_MSG.teacherNotFound);
    return {
      scope: { kind: 'teacher', label: t.fullName, departmentId: t.departmentId, teacherId, courseClassId: null },
      teacherIds: [teacherId],
      courseClassIds: null,
      departmentId: t.departmentId,
    };
  };
  const departmentScope = async (departmentId: number): Promise<Scoped> => {
    const name = (await namesOf(db, 'departments', [departmentId])).get(departmentId);
    if (!name) throw new AppError('NOT_FOUND', RESULTS_MSG.departmentNotFound);
    return {
      scope: { kind: 'department', label: name.name, departmentId, teacherId: null, courseClassId: null },
      teacherIds: await teachersOfDepartments(db, [departmentId]),
      courseClassIds: null,
      departmentId,
    };
  };

  if (viewer.kind === 'school') {
    if (q.courseClassId) return classScope(null, q.courseClassId);
    if (q.teacherId) return teacherScope(q.teacherId);
    if (q.departmentId) return departmentScope(q.departmentId);
    return {
      scope: { kind: 'school', label: SCHOOL_LABEL, departmentId: null, teacherId: null, courseClassId: null },
      teacherIds: null,
      courseClassIds: null,
      departmentId: null,
    };
  }
  if (viewer.kind === 'department') {
    if (q.departmentId && !viewer.departmentIds.includes(q.departmentId)) throw forbidden(RESULTS_MSG.ownDepartmentOnly);
    if (q.teacherId && !viewer.teacherIds.includes(q.teacherId)) throw forbidden(RESULTS_MSG.ownDepartmentOnly);
    if (q.courseClassId) return classScope(viewer.teacherIds, q.courseClassId);
    if (q.teacherId) return teacherScope(q.teacherId);
    const d = await departmentScope(q.departmentId ?? viewer.departmentIds[0]);
    // A head of several departments without a pick reads all of them.
    return q.departmentId ? d : { ...d, teacherIds: viewer.teacherIds };
  }
  if (q.departmentId || (q.teacherId && q.teacherId !== viewer.teacherId)) throw forbidden(RESULTS_MSG.ownClassesOnly);
  if (q.courseClassId) return classScope([viewer.teacherId], q.courseClassId);
  const t = await teacherScope(viewer.teacherId);
  return { ...t, departmentId: viewer.departmentId };
}

/** A slice for the scope; `minPart` is the viewer's anonymity floor (`minPartFor`). */
export function sliceOf(
  scoped: Pick<Scoped, 'teacherIds' | 'courseClassIds'>,
  surveyIds: number[],
  filtered: boolean,
  minResponses: number,
  minPart: number | null,
): Slice {
  return { surveyIds, filtered, minResponses, teacherIds: scoped.teacherIds, courseClassIds: scoped.courseClassIds, minPart };
}
