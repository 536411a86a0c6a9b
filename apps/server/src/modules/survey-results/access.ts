import type { FastifyRequest } from 'fastify';
import type { TRole } from '@app/shared/roles';
import { RESULTS_MSG, type TResultsScope } from '@app/shared/survey-results';
import type { DbOrTx } from '../../db/client';
import { currentUser, hasAnyRole } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { Dim, Slice } from './aggregates.repository';
import {
  classInfos, classesOfTeacher, departmentsHeadedBy, namesOf, teacherBrief, teacherOfUser, teachersOfDepartments,
} from './survey-results.repository';

/** Read every school figure. */
export const SCHOOL_ROLES: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE', 'PRINCIPAL', 'ACADEMIC_AFFAIR'];
/** Calculate, score config, toggles (audited). */
export const WRITE_ROLES: TRole[] = ['ADMIN', 'QUALITY_ASSURANCE'];
/** Results of classes: school-wide roles, heads (their department), teachers (their own classes). */
export const READ_ROLES: TRole[] = [...SCHOOL_ROLES, 'HEAD_DEPARTMENT', 'TEACHER'];

export const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);

/**
 * Who is asking, as far as results go. The broadest role wins: a school-wide role sees everything; a
 * head of department the responses naming a teacher of the departments they head (themself included);
 * a teacher the responses naming themself (the teacher_ids snapshot).
 */
export type Viewer =
  | { kind: 'school'; admin: boolean }
  | { kind: 'department'; teacherId: number; departmentIds: number[]; teacherIds: number[] }
  | { kind: 'teacher'; teacherId: number; departmentId: number | null };

export async function viewerOf(db: DbOrTx, req: FastifyRequest): Promise<Viewer> {
  const user = currentUser(req);
  if (hasAnyRole(user, SCHOOL_ROLES)) return { kind: 'school', admin: hasAnyRole(user, ['ADMIN']) };
  const teacher = await teacherOfUser(db, user.id);
  if (!teacher) throw forbidden(RESULTS_MSG.noTeacherRecord);
  if (hasAnyRole(user, ['HEAD_DEPARTMENT'])) {
    const departmentIds = await departmentsHeadedBy(db, teacher.id);
    if (departmentIds.length) {
      const teacherIds = [...new Set([teacher.id, ...(await teachersOfDepartments(db, departmentIds))])];
      return { kind: 'department', teacherId: teacher.id, departmentIds, teacherIds };
    }
  }
  if (hasAnyRole(user, ['TEACHER', 'HEAD_DEPARTMENT'])) return { kind: 'teacher', teacherId: teacher.id, departmentId: teacher.departmentId };
  throw forbidden(RESULTS_MSG.ownClassesOnly);
}

export const isRestricted = (v: Viewer) => v.kind !== 'school';
/** The teachers whose responses the viewer may read; null = everyone. */
export const viewerTeachers = (v: Viewer): number[] | null => (v.kind === 'school' ? null : v.kind === 'department' ? v.teacherIds : [v.teacherId]);

export interface Narrowing {
  courseClassId?: number;
  teacherId?: number;
  departmentId?: number;
}

/**
 * The slice a caller reads for a survey (or a module's surveys) and, for a restricted viewer that
 * narrows, the parent slice and dimension whose siblings the anonymity rule compares.
 */
export interface Scoped {
  scope: TResultsScope;
  /** teacherIds / courseClassIds to put on the slice. */
  teacherIds: number[] | null;
  courseClassIds: number[] | null;
  /** The viewer's whole reach (the parent of a narrowed view); null for school-wide viewers. */
  own: { teacherIds: number[] } | null;
  siblings: { dim: Dim; key: string; keys: Set<string> | null } | null;
  /** The department whose figure a comparison shows. */
  departmentId: number | null;
}

const SCHOOL_LABEL = 'Toàn trường';

