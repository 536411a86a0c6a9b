import {
  RESULTS_MSG,
  type TCalculateResult,
  type TDepartmentAverage,
  type TModuleResults,
  type TSubjectCourseResults,
  type TTeacherCourseResults,
} from '@app/shared/survey-results';
import type { DbOrTx } from '@/db/client';
import { insertAudit } from '@/plugins/audit.repository';
import { write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { AppError, notFound } from '@/plugins/errors';
import { aggregates, type AggregateRow, type Slice } from './aggregates.repository';
import { forbidden, isRestricted, readableSurveys, variantFor, viewerKey, viewerOf, viewerTeachers, type Viewer } from './access';
import { minPartFor, stepFor } from './anonymity';
import { openAmong } from './publication.repository';
import { aggregateOf, computeCourses } from './course-results';
import { filterInfo, r4 } from './question-results';
import { moduleScope } from './runtime';
import type { Ctx } from './survey-results.service';
import {
  classesOfSubject,
  classesOfTeacher,
  eligibleByGradeCampus,
  minResponsesSetting,
  moduleIdsOfSurveys,
  moduleMeta,
  modulesByIds,
  moduleSurveyIds,
  namesOf,
  readStored,
  responseTotals,
  surveyBriefs,
  surveysNamingTeacher,
  teacherBrief,
  teacherOfUser,
  teachersOfDepartments,
  writeStored,
} from './survey-results.repository';

const now = () => new Date().toISOString();

async function moduleOr404(db: DbOrTx, id: number) {
  const m = await moduleMeta(db, id);
  if (!m) throw notFound(RESULTS_MSG.moduleNotFound);
  return m;
}

const byKind = (rows: AggregateRow[], kind: AggregateRow['kind']) => rows.filter((r) => r.kind === kind);

/**
 * The module's surveys the viewer reads (teachers and heads: the published ones) and the steps of k of
 * the open ones among them (anonymity.ts).
 */
async function moduleSlice(ctx: Ctx, viewer: Viewer, moduleId: number) {
  const all = await moduleSurveyIds(ctx.db, moduleId);
  for (const s of all) ctx.rt.remember(s, moduleId);
  const surveyIds = await readableSurveys(ctx.db, viewer, all);
  return { surveyIds, step: stepFor(ctx.rt.config.minGroupSize, await openAmong(ctx.db, surveyIds)) };
}

async function liveModule(ctx: Ctx, o: { moduleId: number; viewer: Viewer; filtered: boolean }): Promise<TModuleResults> {
  const { db, rt } = ctx;
  const mod = await moduleOr404(db, o.moduleId);
  const { surveyIds, step } = await moduleSlice(ctx, o.viewer, o.moduleId);
  const minResponses = await minResponsesSetting(db);
  const min = rt.config.minGroupSize;
  const restricted = isRestricted(o.viewer);
  const slice: Slice = {
    surveyIds,
    filtered: o.filtered,
    minResponses,
    teacherIds: viewerTeachers(o.viewer),
    minPart: minPartFor(restricted, min),
    step,
  };
  // Grade×campus figures cut across classes, so the anonymity rule (per class) cannot cover them: none for heads.
  const [rows, filter, eligible] = await Promise.all([
    aggregates(
      db,
      slice,
      restricted
        ? ['overall', 'survey', 'department', 'subject', 'teacher']
        : ['overall', 'survey', 'department', 'subject', 'teacher', 'grade_campus'],
    ),
    filterInfo(db, { surveyIds, filtered: o.filtered, minResponses, minGroupSize: min, step }),
    restricted ? Promise.resolve(new Map<string, number>()) : eligibleByGradeCampus(db, surveyIds),
  ]);
  const ids = (kind: AggregateRow['kind'], k: 'k1' | 'k2' = 'k1') => byKind(rows, kind).map((r) => r[k]!);
  const [surveys, departments, subjects, teachers, campuses] = await Promise.all([
    surveyBriefs(db, ids('survey')),
    namesOf(db, 'departments', [
      ...ids('department'),
      ...(await namesOf(db, 'teachers', ids('teacher')).then((m) =>
        [...m.values()].flatMap((t) => (t.departmentId ? [t.departmentId] : [])),
      )),
    ]),
    namesOf(db, 'subjects', ids('subject')),
    namesOf(db, 'teachers', ids('teacher')),
    namesOf(db, 'campuses', ids('grade_campus', 'k2')),
  ]);
  const deptName = (id: number | null | undefined) => (id ? (departments.get(id)?.name ?? null) : null);
  const vi = (a: string, b: string) => a.localeCompare(b, 'vi', { numeric: true });
  const agg = (r: AggregateRow | undefined) => aggregateOf(r, restricted);
  return {
    moduleId: mod.id,
    moduleCode: mod.code,
    moduleName: mod.name,
    scope:
      o.viewer.kind === 'school'
        ? { kind: 'school', label: 'Toàn trường', departmentId: null, teacherId: null, courseClassId: null }
        : {
            kind: 'department',
            label:
              byKind(rows, 'department')
                .map((r) => deptName(r.k1))
                .filter(Boolean)
                .join(', ') || 'Tổ chuyên môn',
            departmentId: o.viewer.kind === 'department' ? o.viewer.departmentIds[0] : null,
            teacherId: null,
            courseClassId: null,
          },
    filter,
    computedAt: now(),
    stored: false,
    stale: false,
    overall: agg(byKind(rows, 'overall')[0]),
    surveys: byKind(rows, 'survey')
      .flatMap((r) => {
        const s = surveys.get(r.k1!);
        return s
          ? [{ ...agg(r), surveyId: s.id, title: s.title, surveyType: s.surveyType, subjectId: s.subjectId, subjectName: s.subjectName }]
          : [];
      })
      .sort((a, b) => vi(a.title, b.title)),
    departments: byKind(rows, 'department')
      .map((r) => ({ ...agg(r), departmentId: r.k1!, departmentName: deptName(r.k1) ?? '' }))
      .sort((a, b) => vi(a.departmentName, b.departmentName)),
    subjects: byKind(rows, 'subject')
      .map((r) => {
        const s = subjects.get(r.k1!);
        return {
          ...agg(r),
          subjectId: r.k1!,
          subjectName: s?.name ?? '',
          departmentId: s?.departmentId ?? null,
          departmentName: deptName(s?.departmentId),
        };
      })
      .sort((a, b) => vi(a.subjectName, b.subjectName)),
    teachers: byKind(rows, 'teacher')
      .map((r) => {
        const t = teachers.get(r.k1!);
        return {
          ...agg(r),
          teacherId: r.k1!,
          teacherName: t?.name ?? '',
          departmentId: t?.departmentId ?? null,
          departmentName: deptName(t?.departmentId),
        };
      })
      .sort((a, b) => vi(a.teacherName, b.teacherName)),
    gradeCampus: byKind(rows, 'grade_campus')
      .map((r) => {
        const e = eligible.get(`${r.k1}:${r.k2}`) ?? 0;
        const a = agg(r);
        return {
          ...a,
          grade: r.k1!,
          campusId: r.k2!,
          campusName: campuses.get(r.k2!)?.name ?? '',
          eligible: e,
          responseRate: e ? r4((a.n / e) * 100) : null,
        };
      })
      .sort((a, b) => a.grade - b.grade || vi(a.campusName, b.campusName)),
  };
}

/** GET /surveys/modules/{id}/results and /results-filtered: stored for school-wide roles, live for heads. */
export async function moduleResults(ctx: Ctx, actor: Actor, moduleId: number, asked: boolean): Promise<TModuleResults> {
  const { db, rt } = ctx;
  const viewer = await viewerOf(db, actor);
  if (viewer.kind === 'teacher') throw forbidden(RESULTS_MSG.ownClassesOnly);
  await moduleOr404(db, moduleId);
  const filtered = await variantFor(db, viewer, asked);
  // The surveys the viewer may read now are part of the key: a publication or withdrawal changes it.
  const { surveyIds, step } = await moduleSlice(ctx, viewer, moduleId);
  const key = `module=${moduleId}&f=${filtered}&v=${viewerKey(viewer)}&s=${surveyIds}`;
  return rt.cache.wrap(key, [moduleScope(moduleId)], async () => {
    if (viewer.kind === 'school') {
      const row = await readStored(db, { kind: 'module', moduleId, filtered });
      // Stored while some surveys were open (steps of k): valid while the same ones are open.
      const stepped = (row?.data as { stepped?: number[] } | undefined)?.stepped ?? [];
      if (row && String(stepped) === String(step?.surveyIds ?? [])) {
        const totals = await responseTotals(db, await moduleSurveyIds(db, moduleId));
        const stale = totals.n !== row.responseCount || (totals.latest !== null && totals.latest > row.computedAt);
        const { stepped: _s, ...data } = row.data as TModuleResults & { stepped?: number[] };
        return { ...data, stored: true, stale, computedAt: row.computedAt.toISOString() };
      }
    }
    return liveModule(ctx, { moduleId, viewer, filtered });
  });
}

/** POST /surveys/modules/{id}/calculate-results (`actor` null: auto-calculate). */
export async function calculateModule(ctx: Ctx, actor: Actor | null, moduleId: number): Promise<TCalculateResult> {
  const { db, rt } = ctx;
  const t0 = performance.now();
  await moduleOr404(db, moduleId);
  const surveyIds = await moduleSurveyIds(db, moduleId);
  const totals = await responseTotals(db, surveyIds);
  const computedAt = new Date();
  const viewer: Viewer = { kind: 'school', admin: false };
  const data = await Promise.all(
    [false, true].map(async (filtered) => ({ filtered, data: await liveModule(ctx, { moduleId, viewer, filtered }) })),
  );
  const stepped = (await moduleSlice(ctx, viewer, moduleId)).step?.surveyIds ?? [];
  const store = async (tx: DbOrTx) => {
    for (const d of data) {
      const { stored: _s, stale: _st, ...rest } = d.data;
      await writeStored(tx, {
        kind: 'module',
        moduleId,
        filtered: d.filtered,
        data: { ...rest, computedAt: computedAt.toISOString(), stepped },
        responseCount: totals.n,
        computedAt,
      });
    }
  };
  const after = { responseCount: totals.n, computedAt: computedAt.toISOString() };
  if (actor)
    await write(db, actor, async (w) => {
      await store(w.tx);
      await w.log({ action: 'calculate', entity: 'module_results', entityId: moduleId, after });
    });
  else
    await db.transaction(async (tx) => {
      await store(tx);
      await insertAudit(tx, { actorId: null, action: 'auto_calculate', entity: 'module_results', entityId: moduleId, after });
    });
  await rt.cache.invalidate([moduleScope(moduleId)]);
  return {
    scope: 'module',
    surveyId: null,
    moduleId,
    kinds: ['module'],
    responseCount: totals.n,
    computedAt: computedAt.toISOString(),
    durationMs: r4(performance.now() - t0)!,
  };
}

/** Whether the viewer may read teacher `t`'s figures: a head their department's, a teacher their own. */
function checkTeacher(viewer: Viewer, t: number) {
  if (viewer.kind === 'department' && !viewer.teacherIds.includes(t)) throw forbidden(RESULTS_MSG.ownDepartmentOnly);
  if (viewer.kind === 'teacher' && viewer.teacherId !== t) throw forbidden(RESULTS_MSG.ownClassesOnly);
}

/** `me` in a teacher route: the caller's own teacher record (teachers.user_id). */
async function teacherIdOf(db: DbOrTx, actor: Actor, t: number | 'me'): Promise<number> {
  if (t !== 'me') return t;
  const own = actor.userId === null ? null : await teacherOfUser(db, actor.userId);
  if (!own) throw new AppError('NO_TEACHER_RECORD', RESULTS_MSG.noTeacherRecord);
  return own.id;
}

/** GET /surveys/modules/{m}/teachers/{t|me}/course-results[/unfiltered|-filtered]: the teacher's classes, summary, comparison, trend. */
export async function teacherCourseResults(
  ctx: Ctx,
  actor: Actor,
  moduleId: number,
  teacherParam: number | 'me',
  asked: boolean,
): Promise<TTeacherCourseResults> {
  const { db, rt } = ctx;
  const viewer = await viewerOf(db, actor);
  const teacherId = await teacherIdOf(db, actor, teacherParam);
  checkTeacher(viewer, teacherId);
  await moduleOr404(db, moduleId);
  const teacher = await teacherBrief(db, teacherId);
  if (!teacher) throw notFound(RESULTS_MSG.teacherNotFound);
  const filtered = await variantFor(db, viewer, asked);
  const trendSurveys = await readableSurveys(db, viewer, await surveysNamingTeacher(db, teacherId));
  const trendModules = await modulesByIds(db, await moduleIdsOfSurveys(db, trendSurveys));
  const scopes = [...new Set([moduleId, ...trendModules.map((m) => m.id)])].map(moduleScope);
  const { surveyIds, step } = await moduleSlice(ctx, viewer, moduleId);
  const key = `teacher=${teacherId}&m=${moduleId}&f=${filtered}&v=${viewerKey(viewer)}&s=${surveyIds}&ts=${trendSurveys}`;
  return rt.cache.wrap(key, scopes, async () => {
    const min = rt.config.minGroupSize;
    const restricted = isRestricted(viewer);
    const minResponses = await minResponsesSetting(db);
    // Every figure here over classes of at least MIN_GROUP_SIZE responses for a teacher or head (anonymity.ts).
    const minPart = minPartFor(restricted, min);
    const slice: Slice = { surveyIds, filtered, minResponses, teacherIds: [teacherId], minPart, step };
    const deptTeachers = teacher.departmentId ? await teachersOfDepartments(db, [teacher.departmentId]) : null;
    const [courses, filter, dept, school, trend] = await Promise.all([
      computeCourses(db, { slice, teacherId, restricted, min }),
      filterInfo(db, { surveyIds, filtered, minResponses, minGroupSize: min, step: slice.step }),
      deptTeachers ? aggregates(db, { ...slice, teacherIds: deptTeachers }, ['overall']) : Promise.resolve([]),
      aggregates(db, { ...slice, teacherIds: null }, ['overall']),
      aggregates(
        db,
        {
          surveyIds: trendSurveys,
          filtered,
          minResponses,
          teacherIds: [teacherId],
          minPart,
          step: stepFor(min, await openAmong(db, trendSurveys)),
        },
        ['teacher_module'],
      ),
    ]);
    const modules = new Map(trendModules.map((m) => [m.id, m]));
    return {
      moduleId,
      teacher,
      filter,
      computedAt: now(),
      summary: courses.summary,
      items: courses.items,
      comparison: { department: deptTeachers ? aggregateOf(dept[0], restricted) : null, school: aggregateOf(school[0], restricted) },
      trend: trend
        .filter((r) => r.k1 === teacherId && modules.has(r.k2!))
        .map((r) => ({
          ...aggregateOf(r, restricted),
          moduleId: r.k2!,
          moduleCode: modules.get(r.k2!)!.code,
          moduleName: modules.get(r.k2!)!.name,
          startDate: modules.get(r.k2!)!.startDate,
        }))
        .sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? '') || a.moduleId - b.moduleId),
    };
  });
}

