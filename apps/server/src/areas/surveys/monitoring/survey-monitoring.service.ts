import type { z } from 'zod';
import {
  ZSurveyStats,
  type TClassCompletion,
  type THomeroomSurveyStatus,
  type TSurveyStats,
  type ZAllClassesQuery,
  type ZAllStudentsQuery,
  type ZCompletionScopeQuery,
  type ZSurveyCompletionListQuery,
  type ZSurveyStudentsQuery,
} from '@app/shared/survey-monitoring';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import type { Db } from '@/db/client';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { offsetOf, page } from '@/lib/list';
import { MAX_SHEET_ROWS } from '@/lib/xlsx';
import { AppError, badRequest, notFound } from '@/plugins/errors';
import { ADMIN_ONLY, MONITOR_READERS } from '../access';
import { schoolToday } from '../core/school-day';
import {
  allStudentsStatus,
  classCompletionBySurvey,
  completionByClass,
  completionByGradeCampus,
  homeroomClassRef,
  moduleRef,
  openSurveyStudentRows,
  ownHomeroomClassIds,
  surveyCompletionPage,
  surveyRef,
  surveyStats,
  surveyStudents,
  type Scope,
} from './survey-monitoring.repository';

/**
 * Who has answered (issue 5). Staff who oversee the school read everything; a homeroom teacher only
 * their own class, and only done / not done (never answers). Heads of department and teachers get
 * no per-student lists (the routes refuse them).
 */
export const MONITOR_MSG = {
  notYourClass: 'Bạn chỉ được xem tiến độ khảo sát của lớp chủ nhiệm của mình.',
  classNotFound: 'Không tìm thấy lớp chủ nhiệm.',
  moduleNotFound: 'Không tìm thấy học phần.',
  bothScopes: 'Chỉ chọn một trong hai: một khảo sát (surveyId) hoặc một học phần (moduleId).',
};

type Paged = { page: number; limit: number };

async function requireSurvey(db: Db, id: number) {
  const s = await surveyRef(db, id);
  if (!s) throw notFound(SURVEY_MSG.surveyNotFound);
  return s;
}

/** `surveyId` (one survey, any status) or `moduleId` (its active surveys; default the current module). */
async function scopeOf(db: Db, q: z.infer<typeof ZCompletionScopeQuery>): Promise<Scope> {
  if (q.surveyId && q.moduleId) throw badRequest(MONITOR_MSG.bothScopes);
  if (q.surveyId) return { surveyId: (await requireSurvey(db, q.surveyId)).id };
  return { moduleId: q.moduleId ?? null };
}

/**
 * The homeroom classes the caller may see: undefined = all (MONITOR_READERS); otherwise their own.
 * Asking for another class is refused rather than answered empty, so a wrong link says why.
 */
async function ownClassScope(db: Db, actor: Actor, homeroomClassId?: number): Promise<number[] | undefined> {
  if (hasAnyRole(actor, MONITOR_READERS)) return undefined;
  const own = actor.userId === null ? [] : await ownHomeroomClassIds(db, actor.userId);
  if (homeroomClassId !== undefined && !own.includes(homeroomClassId)) throw new AppError('FORBIDDEN', MONITOR_MSG.notYourClass);
  return own;
}

export async function stats(db: Db): Promise<TSurveyStats> {
  const row = await surveyStats(db, schoolToday());
  return ZSurveyStats.parse({
    surveys: row.surveys,
    responses: row.responses,
    activeCompletion: row.completion,
    activeSurveys: row.active,
  });
}

export async function surveyCompletionList(db: Db, q: z.infer<typeof ZSurveyCompletionListQuery>) {
  const r = await surveyCompletionPage(
    db,
    { moduleId: q.moduleId, surveyId: q.surveyId, status: q.status, search: q.search, limit: q.limit, offset: offsetOf(q) },
    schoolToday(),
  );
  return page(r.items, r.total, q);
}

export async function classStatusOfSurvey(db: Db, surveyId: number): Promise<TClassCompletion[]> {
  await requireSurvey(db, surveyId);
  return (await completionByClass(db, { surveyId })).items;
}

