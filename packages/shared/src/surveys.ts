import { z } from 'zod';
import { ZId, ZIdText } from './api';
import './zod-locale';

/**
 * The survey model (issue 4; spec sections 3 and 7): enums, the question option shapes and their
 * normal form, grid groups, the survey as `GET /surveys/{id}` answers it (`ZSurvey`), the body of
 * `POST /surveys` / `PUT /surveys/{id}` (`ZSurveyInput`) and lists. Answers and the submission payload
 * are in survey-answers.ts, the one validation of answers in survey-validation.ts.
 */

const id = ZId;
const stamps = { createdAt: z.string(), updatedAt: z.string() };

// ---- Enums ----
export const SURVEY_TYPES = ['GENERAL', 'SUBJECT_SPECIFIC'] as const;
export type TSurveyType = (typeof SURVEY_TYPES)[number];
export const SURVEY_TYPE_LABELS: Record<TSurveyType, string> = { GENERAL: 'Khảo sát chung', SUBJECT_SPECIFIC: 'Khảo sát theo môn học' };
export const ZSurveyType = z.enum(SURVEY_TYPES, { error: 'Loại khảo sát phải là khảo sát chung hoặc theo môn học.' });

export const SURVEY_STATUSES = ['draft', 'active', 'closed'] as const;
export type TSurveyStatus = (typeof SURVEY_STATUSES)[number];
export const SURVEY_STATUS_LABELS: Record<TSurveyStatus, string> = { draft: 'Bản nháp', active: 'Đang mở', closed: 'Đã đóng' };
export const ZSurveyStatus = z.enum(SURVEY_STATUSES, { error: 'Trạng thái khảo sát không hợp lệ.' });

export const QUESTION_TYPES = ['short_text', 'long_text', 'multiple_choice', 'grid', 'checkbox', 'linear_scale', 'dropdown'] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<TQuestionType, string> = {
  short_text: 'Trả lời ngắn',
  long_text: 'Đoạn văn',
  multiple_choice: 'Trắc nghiệm',
  grid: 'Lưới trắc nghiệm',
  checkbox: 'Hộp kiểm',
  linear_scale: 'Thang đo tuyến tính',
  dropdown: 'Danh sách thả xuống',
};
export const ZQuestionType = z.enum(QUESTION_TYPES, { error: 'Loại câu hỏi không được hỗ trợ.' });
/** Question types whose options are a list of choices. */
export const CHOICE_QUESTION_TYPES = ['multiple_choice', 'checkbox', 'dropdown'] as const satisfies readonly TQuestionType[];
export const TEXT_QUESTION_TYPES = ['short_text', 'long_text'] as const satisfies readonly TQuestionType[];
export const isQuestionType = (t: unknown): t is TQuestionType => (QUESTION_TYPES as readonly unknown[]).includes(t);
export const isChoiceType = (t: unknown): t is (typeof CHOICE_QUESTION_TYPES)[number] =>
  (CHOICE_QUESTION_TYPES as readonly unknown[]).includes(t);
export const isTextType = (t: unknown): t is (typeof TEXT_QUESTION_TYPES)[number] =>
  (TEXT_QUESTION_TYPES as readonly unknown[]).includes(t);

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<TReviewStatus, string> = { pending: 'Chờ duyệt', approved: 'Đã duyệt', rejected: 'Từ chối' };
export const ZReviewStatus = z.enum(REVIEW_STATUSES, { error: 'Trạng thái duyệt không hợp lệ.' });

// ---- Constants (spec sections 2, 3, 9) ----
/** The value of the "Khác" (other) choice and of `selectedOptions` in an other-choice answer. */
export const OTHER_VALUE = 'other';
export const OTHER_LABEL = 'Khác';
/** The "no opinion" grid column: value `None`, no number, hidden in the teacher preview, left out of means. */
export const GRID_NONE_VALUE = 'None';
export const GRID_NONE_LABEL = 'Không có ý kiến';
export const LINEAR_SCALE_DEFAULTS = { min: 1, max: 5 } as const;
export const LONG_TEXT_ROWS = 4;
/** Our own limits on free-text answers (not in the spec). */
export const TEXT_ANSWER_MAX = { short_text: 1000, long_text: 5000 } as const;

