import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSurvey } from '@app/shared/survey-fixtures';
import {
  RESULTS_MSG,
  type TCourseResults,
  type TGradeCampusResults,
  type TGridQuestions,
  type TPublication,
  type TScoreConfig,
  type TSurveyResults,
} from '@app/shared/survey-results';
import { makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { agg, COMPUTED, course, filterInfo, question, renderResultsPage, scope } from '../test/results-fixtures';
import { PublicationBar } from './publication-bar';
import ResultsTab from './results-tab';

const ADMIN = makeUser(['ADMIN']);
const SURVEY = makeSurvey({ id: 11, surveyType: 'SUBJECT_SPECIFIC', autoCalculate: false });

const results = (filtered: boolean): TSurveyResults => ({
  surveyId: 11,
  title: 'Khảo sát môn Toán',
  surveyType: 'SUBJECT_SPECIFIC',
  moduleId: 3,
  subjectId: 4,
  subjectName: 'Toán',
  autoCalculate: false,
  scope: scope({ kind: 'school', label: 'Toàn trường', teacherId: null, departmentId: null }),
  filter: filterInfo(filtered ? { filtered: true, straightLinedExcluded: 5, classesExcluded: 1 } : {}),
  computedAt: COMPUTED,
  stored: true,
  stale: false,
  n: 30,
  score: agg(4.1, 0.3, 30, { classCount: 2 }),
  hidden: false,
  reason: null,
  questions: [
    question(1),
    question(2, { visibleToTeacher: false, inScore: false, hidden: true, mean: null, stdDev: null, median: null, options: [] }),
    question(3, {
      questionType: 'long_text',
      content: 'Góp ý khác',
      options: [],
      mean: null,
      stdDev: null,
      median: null,
      answerN: 0,
      noOpinion: 0,
      answered: 12,
      inScore: false,
    }),
  ],
});
const grid: TGridQuestions = {
  surveyId: 11,
  items: [1, 2].map((id) => ({
    questionId: id,
    content: `Câu lưới ${id}`,
    questionType: 'grid' as const,
    sectionId: 1,
    sectionTitle: 'Giảng dạy',
    position: id,
    gridGroupId: 1,
    columns: [],
    scale: null,
    visibleToTeacher: id === 1,
    inScoreConfig: false,
  })),
};
const config = (questionIds: number[]): TScoreConfig => ({
  surveyId: 11,
  questionIds,
  isDefault: questionIds.length === 0,
  questions: [],
  responseCount: 30,
  straightLinedCount: 4,
});
const courses: TCourseResults = {
  surveyId: 11,
  filter: filterInfo(),
  computedAt: COMPUTED,
  stored: true,
  stale: false,
  summary: agg(4.1, 0.3, 30),
  items: [course(1)],
};
const gradeCampus: TGradeCampusResults = {
  surveyId: 11,
  filter: filterInfo(),
  computedAt: COMPUTED,
  stored: true,
  stale: false,
  overall: agg(4.1, 0.3, 30),
  items: [{ ...agg(4.05, 0.6, 30), grade: 10, campusId: 1, campusName: 'Cơ sở 1', eligible: 35, responseRate: 85.7 }],
};

function api(over: MockRoutes = {}): MockRoutes {
  let saved: number[] = [];
  return {
    'GET /v1/surveys/11/results': (req) => ok(results(req.params.filtered === 'true')),
    'GET /v1/surveys/11/grid-questions': () => ok(grid),
    'GET /v1/surveys/11/score-config': () => ok(config(saved)),
    'POST /v1/surveys/11/score-config': (req) => {
      saved = (req.body as { questionIds: number[] }).questionIds;
      return ok(config(saved), 'Đã lưu các câu hỏi tính điểm.');
    },
    'DELETE /v1/surveys/11/score-config': () => {
      saved = [];
      return ok(config([]), 'Đã chuyển về cách tính điểm mặc định.');
    },
    'GET /v1/surveys/11/active-courses-results': () => ok(courses),
    'GET /v1/surveys/11/active-courses-results-filtered': () => ok(courses),
    'GET /v1/surveys/11/grade-campus-results': () => ok(gradeCampus),
    'POST /v1/surveys/11/calculate-results': () =>
      ok(
        { scope: 'survey', surveyId: 11, moduleId: 3, kinds: ['questions'], responseCount: 30, computedAt: COMPUTED, durationMs: 40 },
        'Đã tính lại kết quả khảo sát.',
      ),
    'POST /v1/surveys/11/toggle-auto-calculate': (req) =>
      ok({ surveyId: 11, autoCalculate: (req.body as { enabled: boolean }).enabled }, 'Đã bật tự động tính kết quả khi có phản hồi mới.'),
    'GET /v1/surveys/11/export-excel': () => ({ status: 200, body: new Blob(['xlsx']) }),
    'GET /v1/surveys/11/publication': () =>
      ok({ surveyId: 11, status: 'active', publishedAt: null, pendingTexts: 0, canPublish: false, reason: RESULTS_MSG.notClosed }),
    ...over,
  };
}

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  mock?.restore();
  vi.restoreAllMocks();
});
function renderTab(routes: MockRoutes = api()) {
  mock = mockApi(routes);
  return renderResultsPage(<ResultsTab surveyId={11} survey={SURVEY} />, { path: '/admin/surveys/11?tab=results', user: ADMIN });
}

