import { z } from 'zod';
import { ZId, ZIdText } from './api';
import './zod-locale';

/**
 * Survey results (issue 5, spec section 7 "Results" and "Cache"): the response shapes of every
 * results call, shared by the server (route schemas) and the web (parsing). Every call answers the
 * usual envelope `{success: true, data: <shape below>}`; failures `{success: false, message, code}`
 * with a 4xx status (Vietnamese message).
 *
 * Conventions of every figure
 * - `n` = number of responses behind the figure (after filtering when `filter.filtered`).
 * - `answerN` = number of numbered answers averaged (a `None` "Không có ý kiến" answer is counted in
 *   `options`/`answered` but never in a mean, so `answerN` ≤ answers).
 * - Means come with `stdDev`/`sd` = SAMPLE standard deviation (n − 1); null when fewer than 2 numbers.
 * - A course-class score = mean of the score questions' numbers over all its responses (pooled
 *   answers). Teacher, subject, department, survey and module figures = mean of their course-class
 *   scores (each class once) with SD between classes, `classCount` classes and `n` responses.
 *   Grade×campus figures pool the answers of that grade×campus (they cut across classes).
 * - Anonymity (TEACHER/HEAD_DEPARTMENT only; school-wide roles never get hidden figures): a course
 *   class (per survey; in a teacher's figures, its responses naming that teacher) with fewer than
 *   `filter.minGroupSize` responses is `hidden: true` (numbers null, `n` kept, `reason` =
 *   RESULTS_MSG.tooFew) AND left out of every figure above it (teacher, subject, survey, department,
 *   module, comparisons, per-question figures, texts), which then say how many responses they left
 *   out in `leftOut`. So no figure can be subtracted from another to reveal a group under the
 *   threshold. A figure whose classes are all left out is hidden itself (`n` = its responses).
 * - "filtered" leaves out straight-lined responses, then course classes with fewer than
 *   `filter.minResponses` remaining responses (those stay listed with `excluded: true` and
 *   `excludedReason`).
 *
 * Routes (all under /api/v1; R = ADMIN, QUALITY_ASSURANCE, PRINCIPAL, ACADEMIC_AFFAIR (school-wide);
 * H = HEAD_DEPARTMENT (their department's teachers); T = TEACHER (own course classes, teacher-visible
 * questions only); W = ADMIN, QUALITY_ASSURANCE (writes, audited))
 *
 *  POST /surveys/{id}/calculate-results                       W  → ZCalculateResult (questions, course classes, grade×campus; both filters)
 *  GET  /surveys/{id}/results ?ZResultsQuery                  R H T → ZSurveyResults
 *  GET  /surveys/{id}/questions/{questionId}/results ?ZResultsQuery  R H T → ZQuestionResultsDetail
 *  GET  /surveys/{id}/grid-questions                          R W → ZGridQuestions (numbered questions a score can use)
 *  GET  /surveys/{id}/score-config                            R H T → ZScoreConfig
 *  POST /surveys/{id}/score-config  body ZScoreConfigInput    W  → ZScoreConfig (adds questionId, or replaces with questionIds)
 *  DELETE /surveys/{id}/score-config ?questionId=             W  → ZScoreConfig (removes one, or all without questionId)
 *  GET  /surveys/{id}/course-results ?filtered=               R H T → ZCourseResults (live, classes with responses)
 *  POST /surveys/{id}/calculate-active-courses-results        W  → ZCalculateResult
 *  GET  /surveys/{id}/active-courses-results                  R H T → ZCourseResults (every class of the survey, unfiltered)
 *  GET  /surveys/{id}/active-courses-results-filtered         R H T → ZCourseResults (filtered)
 *  GET  /surveys/modules/{m}/subjects/{s}/active-courses-results ?filtered=  R H T → ZSubjectCourseResults
 *  GET  /surveys/modules/{m}/teachers/{t}/course-results ?filtered=           R H T → ZTeacherCourseResults
 *  GET  /surveys/modules/{m}/teachers/{t}/course-results/unfiltered          R H T → ZTeacherCourseResults
 *  GET  /surveys/modules/{m}/teachers/{t}/course-results-filtered            R H T → ZTeacherCourseResults
 *       ({t} = `me`: the caller's own teacher record (teachers.user_id); 404 NO_TEACHER_RECORD when they have none)
 *  POST /surveys/modules/{id}/calculate-results               W  → ZCalculateResult
 *  GET  /surveys/modules/{id}/results                         R H → ZModuleResults (unfiltered; H: own department only)
 *  GET  /surveys/modules/{id}/results-filtered                R H → ZModuleResults (filtered)
 *  GET  /surveys/modules/{m}/departments/{d}/average-score ?filtered=  R H T → ZDepartmentAverage
 *  POST /surveys/{id}/calculate-grade-campus-results          W  → ZCalculateResult (failure: {success: false, message})
 *  GET  /surveys/{id}/grade-campus-results ?filtered=         R  → ZGradeCampusResults (failure: {success: false, message})
 *  POST /surveys/{id}/toggle-auto-calculate body {enabled}    W  → ZAutoCalculate
 *  GET  /surveys/cache/status                                 R  → ZCacheStatus
 *  POST /surveys/cache/toggle body {enabled}                  W  → ZCacheStatus
 *  GET  /surveys/{id}/export-excel ?filtered=                 R  → .xlsx file (sheets "Tổng hợp", "Phản hồi"; student columns only for ADMIN)
 *  GET  /surveys/{id}/text-questions-responses ?ZTextResponsesQuery  R H T → ZTextResponses (approved texts only, "Khác" texts of choice questions included; teacherId narrows)
 *
 * GET results of a survey/module read the stored results (calculate-*) when the caller sees the whole
 * school and no narrowing is asked; otherwise (teachers, heads, courseClassId/teacherId/departmentId)
 * they are computed live. Either way the cache sits in front. `stored` says which; `stale` says new
 * responses (or a score change) came after `computedAt`.
 */

