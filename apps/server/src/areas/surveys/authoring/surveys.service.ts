import type { z } from 'zod';
import {
  SURVEY_STATUS_LABELS,
  type TSurvey,
  type TSurveyInput,
  type TSurveyListItem,
  type TSurveyStatus,
  type ZApplyTemplateInput,
  type ZCloneSurveyInput,
} from '@app/shared/surveys';
import type { Db, DbOrTx, Tx } from '@/db/client';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { offsetOf, page } from '@/lib/list';
import { found, write } from '@/lib/write';
import { AppError, badRequest, conflict } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { SURVEY_READ } from '../access';
import { copySurvey } from './survey-copy';
import { insertSurveyRow, questionCountOf, surveyValues, writeSurveyTree } from './survey-tree.repository';
import { countResponses, loadSurvey, type SurveyRow } from '../core/surveys.repository';
import {
  deleteSurveyRow,
  enrolledInSubject,
  findSubjectBrief,
  hasAnswered,
  isEnrolled,
  listSurveys,
  listSurveysByIds,
  lockSurvey,
  moduleExists,
  studentGrade,
  surveyCourseClass,
  surveyListOrder,
  surveyWhere,
  updateSurveyRow,
  type SurveyFilters,
  type SurveySort,
} from './surveys.repository';
import { isSafeImageUrl } from '@/lib/sanitize';

interface WriteOpts {
  db: Db;
  events: EventBus;
  actor: Actor;
}
export type SurveyQuery = SurveyFilters & { page: number; limit: number; sort?: SurveySort; order: 'asc' | 'desc' };

export const MSG_HAS_RESPONSES = 'Khảo sát đã có phản hồi; hãy đóng khảo sát thay vì xóa.';

export async function surveyPage(db: Db, q: SurveyQuery) {
  const r = await listSurveys(db, { where: surveyWhere(q), order: surveyListOrder(q), limit: q.limit, offset: offsetOf(q) });
  return page(r.items, r.total, q);
}

export async function listItemsByIds(db: DbOrTx, ids: number[]): Promise<TSurveyListItem[]> {
  if (!ids.length) return [];
  return listSurveysByIds(db, ids);
}

export async function getSurvey(db: DbOrTx, id: number): Promise<TSurvey> {
  return found(await loadSurvey(db, id), 'khảo sát');
}

/**
 * GET /surveys/{id}: staff read any survey (teachers included, for the preview: every question,
 * visibleToTeacher only governs results). A student reads an active survey they must answer:
 * grade allowed and, for a subject survey, enrolled in a course class of its subject in its module.
 * `courseClassId` fills `studentCourseClass` (for a student, only a class they are enrolled in).
 */
export async function getSurveyFor(db: Db, actor: Actor, id: number, courseClassId?: number): Promise<TSurvey> {
  const survey = await getSurvey(db, id);
  const staff = hasAnyRole(actor, SURVEY_READ);
  if (!staff) {
    const refuse = () => new AppError('FORBIDDEN', 'Bạn không thuộc đối tượng tham gia khảo sát này.');
    if (!actor.studentId) throw new AppError('FORBIDDEN', 'Không thể xác định thông tin học sinh.');
    const answeredClosed = !survey.isTemplate && survey.status === 'closed' && (await hasAnswered(db, id, actor.studentId, courseClassId));
    if (!answeredClosed && (survey.isTemplate || survey.status !== 'active'))
      throw new AppError('FORBIDDEN', 'Khảo sát này hiện không mở để trả lời.');
    const grade = await studentGrade(db, actor.studentId);
    if (grade === null || !survey.allowedGrades.includes(grade)) throw refuse();
    if (survey.surveyType === 'SUBJECT_SPECIFIC') {
      if (!(await enrolledInSubject(db, actor.studentId, survey.subjectId!, survey.moduleId!))) throw refuse();
      if (courseClassId !== undefined && !(await isEnrolled(db, actor.studentId, courseClassId))) throw refuse();
    }
    delete survey.responseCount;
  }
  if (courseClassId !== undefined) {
    if (survey.surveyType !== 'SUBJECT_SPECIFIC' || !survey.subjectId || !survey.moduleId)
      throw badRequest('Khảo sát chung không gắn với lớp học phần.');
    const cc = await surveyCourseClass(db, courseClassId, survey.subjectId, survey.moduleId);
    if (!cc) throw badRequest('Lớp học phần không thuộc môn học và học phần của khảo sát.');
    survey.studentCourseClass = cc;
  }
  return survey;
}

/** References exist and the cover is one of our uploads (a clear 400 instead of a foreign-key error). */
async function checkRefs(tx: DbOrTx, input: Pick<TSurveyInput, 'moduleId' | 'subjectId' | 'coverImageUrl'>) {
  if (input.moduleId !== null && !(await moduleExists(tx, input.moduleId))) throw badRequest('Học phần đã chọn không tồn tại.');
  if (input.subjectId !== null && !(await findSubjectBrief(tx, input.subjectId))) throw badRequest('Môn học đã chọn không tồn tại.');
  if (input.coverImageUrl !== null && !isSafeImageUrl(input.coverImageUrl))
    throw badRequest('Ảnh bìa phải là ảnh đã tải lên máy chủ của trường.');
}