describe('Kết quả tab of /admin/surveys/{id}', () => {
  it('shows each question with n, mean, SD, median and the distribution; "Không có ý kiến" counted but not averaged', async () => {
    renderTab();
    const q1 = await screen.findByRole('article', { name: /^Câu 1:/ });
    expect(q1).toHaveTextContent('Số trả lời (n)30');
    expect(q1).toHaveTextContent('Điểm TB4,43');
    expect(q1).toHaveTextContent('Độ lệch chuẩn0,50');
    expect(q1).toHaveTextContent('Trung vị4,00');
    expect(q1).toHaveTextContent('Không có ý kiến2');
    expect(q1).toHaveTextContent(
      '2 câu “Không có ý kiến” được tính vào n và biểu đồ nhưng không tính vào điểm trung bình (điểm TB trên 28 câu trả lời có điểm).',
    );
    expect(within(q1).getByText('Hoàn toàn đồng ý: 12 (40%)')).toBeInTheDocument();
    // The screen-reader list reads shares the Vietnamese way, as the bars do ("53,3%", not "53.3%").
    expect(within(q1).getByText('Đồng ý: 16 (53,3%)')).toBeInTheDocument();
    expect(q1).toHaveTextContent('Tính điểm');

    const q2 = screen.getByRole('article', { name: /^Câu 2:/ });
    expect(q2).toHaveTextContent('Chưa đủ số phản hồi để hiển thị (n = 30).');
    expect(q2).toHaveTextContent('Giáo viên không xem');
    expect(screen.getByRole('article', { name: /^Câu 3:/ })).toHaveTextContent('Câu hỏi tự luận: 12 câu trả lời.');

    expect(screen.getByRole('group', { name: 'Điểm khảo sát' })).toHaveTextContent('ĐLC 0,30 · n = 30 phản hồi · 2 lớp');
    expect(await screen.findByRole('table', { name: 'Bảng kết quả theo lớp học phần' })).toHaveTextContent('Toán 10A1');
    const gc = await screen.findByRole('table', { name: 'Bảng kết quả theo khối và cơ sở' });
    expect(within(gc).getByRole('row', { name: /Khối 10/ })).toHaveTextContent('85,7%');
  });

  it('the filtered toggle re-reads the results filtered and the export follows it', async () => {
    renderTab();
    await screen.findByRole('article', { name: /^Câu 1:/ });
    await userEvent.click(screen.getByRole('button', { name: 'Đã lọc' }));
    expect(await screen.findByText(/Đã bỏ 5 phản hồi chọn cùng một mức/)).toBeInTheDocument();
    expect(mock!.calls.filter((c) => c.url === '/v1/surveys/11/results').at(-1)?.params).toEqual({ filtered: 'true' });
    await waitFor(() => expect(mock!.calls.some((c) => c.url === '/v1/surveys/11/active-courses-results-filtered')).toBe(true));

    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(mock!.calls.find((c) => c.url === '/v1/surveys/11/export-excel')?.params).toEqual({ filtered: 'true' });
  });

  it('score questions: picked rows are saved as the set, "Dùng mặc định" removes it after a confirmation', async () => {
    renderTab();
    expect(await screen.findByText(/Chưa chọn câu hỏi tính điểm/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Chọn câu hỏi tính điểm' }));
    const save = screen.getByRole('button', { name: 'Lưu câu hỏi tính điểm' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /Câu 2\. Câu lưới 2/ }));
    await userEvent.click(save);
    expect(await screen.findByText('Đã lưu các câu hỏi tính điểm.')).toBeInTheDocument();
    expect(mock!.calls.find((c) => c.method === 'POST' && c.url === '/v1/surveys/11/score-config')?.body).toEqual({ questionIds: [2] });
    expect(screen.getByText('Đã tính lại với 30 phản hồi; 4 phản hồi chọn cùng một mức cho mọi câu tính điểm.')).toBeInTheDocument();
    expect(await screen.findByText('Điểm đang tính trên 1 câu hỏi đã chọn.', { exact: false })).toBeInTheDocument();
    // Every figure is read again after the score changed.
    await waitFor(() => expect(mock!.calls.filter((c) => c.url === '/v1/surveys/11/results').length).toBeGreaterThan(1));

    await userEvent.click(screen.getByRole('button', { name: 'Dùng mặc định' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dùng cách tính điểm mặc định?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dùng mặc định' }));
    await waitFor(() => expect(mock!.calls.some((c) => c.method === 'DELETE' && c.url === '/v1/surveys/11/score-config')).toBe(true));
    expect(await screen.findByText(/Chưa chọn câu hỏi tính điểm/)).toBeInTheDocument();
  });

  it('recalculates and switches auto-calculation on', async () => {
    renderTab();
    await screen.findByRole('article', { name: /^Câu 1:/ });
    await userEvent.click(screen.getByRole('button', { name: 'Tính lại kết quả' }));
    expect(await screen.findByText('Đã tính lại kết quả khảo sát.')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Tự động tính kết quả khi có phản hồi mới' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Đã bật tự động tính kết quả khi có phản hồi mới.')).toBeInTheDocument();
    expect(mock!.calls.find((c) => c.url === '/v1/surveys/11/toggle-auto-calculate')?.body).toEqual({ enabled: true });
  });

  it('without responses says so; a failing grade×campus call shows its message', async () => {
    renderTab(
      api({
        'GET /v1/surveys/11/results': () =>
          ok({
            ...results(false),
            n: 0,
            score: agg(null, null, 0, { classCount: 0 }),
            questions: [question(1, { answered: 0, answerN: 0, noOpinion: 0, mean: null, stdDev: null, median: null })],
          }),
        'GET /v1/surveys/11/grade-campus-results': () => fail(400, 'Không thể tải kết quả theo khối và cơ sở. Vui lòng thử lại sau.'),
      }),
    );
    expect(await screen.findByText('Chưa có phản hồi nào.')).toBeInTheDocument();
    expect(await screen.findByText('Không thể tải kết quả theo khối và cơ sở. Vui lòng thử lại sau.')).toBeInTheDocument();
  });
});

describe('publication of the results (issue 11)', () => {
  const pub = (o: Partial<TPublication>): TPublication => ({
    surveyId: 11,
    status: 'closed',
    publishedAt: null,
    pendingTexts: 0,
    canPublish: true,
    reason: null,
    ...o,
  });

  it('disables "Công bố kết quả" with the reason while texts wait for review', async () => {
    renderTab(
      api({ 'GET /v1/surveys/11/publication': () => ok(pub({ pendingTexts: 2, canPublish: false, reason: RESULTS_MSG.pendingTexts(2) })) }),
    );
    const bar = await screen.findByTestId('publication-bar');
    expect(within(bar).getByText('Chưa công bố cho giáo viên')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Công bố kết quả' })).toBeDisabled();
    expect(bar).toHaveTextContent(RESULTS_MSG.pendingTexts(2));
  });

  it('publishes after a confirmation, then shows "Đã công bố dd/mm/yyyy" and "Thu hồi công bố"', async () => {
    let state = pub({});
    renderTab(
      api({
        'GET /v1/surveys/11/publication': () => ok(state),
        'POST /v1/surveys/11/publish': () => {
          state = pub({ publishedAt: '2026-01-21T03:00:00.000Z', canPublish: false });
          return ok(state, RESULTS_MSG.published);
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Công bố kết quả' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Công bố kết quả' }));
    await waitFor(() => expect(mock!.calls.some((c) => c.method === 'POST' && c.url === '/v1/surveys/11/publish')).toBe(true));
    expect(await screen.findByText('Đã công bố 21/01/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thu hồi công bố' })).toBeEnabled();
  });

  it('shows the principal the state without the buttons (publishing is ADMIN and QUALITY_ASSURANCE)', async () => {
    mock = mockApi(
      api({ 'GET /v1/surveys/11/publication': () => ok(pub({ publishedAt: '2026-01-21T03:00:00.000Z', canPublish: false })) }),
    );
    renderResultsPage(<PublicationBar surveyId={11} />, { path: '/quality/surveys?surveyId=11', user: makeUser(['PRINCIPAL']) });
    expect(await screen.findByText('Đã công bố 21/01/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('explains, instead of an error, a survey not published yet (a teacher or head)', async () => {
    renderTab(api({ 'GET /v1/surveys/11/results': () => fail(403, RESULTS_MSG.notPublished, 'NOT_PUBLISHED') }));
    expect(await screen.findByText(RESULTS_MSG.notPublished)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
