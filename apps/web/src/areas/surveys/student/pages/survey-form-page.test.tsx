import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import type { TSurvey } from '@app/shared/surveys';
import { captureParams, fail, mockApi, ok, type MockReply, type MockRoutes } from '@/test/mock-api';
import { makeUser } from '@/test/fixtures';
import { authValue, renderUi } from '@/test/render-app';
import { draftKey } from '../lib/draft-storage';
import SurveyFormPage from './survey-form-page';

const KEY = { surveyId: 1, studentId: 5001, courseClassId: 55 };
const STATE = { surveyId: 1, courseClassId: 55 };
const STUDENT = makeUser(['STUDENT'], { studentId: 5001 });

let mock: ReturnType<typeof mockApi> | undefined;
function renderForm(
  api: MockRoutes = {},
  { state = STATE as unknown, survey = makeSurvey(), user }: { state?: unknown; survey?: TSurvey; user?: null } = {},
) {
  mock = mockApi({ 'GET /v1/surveys/1': () => ok(survey), ...api });
  const path = '/student/surveys/form';
  // user null: signed in, but without a user (so without a student id).
  return renderUi(<SurveyFormPage />, { path, routePath: path, state, auth: user === null ? authValue(null) : STUDENT });
}
const submitButton = () => screen.getByRole('button', { name: SURVEY_MSG.submitButton });
const posts = () => mock!.calls.filter((c) => c.method === 'POST');
const storedDraft = () => JSON.parse(localStorage.getItem(draftKey(KEY)) ?? 'null') as { answers: Record<string, unknown> } | null;

