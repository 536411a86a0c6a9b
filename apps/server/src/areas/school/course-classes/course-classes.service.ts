import type { z } from 'zod';
import type { TCourseClass, ZCourseClassInput } from '@app/shared/school';
import type { DbOrTx } from '@/db/client';
import { found, refuseIfUsed, type WriteCtx } from '@/lib/write';
import { AppError, badRequest, conflict, notFound } from '@/plugins/errors';
import {
  campusName,
  codeTaken,
  courseClassUsage,
  countEnrolled,
  countEnrolledOutside,
  deleteCourseClassRow,
  deleteEnrolment,
  enrolledAmong,
  existingTeacherIds,
  findCourseClass,
  insertCourseClass,
  insertEnrolments,
  isInScope,
  lockCourseClass,
  referencesExist,
  setTeachers,
  studentsByIds,
  teacherIdsOf,
  updateCourseClassRow,
  type CourseClassRow,
  type CourseClassScope,
} from './course-classes.repository';
import { hasAnyRole, userIdOf, type Actor } from '@/plugins/actor';
import { COURSE_CLASS_OVERSEERS } from '../access';

export type CourseClassInput = z.output<typeof ZCourseClassInput>;

const NOT_YOURS = 'Bạn chỉ được xem lớp học phần mình giảng dạy hoặc thuộc tổ chuyên môn mình phụ trách.';
const codeMessage = (code: string) => `Mã lớp học phần "${code}" đã tồn tại trong học phần này.`;

export function scopeOf(actor: Actor): CourseClassScope {
  if (hasAnyRole(actor, COURSE_CLASS_OVERSEERS)) return { kind: 'all' };
  if (hasAnyRole(actor, ['TEACHER', 'HEAD_DEPARTMENT']))
    return { kind: 'own', userId: userIdOf(actor), asHead: hasAnyRole(actor, ['HEAD_DEPARTMENT']) };
  throw new AppError('FORBIDDEN', NOT_YOURS);
}

/** The class if the caller may see it: 404 when it does not exist, 403 when it is not theirs. */
export async function visibleCourseClass(db: DbOrTx, actor: Actor, id: number): Promise<CourseClassRow> {
  const row = found(await findCourseClass(db, id), 'lớp học phần');
  const scope = scopeOf(actor);
  if (scope.kind === 'own' && !(await isInScope(db, id, scope))) throw new AppError('FORBIDDEN', NOT_YOURS);
  return row;
}

export function toCourseClassJson(r: CourseClassRow): TCourseClass {
  const { subjectCode: _code, ...rest } = r;
  return rest;
}

/** What the audit log keeps of a class: its own columns and its teachers. */
function snapshot(
  row: { id: number; code: string; name: string; subjectId: number; moduleId: number; campusId: number; grade: number; capacity: number },
  teacherIds: number[],
) {
  const { id, code, name, subjectId, moduleId, campusId, grade, capacity } = row;
  return { id, code, name, subjectId, moduleId, campusId, grade, capacity, teacherIds };
}

/** Rules shared by create and update; answers the distinct teacher ids. */
async function checkInput(tx: DbOrTx, input: CourseClassInput, exceptId?: number): Promise<number[]> {
  const refs = await referencesExist(tx, input);
  if (!refs.subject) throw badRequest('Môn học không tồn tại.');
  if (!refs.module) throw badRequest('Học phần không tồn tại.');
  if (!refs.campus) throw badRequest('Cơ sở không tồn tại.');
  const teacherIds = [...new Set(input.teacherIds)];
  const known = await existingTeacherIds(tx, teacherIds);
  const missing = teacherIds.filter((id) => !known.has(id));
  if (missing.length) throw badRequest(`Không tìm thấy giáo viên có id: ${missing.join(', ')}.`, { missingTeacherIds: missing });
  if (await codeTaken(tx, { moduleId: input.moduleId, code: input.code, exceptId })) throw conflict(codeMessage(input.code));
  return teacherIds;
}

function values(input: CourseClassInput) {
  const { code, name, subjectId, moduleId, campusId, grade, capacity } = input;
  return { code, name, subjectId, moduleId, campusId, grade, capacity };
}

export async function createCourseClass(ctx: WriteCtx, input: CourseClassInput): Promise<number> {
  const teacherIds = await checkInput(ctx.tx, input);
  const id = await insertCourseClass(ctx.tx, values(input));
  await setTeachers(ctx.tx, id, teacherIds);
  await ctx.log({ action: 'create', entity: 'course_class', entityId: id, after: snapshot({ id, ...values(input) }, teacherIds) });
  return id;
}