// ---- Option shapes (spec section 3) ----
const optionValue = z.union([z.string(), z.number()]).transform(String);
export const ZChoiceItem = z.union([
  optionValue,
  z.object({ value: optionValue, label: z.string().optional(), isOther: z.boolean().optional() }),
]);
export const ZChoiceArrayOptions = z.array(ZChoiceItem);
export const ZChoiceObjectOptions = z.object({ choices: ZChoiceArrayOptions, allowOther: z.boolean().optional() });
export const ZChoiceMapOptions = z.record(z.string(), z.string());
export const ZLinearScaleOptions = z.object({
  min: z.coerce.number().int('Giá trị nhỏ nhất phải là số nguyên.').default(LINEAR_SCALE_DEFAULTS.min),
  max: z.coerce.number().int('Giá trị lớn nhất phải là số nguyên.').default(LINEAR_SCALE_DEFAULTS.max),
  minLabel: z.string().nullish(),
  maxLabel: z.string().nullish(),
});
/** Any of the spec's shapes, as stored and as the API carries them (kept as sent). */
export const ZQuestionOptions = z.union([ZChoiceObjectOptions, ZChoiceArrayOptions, ZLinearScaleOptions.strict(), ZChoiceMapOptions]);
export type TQuestionOptions = z.input<typeof ZQuestionOptions>;

export type TChoice = { value: string; label: string; isOther: boolean };
export type TLinearScale = { min: number; max: number; minLabel: string; maxLabel: string };
export type TNormalizedOptions = { choices: TChoice[]; allowOther: boolean; scale?: TLinearScale };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const toChoice = (item: unknown): TChoice | null => {
  if (typeof item === 'string' || typeof item === 'number') {
    const value = String(item);
    const isOther = value === OTHER_VALUE;
    return { value, label: isOther ? OTHER_LABEL : value, isOther };
  }
  if (isRecord(item) && (typeof item.value === 'string' || typeof item.value === 'number')) {
    const value = String(item.value);
    const isOther = item.isOther === true || value === OTHER_VALUE;
    const label = typeof item.label === 'string' && item.label.trim() !== '' ? item.label : isOther ? OTHER_LABEL : value;
    return { value, label, isOther };
  }
  return null;
};
const toScale = (o: Record<string, unknown>): TLinearScale => {
  const num = (v: unknown, d: number) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? d : Number(v));
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    min: num(o.min, LINEAR_SCALE_DEFAULTS.min),
    max: num(o.max, LINEAR_SCALE_DEFAULTS.max),
    minLabel: text(o.minLabel),
    maxLabel: text(o.maxLabel),
  };
};

/**
 * Every option shape in one form: the choices in order (a "Khác" choice recognised by `isOther` or
 * value `other`, appended once when only `allowOther` says so), whether "Khác" is offered, and for a
 * linear scale its bounds (min 1 and max 5 unless given). A JSON string is parsed first; anything
 * unreadable gives no choices.
 */
export function normalizeOptions(questionType: string, options: unknown): TNormalizedOptions {
  let o = options;
  if (typeof o === 'string') {
    try {
      o = JSON.parse(o);
    } catch {
      o = null;
    }
  }
  if (questionType === 'linear_scale') return { choices: [], allowOther: false, scale: toScale(isRecord(o) ? o : {}) };
  let choices: TChoice[] = [];
  let allowOther = false;
  if (Array.isArray(o)) choices = o.map(toChoice).filter((c): c is TChoice => c !== null);
  else if (isRecord(o) && Array.isArray(o.choices)) {
    choices = o.choices.map(toChoice).filter((c): c is TChoice => c !== null);
    allowOther = o.allowOther === true;
  } else if (isRecord(o) && !('min' in o) && !('max' in o)) {
    choices = Object.entries(o)
      .filter(([, label]) => typeof label === 'string')
      .map(([value, label]) => toChoice({ value, label }) as TChoice);
  }
  if (allowOther && !choices.some((c) => c.isOther)) choices.push({ value: OTHER_VALUE, label: OTHER_LABEL, isOther: true });
  return { choices, allowOther: choices.some((c) => c.isOther) };
}