const int = z.number().int();
const id = ZId;
const num = z.number();
const hiddenMark = { hidden: z.boolean(), reason: z.string().nullable() };

// ---- Constants and messages ----
/** Default of MIN_GROUP_SIZE (server config): smaller slices are hidden from teachers and heads. */
export const MIN_GROUP_SIZE_DEFAULT = 5;
/** Default of the app setting `survey_results.min_responses_per_class` (filtered figures). */
export const FILTER_MIN_RESPONSES_DEFAULT = 10;
export const RESULTS_MSG = {
  tooFew: 'Chưa đủ số phản hồi để hiển thị',
  straightLined: 'Phản hồi chọn cùng một mức cho mọi câu tính điểm',
  belowMinimum: (min: number) => `Lớp có ít hơn ${min} phản hồi hợp lệ`,
  surveyNotFound: 'Không tìm thấy khảo sát.',
  moduleNotFound: 'Không tìm thấy module.',
  questionNotFound: 'Không tìm thấy câu hỏi trong khảo sát này.',
  teacherNotFound: 'Không tìm thấy giáo viên.',
  classNotFound: 'Không tìm thấy lớp học phần.',
  subjectNotFound: 'Không tìm thấy môn học.',
  departmentNotFound: 'Không tìm thấy tổ chuyên môn.',
  notNumbered: 'Chỉ câu hỏi lưới hoặc thang đo tuyến tính mới dùng để tính điểm.',
  scoreConfigEmpty: 'Hãy chọn ít nhất một câu hỏi (questionId hoặc questionIds).',
  ownClassesOnly: 'Thầy cô chỉ xem được kết quả các lớp học phần mình dạy.',
  ownDepartmentOnly: 'Tổ trưởng chỉ xem được kết quả của tổ chuyên môn mình.',
  noTeacherRecord: 'Tài khoản chưa gắn với hồ sơ giáo viên.',
  template: 'Mẫu khảo sát không có kết quả.',
  gradeCampusFailed: 'Không thể tính kết quả theo khối và cơ sở. Vui lòng thử lại sau.',
  gradeCampusReadFailed: 'Không thể tải kết quả theo khối và cơ sở. Vui lòng thử lại sau.',
  calculated: 'Đã tính lại kết quả khảo sát.',
  autoOn: 'Đã bật tự động tính kết quả khi có phản hồi mới.',
  autoOff: 'Đã tắt tự động tính kết quả.',
  cacheOn: 'Đã bật bộ nhớ đệm kết quả.',
  cacheOff: 'Đã tắt bộ nhớ đệm kết quả.',
  notPublished: 'Kết quả khảo sát sẽ được công bố sau khi khảo sát kết thúc và các ý kiến đã được duyệt.',
  notClosed: 'Chỉ công bố được kết quả khi khảo sát đã đóng.',
  pendingTexts: (n: number) => `Còn ${n} ý kiến chờ duyệt: hãy duyệt hết trước khi công bố kết quả.`,
  alreadyPublished: 'Kết quả khảo sát đã được công bố.',
  notYetPublished: 'Kết quả khảo sát chưa được công bố.',
  published: 'Đã công bố kết quả khảo sát.',
  unpublished: 'Đã thu hồi công bố kết quả khảo sát.',
  publicationSaved: 'Đã lưu cài đặt công bố kết quả.',
  teachersChanged: 'Lớp đổi giáo viên trong thời gian khảo sát: không hiển thị theo từng giáo viên',
} as const;

