import { describe, expect, it } from 'vitest';
import { answerToResponse, questionLabel } from './survey-answers';
import { completeAnswers, makeSurvey } from './survey-fixtures';
import {
  SURVEY_MSG,
  SurveySubmitError,
  answersToSubmission,
  requiredProgress,
  submissionToAnswers,
  validateAnswer,
  validateSubmission,
  validateSurveyAnswers,
} from './survey-validation';
import { type TAnswerValue, type TSubmission, type TSurveyQuestion, ZSubmission } from './surveys';

const survey = makeSurvey();
const Q = Object.fromEntries(survey.sections.flatMap((s) => s.questions.map((q) => [q.id, q]))) as Record<number, TSurveyQuestion>;
const optional = (id: number) => ({ ...Q[id], required: 0 as const });
const other = (selectedOptions: string | string[], text: string, otherText = text) =>
  ({ selectedOptions, otherValue: text, otherAnswers: { other: otherText } }) as TAnswerValue;
const M = SURVEY_MSG;

describe("the messages are the spec's, verbatim (section 5)", () => {
  it.each([
    [M.required, 'Câu hỏi này bắt buộc phải trả lời.'],
    [M.otherRequired, 'Vui lòng nhập giá trị cho lựa chọn "Khác"'],
    [M.chooseValue, 'Vui lòng chọn một giá trị.'],
    [M.chooseAtLeastOne, 'Vui lòng chọn ít nhất một lựa chọn'],
    [M.enterAnswer, 'Vui lòng nhập câu trả lời.'],
    [M.chooseScale, 'Vui lòng chọn một giá trị trên thang đo.'],
    [M.gridGroupRequired, 'Vui lòng trả lời tất cả các câu hỏi bắt buộc trong nhóm này.'],
    [M.unsupportedType, 'Loại câu hỏi không được hỗ trợ.'],
    [M.fillRequiredToast, 'Vui lòng điền đầy đủ thông tin cho các câu hỏi bắt buộc'],
    [M.noStudent, 'Không thể xác định thông tin học sinh.'],
    [M.restored, 'Đã khôi phục câu trả lời từ lần truy cập trước'],
    [M.submitSuccess, 'Gửi khảo sát thành công!'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});

describe('validateAnswer', () => {
  it.each<[string, TSurveyQuestion, TAnswerValue, string | null]>([
    // short / long text
    ['short: never answered', Q[101], undefined, M.enterAnswer],
    ['short: null', Q[101], null, M.required],
    ['short: cleared', Q[101], '', M.required],
    ['short: blank after trimming', Q[101], '   ', M.enterAnswer],
    ['short: answered', Q[101], 'Giờ thực hành', null],
    ['short: not a string', Q[101], 42, M.enterAnswer],
    ['short: too long', Q[101], 'x'.repeat(1001), M.textTooLong(1000)],
    ['long optional: never answered', Q[102], undefined, null],
    ['long optional: cleared', Q[102], '', null],
    ['long optional: blank', Q[102], '  \n ', null],
    ['long optional: answered', Q[102], 'Không', null],
    ['long optional: too long', Q[102], 'x'.repeat(5001), M.textTooLong(5000)],
    // multiple choice (object with allowOther)
    ['mc: never answered', Q[103], undefined, M.chooseValue],
    ['mc: null', Q[103], null, M.required],
    ['mc: cleared', Q[103], '', M.required],
    ['mc: a choice', Q[103], 'A', null],
    ['mc: unknown value', Q[103], 'C', M.invalidOption],
    ['mc: bare other', Q[103], 'other', M.otherRequired],
    ['mc: other without text', Q[103], other('other', ''), M.otherRequired],
    ['mc: other with blank text', Q[103], other('other', '   '), M.otherRequired],
    ['mc: other with text', Q[103], other('other', 'Cả hai'), null],
    ['mc: other text only in otherAnswers', Q[103], other('other', '', 'Cả hai'), null],
    ['mc: object with nothing selected', Q[103], other('', ''), M.chooseValue],
    ['mc: object with a plain choice', Q[103], other('B', ''), null],
    ['mc: two values', Q[103], ['A', 'B'], M.singleChoiceOnly],
    ['mc: one value in an array', Q[103], ['A'], null],
    ['mc optional: never answered', optional(103), undefined, null],
    ['mc optional: object with nothing selected', optional(103), other('', ''), null],
    ['mc optional: other still needs text', optional(103), other('other', ''), M.otherRequired],
    // dropdown (map)
    ['dropdown: never answered', Q[104], undefined, M.chooseValue],
    ['dropdown: a key', Q[104], 'a', null],
    ['dropdown: a label is not a value', Q[104], 'Lựa chọn A', M.invalidOption],
    ['dropdown: other not offered', Q[104], other('other', 'x'), M.invalidOption],
    // checkbox (array of objects with isOther)
    ['checkbox: never answered', Q[105], undefined, M.chooseAtLeastOne],
    ['checkbox: cleared', Q[105], [], M.required],
    ['checkbox: one', Q[105], ['x'], null],
    ['checkbox: two', Q[105], ['x', 'y'], null],
    ['checkbox: unknown value', Q[105], ['x', 'z'], M.invalidOption],
    ['checkbox: repeated value', Q[105], ['x', 'x'], M.invalidOption],
    ['checkbox: other checked without text', Q[105], ['x', 'other'], M.otherRequired],
    ['checkbox: other object without text', Q[105], other(['other'], ''), M.otherRequired],
    ['checkbox: other object with text', Q[105], other(['x', 'other'], 'Trò chơi'), null],
    ['checkbox: object with nothing checked', Q[105], other([], ''), M.chooseAtLeastOne],
    ['checkbox optional: cleared', optional(105), [], null],
    ['checkbox optional: object with nothing checked', optional(105), other([], ''), null],
    // linear scale 1..5
    ['scale: never answered', Q[106], undefined, M.chooseScale],
    ['scale: null', Q[106], null, M.required],
    ['scale: in range', Q[106], 3, null],
    ['scale: min', Q[106], 1, null],
    ['scale: max', Q[106], 5, null],
    ['scale: below', Q[106], 0, M.scaleOutOfRange(1, 5)],
    ['scale: above', Q[106], 6, M.scaleOutOfRange(1, 5)],
    ['scale: not whole', Q[106], 2.5, M.scaleOutOfRange(1, 5)],
    ['scale: numeric string', Q[106], '4', null],
    ['scale: not a number', Q[106], 'abc', M.chooseScale],
    ['scale: defaults when options are null', { ...Q[106], options: null }, 6, M.scaleOutOfRange(1, 5)],
    ['scale: 0..10', { ...Q[106], options: { min: 0, max: 10 } }, 0, null],
    // grid (state holds the column value)
    ['grid: never answered', Q[201], undefined, M.chooseValue],
    ['grid: null', Q[201], null, M.required],
    ['grid: a column value', Q[201], '5', null],
    ['grid: numeric value', Q[201], 5, null],
    ['grid: no opinion', Q[201], 'None', null],
    ['grid: unknown column', Q[201], '9', M.invalidGridColumn],
    ['grid: a label is not a value', Q[201], 'Rất đồng ý', M.invalidGridColumn],
    ['grid optional: never answered', Q[203], undefined, null],
    // unsupported
    ['unsupported type', { ...Q[101], questionType: 'rating' as never }, 'x', M.unsupportedType],
  ])('%s', (_name, question, value, expected) => {
    expect(validateAnswer(question, value)).toBe(expected);
  });
});

describe('validateSurveyAnswers (the submit check)', () => {
  it('passes complete answers', () => {
    expect(validateSurveyAnswers(survey, completeAnswers())).toEqual({
      valid: true,
      questionErrors: {},
      gridGroupErrors: {},
      firstErrorQuestionId: null,
    });
  });
  it('reports every required question, the grid group, and the first in display order', () => {
    const r = validateSurveyAnswers(survey, {});
    expect(r.valid).toBe(false);
    expect(r.questionErrors).toEqual({
      101: M.enterAnswer,
      103: M.chooseValue,
      104: M.chooseValue,
      105: M.chooseAtLeastOne,
      106: M.chooseScale,
      201: M.chooseValue,
      202: M.chooseValue,
      204: M.enterAnswer,
    });
    expect(r.gridGroupErrors).toEqual({ 7: M.gridGroupRequired });
    expect(r.firstErrorQuestionId).toBe(201);
  });
  it('gives no group error when only an optional row is off', () => {
    const r = validateSurveyAnswers(survey, { ...completeAnswers(), 203: '9' });
    expect(r.questionErrors).toEqual({ 203: M.invalidGridColumn });
    expect(r.gridGroupErrors).toEqual({});
  });
  it('ignores lmsOnly questions for subjects without LMS', () => {
    const noLms = makeSurvey({ subject: { id: 4, name: 'Thể dục', usesLms: false } });
    const { 204: _, ...answers } = completeAnswers();
    expect(validateSurveyAnswers(noLms, answers).valid).toBe(true);
    expect(validateSurveyAnswers(survey, answers).questionErrors).toEqual({ 204: M.enterAnswer });
  });
});

describe('requiredProgress (the form\'s "Đã trả lời X/Y câu bắt buộc")', () => {
  it('counts the shown required questions and those whose answer passes the check', () => {
    expect(requiredProgress(survey, {})).toEqual({ answered: 0, required: 8 });
    expect(requiredProgress(survey, completeAnswers())).toEqual({ answered: 8, required: 8 });
  });
  it('counts an answer only once it is valid, and never an optional one', () => {
    const half = {
      101: 'Có',
      102: 'Tùy ý',
      203: '2',
      103: { selectedOptions: 'other', otherValue: '', otherAnswers: { other: '' } },
      106: 9,
    };
    expect(requiredProgress(survey, half as never)).toEqual({ answered: 1, required: 8 });
    expect(requiredProgress(survey, { ...completeAnswers(), 101: '   ' })).toEqual({ answered: 7, required: 8 });
  });
  it('leaves out lmsOnly questions the subject hides, like the submit check', () => {
    const noLms = makeSurvey({ subject: { id: 4, name: 'Thể dục', usesLms: false } });
    expect(requiredProgress(noLms, {})).toEqual({ answered: 0, required: 7 });
  });
  it('reaches its total exactly when the submit check passes', () => {
    const { 106: _, ...answers } = completeAnswers();
    expect(requiredProgress(survey, answers)).toEqual({ answered: 7, required: 8 });
    expect(validateSurveyAnswers(survey, answers).valid).toBe(false);
    expect(validateSurveyAnswers(survey, { ...answers, 106: 3 }).valid).toBe(true);
    expect(requiredProgress(survey, { ...answers, 106: 3 })).toEqual({ answered: 8, required: 8 });
  });
});

const ctx = { studentId: 12, courseClassId: 55, studentCourseClassId: 55, teacherCourseClassIds: [9] };

describe('answersToSubmission (spec section 7 payload)', () => {
  const payload = answersToSubmission(survey, completeAnswers(), ctx);
  const responses = Object.fromEntries(payload.sections.flatMap((s) => s.responses.map((r) => [r.questionId, r])));

  it('has the spec shape and parses as ZSubmission', () => {
    expect(ZSubmission.parse(payload)).toEqual(payload);
    expect(Object.keys(payload).sort()).toEqual([
      'courseClassId',
      'sections',
      'studentCourseClassId',
      'studentId',
      'teacherCourseClassIds',
    ]);
    expect(payload.sections.map((s) => [s.sectionId, s.displayOrder])).toEqual([
      [20, 1],
      [10, 2],
    ]);
    expect(payload.sections[1].responses.map((r) => r.questionId)).toEqual([101, 102, 103, 104, 105, 106]);
  });
  it.each([
    [101, { questionId: 101, displayOrder: 1, answerText: 'Giờ thực hành' }],
    [103, { questionId: 103, displayOrder: 3, answerOptions: ['other'], otherValue: 'Cả hai', otherAnswers: { other: 'Cả hai' } }],
    [104, { questionId: 104, displayOrder: 4, answerOptions: ['b'] }],
    [105, { questionId: 105, displayOrder: 5, answerOptions: ['x', 'other'], otherValue: 'Trò chơi', otherAnswers: { other: 'Trò chơi' } }],
    [106, { questionId: 106, displayOrder: 6, answerText: '4' }],
    [201, { questionId: 201, displayOrder: 1, answerText: 'Rất đồng ý', questionType: 'grid', gridColumnValueNumber: 5 }],
    [202, { questionId: 202, displayOrder: 2, answerText: 'Không có ý kiến', questionType: 'grid', gridColumnValueNumber: null }],
  ])('question %i', (id, expected) => expect(responses[id]).toEqual(expected));

  it('leaves out unanswered questions and trims text', () => {
    const p = answersToSubmission(survey, { 101: '  Hay  ', 102: '   ', 105: [] }, ctx);
    expect(p.sections.flatMap((s) => s.responses)).toEqual([{ questionId: 101, displayOrder: 1, answerText: 'Hay' }]);
  });
  it('sends no course-class extras for a GENERAL survey', () => {
    const p = answersToSubmission(makeSurvey({ surveyType: 'GENERAL', subject: null, subjectId: null }), {}, { studentId: 12 });
    expect(Object.keys(p).sort()).toEqual(['courseClassId', 'sections', 'studentId']);
    expect(p.courseClassId).toBeNull();
  });
  it('refuses without a student id, with the spec message', () => {
    expect(() => answersToSubmission(survey, {}, { studentId: null })).toThrow(SurveySubmitError);
    expect(() => answersToSubmission(survey, {}, { studentId: undefined })).toThrow(M.noStudent);
  });
  it('round-trips: the payload passes the server check and gives the answers back', () => {
    expect(validateSubmission(survey, payload)).toEqual([]);
    expect(submissionToAnswers(survey, payload)).toEqual(completeAnswers());
  });
  it('round-trips a plain checkbox array and an "other" with a custom value', () => {
    const q = { ...Q[103], options: [{ value: 'a' }, { value: 'khac', label: 'Khác', isOther: true }] };
    expect(answerToResponse(q, other('other', 'Ý riêng'))).toEqual({
      answerOptions: ['khac'],
      otherValue: 'Ý riêng',
      otherAnswers: { other: 'Ý riêng' },
    });
    const p = answersToSubmission(survey, { ...completeAnswers(), 105: ['y', 'x'] }, ctx);
    expect(submissionToAnswers(survey, p)[105]).toEqual(['y', 'x']);
  });
});

// ---- the server's check ----
const withResponses = (changes: Record<number, Record<string, unknown> | null>, extra: TSubmission['sections'] = []): TSubmission => {
  const p = answersToSubmission(survey, completeAnswers(), ctx);
  for (const s of p.sections)
    s.responses = s.responses.flatMap((r) =>
      r.questionId in changes ? (changes[r.questionId] ? [{ ...r, ...changes[r.questionId] }] : []) : [r],
    );
  p.sections.push(...extra);
  return p;
};
const named = (id: number, message: string) => ({ questionId: id, message: M.namedQuestion(questionLabel(Q[id]), message) });

describe('validateSubmission (server)', () => {
  it.each<[string, TSubmission, { questionId: number | null; message: string }[]]>([
    ['missing required text', withResponses({ 101: null }), [named(101, M.enterAnswer)]],
    ['missing required grid row', withResponses({ 202: null }), [named(202, M.chooseValue)]],
    ['missing optional answers is fine', withResponses({ 102: null, 203: null }), []],
    ['required text blank', withResponses({ 101: { answerText: '  ' } }), [named(101, M.enterAnswer)]],
    ['unknown option', withResponses({ 104: { answerOptions: ['c'] } }), [named(104, M.invalidOption)]],
    ['two options on a single choice', withResponses({ 104: { answerOptions: ['a', 'b'] } }), [named(104, M.singleChoiceOnly)]],
    ['unknown checkbox option', withResponses({ 105: { answerOptions: ['x', 'q'] } }), [named(105, M.invalidOption)]],
    ['other without text', withResponses({ 103: { otherValue: '', otherAnswers: { other: ' ' } } }), [named(103, M.otherRequired)]],
    ['checkbox other without text', withResponses({ 105: { otherValue: null, otherAnswers: null } }), [named(105, M.otherRequired)]],
    ['scale above max', withResponses({ 106: { answerText: '6' } }), [named(106, M.scaleOutOfRange(1, 5))]],
    ['scale below min', withResponses({ 106: { answerText: '0' } }), [named(106, M.scaleOutOfRange(1, 5))]],
    ['scale not a number', withResponses({ 106: { answerText: 'năm' } }), [named(106, M.chooseScale)]],
    ['unknown grid column label', withResponses({ 201: { answerText: 'Tuyệt vời' } }), [named(201, M.invalidGridColumn)]],
    ['grid value instead of label', withResponses({ 201: { answerText: '5' } }), [named(201, M.invalidGridColumn)]],
    [
      'unknown question',
      withResponses({}, [{ sectionId: 10, displayOrder: 2, responses: [{ questionId: 999, displayOrder: 9, answerText: 'x' }] }]),
      [{ questionId: 999, message: M.unknownQuestion(999) }],
    ],
    [
      'unknown section',
      withResponses({}, [{ sectionId: 77, displayOrder: 3, responses: [] }]),
      [{ questionId: null, message: M.unknownSection(77) }],
    ],
    [
      'answer in the wrong section',
      withResponses({}, [{ sectionId: 20, displayOrder: 1, responses: [{ questionId: 102, displayOrder: 2, answerText: 'x' }] }]),
      [named(102, M.wrongSection)],
    ],
    [
      'same question twice',
      withResponses({}, [{ sectionId: 10, displayOrder: 2, responses: [{ questionId: 101, displayOrder: 1, answerText: 'x' }] }]),
      [named(101, M.duplicateAnswer)],
    ],
  ])('%s', (_name, submission, errors) => {
    expect(validateSubmission(survey, submission)).toEqual(errors);
  });

  it('rejects an answer to an lmsOnly question hidden for the subject', () => {
    const noLms = makeSurvey({ subject: { id: 4, name: 'Thể dục', usesLms: false } });
    expect(validateSubmission(noLms, withResponses({}))).toEqual([{ questionId: 204, message: M.unknownQuestion(204) }]);
    expect(validateSubmission(noLms, withResponses({ 204: null }))).toEqual([]);
  });
  it('rejects an empty submission naming every required question', () => {
    const errors = validateSubmission(survey, { sections: [] });
    expect(errors.map((e) => e.questionId)).toEqual([201, 202, 204, 101, 103, 104, 105, 106]);
    expect(errors[0].message).toBe('Câu hỏi "Thầy cô giảng dễ hiểu": Vui lòng chọn một giá trị.');
    expect(errors[3].message).toBe('Câu hỏi "Em thích điều gì nhất?": Vui lòng nhập câu trả lời.');
  });
});