export async function updateCourseClass(ctx: WriteCtx, id: number, input: CourseClassInput): Promise<void> {
  const current = found(await lockCourseClass(ctx.tx, id), 'lớp học phần');
  const before = snapshot(current, await teacherIdsOf(ctx.tx, id));
  const teacherIds = await checkInput(ctx.tx, input, id);
  const enrolled = await countEnrolled(ctx.tx, id);
  if (input.capacity < enrolled) throw badRequest(`Sĩ số tối đa không được nhỏ hơn số học sinh đã ghi danh (${enrolled}).`);
  if (enrolled && (input.grade !== current.grade || input.campusId !== current.campusId)) {
    const outside = await countEnrolledOutside(ctx.tx, { id, grade: input.grade, campusId: input.campusId });
    if (outside) throw badRequest(`Không thể đổi khối hoặc cơ sở: ${outside} học sinh đã ghi danh không thuộc khối hoặc cơ sở mới.`);
  }
  await updateCourseClassRow(ctx.tx, id, values(input));
  await setTeachers(ctx.tx, id, teacherIds);
  await ctx.log({ action: 'update', entity: 'course_class', entityId: id, before, after: snapshot({ id, ...values(input) }, teacherIds) });
}

export async function deleteCourseClass(ctx: WriteCtx, id: number): Promise<CourseClassRow> {
  found(await lockCourseClass(ctx.tx, id), 'lớp học phần');
  const row = found(await findCourseClass(ctx.tx, id), 'lớp học phần');
  await refuseIfUsed(ctx.tx, 'lớp học phần này', courseClassUsage(id));
  await deleteCourseClassRow(ctx.tx, id);
  await ctx.log({
    action: 'delete',
    entity: 'course_class',
    entityId: id,
    before: snapshot(
      row,
      row.teachers.map((t) => t.id),
    ),
  });
  return row;
}

const LISTED = 10;
function listStudents(rows: Array<{ studentCode: string; fullName: string }>) {
  const shown = rows
    .slice(0, LISTED)
    .map((s) => `${s.studentCode} ${s.fullName}`)
    .join('; ');
  return rows.length > LISTED ? `${shown} và ${rows.length - LISTED} học sinh khác` : shown;
}

/**
 * Enrols students in one class: already-enrolled ids are skipped; unknown ids, a grade or campus
 * other than the class's, or more students than free places refuse the whole call. The class row
 * is locked first so two enrolments at once cannot both take the last places.
 */
export async function enrolStudents(
  ctx: WriteCtx,
  id: number,
  studentIds: number[],
): Promise<{ added: number; skipped: number; enrolledCount: number }> {
  const cls = found(await lockCourseClass(ctx.tx, id), 'lớp học phần');
  const ids = [...new Set(studentIds)];
  const rows = await studentsByIds(ctx.tx, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.filter((s) => !byId.has(s));
  if (unknown.length) throw badRequest(`Không tìm thấy học sinh có id: ${unknown.join(', ')}.`, { unknownStudentIds: unknown });
  const outside = rows.filter((s) => s.grade !== cls.grade || s.campusId !== cls.campusId);
  if (outside.length) {
    const campus = await campusName(ctx.tx, cls.campusId);
    throw badRequest(
      `Học sinh không cùng khối hoặc cơ sở với lớp học phần (khối ${cls.grade}, ${campus ?? 'cơ sở'}): ${listStudents(outside)}.`,
      { studentIds: outside.map((s) => s.id) },
    );
  }
  const already = await enrolledAmong(ctx.tx, id, ids);
  const toAdd = ids.filter((s) => !already.has(s));
  const enrolled = await countEnrolled(ctx.tx, id);
  const free = Math.max(0, cls.capacity - enrolled);
  if (toAdd.length > free) {
    throw conflict(
      `Lớp học phần chỉ còn ${free} chỗ trống (sĩ số tối đa ${cls.capacity}); không thể ghi danh thêm ${toAdd.length} học sinh.`,
    );
  }
  if (toAdd.length) {
    await insertEnrolments(ctx.tx, id, toAdd);
    await ctx.log({
      action: 'enrol',
      entity: 'course_class_student',
      entityId: id,
      before: { enrolledCount: enrolled },
      after: { courseClassId: id, studentIds: toAdd, enrolledCount: enrolled + toAdd.length },
    });
  }
  return { added: toAdd.length, skipped: ids.length - toAdd.length, enrolledCount: enrolled + toAdd.length };
}

export async function unenrolStudent(ctx: WriteCtx, id: number, studentId: number): Promise<void> {
  found(await lockCourseClass(ctx.tx, id), 'lớp học phần');
  const [gone] = await deleteEnrolment(ctx.tx, id, studentId);
  if (!gone) throw notFound('Học sinh này không có trong lớp học phần.');
  await ctx.log({
    action: 'unenrol',
    entity: 'course_class_student',
    entityId: id,
    before: { courseClassId: id, studentId, enrolledAt: gone.enrolledAt.toISOString() },
  });
}