// ---- Grid groups ----
export const ZGridColumn = z.object({
  id: id.optional(),
  label: z.string(),
  value: z.string(),
  valueNumber: z.number().nullable(),
  displayOrder: z.number().int(),
});
export type TGridColumn = z.infer<typeof ZGridColumn>;
export const ZGridGroup = z.object({ id, columns: z.array(ZGridColumn) });
export type TGridGroup = z.infer<typeof ZGridGroup>;

export const isNoOpinionColumn = (c: Pick<TGridColumn, 'label' | 'value'>) =>
  c.value === GRID_NONE_VALUE || c.label.trim() === GRID_NONE_LABEL;
/** Columns as the form shows them: by DESCENDING display order (spec section 2); ties keep their order. */
export const gridColumnsForDisplay = <C extends Pick<TGridColumn, 'displayOrder'>>(columns: readonly C[]): C[] =>
  columns
    .map((c, i) => [c, i] as const)
    .sort((a, b) => b[0].displayOrder - a[0].displayOrder || a[1] - b[1])
    .map(([c]) => c);
/** The teacher preview: display order, without the "Không có ý kiến" (`None`) column. */
export const visibleGridColumnsForTeacher = <C extends Pick<TGridColumn, 'displayOrder' | 'label' | 'value'>>(columns: readonly C[]): C[] =>
  gridColumnsForDisplay(columns.filter((c) => !isNoOpinionColumn(c)));

// ---- The survey as GET /surveys/{id} answers it ----
const requiredFlag = z.preprocess(
  (v) => (v === true ? 1 : v === false ? 0 : v),
  z.union([z.literal(1), z.literal(0)], { error: 'Cờ bắt buộc phải là 1 hoặc 0.' }),
);

export const ZSurveyQuestion = z.object({
  id,
  /** Sanitized HTML. */
  content: z.string(),
  questionType: ZQuestionType,
  required: requiredFlag,
  displayOrder: z.number().int(),
  options: ZQuestionOptions.nullable(),
  visibleToTeacher: z.boolean(),
  lmsOnly: z.boolean(),
  gridGroup: ZGridGroup.nullable(),
});
export type TSurveyQuestion = z.infer<typeof ZSurveyQuestion>;

export const ZSurveySection = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  displayOrder: z.number().int(),
  questions: z.array(ZSurveyQuestion),
});
export type TSurveySection = z.infer<typeof ZSurveySection>;

export const ZSurveyTeacher = z.object({ id, displayName: z.string() });
export const ZStudentCourseClass = z.object({ id, name: z.string(), teachers: z.array(ZSurveyTeacher) });
export const ZSurveySubject = z.object({ id, name: z.string(), usesLms: z.boolean() });

export const ZSurvey = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  surveyType: ZSurveyType,
  status: ZSurveyStatus,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  allowedGrades: z.array(z.number().int()),
  moduleId: id.nullable(),
  subjectId: id.nullable(),
  /** The subject of a SUBJECT_SPECIFIC survey; `usesLms: false` hides the `lmsOnly` questions. */
  subject: ZSurveySubject.nullable(),
  autoCalculate: z.boolean(),
  isTemplate: z.boolean(),
  sections: z.array(ZSurveySection),
  /** Present when the survey is opened for one course class (student form, subject surveys). */
  studentCourseClass: ZStudentCourseClass.nullable().optional(),
  /** How many responses it has (staff views); editing an answered survey is restricted. */
  responseCount: z.number().int().optional(),
  /** When its results were published to teachers and heads (closed, every text reviewed); null = not published. */
  publishedAt: z.string().nullable().optional(),
  ...stamps,
});
export type TSurvey = z.infer<typeof ZSurvey>;

/** Whether the student sees the question: `lmsOnly` questions are left out for subjects without LMS. */
export const isQuestionShown = (survey: { subject?: { usesLms?: boolean } | null }, q: { lmsOnly?: boolean }) =>
  !(q.lmsOnly && survey.subject?.usesLms === false);