beforeEach(() => localStorage.clear());
afterEach(() => {
  mock?.restore();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/student/surveys/form: header and load states', () => {
  it('shows the header block of spec section 2 and asks the survey for the course class', async () => {
    const capture = captureParams();
    renderForm({}, { survey: makeSurvey({ coverImageUrl: '/uploads/cover.png' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Khảo sát ý kiến học sinh về môn Toán' })).toBeInTheDocument();
    expect(capture.seen.find((r) => r.url === '/v1/surveys/1')?.params).toEqual({ courseClassId: 55 });
    capture.stop();
    expect(screen.getByRole('link', { name: 'Quay lại danh sách khảo sát' })).toHaveAttribute('href', '/student/surveys');
    expect(document.querySelector('img')).toHaveAttribute('src', '/uploads/cover.png');
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Ngày bắt đầu:05/01/2026');
    expect(header).toHaveTextContent('Ngày kết thúc:20/01/2026');
    expect(header).toHaveTextContent('Môn học:Toán');
    expect(header).toHaveTextContent('Lớp học phần:Toán 10A1');
    expect(header).toHaveTextContent('Giáo viên:Nguyễn Văn An');
    expect(submitButton()).toBeEnabled();
  });

  it('without a survey in navigation state: "Lỗi: Không thể xác định khảo sát"', async () => {
    renderForm({}, { state: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(`Lỗi: ${SURVEY_MSG.noSurveyId}`);
    expect(mock!.calls.filter((c) => c.url.startsWith('/v1/surveys'))).toHaveLength(0);
  });

  it.each<[string, MockReply, string]>([
    ['the server message', fail(403, 'Em không thuộc đối tượng của khảo sát này.'), 'Em không thuộc đối tượng của khảo sát này.'],
    ['a server error without message', { status: 500, body: {} }, SURVEY_MSG.loadServerError],
    ['another failure without message', { status: 400, body: {} }, SURVEY_MSG.loadFailed],
    ['a missing survey', ok(null), SURVEY_MSG.surveyNotFound],
  ])('load failure shows %s inline as "Lỗi: text"', async (_, reply, text) => {
    renderForm({ 'GET /v1/surveys/1': () => reply });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(`Lỗi: ${text}`);
  });

  it('a survey without content shows the empty state and no submit button', async () => {
    renderForm({}, { survey: makeSurvey({ sections: [] }) });
    expect(await screen.findByText(SURVEY_MSG.emptySurvey)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SURVEY_MSG.submitButton })).not.toBeInTheDocument();
  });
});

describe('/student/surveys/form: validation (spec section 5)', () => {
  it("submit with required questions unanswered: each type's message, the group message, the toast, focus on the first", async () => {
    const error = vi.spyOn(toast, 'error');
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SURVEY_MSG.submitButton }));
    expect(error).toHaveBeenCalledWith(SURVEY_MSG.fillRequiredToast);
    expect(await screen.findByText(SURVEY_MSG.fillRequiredToast)).toBeInTheDocument();
    const q = (id: number) => document.getElementById(`sv-q-${id}`)!;
    expect(q(101)).toHaveTextContent(SURVEY_MSG.enterAnswer);
    expect(q(102)).not.toHaveTextContent(/Vui lòng|bắt buộc phải/); // optional
    expect(q(103)).toHaveTextContent(SURVEY_MSG.chooseValue);
    expect(q(104)).toHaveTextContent(SURVEY_MSG.chooseValue);
    expect(q(105)).toHaveTextContent(SURVEY_MSG.chooseAtLeastOne);
    expect(q(106)).toHaveTextContent(SURVEY_MSG.chooseScale);
    expect(q(201)).toHaveTextContent(SURVEY_MSG.chooseValue);
    expect(q(202)).toHaveTextContent(SURVEY_MSG.chooseValue);
    expect(q(203)).not.toHaveTextContent(SURVEY_MSG.chooseValue); // optional grid row
    expect(q(204)).toHaveTextContent(SURVEY_MSG.enterAnswer);
    expect(screen.getByText(SURVEY_MSG.gridGroupRequired)).toBeInTheDocument();
    // the first errored question in display order is the first grid row (section "Giáo viên" comes first)
    expect(q(201)).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Rất đồng ý' })).toHaveAccessibleDescription(SURVEY_MSG.chooseValue);
    expect(posts()).toHaveLength(0);
  });

  it('live validation: messages appear and clear on change', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SURVEY_MSG.submitButton }));
    const q = (id: number) => document.getElementById(`sv-q-${id}`)!;

    // text: valid clears, cleared gives the required message, blank after trim gives "enter an answer"
    const short = screen.getByRole('textbox', { name: 'Em thích điều gì nhất?' });
    await user.type(short, 'Bài tập');
    expect(q(101)).not.toHaveTextContent(SURVEY_MSG.enterAnswer);
    await user.clear(short);
    expect(q(101)).toHaveTextContent(SURVEY_MSG.required);
    await user.type(short, '   ');
    expect(q(101)).toHaveTextContent(SURVEY_MSG.enterAnswer);

    // multiple choice "Khác" needs its text
    await user.click(within(q(103)).getByRole('radio', { name: 'Khác' }));
    expect(q(103)).toHaveTextContent(SURVEY_MSG.otherRequired);
    await user.type(within(q(103)).getByRole('textbox', { name: 'Nội dung lựa chọn Khác' }), 'Cả hai');
    expect(q(103)).not.toHaveTextContent(SURVEY_MSG.otherRequired);

    // dropdown "Khác"? (104 has none) — choose a value, then back to the placeholder
    const dd = screen.getByRole('combobox', { name: 'Câu hỏi 104' });
    await user.selectOptions(dd, 'a');
    expect(q(104)).not.toHaveTextContent(SURVEY_MSG.chooseValue);
    await user.selectOptions(dd, '');
    expect(q(104)).toHaveTextContent(SURVEY_MSG.required);

    // checkbox: "Khác" checked without text, then with text, then all unchecked
    await user.click(within(q(105)).getByRole('checkbox', { name: 'Khác' }));
    expect(q(105)).toHaveTextContent(SURVEY_MSG.otherRequired);
    await user.type(within(q(105)).getByRole('textbox', { name: 'Nội dung lựa chọn Khác' }), 'Trò chơi');
    expect(q(105)).not.toHaveTextContent(/Vui lòng/);
    await user.click(within(q(105)).getByRole('checkbox', { name: 'Khác' }));
    expect(q(105)).toHaveTextContent(SURVEY_MSG.required);

    // scale
    await user.click(within(q(106)).getByRole('radio', { name: '3' }));
    expect(q(106)).not.toHaveTextContent(SURVEY_MSG.chooseScale);

    // grid: the group message stays until every required row is answered
    await user.click(screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Đồng ý' }));
    expect(q(201)).not.toHaveTextContent(SURVEY_MSG.chooseValue);
    expect(screen.getByText(SURVEY_MSG.gridGroupRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Câu hỏi 202 Không có ý kiến' }));
    expect(screen.queryByText(SURVEY_MSG.gridGroupRequired)).not.toBeInTheDocument();
  });

  it('a dropdown with "Khác" shows its text box and asks for the text', async () => {
    const survey = makeSurvey();
    survey.sections[0].questions[3].options = { choices: [{ value: 'a', label: 'A' }], allowOther: true };
    renderForm({}, { survey });
    const user = userEvent.setup();
    const dd = await screen.findByRole('combobox', { name: 'Câu hỏi 104' });
    await user.selectOptions(dd, 'other');
    const q = document.getElementById('sv-q-104')!;
    expect(q).toHaveTextContent(SURVEY_MSG.otherRequired);
    await user.type(within(q).getByRole('textbox', { name: 'Nội dung lựa chọn Khác' }), 'Khác nữa');
    expect(q).not.toHaveTextContent(SURVEY_MSG.otherRequired);
  });
});