// ---- Queries ----
const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === true || v === 'true' || v === '1'));
const optId = ZIdText.optional();

/** `GET /surveys/{id}/results` and `/questions/{questionId}/results`. Narrowing is for school-wide roles (a head may narrow within the department, a teacher to one of their classes). */
export const ZResultsQuery = z.object({
  filtered: bool,
  courseClassId: optId,
  teacherId: optId,
  departmentId: optId,
  /** Adds `comparison` (department and school means) to each question. */
  compare: bool,
});
export type TResultsQuery = z.output<typeof ZResultsQuery>;
export const ZFilteredQuery = z.object({ filtered: bool });

export const ZScoreConfigInput = z
  .object({ questionId: id.optional(), questionIds: z.array(id).max(500).optional() })
  .refine((v) => v.questionId !== undefined || v.questionIds !== undefined, { message: RESULTS_MSG.scoreConfigEmpty });
export type TScoreConfigInput = z.infer<typeof ZScoreConfigInput>;
export const ZScoreConfigDeleteQuery = z.object({ questionId: optId });
export const ZEnabledInput = z.object({ enabled: z.boolean({ error: 'enabled phải là true hoặc false.' }) });

export const ZTextResponsesQuery = z.object({
  questionId: optId,
  courseClassId: optId,
  /** Texts about this teacher only (responses naming them). A TEACHER may pass only their own id (and gets it by default). */
  teacherId: optId,
  page: z.coerce.number().int().min(1).default(1),
  /** Texts per question. */
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

// ---- Shared parts ----
/** What a figure left out and the thresholds in force; shown on screen ("say which figures are filtered and why"). */
export const ZFilterInfo = z.object({
  filtered: z.boolean(),
  /** Course classes with fewer remaining responses are left out of filtered figures. */
  minResponses: int,
  /** MIN_GROUP_SIZE: smaller slices are hidden from teachers and heads of department. */
  minGroupSize: int,
  /** Responses left out as straight-lined (0 when unfiltered). */
  straightLinedExcluded: int,
  /** Course classes left out for too few responses (0 when unfiltered). */
  classesExcluded: int,
});
export type TFilterInfo = z.infer<typeof ZFilterInfo>;

/** Who the figures cover, as the server narrowed them for the caller. */
export const ZResultsScope = z.object({
  kind: z.enum(['school', 'department', 'teacher', 'courseClass']),
  /** Vietnamese, e.g. "Toàn trường", "Tổ Toán", "GV Nguyễn Văn A", "Lớp 10A1-Toán". */
  label: z.string(),
  departmentId: id.nullable(),
  teacherId: id.nullable(),
  courseClassId: id.nullable(),
});
export type TResultsScope = z.infer<typeof ZResultsScope>;

/** When the figures were computed and whether newer answers exist. */
const freshness = {
  computedAt: z.string(),
  /** True when read from survey_results (calculate-*), false when computed for this call. */
  stored: z.boolean(),
  /** Responses arrived (or the score config changed) after computedAt. */
  stale: z.boolean(),
};

export const ZMeanFigure = z.object({ n: int, answerN: int, mean: num.nullable(), stdDev: num.nullable(), ...hiddenMark });
export type TMeanFigure = z.infer<typeof ZMeanFigure>;

/** A score over course classes (or pooled answers for grade×campus). */
export const ZAggregate = z.object({
  n: int,
  classCount: int,
  answerN: int,
  score: num.nullable(),
  sd: num.nullable(),
  ...hiddenMark,
  /**
   * Responses of classes under `filter.minGroupSize` left out of this figure (teachers and heads of
   * department only; absent or 0 otherwise). On a hidden figure: all of its `n`.
   */
  leftOut: int.optional(),
});
export type TAggregate = z.infer<typeof ZAggregate>;

export const ZTeacherRef = z.object({ id, fullName: z.string() });

// ---- Questions ----
export const ZOptionResult = z.object({
  /** Choice value, grid column value (`None` for "Không có ý kiến"), or the scale number as text. */
  value: z.string(),
  label: z.string(),
  count: int,
  /** count / answered × 100 (checkbox: of respondents, so they may add up past 100). */
  percent: num,
  valueNumber: num.nullable(),
});
export type TOptionResult = z.infer<typeof ZOptionResult>;

export const ZQuestionResult = z.object({
  questionId: id,
  questionType: z.string(),
  /** Plain text of the question. */
  content: z.string(),
  sectionId: id,
  sectionTitle: z.string(),
  /** 1-based position in the survey (section order, then question order). */
  position: int,
  visibleToTeacher: z.boolean(),
  /** In the score config (or, without one, a grid row with numbers). */
  inScore: z.boolean(),
  answered: int,
  answerN: int,
  /** "Không có ý kiến" answers: in `answered` and `options`, not in the mean. */
  noOpinion: int,
  options: z.array(ZOptionResult),
  mean: num.nullable(),
  stdDev: num.nullable(),
  median: num.nullable(),
  ...hiddenMark,
  /** With `compare=true`: the same question's mean over the department and the school (null when not applicable or not allowed). */
  comparison: z.object({ department: ZMeanFigure.nullable(), school: ZMeanFigure.nullable() }).nullable(),
});
export type TQuestionResult = z.infer<typeof ZQuestionResult>;

export const ZSurveyHeader = z.object({
  surveyId: id,
  title: z.string(),
  surveyType: z.enum(['GENERAL', 'SUBJECT_SPECIFIC']),
  moduleId: id.nullable(),
  subjectId: id.nullable(),
  subjectName: z.string().nullable(),
  autoCalculate: z.boolean(),
});

export const ZSurveyResults = ZSurveyHeader.extend({
  scope: ZResultsScope,
  filter: ZFilterInfo,
  ...freshness,
  /** Responses behind the figures. */
  n: int,
  /** The survey score over the scope (mean of course-class scores, or pooled for a GENERAL survey). */
  score: ZAggregate,
  ...hiddenMark,
  questions: z.array(ZQuestionResult),
});
export type TSurveyResults = z.infer<typeof ZSurveyResults>;

export const ZBreakdownRow = z.object({
  key: z.string(),
  label: z.string(),
  n: int,
  answered: int,
  answerN: int,
  mean: num.nullable(),
  stdDev: num.nullable(),
  median: num.nullable(),
  ...hiddenMark,
});
export const ZQuestionResultsDetail = z.object({
  surveyId: id,
  scope: ZResultsScope,
  filter: ZFilterInfo,
  ...freshness,
  question: ZQuestionResult,
  /** The question per course class (subject survey) or per grade×campus (general survey). */
  breakdownBy: z.enum(['courseClass', 'gradeCampus']),
  breakdown: z.array(ZBreakdownRow),
});
export type TQuestionResultsDetail = z.infer<typeof ZQuestionResultsDetail>;

// ---- Score config ----
export const ZGridQuestionColumn = z.object({ id, label: z.string(), value: z.string(), valueNumber: num.nullable() });
export const ZGridQuestion = z.object({
  questionId: id,
  content: z.string(),
  questionType: z.enum(['grid', 'linear_scale']),
  sectionId: id,
  sectionTitle: z.string(),
  position: int,
  gridGroupId: id.nullable(),
  columns: z.array(ZGridQuestionColumn),
  scale: z.object({ min: num, max: num }).nullable(),
  visibleToTeacher: z.boolean(),
  inScoreConfig: z.boolean(),
});
export const ZGridQuestions = z.object({ surveyId: id, items: z.array(ZGridQuestion) });
export type TGridQuestions = z.infer<typeof ZGridQuestions>;

export const ZScoreConfig = z.object({
  surveyId: id,
  questionIds: z.array(id),
  /** No config: the score uses every grid answer with a number. */
  isDefault: z.boolean(),
  questions: z.array(z.object({ questionId: id, content: z.string(), questionType: z.string(), sectionTitle: z.string(), position: int })),
  /** After the change: responses and how many are straight-lined (recomputed with the config). */
  responseCount: int,
  straightLinedCount: int,
});
export type TScoreConfig = z.infer<typeof ZScoreConfig>;

// ---- Course classes ----
export const ZCourseResult = z.object({
  surveyId: id,
  courseClassId: id,
  courseClassCode: z.string(),
  courseClassName: z.string(),
  subjectId: id,
  subjectName: z.string(),
  departmentId: id.nullable(),
  departmentName: z.string().nullable(),
  moduleId: id,
  grade: int,
  campusId: id,
  campusName: z.string(),
  /** The teachers the responses were about (snapshot), else the class's teachers now. */
  teachers: z.array(ZTeacherRef),
  enrolled: int,
  /** Every response of the class, straight-lined included. */
  totalResponses: int,
  straightLined: int,
  /** Responses behind the score (filtered: without straight-lined ones). */
  n: int,
  answerN: int,
  score: num.nullable(),
  sd: num.nullable(),
  median: num.nullable(),
  /** Fewer than filter.minResponses responses behind the score. */
  belowMinimum: z.boolean(),
  /** Left out of the filtered aggregates (and its score not shown as filtered). */
  excluded: z.boolean(),
  excludedReason: z.string().nullable(),
  ...hiddenMark,
});
export type TCourseResult = z.infer<typeof ZCourseResult>;

export const ZCourseResults = z.object({
  surveyId: id,
  filter: ZFilterInfo,
  ...freshness,
  summary: ZAggregate,
  items: z.array(ZCourseResult),
});
export type TCourseResults = z.infer<typeof ZCourseResults>;

export const ZSubjectCourseResults = z.object({
  moduleId: id,
  subjectId: id,
  subjectName: z.string(),
  filter: ZFilterInfo,
  computedAt: z.string(),
  summary: ZAggregate,
  items: z.array(ZCourseResult),
});
export type TSubjectCourseResults = z.infer<typeof ZSubjectCourseResults>;

export const ZTrendPoint = ZAggregate.extend({
  moduleId: id,
  moduleCode: z.string(),
  moduleName: z.string(),
  startDate: z.string().nullable(),
});
export const ZTeacherCourseResults = z.object({
  moduleId: id,
  teacher: z.object({ id, fullName: z.string(), departmentId: id.nullable(), departmentName: z.string().nullable() }),
  filter: ZFilterInfo,
  computedAt: z.string(),
  summary: ZAggregate,
  items: z.array(ZCourseResult),
  /** The teacher's department and the school in the same module (for teachers and heads: over classes of at least minGroupSize responses, like every figure they read). */
  comparison: z.object({ department: ZAggregate.nullable(), school: ZAggregate }),
  /** The teacher's score per module, oldest first. */
  trend: z.array(ZTrendPoint),
});
export type TTeacherCourseResults = z.infer<typeof ZTeacherCourseResults>;

// ---- Module, department, grade×campus ----
export const ZTeacherAggregate = ZAggregate.extend({
  teacherId: id,
  teacherName: z.string(),
  departmentId: id.nullable(),
  departmentName: z.string().nullable(),
});
export const ZSubjectAggregate = ZAggregate.extend({
  subjectId: id,
  subjectName: z.string(),
  departmentId: id.nullable(),
  departmentName: z.string().nullable(),
});
export const ZDepartmentAggregate = ZAggregate.extend({ departmentId: id, departmentName: z.string() });
export const ZSurveyAggregate = ZAggregate.extend({
  surveyId: id,
  title: z.string(),
  surveyType: z.enum(['GENERAL', 'SUBJECT_SPECIFIC']),
  subjectId: id.nullable(),
  subjectName: z.string().nullable(),
});
export const ZGradeCampusResult = ZAggregate.extend({
  grade: int,
  campusId: id,
  campusName: z.string(),
  /** Active students of that grade and campus allowed to answer (GENERAL), or enrolled in the survey's classes (subject). */
  eligible: int,
  /** n / eligible × 100, null when nobody is eligible. */
  responseRate: num.nullable(),
});
export type TGradeCampusResult = z.infer<typeof ZGradeCampusResult>;

export const ZModuleResults = z.object({
  moduleId: id,
  moduleCode: z.string(),
  moduleName: z.string(),
  scope: ZResultsScope,
  filter: ZFilterInfo,
  ...freshness,
  overall: ZAggregate,
  surveys: z.array(ZSurveyAggregate),
  departments: z.array(ZDepartmentAggregate),
  subjects: z.array(ZSubjectAggregate),
  teachers: z.array(ZTeacherAggregate),
  gradeCampus: z.array(ZGradeCampusResult),
});
export type TModuleResults = z.infer<typeof ZModuleResults>;

export const ZDepartmentAverage = z.object({
  moduleId: id,
  departmentId: id,
  departmentName: z.string(),
  filter: ZFilterInfo,
  computedAt: z.string(),
  department: ZAggregate,
  /** The school in the same module, for comparison. */
  school: ZAggregate,
  teachers: z.array(ZTeacherAggregate),
  subjects: z.array(ZSubjectAggregate),
});
export type TDepartmentAverage = z.infer<typeof ZDepartmentAverage>;

export const ZGradeCampusResults = z.object({
  surveyId: id,
  filter: ZFilterInfo,
  ...freshness,
  overall: ZAggregate,
  items: z.array(ZGradeCampusResult),
});
export type TGradeCampusResults = z.infer<typeof ZGradeCampusResults>;

// ---- Writes and cache ----
export const ZCalculateResult = z.object({
  scope: z.enum(['survey', 'module']),
  surveyId: id.nullable(),
  moduleId: id.nullable(),
  /** survey_results kinds written: questions, course_classes, grade_campus, module. */
  kinds: z.array(z.string()),
  responseCount: int,
  computedAt: z.string(),
  durationMs: num,
});
export type TCalculateResult = z.infer<typeof ZCalculateResult>;

export const ZAutoCalculate = z.object({ surveyId: id, autoCalculate: z.boolean() });
export const ZCacheStatus = z.object({
  enabled: z.boolean(),
  backend: z.enum(['memory', 'redis']),
  entries: int,
  hits: int,
  misses: int,
  ttlSeconds: int,
});
export type TCacheStatus = z.infer<typeof ZCacheStatus>;

// ---- Publication (issue 11) ----
/**
 * Teachers and heads of department read a survey's results only once it is published: closed, and no
 * free-text answer left pending. ADMIN and QUALITY_ASSURANCE publish and withdraw (audited).
 *  GET  /surveys/{id}/publication              R W → ZPublication
 *  POST /surveys/{id}/publish                  W  → ZPublication (409: not closed / texts pending)
 *  POST /surveys/{id}/unpublish                W  → ZPublication (409: not published)
 *  GET  /surveys/settings/publication          R W → ZPublicationSettings
 *  PUT  /surveys/settings/publication          ADMIN → ZPublicationSettings
 */
export const ZPublication = z.object({
  surveyId: id,
  status: z.enum(['draft', 'active', 'closed']),
  publishedAt: z.string().nullable(),
  pendingTexts: int,
  canPublish: z.boolean(),
  /** Why it cannot be published now (Vietnamese); null when it can, or is published. */
  reason: z.string().nullable(),
});
export type TPublication = z.infer<typeof ZPublication>;
export const ZPublicationSettings = z.object({
  /** Publish a survey by itself as soon as it is closed and its texts are reviewed. */
  autoPublish: z.boolean(),
  /** The one variant teachers and heads see: filtered (straight-lined and small classes out) or not. */
  restrictedFiltered: z.boolean(),
});
export type TPublicationSettings = z.infer<typeof ZPublicationSettings>;
/**
 * GET /surveys/publication-overview (school-wide roles; issue 12's dashboards): closed surveys whose
 * results are not published yet (with their pending texts: what the reviewers must finish first), and
 * the published ones, newest first.
 */
export const ZPublicationOverview = z.object({
  waiting: z.array(
    z.object({
      surveyId: id,
      title: z.string(),
      moduleCode: z.string().nullable(),
      endDate: z.string().nullable(),
      responses: int,
      pendingTexts: int,
    }),
  ),
  published: z.object({
    count: int,
    recent: z.array(
      z.object({ surveyId: id, title: z.string(), moduleCode: z.string().nullable(), publishedAt: z.string(), responses: int }),
    ),
  }),
});
export type TPublicationOverview = z.infer<typeof ZPublicationOverview>;

// ---- Text answers ----
export const ZTextAnswer = z.object({
  text: z.string(),
  courseClassId: id.nullable(),
  courseClassName: z.string().nullable(),
  /** Only for school-wide roles (a time can point at a student in a small class). */
  submittedAt: z.string().nullable(),
});
export const ZTextQuestionResponses = z.object({
  questionId: id,
  questionType: z.string(),
  /** True: the "Khác" texts of a choice question (the text of the "Khác" choice); false: a short/long text question. */
  otherText: z.boolean(),
  content: z.string(),
  sectionTitle: z.string(),
  position: int,
  /** Every text answer in the scope, whatever its review. */
  answered: int,
  approved: int,
  pending: int,
  rejected: int,
  /** Approved texts, newest first, paged by `page`/`limit`; empty when hidden. */
  texts: z.array(ZTextAnswer),
  ...hiddenMark,
});
export const ZTextResponses = z.object({
  surveyId: id,
  scope: ZResultsScope,
  page: int,
  limit: int,
  questions: z.array(ZTextQuestionResponses),
});
export type TTextResponses = z.infer<typeof ZTextResponses>;
