import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZPage } from '@app/shared/api';
import { ZHomeroomClass, type TCourseClass, type THomeroomClass, type TModule } from '@app/shared/school';
import { ZSurveyListItem, type TSurveyListItem } from '@app/shared/surveys';
import { apiClient, unwrap } from '@/lib/api-client';
import { getMyCourseClasses } from '@/areas/school/course-classes/public';

const PAGE = 100;
/** More than enough for one module; stops a runaway loop if the server keeps answering. */
const MAX_PAGES = 20;

/** Every page of a paged list (the server caps `limit` at 100). */
async function allPages<T extends z.ZodType>(path: string, item: T, params: Record<string, unknown>): Promise<z.infer<T>[]> {
  const out: z.infer<T>[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await apiClient.get(path, { params: { ...params, page, limit: PAGE } });
    const data = unwrap(ZPage(item), res.data);
    out.push(...data.items);
    if (data.items.length < PAGE || out.length >= data.total) break;
  }
  return out;
}

/** GET /surveys?moduleId=: every survey of the module (templates are never tied to a module). */
export const getModuleSurveys = (moduleId: number) => allPages('/v1/surveys', ZSurveyListItem, { moduleId });
/** GET /homeroom-classes/mine: the caller's homeroom classes (every year). */
async function getMyHomeroomClasses(): Promise<THomeroomClass[]> {
  const res = await apiClient.get('/v1/homeroom-classes/mine');
  return unwrap(z.array(ZHomeroomClass), res.data);
}

export type TTeacherSurveyRow = {
  survey: TSurveyListItem;
  /** Subject surveys: the caller's course classes of that subject in the module. */
  courseClasses: Pick<TCourseClass, 'id' | 'name'>[];
  /** General surveys: the caller's homeroom class whose grade the survey allows. */
  homeroomClass: Pick<THomeroomClass, 'id' | 'name' | 'grade'> | null;
};

/**
 * The surveys that concern a teacher in a module (issue 4): active or closed, not templates, of the
 * module; SUBJECT_SPECIFIC ones whose subject is taught by one of the teacher's course classes of
 * that module; GENERAL ones whose allowed grades include the grade of the teacher's homeroom class
 * of the module's school year. Active first, then by start date (newest first), then title.
 */
export function teacherSurveyRows(
  module: Pick<TModule, 'id' | 'academicYearId'>,
  surveys: readonly TSurveyListItem[],
  courseClasses: readonly TCourseClass[],
  homeroomClasses: readonly THomeroomClass[],
): TTeacherSurveyRow[] {
  const mine = courseClasses.filter((c) => c.moduleId === module.id);
  const homeroom = homeroomClasses.find((h) => h.academicYearId === module.academicYearId) ?? null;
  const rows: TTeacherSurveyRow[] = [];
  for (const s of surveys) {
    if (s.isTemplate || s.moduleId !== module.id || (s.status !== 'active' && s.status !== 'closed')) continue;
    if (s.surveyType === 'SUBJECT_SPECIFIC') {
      const classes = mine.filter((c) => s.subjectId !== null && c.subjectId === s.subjectId);
      if (classes.length > 0)
        rows.push({ survey: s, courseClasses: classes.map((c) => ({ id: c.id, name: c.name })), homeroomClass: null });
    } else if (homeroom && s.allowedGrades.includes(homeroom.grade)) {
      rows.push({ survey: s, courseClasses: [], homeroomClass: { id: homeroom.id, name: homeroom.name, grade: homeroom.grade } });
    }
  }
  const rank = (r: TTeacherSurveyRow) => (r.survey.status === 'active' ? 0 : 1);
  return rows.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (b.survey.startDate ?? '').localeCompare(a.survey.startDate ?? '') ||
      a.survey.title.localeCompare(b.survey.title, 'vi'),
  );
}

/**
 * The teacher's surveys of the module. The server has no "surveys of this teacher" filter, so the
 * three lists are read and joined here (docs/decisions/product.md). A teacher without the TEACHER role
 * (homeroom only) has no course classes to read.
 */
export function useTeacherSurveys(module: TModule | null, isTeacher: boolean) {
  return useQuery({
    queryKey: ['teacher-surveys', module?.id ?? null, isTeacher],
    enabled: !!module,
    staleTime: 30_000,
    queryFn: async () => {
      const m = module!;
      const [surveys, classes, homerooms] = await Promise.all([
        getModuleSurveys(m.id),
        isTeacher ? getMyCourseClasses(m.id) : Promise.resolve([]),
        getMyHomeroomClasses(),
      ]);
      return teacherSurveyRows(m, surveys, classes, homerooms);
    },
  });
}