describe('/student/surveys/form: progress (issue 12)', () => {
  const progress = () => screen.getByRole('progressbar', { name: 'Câu bắt buộc đã trả lời' });

  it("counts the required questions answered validly, by the submit check's rule", async () => {
    renderForm();
    const user = userEvent.setup();
    const short = await screen.findByRole('textbox', { name: 'Em thích điều gì nhất?' });
    expect(screen.getByText('Đã trả lời 0/8 câu bắt buộc')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    expect(progress()).toHaveAttribute('aria-valuemax', '8');

    await user.type(short, 'Bài tập');
    expect(screen.getByText('Đã trả lời 1/8 câu bắt buộc')).toBeInTheDocument();
    // an optional answer does not count; "Khác" without its text does not yet
    await user.type(screen.getByRole('textbox', { name: 'Câu hỏi 102' }), 'Tùy ý');
    const q103 = document.getElementById('sv-q-103')!;
    await user.click(within(q103).getByRole('radio', { name: 'Khác' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    await user.type(within(q103).getByRole('textbox', { name: 'Nội dung lựa chọn Khác' }), 'Cả hai');
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
    expect(progress()).toHaveAttribute('aria-valuetext', 'Đã trả lời 2/8 câu bắt buộc');
    await user.clear(short);
    expect(screen.getByText('Đã trả lời 1/8 câu bắt buộc')).toBeInTheDocument();
  });

  it('a restored draft shows its count at once; a complete one says the form can be sent', async () => {
    localStorage.setItem(draftKey(KEY), JSON.stringify({ answers: completeAnswers() }));
    renderForm();
    expect(await screen.findByText('Đã trả lời 8/8 câu bắt buộc')).toBeInTheDocument();
    expect(screen.getByText('Có thể gửi khảo sát')).toBeInTheDocument();
  });

  it('the lmsOnly question hidden for the subject is not counted', async () => {
    renderForm({}, { survey: makeSurvey({ subject: { id: 4, name: 'Thể dục', usesLms: false } }) });
    expect(await screen.findByText('Đã trả lời 0/7 câu bắt buộc')).toBeInTheDocument();
  });
});

describe('/student/surveys/form: autosave and restore (spec section 4)', () => {
  it('saves on every change per survey, student and course class; restores next visit with the 3-second message', async () => {
    const user = userEvent.setup();
    const first = renderForm();
    await user.type(await screen.findByRole('textbox', { name: 'Em thích điều gì nhất?' }), 'Giờ');
    expect(storedDraft()!.answers).toEqual({ 101: 'Giờ' });
    await user.click(screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Rất đồng ý' }));
    await user.click(within(document.getElementById('sv-q-106')!).getByRole('radio', { name: '4' }));
    expect(storedDraft()!.answers).toEqual({ 101: 'Giờ', 201: '5', 106: 4 });
    first.unmount();
    mock?.restore();

    const info = vi.spyOn(toast, 'info');
    renderForm();
    expect(await screen.findByRole('textbox', { name: 'Em thích điều gì nhất?' })).toHaveValue('Giờ');
    expect(screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Rất đồng ý' })).toBeChecked();
    expect(within(document.getElementById('sv-q-106')!).getByRole('radio', { name: '4' })).toBeChecked();
    expect(await screen.findByText(SURVEY_MSG.restored)).toBeInTheDocument();
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0][0]).toBe(SURVEY_MSG.restored);
    expect(info.mock.calls[0][1]).toMatchObject({ duration: 3000 });
  });

  it('no draft, no restore message; another course class has its own draft', async () => {
    localStorage.setItem(draftKey({ ...KEY, courseClassId: 56 }), JSON.stringify({ answers: { 101: 'khác lớp' } }));
    const info = vi.spyOn(toast, 'info');
    renderForm();
    expect(await screen.findByRole('textbox', { name: 'Em thích điều gì nhất?' })).toHaveValue('');
    expect(info).not.toHaveBeenCalled();
  });
});

describe('/student/surveys/form: submission (spec section 7)', () => {
  const EXPECTED = {
    studentId: 5001,
    courseClassId: 55,
    studentCourseClassId: 55,
    teacherCourseClassIds: [9],
    sections: [
      {
        sectionId: 20,
        displayOrder: 1,
        responses: [
          { questionId: 201, displayOrder: 1, answerText: 'Rất đồng ý', questionType: 'grid', gridColumnValueNumber: 5 },
          { questionId: 202, displayOrder: 2, answerText: 'Không có ý kiến', questionType: 'grid', gridColumnValueNumber: null },
          { questionId: 203, displayOrder: 3, answerText: 'Không đồng ý', questionType: 'grid', gridColumnValueNumber: 2 },
          { questionId: 204, displayOrder: 4, answerText: 'Hằng tuần' },
        ],
      },
      {
        sectionId: 10,
        displayOrder: 2,
        responses: [
          { questionId: 101, displayOrder: 1, answerText: 'Giờ thực hành' },
          { questionId: 102, displayOrder: 2, answerText: 'Không' },
          { questionId: 103, displayOrder: 3, answerOptions: ['other'], otherValue: 'Cả hai', otherAnswers: { other: 'Cả hai' } },
          { questionId: 104, displayOrder: 4, answerOptions: ['b'] },
          { questionId: 105, displayOrder: 5, answerOptions: ['x', 'other'], otherValue: 'Trò chơi', otherAnswers: { other: 'Trò chơi' } },
          { questionId: 106, displayOrder: 6, answerText: '4' },
        ],
      },
    ],
  };
  const withDraft = () => localStorage.setItem(draftKey(KEY), JSON.stringify({ answers: completeAnswers() }));

  it('sends the spec payload field by field; success toast, draft cleared, back to the list', async () => {
    withDraft();
    const success = vi.spyOn(toast, 'success');
    const view = renderForm({ 'POST /v1/surveys/1/responses': () => ok({ id: 77 }, 'Đã lưu') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SURVEY_MSG.submitButton }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0].body as typeof EXPECTED;
    expect(Object.keys(body).sort()).toEqual(['courseClassId', 'sections', 'studentCourseClassId', 'studentId', 'teacherCourseClassIds']);
    expect(body.studentId).toBe(5001);
    expect(body.courseClassId).toBe(55);
    expect(body.studentCourseClassId).toBe(55);
    expect(body.teacherCourseClassIds).toEqual([9]);
    expect(body.sections.map((s) => [s.sectionId, s.displayOrder])).toEqual([
      [20, 1],
      [10, 2],
    ]);
    body.sections.forEach((s, i) =>
      s.responses.forEach((r, j) => expect(r, `${s.sectionId}/${r.questionId}`).toEqual(EXPECTED.sections[i].responses[j])),
    );
    expect(body).toEqual(EXPECTED);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/student/surveys'));
    expect(success).toHaveBeenCalledWith(SURVEY_MSG.submitSuccess);
    expect(localStorage.getItem(draftKey(KEY))).toBeNull();
  });

  it('a general survey sends courseClassId null and no course-class fields', async () => {
    const survey = makeSurvey({ surveyType: 'GENERAL', subject: null, subjectId: null, studentCourseClass: null });
    localStorage.setItem(draftKey({ ...KEY, courseClassId: null }), JSON.stringify({ answers: completeAnswers() }));
    renderForm({ 'POST /v1/surveys/1/responses': () => ok({ id: 1 }) }, { state: { surveyId: 1 }, survey });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SURVEY_MSG.submitButton }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0].body as Record<string, unknown>;
    expect(body.courseClassId).toBeNull();
    expect(body).not.toHaveProperty('studentCourseClassId');
    expect(body).not.toHaveProperty('teacherCourseClassIds');
  });

  it('a double click sends once; the button says "Đang gửi..." and is disabled meanwhile', async () => {
    withDraft();
    let release: (r: MockReply) => void = () => {};
    renderForm({ 'POST /v1/surveys/1/responses': () => new Promise<MockReply>((r) => (release = r)) });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: SURVEY_MSG.submitButton });
    await user.dblClick(button);
    await user.click(button);
    expect(await screen.findByRole('button', { name: SURVEY_MSG.submittingButton })).toBeDisabled();
    expect(posts()).toHaveLength(1);
    release(ok({ id: 1 }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/student/surveys');
    expect(posts()).toHaveLength(1);
  });

  it.each<[string, MockReply, string]>([
    ['the server message', fail(422, 'Câu hỏi "Câu hỏi 103": Lựa chọn không hợp lệ.'), 'Câu hỏi "Câu hỏi 103": Lựa chọn không hợp lệ.'],
    ['a server error', { status: 500, body: {} }, SURVEY_MSG.submitServerError],
    ['another failure', { status: 400, body: {} }, SURVEY_MSG.submitFailed],
  ])('a failed submit toasts %s and keeps the answers and the draft', async (_, reply, text) => {
    withDraft();
    const error = vi.spyOn(toast, 'error');
    renderForm({ 'POST /v1/surveys/1/responses': () => reply });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SURVEY_MSG.submitButton }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(text));
    expect(storedDraft()!.answers).toEqual(JSON.parse(JSON.stringify(completeAnswers())));
    expect(screen.getByRole('textbox', { name: 'Em thích điều gì nhất?' })).toHaveValue('Giờ thực hành');
    expect(submitButton()).toBeEnabled();
    // a retry is allowed
    await user.click(submitButton());
    await waitFor(() => expect(posts()).toHaveLength(2));
  });

  it('a repeat ("already submitted") is a success: draft cleared, back to the list', async () => {
    withDraft();
    const success = vi.spyOn(toast, 'success');
    const view = renderForm({ 'POST /v1/surveys/1/responses': () => ok({ alreadySubmitted: true }, 'Em đã gửi khảo sát này rồi.') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SURVEY_MSG.submitButton }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/student/surveys'));
    expect(success).toHaveBeenCalledWith('Em đã gửi khảo sát này rồi.');
    expect(localStorage.getItem(draftKey(KEY))).toBeNull();
  });

  it('without a student id: "Không thể xác định thông tin học sinh." and nothing is sent', async () => {
    localStorage.setItem(draftKey({ ...KEY, studentId: null }), JSON.stringify({ answers: completeAnswers() }));
    const error = vi.spyOn(toast, 'error');
    renderForm({}, { user: null });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SURVEY_MSG.submitButton }));
    expect(error).toHaveBeenCalledWith(SURVEY_MSG.noStudent);
    expect(posts()).toHaveLength(0);
  });
});