/** Sections and questions in display order, only the questions the student sees. */
export function orderedSections<S extends Pick<TSurvey, 'subject'> & { sections: TSurveySection[] }>(survey: S): TSurveySection[] {
  return [...survey.sections]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((s) => ({
      ...s,
      questions: s.questions.filter((q) => isQuestionShown(survey, q)).sort((a, b) => a.displayOrder - b.displayOrder),
    }));
}

export const ZSurveyListItem = z.object({
  id,
  title: z.string(),
  surveyType: ZSurveyType,
  status: ZSurveyStatus,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  allowedGrades: z.array(z.number().int()),
  moduleId: id.nullable(),
  moduleCode: z.string().nullable(),
  subjectId: id.nullable(),
  subjectName: z.string().nullable(),
  isTemplate: z.boolean(),
  autoCalculate: z.boolean(),
  questionCount: z.number().int(),
  responseCount: z.number().int(),
  ...stamps,
});
export type TSurveyListItem = z.infer<typeof ZSurveyListItem>;

const optId = ZIdText.optional();
export const ZSurveyListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  moduleId: optId,
  semesterId: optId,
  academicYearId: optId,
  subjectId: optId,
  status: ZSurveyStatus.optional(),
  surveyType: ZSurveyType.optional(),
  isTemplate: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  search: z.string().trim().max(200).optional(),
});

/** One item of `GET /surveys/students/{studentId}`: a survey the student must answer (per course class for subject surveys). */
export const ZStudentSurveyItem = z.object({
  surveyId: id,
  title: z.string(),
  description: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  surveyType: ZSurveyType,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  subject: ZSurveySubject.nullable(),
  courseClass: ZStudentCourseClass.nullable(),
  completed: z.boolean(),
  responseId: id.nullable(),
  submittedAt: z.string().nullable(),
});
export type TStudentSurveyItem = z.infer<typeof ZStudentSurveyItem>;

// ---- POST /surveys and PUT /surveys/{id} (issue 4): the GET shape without ids for new parts ----
const HTML_ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
/** The visible text of question HTML (tags dropped, common entities decoded, spaces collapsed). */
export const htmlToPlainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_, e: string) => HTML_ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();

const isoDate = (label: string) =>
  z
    .string({ error: `${label} phải là ngày hợp lệ (YYYY-MM-DD).` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} phải là ngày hợp lệ (YYYY-MM-DD).`)
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} phải là ngày hợp lệ.`,
    );
const nullableDate = (label: string) => z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate(label).nullable());
const optText = (label: string, max: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().trim().max(max, `${label} tối đa ${max} ký tự.`).nullable());
const stringish = z.union([z.string(), z.number()]).transform(String);
const grade = z.union([z.literal(10), z.literal(11), z.literal(12)], { error: 'Khối phải là 10, 11 hoặc 12.' });
const grades = z.array(grade).refine((g) => new Set(g).size === g.length, 'Mỗi khối chỉ được chọn một lần.');

export const ZGridColumnInput = z.object({
  id: id.optional(),
  label: z.string({ error: 'Nhãn cột là bắt buộc.' }).trim().min(1, 'Nhãn cột là bắt buộc.').max(100, 'Nhãn cột tối đa 100 ký tự.'),
  value: stringish.pipe(z.string().trim().min(1, 'Giá trị cột là bắt buộc.').max(50, 'Giá trị cột tối đa 50 ký tự.')),
  valueNumber: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.number({ error: 'Giá trị số của cột phải là số.' }).finite().nullable(),
  ),
  displayOrder: z.number().int().min(0),
});
export type TGridColumnInput = z.infer<typeof ZGridColumnInput>;
export const ZGridGroupInput = z.object({
  id: id.optional(),
  /** Questions of one section with the same key share one group. */
  key: stringish.pipe(z.string().min(1, 'Mã nhóm lưới là bắt buộc.')),
  columns: z.array(ZGridColumnInput).default([]),
});