/** GET /surveys/modules/{m}/subjects/{s}/active-courses-results: every class of the subject in the module. */
export async function subjectCourseResults(
  ctx: Ctx,
  actor: Actor,
  moduleId: number,
  subjectId: number,
  asked: boolean,
): Promise<TSubjectCourseResults> {
  const { db, rt } = ctx;
  const viewer = await viewerOf(db, actor);
  await moduleOr404(db, moduleId);
  const subject = (await namesOf(db, 'subjects', [subjectId])).get(subjectId);
  if (!subject) throw notFound(RESULTS_MSG.subjectNotFound);
  const filtered = await variantFor(db, viewer, asked);
  const readable = await moduleSlice(ctx, viewer, moduleId);
  const key = `subject=${subjectId}&m=${moduleId}&f=${filtered}&v=${viewerKey(viewer)}&s=${readable.surveyIds}`;
  return rt.cache.wrap(key, [moduleScope(moduleId)], async () => {
    const min = rt.config.minGroupSize;
    const minResponses = await minResponsesSetting(db);
    const all = await surveyBriefs(db, readable.surveyIds);
    const surveyIds = [...all.values()].filter((s) => s.subjectId === subjectId).map((s) => s.id);
    const classes = await classesOfSubject(db, subjectId, moduleId);
    const t = viewerTeachers(viewer);
    const allowed = t ? new Set(await classesOfTeacher(db, t, surveyIds)) : null;
    const restricted = isRestricted(viewer);
    const step = stepFor(min, readable.step?.surveyIds.filter((x) => surveyIds.includes(x)) ?? []);
    const slice: Slice = { surveyIds, filtered, minResponses, teacherIds: t, minPart: minPartFor(restricted, min), step };
    const include = surveyIds.flatMap((surveyId) => classes.map((info) => ({ surveyId, info })));
    const [courses, filter] = await Promise.all([
      surveyIds.length
        ? computeCourses(db, { slice, include, restricted, min, allowedClassIds: allowed })
        : Promise.resolve({ summary: aggregateOf(undefined), items: [] }),
      filterInfo(db, { surveyIds, filtered, minResponses, minGroupSize: min, step: slice.step }),
    ]);
    return { moduleId, subjectId, subjectName: subject.name, filter, computedAt: now(), summary: courses.summary, items: courses.items };
  });
}

