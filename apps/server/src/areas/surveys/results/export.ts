import { QUESTION_TYPE_LABELS, htmlToPlainText, normalizeOptions, type TQuestionType } from '@app/shared/surveys';
import { formatDate, formatDateTime } from '@app/shared/format';
import { xlsxSheetsBuffer, type XlsxColumn } from '@/lib/xlsx';
import { loadSurvey } from '../core/surveys.repository';
import { exportRows } from './export.repository';
import { viewerOf } from './access';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { REVIEW_ROLES } from '../access';
import { questionsInOrder } from './question-results';
import { surveyResults, type Ctx } from './survey-results.service';
import { minResponsesSetting } from './survey-results.repository';
import { stepFor } from './anonymity';
import { privateOrderKey } from '../core/order-key.repository';
import { schoolToday } from '../core/school-day';
import { keyedOrder, shownFields } from '../responses/survey-responses.service';

/**
 * GET /surveys/{id}/export-excel: sheet "Tổng hợp" (per question: n, distribution, mean, SD, median —
 * the same figures as GET /results, whole school), sheet "Phản hồi" (one row per response, one column
 * per question; the student's code and name only when the caller is ADMIN), sheet "Thông tin".
 * One row per response comes from SQL (answers grouped per response into one jsonb), not from a JS pivot.
 *
 * For everyone but ADMIN (issue 11, the response lists' rules, responses/staff-view.ts): no response
 * id, no time, no straight-lining flag, the rows in the keyed order, and each describing column
 * (teachers; grade, campus, homeroom class; the day) only for the class groups where every group it
 * makes holds MIN_GROUP_SIZE. On an open survey their rows are those its stepped figures count, so
 * two exports around one submission do not differ by it.
 */