const CHOICE_OPTIONS = z.union([ZChoiceObjectOptions, ZChoiceArrayOptions, ZChoiceMapOptions], {
  error: 'Các lựa chọn không đúng định dạng.',
});
export const ZSurveyQuestionInput = z
  .object({
    id: id.optional(),
    content: z
      .string({ error: 'Nội dung câu hỏi là bắt buộc.' })
      .max(20000, 'Nội dung câu hỏi quá dài.')
      .refine((h) => htmlToPlainText(h) !== '', 'Nội dung câu hỏi là bắt buộc.'),
    questionType: ZQuestionType,
    required: requiredFlag.default(0),
    displayOrder: z.number({ error: 'Thứ tự hiển thị phải là số nguyên.' }).int('Thứ tự hiển thị phải là số nguyên.').min(0),
    options: z.unknown().optional(),
    visibleToTeacher: z.boolean().default(true),
    lmsOnly: z.boolean().default(false),
    gridGroup: ZGridGroupInput.nullable().default(null),
  })
  .transform((q, ctx) => {
    const t = q.questionType;
    let options: z.output<typeof ZQuestionOptions> | null = null;
    if (t === 'linear_scale') {
      const r = ZLinearScaleOptions.safeParse(q.options ?? {});
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['options'], message: r.error.issues[0].message });
      else if (r.data.min >= r.data.max)
        ctx.addIssue({ code: 'custom', path: ['options', 'max'], message: 'Giá trị lớn nhất của thang đo phải lớn hơn giá trị nhỏ nhất.' });
      else if (r.data.max - r.data.min > 10)
        ctx.addIssue({ code: 'custom', path: ['options', 'max'], message: 'Thang đo có tối đa 11 mức.' });
      else options = r.data;
    } else if (isChoiceType(t)) {
      const r = CHOICE_OPTIONS.safeParse(q.options ?? []);
      const n = normalizeOptions(t, r.success ? r.data : null);
      const values = n.choices.map((c) => c.value);
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Các lựa chọn không đúng định dạng.' });
      else if (!n.choices.some((c) => !c.isOther))
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Câu hỏi lựa chọn phải có ít nhất một lựa chọn.' });
      // Empty before duplicate: new options in the builder start empty, and two of them are "the same".
      else if (n.choices.some((c) => c.value.trim() === '' || c.label.trim() === ''))
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Lựa chọn không được để trống.' });
      else if (new Set(values).size !== values.length)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Giá trị các lựa chọn không được trùng nhau.' });
      // Picking one of one is no question; "Khác" counts (one choice + "Khác" is a real pick). A lone checkbox
      // ("Em đồng ý …") is fine.
      else if (t !== 'checkbox' && n.choices.length < 2)
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: `Câu hỏi ${QUESTION_TYPE_LABELS[t].toLowerCase()} cần ít nhất 2 lựa chọn.`,
        });
      else options = r.data;
    }
    if (t === 'grid' && !q.gridGroup)
      ctx.addIssue({ code: 'custom', path: ['gridGroup'], message: 'Câu hỏi dạng lưới phải thuộc một nhóm lưới.' });
    if (t !== 'grid' && q.gridGroup)
      ctx.addIssue({ code: 'custom', path: ['gridGroup'], message: 'Chỉ câu hỏi dạng lưới mới thuộc nhóm lưới.' });
    return { ...q, options };
  });
export type TSurveyQuestionInput = z.output<typeof ZSurveyQuestionInput>;

export const ZSurveySectionInput = z.object({
  id: id.optional(),
  title: z
    .string({ error: 'Tiêu đề phần là bắt buộc.' })
    .trim()
    .min(1, 'Tiêu đề phần là bắt buộc.')
    .max(300, 'Tiêu đề phần tối đa 300 ký tự.'),
  description: optText('Mô tả phần', 5000),
  displayOrder: z.number({ error: 'Thứ tự hiển thị phải là số nguyên.' }).int('Thứ tự hiển thị phải là số nguyên.').min(0),
  questions: z.array(ZSurveyQuestionInput).default([]),
});
export type TSurveySectionInput = z.output<typeof ZSurveySectionInput>;

const sameColumns = (a: TGridColumnInput[], b: TGridColumnInput[]) =>
  a.length === b.length &&
  a.every(
    (c, i) =>
      c.label === b[i].label && c.value === b[i].value && c.valueNumber === b[i].valueNumber && c.displayOrder === b[i].displayOrder,
  );

