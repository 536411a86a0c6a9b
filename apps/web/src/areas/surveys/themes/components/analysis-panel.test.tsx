import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TSurveyListItem } from '@app/shared/surveys';
import type { TAnalyzeResult, TResponseDetailCode, TSurveyText, TThemeSummary } from '@app/shared/theme-codes';
import { captureParams, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { AnalysisPanel } from './analysis-panel';
import SurveyThemesTab from './survey-themes-tab';

const stamps = { createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' };
const survey: TSurveyListItem = {
  id: 5,
  title: 'Khảo sát môn Toán',
  surveyType: 'SUBJECT_SPECIFIC',
  status: 'active',
  startDate: '2026-11-16',
  endDate: '2026-12-06',
  allowedGrades: [10, 11, 12],
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  subjectId: 4,
  subjectName: 'Toán',
  isTemplate: false,
  autoCalculate: false,
  questionCount: 12,
  responseCount: 40,
  ...stamps,
};
const summary: TThemeSummary = {
  totalTexts: 40,
  taggedTexts: 25,
  themes: [
    {
      themeId: 1,
      themeName: 'Phương pháp giảng dạy',
      count: 20,
      codes: [
        { codeId: 11, codeName: 'Giảng dễ hiểu', count: 15, examples: ['Thầy giảng dễ hiểu'] },
        { codeId: 12, codeName: 'Tốc độ giảng nhanh', count: 0, examples: [] },
      ],
    },
    { themeId: 2, themeName: 'Cơ sở vật chất', count: 5, codes: [{ codeId: 21, codeName: 'Phòng học nóng', count: 5, examples: [] }] },
    { themeId: 3, themeName: 'Chủ đề mới', count: 0, codes: [] },
  ],
};
const tagged: TResponseDetailCode = {
  id: 100,
  codeId: 11,
  codeName: 'Giảng dễ hiểu',
  source: 'auto',
  matchedKeyword: 'giảng dễ hiểu',
  responseDetailId: 7,
  text: 'Thầy giang de hieu, nhưng nói nhanh',
  kind: 'answer',
  questionId: 9,
  questionContent: 'Em thích điều gì nhất?',
  surveyId: 5,
  surveyTitle: survey.title,
  courseClassName: 'Toán 10A1',
  teacherNames: ['Nguyễn Thị Lan'],
  createdAt: stamps.createdAt,
};
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 100 });
const base: MockRoutes = {
  'GET /v1/academic-years/modules': () => page([]),
  'GET /v1/teachers': () => page([]),
  'GET /v1/surveys': () => page([survey]),
  'GET /v1/theme-codes/summary': () => ok(summary),
  'GET /v1/theme-codes/codes': () => page([]),
};