/** GET /surveys/modules/{m}/departments/{d}/average-score: the department against the school; its teachers and subjects. */
export async function departmentAverage(
  ctx: Ctx,
  actor: Actor,
  moduleId: number,
  departmentId: number,
  asked: boolean,
): Promise<TDepartmentAverage> {
  const { db, rt } = ctx;
  const viewer = await viewerOf(db, actor);
  if (viewer.kind === 'department' && !viewer.departmentIds.includes(departmentId)) throw forbidden(RESULTS_MSG.ownDepartmentOnly);
  if (viewer.kind === 'teacher' && viewer.departmentId !== departmentId) throw forbidden(RESULTS_MSG.ownDepartmentOnly);
  await moduleOr404(db, moduleId);
  const dept = (await namesOf(db, 'departments', [departmentId])).get(departmentId);
  if (!dept) throw notFound(RESULTS_MSG.departmentNotFound);
  const filtered = await variantFor(db, viewer, asked);
  const { surveyIds, step } = await moduleSlice(ctx, viewer, moduleId);
  const key = `department=${departmentId}&m=${moduleId}&f=${filtered}&v=${viewerKey(viewer)}&s=${surveyIds}`;
  return rt.cache.wrap(key, [moduleScope(moduleId)], async () => {
    const min = rt.config.minGroupSize;
    const restricted = isRestricted(viewer);
    const minResponses = await minResponsesSetting(db);
    const deptTeachers = await teachersOfDepartments(db, [departmentId]);
    const slice: Slice = {
      surveyIds,
      filtered,
      minResponses,
      teacherIds: deptTeachers.length ? deptTeachers : [-1],
      minPart: minPartFor(restricted, min),
      step,
    };
    const [rows, school, filter] = await Promise.all([
      aggregates(db, slice, ['overall', 'teacher', 'subject']),
      aggregates(db, { ...slice, teacherIds: null }, ['overall']),
      filterInfo(db, { surveyIds, filtered, minResponses, minGroupSize: min, step: slice.step }),
    ]);
    const [teachers, subjects] = await Promise.all([
      namesOf(
        db,
        'teachers',
        byKind(rows, 'teacher').map((r) => r.k1!),
      ),
      namesOf(
        db,
        'subjects',
        byKind(rows, 'subject').map((r) => r.k1!),
      ),
    ]);
    // A teacher sees only their own line: other lines and subjects would show colleagues' figures.
    const teacherRows = byKind(rows, 'teacher').filter((r) => viewer.kind !== 'teacher' || r.k1 === viewer.teacherId);
    return {
      moduleId,
      departmentId,
      departmentName: dept.name,
      filter,
      computedAt: now(),
      department: aggregateOf(byKind(rows, 'overall')[0], restricted),
      school: aggregateOf(school[0], restricted),
      teachers: teacherRows
        .map((r) => ({
          ...aggregateOf(r, restricted),
          teacherId: r.k1!,
          teacherName: teachers.get(r.k1!)?.name ?? '',
          departmentId,
          departmentName: dept.name,
        }))
        .sort((a, b) => a.teacherName.localeCompare(b.teacherName, 'vi')),
      subjects:
        viewer.kind === 'teacher'
          ? []
          : byKind(rows, 'subject')
              .map((r) => ({
                ...aggregateOf(r, restricted),
                subjectId: r.k1!,
                subjectName: subjects.get(r.k1!)?.name ?? '',
                departmentId: subjects.get(r.k1!)?.departmentId ?? null,
                departmentName: null,
              }))
              .sort((a, b) => a.subjectName.localeCompare(b.subjectName, 'vi')),
    };
  });
}