/** The grid groups of one section: key → the defining columns (first non-empty) and where each question sits. */
function checkGridGroups(section: TSurveySectionInput, path: (string | number)[], ctx: z.RefinementCtx) {
  const groups = new Map<string, { columns: TGridColumnInput[]; at: (string | number)[] }>();
  section.questions.forEach((q, j) => {
    if (!q.gridGroup) return;
    const at = [...path, 'questions', j, 'gridGroup', 'columns'];
    const g = groups.get(q.gridGroup.key);
    if (!g) groups.set(q.gridGroup.key, { columns: q.gridGroup.columns, at });
    else if (g.columns.length === 0) Object.assign(g, { columns: q.gridGroup.columns, at });
    else if (q.gridGroup.columns.length > 0 && !sameColumns(g.columns, q.gridGroup.columns))
      ctx.addIssue({ code: 'custom', path: at, message: 'Các câu hỏi cùng nhóm lưới phải có cùng các cột.' });
  });
  for (const { columns, at } of groups.values()) {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: at, message });
    const uniq = (xs: unknown[]) => new Set(xs).size === xs.length;
    if (columns.length < 2) issue('Nhóm lưới phải có ít nhất 2 cột.');
    else if (!uniq(columns.map((c) => c.value))) issue('Giá trị các cột của lưới không được trùng nhau.');
    else if (!uniq(columns.map((c) => c.label))) issue('Nhãn các cột của lưới không được trùng nhau.');
    else if (!uniq(columns.map((c) => c.displayOrder))) issue('Thứ tự hiển thị các cột của lưới không được trùng nhau.');
    else if (columns.some((c) => c.value === GRID_NONE_VALUE && c.valueNumber !== null))
      issue('Cột "Không có ý kiến" (giá trị None) không có giá trị số.');
  }
}