describe('AnalysisPanel', () => {
  it('shows counts per theme and code as bars with their share, and opens the texts of a code', async () => {
    const capture = captureParams();
    const mock = mockApi({ ...base, 'GET /v1/theme-codes/response-details': () => ok({ items: [tagged], total: 1, page: 1, limit: 10 }) });
    renderUi(<AnalysisPanel canWrite />, { path: '/quality/themes?tab=analysis&moduleId=3&teacherId=8' });
    const bars = await screen.findByRole('list', { name: 'Số câu trả lời theo chủ đề và mã' });
    expect(within(bars).getByRole('heading', { name: 'Phương pháp giảng dạy' })).toBeInTheDocument();
    expect(within(bars).getByText(/· 50%/)).toBeInTheDocument(); // 20 of 40
    expect(within(bars).getByText('Chủ đề chưa có mã nào.')).toBeInTheDocument();
    expect(screen.getByText('Được gắn mã').parentElement).toHaveTextContent('2562,5%');
    // A code without texts cannot be opened.
    expect(within(bars).getByRole('button', { name: /Tốc độ giảng nhanh: 0 câu trả lời/ })).toBeDisabled();
    expect(capture.seen.find((c) => c.url === '/v1/theme-codes/summary')?.params).toEqual({ moduleId: '3', teacherId: '8' });

    await userEvent.click(within(bars).getByRole('button', { name: /Giảng dễ hiểu: 15 câu trả lời/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Câu trả lời gắn mã “Giảng dễ hiểu”' });
    const table = await within(dialog).findByRole('table', { name: 'Câu trả lời gắn mã Giảng dễ hiểu' });
    // The keyword that matched is marked, found without diacritics; no student anywhere.
    expect(within(table).getByText('giang de hieu').tagName).toBe('MARK');
    expect(within(table).getByText('Nguyễn Thị Lan')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/học sinh:|Mã HS/i);
    expect(capture.seen.find((c) => c.url === '/v1/theme-codes/response-details')?.params).toMatchObject({
      codeId: '11',
      moduleId: '3',
      teacherId: '8',
    });
    // Escape closes it, although no field inside took the focus.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    capture.stop();
    mock.restore();
  });

  it('runs the analysis only for a chosen survey and reports what it did', async () => {
    const result: TAnalyzeResult = {
      ...summary,
      surveyId: 5,
      surveyTitle: survey.title,
      autoTags: 30,
      newAutoTags: 12,
      removedAutoTags: 2,
      manualTags: 3,
    };
    const mock = mockApi({
      ...base,
      'POST /v1/theme-codes/analyze-survey/5': () => ok(result, 'Đã phân tích 40 câu trả lời đã duyệt; 25 câu được gắn mã.'),
    });
    const { router } = renderUi(<AnalysisPanel canWrite />, { path: '/quality/themes?moduleId=3' });
    const run = await screen.findByRole('button', { name: 'Phân tích' });
    expect(run).toBeDisabled();
    const select = screen.getByRole('combobox', { name: 'Khảo sát' });
    await waitFor(() => expect(within(select).getByRole('option', { name: /Khảo sát môn Toán/ })).toBeInTheDocument());
    await userEvent.selectOptions(select, '5');
    expect(router.state.location.search).toContain('surveyId=5');
    await waitFor(() => expect(run).toBeEnabled());
    await userEvent.click(run);
    expect(await screen.findByText(/12 mã mới gắn tự động, 2 mã tự động cũ được bỏ, 3 mã gắn thủ công được giữ/)).toBeInTheDocument();
    expect(await screen.findByText('Đã phân tích 40 câu trả lời đã duyệt; 25 câu được gắn mã.')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/v1/theme-codes/analyze-survey/5']);
    mock.restore();
  });

  it('hides the run from readers and says when there is nothing approved yet', async () => {
    const mock = mockApi({ ...base, 'GET /v1/theme-codes/summary': () => ok({ totalTexts: 0, taggedTexts: 0, themes: summary.themes }) });
    renderUi(<AnalysisPanel canWrite={false} />, { path: '/admin/themes?surveyId=5' });
    expect(await screen.findByText('Chưa có câu trả lời tự luận nào được duyệt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Phân tích' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xuất Excel' })).toBeInTheDocument();
    mock.restore();
  });

  it('lets a person tag a survey text the keywords missed', async () => {
    const text: TSurveyText = {
      responseDetailId: 7,
      text: 'Máy tính phòng tin cũ quá',
      kind: 'other',
      questionId: 9,
      questionContent: 'Em muốn góp ý gì?',
      surveyId: 5,
      surveyTitle: survey.title,
      courseClassName: null,
      teacherNames: [],
      tags: [],
    };
    const mock = mockApi({
      ...base,
      'GET /v1/theme-codes/codes': () =>
        page([{ id: 31, name: 'Phòng thí nghiệm, phòng máy', description: null, keywords: [], themes: [], tagCount: 0, ...stamps }]),
      'GET /v1/theme-codes/survey/5/response-details': () => page([text]),
      'POST /v1/theme-codes/response-details': () => ok({ ...tagged, codeId: 31, source: 'manual' }, 'Đã gắn mã cho câu trả lời.'),
    });
    renderUi(<AnalysisPanel canWrite />, { path: '/quality/themes?surveyId=5' });
    await userEvent.click(await screen.findByRole('button', { name: 'Câu trả lời' }));
    const dialog = await screen.findByRole('dialog', { name: `Câu trả lời tự luận: ${survey.title}` });
    expect(await within(dialog).findByText('Máy tính phòng tin cũ quá')).toBeInTheDocument();
    expect(within(dialog).getByText('(lựa chọn “Khác”)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gắn mã cho câu trả lời' }));
    const form = await screen.findByRole('dialog', { name: 'Gắn mã cho câu trả lời' });
    const select = within(form).getByRole('combobox', { name: /Mã/ });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Phòng thí nghiệm, phòng máy' })).toBeInTheDocument());
    await userEvent.selectOptions(select, 'Phòng thí nghiệm, phòng máy');
    await userEvent.click(within(form).getByRole('button', { name: 'Gắn mã' }));
    await waitFor(() => expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ responseDetailId: 7, codeId: 31 }));
    mock.restore();
  });

  it('gives the admin survey page a tab scoped to its survey, with the way to the full page', async () => {
    const capture = captureParams();
    const mock = mockApi({
      ...base,
      'POST /v1/theme-codes/analyze-survey/5': () =>
        ok({ ...summary, surveyId: 5, surveyTitle: survey.title, autoTags: 1, newAutoTags: 1, removedAutoTags: 0, manualTags: 0 }),
    });
    renderUi(<SurveyThemesTab surveyId={5} survey={{ title: survey.title }} />, { path: '/admin/surveys/5?tab=themes' });
    await screen.findByRole('list', { name: 'Số câu trả lời theo chủ đề và mã' });
    expect(capture.seen.find((c) => c.url === '/v1/theme-codes/summary')?.params).toEqual({ surveyId: '5' });
    expect(screen.queryByRole('combobox', { name: 'Khảo sát' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mở trang phân tích ý kiến' })).toHaveAttribute('href', '/admin/themes?surveyId=5&moduleId=');
    await userEvent.click(screen.getByRole('button', { name: 'Phân tích' }));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST' && c.url === '/v1/theme-codes/analyze-survey/5')).toBe(true));
    capture.stop();
    mock.restore();
  });
});