export async function resolveScope(db: DbOrTx, viewer: Viewer, surveyIds: number[], q: Narrowing): Promise<Scoped> {
  const base = { courseClassIds: null as number[] | null, siblings: null as Scoped['siblings'] };
  const classScope = async (teacherIds: number[] | null, courseClassId: number): Promise<Scoped> => {
    if (teacherIds && !(await classesOfTeacher(db, teacherIds, surveyIds)).includes(courseClassId)) throw forbidden(RESULTS_MSG.ownClassesOnly);
    const row = (await classInfos(db, [courseClassId])).get(courseClassId);
    if (!row) throw new AppError('NOT_FOUND', 404, RESULTS_MSG.classNotFound);
    return {
      scope: { kind: 'courseClass', label: row.name, departmentId: row.departmentId, teacherId: null, courseClassId },
      teacherIds,
      courseClassIds: [courseClassId],
      own: teacherIds ? { teacherIds } : null,
      siblings: teacherIds ? { dim: 'courseClass', key: String(courseClassId), keys: null } : null,
      departmentId: viewer.kind === 'teacher' ? viewer.departmentId : row.departmentId,
    };
  };
  const teacherScope = async (teacherId: number, teacherIds: number[] | null, siblingKeys: number[] | null): Promise<Scoped> => {
    const t = await teacherBrief(db, teacherId);
    if (!t) throw new AppError('NOT_FOUND', 404, RESULTS_MSG.teacherNotFound);
    return {
      ...base,
      scope: { kind: 'teacher', label: t.fullName, departmentId: t.departmentId, teacherId, courseClassId: null },
      teacherIds: [teacherId],
      own: teacherIds ? { teacherIds } : null,
      siblings: siblingKeys ? { dim: 'teacher', key: String(teacherId), keys: new Set(siblingKeys.map(String)) } : null,
      departmentId: t.departmentId,
    };
  };
  const departmentScope = async (departmentId: number, own: number[] | null): Promise<Scoped> => {
    const name = (await namesOf(db, 'departments', [departmentId])).get(departmentId);
    if (!name) throw new AppError('NOT_FOUND', 404, RESULTS_MSG.departmentNotFound);
    return {
      ...base,
      scope: { kind: 'department', label: name.name, departmentId, teacherId: null, courseClassId: null },
      teacherIds: await teachersOfDepartments(db, [departmentId]),
      own: own ? { teacherIds: own } : null,
      siblings: null,
      departmentId,
    };
  };

  if (viewer.kind === 'school') {
    if (q.courseClassId) return classScope(null, q.courseClassId);
    if (q.teacherId) return teacherScope(q.teacherId, null, null);
    if (q.departmentId) return departmentScope(q.departmentId, null);
    return { ...base, scope: { kind: 'school', label: SCHOOL_LABEL, departmentId: null, teacherId: null, courseClassId: null }, teacherIds: null, own: null, departmentId: null };
  }
  if (viewer.kind === 'department') {
    if (q.departmentId && !viewer.departmentIds.includes(q.departmentId)) throw forbidden(RESULTS_MSG.ownDepartmentOnly);
    if (q.teacherId && !viewer.teacherIds.includes(q.teacherId)) throw forbidden(RESULTS_MSG.ownDepartmentOnly);
    if (q.courseClassId) return classScope(viewer.teacherIds, q.courseClassId);
    if (q.teacherId) return teacherScope(q.teacherId, viewer.teacherIds, viewer.teacherIds);
    const d = await departmentScope(q.departmentId ?? viewer.departmentIds[0], viewer.teacherIds);
    // A head of several departments without a pick reads all of them.
    return q.departmentId ? d : { ...d, teacherIds: viewer.teacherIds };
  }
  if (q.departmentId || (q.teacherId && q.teacherId !== viewer.teacherId)) throw forbidden(RESULTS_MSG.ownClassesOnly);
  if (q.courseClassId) return classScope([viewer.teacherId], q.courseClassId);
  const t = await teacherScope(viewer.teacherId, [viewer.teacherId], null);
  return { ...t, departmentId: viewer.departmentId };
}

/** A slice for the scope. */
export function sliceOf(scoped: Pick<Scoped, 'teacherIds' | 'courseClassIds'>, surveyIds: number[], filtered: boolean, minResponses: number): Slice {
  return { surveyIds, filtered, minResponses, teacherIds: scoped.teacherIds, courseClassIds: scoped.courseClassIds };
}