export async function exportExcel(ctx: Ctx, actor: Actor, id: number, filtered: boolean) {
  const { db } = ctx;
  const results = await surveyResults(ctx, actor, id, { filtered, compare: false });
  const viewer = await viewerOf(db, actor);
  const withIdentity = viewer.kind === 'school' && viewer.admin;
  // Free text reaches staff other than the reviewers only once approved (as everywhere else).
  const allTexts = hasAnyRole(actor, REVIEW_ROLES);
  const survey = (await loadSurvey(db, id))!;
  const questions = questionsInOrder(survey);
  const minResponses = await minResponsesSetting(db);
  const k = ctx.rt.config.minGroupSize;

  const stored = await exportRows(db, {
    surveyId: id,
    filtered,
    minResponses,
    questionIds: questions.map((m) => m.q.id),
    allTexts,
    withIdentity,
    step: withIdentity ? null : stepFor(k, survey.status !== 'closed' ? [id] : []),
  });
  const all = stored.map((r) => ({ ...r, studentGrade: r.grade, submittedAt: new Date(r.submittedAt) }));
  type Row = (typeof all)[number];
  const fields = shownFields(all, k);
  const shows = (r: Row, f: 'teachers' | 'place' | 'day') => withIdentity || !!fields.get(String(r.courseClassId ?? ''))?.has(f);
  const rows = withIdentity ? all : keyedOrder(all, await privateOrderKey(db));

  // Choice answers are stored as values; the sheet shows their labels.
  const labelOf = new Map(
    questions.map((m) => [m.q.id, new Map(normalizeOptions(m.q.questionType, m.q.options).choices.map((c) => [c.value, c.label]))]),
  );
  const answerCell = (qid: number, v: string | number | null | undefined) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') return v;
    const labels = labelOf.get(qid);
    return labels && labels.size
      ? v
          .split('; ')
          .map((x) => labels.get(x) ?? x)
          .join('; ')
      : v;
  };

  const summaryColumns: XlsxColumn<(typeof results.questions)[number]>[] = [
    { header: 'STT', width: 6, value: (q) => q.position },
    { header: 'Phần', width: 24, value: (q) => q.sectionTitle },
    { header: 'Câu hỏi', width: 60, value: (q) => q.content },
    { header: 'Loại câu hỏi', width: 18, value: (q) => QUESTION_TYPE_LABELS[q.questionType as TQuestionType] ?? q.questionType },
    { header: 'Số trả lời (n)', width: 14, value: (q) => q.answered },
    { header: 'Số câu tính điểm', width: 16, value: (q) => q.answerN },
    { header: 'Không có ý kiến', width: 16, value: (q) => q.noOpinion },
    { header: 'Điểm trung bình', width: 16, value: (q) => q.mean },
    { header: 'Độ lệch chuẩn (mẫu)', width: 20, value: (q) => q.stdDev },
    { header: 'Trung vị', width: 10, value: (q) => q.median },
    { header: 'Phân bố', width: 80, value: (q) => q.options.map((o) => `${o.label}: ${o.count} (${o.percent}%)`).join('; ') },
  ];
  const responseColumns: XlsxColumn<Row>[] = [
    ...(withIdentity
      ? [
          { header: 'Mã phản hồi', width: 12, value: (r: Row) => r.id },
          { header: 'Thời gian gửi', width: 18, value: (r: Row) => formatDateTime(r.submittedAt) },
          { header: 'Mã học sinh', width: 14, value: (r: Row) => r.studentCode },
          { header: 'Họ và tên', width: 26, value: (r: Row) => r.studentName },
        ]
      : [{ header: 'Ngày gửi', width: 12, value: (r: Row) => (shows(r, 'day') ? formatDate(schoolToday(r.submittedAt)) : null) }]),
    { header: 'Khối', width: 8, value: (r) => (shows(r, 'place') ? r.grade : null) },
    { header: 'Cơ sở', width: 16, value: (r) => (shows(r, 'place') ? r.campusName : null) },
    { header: 'Lớp chủ nhiệm', width: 16, value: (r) => (shows(r, 'place') ? r.homeroomClassName : null) },
    { header: 'Lớp học phần', width: 20, value: (r) => r.courseClassName },
    { header: 'Giáo viên', width: 26, value: (r) => (shows(r, 'teachers') ? r.teachers : null) },
    ...(withIdentity ? [{ header: 'Chọn cùng một mức', width: 18, value: (r: Row) => (r.straightLined ? 'Có' : '') }] : []),
    ...questions.map((m) => ({
      header: `Câu ${m.position}. ${htmlToPlainText(m.q.content)}`.slice(0, 120),
      width: 24,
      value: (r: Row) => answerCell(m.q.id, r.answers[String(m.q.id)]),
    })),
  ];
  const info: Array<[string, string | number]> = [
    ['Khảo sát', results.title],
    ['Môn học', results.subjectName ?? ''],
    ['Số phản hồi', results.n],
    [
      'Số liệu',
      filtered
        ? `Đã lọc: bỏ ${results.filter.straightLinedExcluded} phản hồi chọn cùng một mức và ${results.filter.classesExcluded} lớp có ít hơn ${results.filter.minResponses} phản hồi`
        : 'Không lọc (mọi phản hồi)',
    ],
    ['Độ lệch chuẩn', 'Độ lệch chuẩn mẫu (chia n − 1); "Không có ý kiến" không tính vào điểm'],
    ['Thời điểm xuất', formatDateTime(new Date().toISOString())],
  ];
  const buf = await xlsxSheetsBuffer([
    { sheet: 'Tổng hợp', columns: summaryColumns, rows: results.questions },
    { sheet: 'Phản hồi', columns: responseColumns, rows },
    {
      sheet: 'Thông tin',
      columns: [
        { header: 'Mục', width: 20, value: (r: [string, string | number]) => r[0] },
        { header: 'Giá trị', width: 80, value: (r: [string, string | number]) => r[1] },
      ],
      rows: info,
    },
  ]);
  return { filename: `Ket-qua-khao-sat-${id}`, buf, title: results.title };
}