export const ZSurveyInput = z
  .object({
    title: z
      .string({ error: 'Tiêu đề khảo sát là bắt buộc.' })
      .trim()
      .min(1, 'Tiêu đề khảo sát là bắt buộc.')
      .max(300, 'Tiêu đề khảo sát tối đa 300 ký tự.'),
    description: optText('Mô tả', 10000),
    coverImageUrl: optText('Đường dẫn ảnh bìa', 1000),
    surveyType: ZSurveyType,
    status: ZSurveyStatus.default('draft'),
    startDate: nullableDate('Ngày bắt đầu'),
    endDate: nullableDate('Ngày kết thúc'),
    allowedGrades: grades.default([]),
    moduleId: id.nullable().default(null),
    subjectId: id.nullable().default(null),
    autoCalculate: z.boolean().default(false),
    /** A template: no module, never active; its type says which kind of survey it makes. */
    isTemplate: z.boolean().default(false),
    sections: z.array(ZSurveySectionInput).default([]),
  })
  .superRefine((s, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (s.startDate && s.endDate && s.endDate < s.startDate) issue(['endDate'], 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu.');
    if (s.isTemplate) {
      if (s.moduleId !== null) issue(['moduleId'], 'Mẫu khảo sát không gắn với học phần.');
      if (s.status !== 'draft') issue(['status'], 'Mẫu khảo sát không thể mở cho học sinh trả lời.');
    } else {
      if (s.moduleId === null) issue(['moduleId'], 'Học phần là bắt buộc.');
      if (s.allowedGrades.length === 0) issue(['allowedGrades'], 'Phải chọn ít nhất một khối được tham gia.');
      if (s.status !== 'draft' && !s.startDate) issue(['startDate'], 'Ngày bắt đầu là bắt buộc.');
      if (s.status !== 'draft' && !s.endDate) issue(['endDate'], 'Ngày kết thúc là bắt buộc.');
      if (s.surveyType === 'SUBJECT_SPECIFIC' && s.subjectId === null) issue(['subjectId'], 'Khảo sát theo môn học phải chọn môn học.');
    }
    if (s.surveyType === 'GENERAL' && s.subjectId !== null) issue(['subjectId'], 'Khảo sát chung không gắn với môn học.');
    if (s.status !== 'draft' && !s.sections.some((sec) => sec.questions.length > 0))
      issue(['sections'], 'Khảo sát phải có ít nhất một câu hỏi trước khi mở.');
    const dupOrder = (orders: number[]) => orders.findIndex((o, i) => orders.indexOf(o) !== i);
    const ds = dupOrder(s.sections.map((x) => x.displayOrder));
    if (ds >= 0) issue(['sections', ds, 'displayOrder'], 'Thứ tự hiển thị các phần không được trùng nhau.');
    s.sections.forEach((sec, i) => {
      const dq = dupOrder(sec.questions.map((q) => q.displayOrder));
      if (dq >= 0)
        issue(['sections', i, 'questions', dq, 'displayOrder'], 'Thứ tự hiển thị các câu hỏi trong một phần không được trùng nhau.');
      checkGridGroups(sec, ['sections', i], ctx);
    });
  });
export type TSurveyInput = z.output<typeof ZSurveyInput>;

// ---- Templates and clone (spec section 7) ----
export const ZApplyTemplateInput = z
  .object({
    templateId: id,
    moduleId: id,
    subjectIds: z.array(id).optional(),
    startDate: isoDate('Ngày bắt đầu'),
    endDate: isoDate('Ngày kết thúc'),
    allowedGrades: grades.min(1, 'Phải chọn ít nhất một khối được tham gia.'),
  })
  .refine((o) => o.endDate >= o.startDate, { message: 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu.', path: ['endDate'] });
export const ZCloneSurveyInput = z.object({
  surveyId: id,
  moduleId: id.optional(),
  title: z.string().trim().min(1, 'Tiêu đề khảo sát là bắt buộc.').max(300, 'Tiêu đề khảo sát tối đa 300 ký tự.').optional(),
});
export const ZQuestionVisibilityInput = z.object({ visibleToTeacher: z.boolean({ error: 'visibleToTeacher phải là true hoặc false.' }) });
export const ZBulkQuestionVisibilityInput = z.object({
  questionIds: z.array(id).min(1, 'Phải chọn ít nhất một câu hỏi.').max(1000),
  visibleToTeacher: z.boolean({ error: 'visibleToTeacher phải là true hoặc false.' }),
});

// ---- Answers in the form state (spec section 3) and the submission payload (spec section 7) ----
/** "Khác" chosen: `selectedOptions` is `other` (single choice) or the checked values including `other` (checkbox). */
export const ZOtherAnswer = z.object({
  selectedOptions: z.union([z.literal(OTHER_VALUE), z.array(z.string())]),
  otherValue: z.string(),
  otherAnswers: z.object({ other: z.string() }),
});
export type TOtherAnswer = z.infer<typeof ZOtherAnswer>;
/** Text string; scale number; option (or grid column) value; other-choice object; checkbox array. */
export const ZAnswerValue = z.union([z.string(), z.number(), z.array(z.string()), ZOtherAnswer, z.null()]);
export type TAnswerValue = z.infer<typeof ZAnswerValue> | undefined;
/** Form answers keyed by question id (what autosave keeps). */
export type TAnswers = Record<number | string, TAnswerValue>;

export const ZSubmissionResponse = z.object({
  questionId: id,
  displayOrder: z.number().int(),
  answerText: z.string().max(20000).nullish(),
  answerOptions: z.array(stringish).max(200).nullish(),
  otherValue: z.string().max(5000).nullish(),
  otherAnswers: z.object({ other: z.string().max(5000) }).nullish(),
  /** `grid` for grid rows (the answer is then the column label in `answerText`). */
  questionType: z.string().nullish(),
  gridColumnValueNumber: z.number().nullish(),
});
export type TSubmissionResponse = z.infer<typeof ZSubmissionResponse>;
export const ZSubmission = z.object({
  studentId: id,
  /** The course class answered about; null for a GENERAL survey. */
  courseClassId: id.nullable().default(null),
  studentCourseClassId: id.nullish(),
  teacherCourseClassIds: z.array(id).max(50).nullish(),
  sections: z
    .array(z.object({ sectionId: id, displayOrder: z.number().int(), responses: z.array(ZSubmissionResponse).max(1000) }))
    .max(200),
});
export type TSubmission = z.infer<typeof ZSubmission>;