const TRANSITIONS: Record<TSurveyStatus, TSurveyStatus[]> = { draft: ['active'], active: ['closed'], closed: ['active'] };
function checkTransition(from: TSurveyStatus, to: TSurveyStatus) {
  if (from === to || TRANSITIONS[from].includes(to)) return;
  throw badRequest(`Không thể chuyển khảo sát từ "${SURVEY_STATUS_LABELS[from]}" sang "${SURVEY_STATUS_LABELS[to]}".`);
}

/** Creates a survey from a parsed ZSurveyInput in the caller's transaction (also the seed's way in). */
export async function insertSurvey(tx: Tx, input: TSurveyInput, createdBy: number | null): Promise<number> {
  if (input.status === 'closed') throw badRequest('Khảo sát mới không thể ở trạng thái "Đã đóng".');
  await checkRefs(tx, input);
  const row = await insertSurveyRow(tx, { ...surveyValues(input), createdBy });
  await writeSurveyTree(tx, row.id, input.sections);
  return row.id;
}

export async function createSurvey(opts: WriteOpts & { input: TSurveyInput }): Promise<TSurvey> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    const id = await insertSurvey(ctx.tx, opts.input, opts.actor.userId);
    await ctx.log({ action: 'create', entity: 'survey', entityId: id, after: await loadSurvey(ctx.tx, id) });
    return id;
  });
  return getSurvey(opts.db, id);
}

export async function editSurvey(opts: WriteOpts & { id: number; input: TSurveyInput }): Promise<TSurvey> {
  await write(opts.db, opts.actor, async (ctx) => {
    const row = found(await lockSurvey(ctx.tx, opts.id), 'khảo sát');
    const before = await loadSurvey(ctx.tx, opts.id);
    if (row.isTemplate !== opts.input.isTemplate)
      throw badRequest(
        row.isTemplate ? 'Không thể biến mẫu khảo sát thành khảo sát.' : 'Không thể biến khảo sát thành mẫu; hãy nhân bản thay vì sửa.',
      );
    checkTransition(row.status as TSurveyStatus, opts.input.status);
    await checkRefs(ctx.tx, opts.input);
    const answered = (before?.responseCount ?? 0) > 0;
    if (
      answered &&
      (row.surveyType !== opts.input.surveyType || row.subjectId !== opts.input.subjectId || row.moduleId !== opts.input.moduleId)
    ) {
      throw conflict('Khảo sát đã có phản hồi: không thể đổi loại khảo sát, môn học hoặc học phần.');
    }
    await updateSurveyRow(ctx.tx, opts.id, surveyValues(opts.input));
    await writeSurveyTree(ctx.tx, opts.id, opts.input.sections);
    await ctx.log({ action: 'update', entity: 'survey', entityId: opts.id, before, after: await loadSurvey(ctx.tx, opts.id) });
  });
  // After the commit, before the reply: stored figures of the survey and its module(s) hold the old wording,
  // visibility and column numbers, so the results area deletes them, recomputes straight_lined and drops the cache.
  await opts.events.emitAndWait('survey.changed', { surveyId: opts.id });
  return getSurvey(opts.db, opts.id);
}

export async function removeSurvey(opts: WriteOpts & { id: number }): Promise<TSurvey> {
  return write(opts.db, opts.actor, async (ctx) => {
    found(await lockSurvey(ctx.tx, opts.id), 'khảo sát');
    const before = await getSurvey(ctx.tx, opts.id);
    if ((await countResponses(ctx.tx, opts.id)) > 0) throw conflict(MSG_HAS_RESPONSES);
    await deleteSurveyRow(ctx.tx, opts.id);
    await ctx.log({ action: 'delete', entity: 'survey', entityId: opts.id, before });
    return before;
  });
}

/** Activating needs a module (not a template), both dates and at least one question. */
async function checkActivation(tx: Tx, row: SurveyRow) {
  if (row.isTemplate || row.moduleId === null) throw badRequest('Mẫu khảo sát không thể mở cho học sinh trả lời.');
  if (!row.startDate) throw badRequest('Ngày bắt đầu là bắt buộc.');
  if (!row.endDate) throw badRequest('Ngày kết thúc là bắt buộc.');
  if (row.allowedGrades.length === 0) throw badRequest('Phải chọn ít nhất một khối được tham gia.');
  if ((await questionCountOf(tx, row.id)) === 0) throw badRequest('Khảo sát phải có ít nhất một câu hỏi trước khi mở.');
}