export async function allClassesStatus(db: Db, q: z.infer<typeof ZAllClassesQuery>) {
  const r = await completionByClass(
    db,
    { moduleId: q.moduleId ?? null },
    { search: q.search, grade: q.grade, campusId: q.campusId, limit: q.limit, offset: offsetOf(q) },
  );
  return page(r.items, r.total, q);
}

export async function completionByClassOf(db: Db, q: z.infer<typeof ZCompletionScopeQuery>) {
  return (await completionByClass(db, await scopeOf(db, q))).items;
}

export async function completionByGradeCampusOf(db: Db, q: z.infer<typeof ZCompletionScopeQuery>) {
  return completionByGradeCampus(db, await scopeOf(db, q));
}

/**
 * When a named student submitted: ADMIN only (issue 11, "No identity on the way"). Anyone else
 * reads done / not done: an exact time beside a name is what joined the anonymous responses to
 * their authors, so it leaves the server for nobody but ADMIN (and the student themself).
 */
const seesSubmissionTimes = (actor: Actor) => hasAnyRole(actor, ADMIN_ONLY);

export async function allStudentsStatusPage(db: Db, actor: Actor, q: z.infer<typeof ZAllStudentsQuery>) {
  if (q.surveyId && q.moduleId) throw badRequest(MONITOR_MSG.bothScopes);
  if (q.surveyId) await requireSurvey(db, q.surveyId);
  const own = await ownClassScope(db, actor, q.homeroomClassId);
  const r = await allStudentsStatus(db, { ...q, homeroomClassIds: own, limit: q.limit, offset: offsetOf(q) });
  const times = seesSubmissionTimes(actor);
  return page(
    r.items.map((x) => (times ? x : { ...x, lastSubmittedAt: null })),
    r.total,
    q,
  );
}

type StudentsQuery = Omit<z.infer<typeof ZSurveyStudentsQuery>, 'page' | 'limit'>;

/** Without the times, no order by them either (it would give the order of submission back). */
function studentsFilter(actor: Actor, q: StudentsQuery) {
  return seesSubmissionTimes(actor) || q.sort !== 'submittedAt' ? q : { ...q, sort: undefined };
}
const withoutTime = <T extends { submittedAt: string | null }>(actor: Actor, rows: T[]) =>
  seesSubmissionTimes(actor) ? rows : rows.map((r) => ({ ...r, submittedAt: null }));

export async function surveyStudentsPage(db: Db, actor: Actor, surveyId: number, q: StudentsQuery & Paged) {
  await requireSurvey(db, surveyId);
  const r = await surveyStudents(db, surveyId, { ...studentsFilter(actor, q), limit: q.limit, offset: offsetOf(q) });
  return page(withoutTime(actor, r.items), r.total, q);
}

export async function surveyStudentsExport(db: Db, actor: Actor, surveyId: number, q: StudentsQuery) {
  const survey = await requireSurvey(db, surveyId);
  const r = await surveyStudents(db, surveyId, { ...studentsFilter(actor, q), limit: MAX_SHEET_ROWS, offset: 0 });
  return { survey, rows: withoutTime(actor, r.items), withTimes: seesSubmissionTimes(actor) };
}

export async function homeroomSurveyStatus(db: Db, actor: Actor, classId: number, moduleId?: number): Promise<THomeroomSurveyStatus> {
  const cls = await homeroomClassRef(db, classId);
  if (!cls) throw notFound(MONITOR_MSG.classNotFound);
  await ownClassScope(db, actor, classId);
  const mod = await moduleRef(db, moduleId ?? null);
  if (!mod && moduleId) throw notFound(MONITOR_MSG.moduleNotFound);
  const surveys = mod ? await classCompletionBySurvey(db, { moduleId: mod.id }, classId, schoolToday()) : [];
  return { homeroomClassId: cls.id, homeroomClassName: cls.name, moduleId: mod?.id ?? null, moduleCode: mod?.code ?? null, surveys };
}

/** Who must answer each survey open on `today` (school date), and whether they are done: for the notifications area (issue 17). */
export function studentsOfOpenSurveys(db: Db, today: string) {
  return openSurveyStudentRows(db, today);
}