export async function setSurveyStatus(opts: WriteOpts & { id: number; status: TSurveyStatus }): Promise<TSurvey> {
  await write(opts.db, opts.actor, async (ctx) => {
    const row = found(await lockSurvey(ctx.tx, opts.id), 'khảo sát');
    checkTransition(row.status as TSurveyStatus, opts.status);
    if (opts.status === 'active') await checkActivation(ctx.tx, row);
    if (row.status === opts.status) return;
    await updateSurveyRow(ctx.tx, opts.id, { status: opts.status, updatedAt: new Date() });
    await ctx.log({
      action: 'update',
      entity: 'survey',
      entityId: opts.id,
      before: { status: row.status },
      after: { status: opts.status },
    });
  });
  // After the commit: cached figures are dropped. Stored ones stay valid (a status changes no figure).
  opts.events.emit('survey.responses.changed', { surveyId: opts.id });
  return getSurvey(opts.db, opts.id);
}

/**
 * POST /surveys/clone: a draft copy. A template without `moduleId` gives a template; with a module
 * it gives a survey of that module (a subject survey needs its subject: use apply-template for a
 * subject template). A survey stays in its module unless `moduleId` moves the copy.
 */
export async function cloneSurvey(opts: WriteOpts & { input: z.infer<typeof ZCloneSurveyInput> }): Promise<TSurvey> {
  const id = await write(opts.db, opts.actor, async (ctx) => {
    const src = found(await lockSurvey(ctx.tx, opts.input.surveyId), 'khảo sát');
    const moduleId = opts.input.moduleId ?? src.moduleId;
    const isTemplate = moduleId === null;
    if (moduleId !== null && !(await moduleExists(ctx.tx, moduleId))) throw badRequest('Học phần đã chọn không tồn tại.');
    if (!isTemplate && src.surveyType === 'SUBJECT_SPECIFIC' && src.subjectId === null) {
      throw badRequest('Mẫu khảo sát theo môn học chưa có môn học; hãy dùng "Áp dụng mẫu" để chọn môn.');
    }
    if (!isTemplate && src.allowedGrades.length === 0) throw badRequest('Phải chọn ít nhất một khối được tham gia.');
    const subject = src.subjectId === null ? null : await findSubjectBrief(ctx.tx, src.subjectId);
    const id = await copySurvey(ctx.tx, src.id, {
      title: opts.input.title ?? `${src.title} (bản sao)`,
      isTemplate,
      moduleId,
      subjectId: src.subjectId,
      startDate: src.startDate,
      endDate: src.endDate,
      allowedGrades: src.allowedGrades,
      dropLmsOnly: !isTemplate && subject?.usesLms === false,
      createdBy: opts.actor.userId,
    });
    await ctx.log({ action: 'clone', entity: 'survey', entityId: id, after: { sourceId: src.id, ...(await loadSurvey(ctx.tx, id)) } });
    return id;
  });
  return getSurvey(opts.db, id);
}

/**
 * POST /surveys/apply-template: a draft survey from a template in a module; a subject template gives
 * one survey per subject (LMS-only questions left out for subjects without the LMS).
 */
export async function applyTemplate(opts: WriteOpts & { input: z.infer<typeof ZApplyTemplateInput> }): Promise<TSurveyListItem[]> {
  const { input } = opts;
  const ids = await write(opts.db, opts.actor, async (ctx) => {
    const tpl = found(await lockSurvey(ctx.tx, input.templateId), 'mẫu khảo sát');
    if (!tpl.isTemplate) throw badRequest('Khảo sát đã chọn không phải là mẫu khảo sát.');
    if (!(await moduleExists(ctx.tx, input.moduleId))) throw badRequest('Học phần đã chọn không tồn tại.');
    const subjectIds = [...new Set(input.subjectIds ?? [])];
    if (tpl.surveyType === 'GENERAL' && subjectIds.length) throw badRequest('Mẫu khảo sát chung không áp dụng theo môn học.');
    if (tpl.surveyType === 'SUBJECT_SPECIFIC' && !subjectIds.length) {
      if (tpl.subjectId === null) throw badRequest('Hãy chọn ít nhất một môn học để áp dụng mẫu khảo sát theo môn học.');
      subjectIds.push(tpl.subjectId);
    }
    const base = {
      isTemplate: false,
      moduleId: input.moduleId,
      startDate: input.startDate,
      endDate: input.endDate,
      allowedGrades: input.allowedGrades,
      createdBy: opts.actor.userId,
    };
    const created: number[] = [];
    if (tpl.surveyType === 'GENERAL') {
      created.push(await copySurvey(ctx.tx, tpl.id, { ...base, title: tpl.title, subjectId: null, dropLmsOnly: false }));
    } else {
      for (const sid of subjectIds) {
        const subject = await findSubjectBrief(ctx.tx, sid);
        if (!subject) throw badRequest('Môn học đã chọn không tồn tại.');
        created.push(
          await copySurvey(ctx.tx, tpl.id, {
            ...base,
            title: `${tpl.title} - ${subject.name}`,
            subjectId: sid,
            dropLmsOnly: !subject.usesLms,
          }),
        );
      }
    }
    for (const id of created)
      await ctx.log({
        action: 'apply_template',
        entity: 'survey',
        entityId: id,
        after: { templateId: tpl.id, ...(await loadSurvey(ctx.tx, id)) },
      });
    return created;
  });
  return listItemsByIds(opts.db, ids);
}
