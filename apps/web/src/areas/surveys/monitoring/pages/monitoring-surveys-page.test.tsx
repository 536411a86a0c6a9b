import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { captureEachTest, classRow, gradeCampusRow, page, renderMonitoring, studentItem, surveyRow } from '../test/fixtures';
import MonitoringSurveysPage from './monitoring-surveys-page';

const params = captureEachTest();

const SURVEYS = [
  surveyRow(1, {
    title: 'Khảo sát ý kiến học sinh về nhà trường',
    daysLeft: 2,
    done: 269,
    expected: 398,
    rate: 67.6,
    students: 398,
    studentsDone: 269,
  }),
  surveyRow(2, {
    title: 'Lấy ý kiến về giảng dạy - Toán',
    surveyType: 'SUBJECT_SPECIFIC',
    subjectName: 'Toán',
    status: 'closed',
    daysLeft: -5,
    done: 10,
    expected: 40,
    rate: 25,
  }),
];
const API = {
  'GET /v1/surveys/survey-completion-by-survey': () => page(SURVEYS),
  'GET /v1/surveys/survey-completion-by-class': () => ok([classRow(1, '10 Toán', 20, 30)]),
  'GET /v1/surveys/survey-completion-by-grade-campus': () => ok([gradeCampusRow(10, 'Cơ sở 1', 20, 30)]),
  'GET /v1/surveys/1/students': () => page([studentItem(5, 'Lê Bảo Châu')]),
};

describe('/quality/surveys and /principal/surveys', () => {
  it("lists the module's surveys with their completion; status filter and search go to the server", async () => {
    renderMonitoring(<MonitoringSurveysPage />, { api: API, path: '/quality/surveys' });
    const table = await screen.findByRole('table', { name: 'Danh sách khảo sát và tiến độ' });
    const first = await within(table).findByRole('row', { name: /về nhà trường/ });
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '67,6%, 269/398 lượt');
    expect(first).toHaveTextContent('Còn 2 ngày');
    expect(first).toHaveTextContent('Đang mở');
    expect(first).toHaveTextContent('269/398 học sinh đã làm xong');
    const second = within(table).getByRole('row', { name: /Toán/ });
    expect(second).toHaveTextContent('Đã đóng');
    expect(second).not.toHaveTextContent('Đã kết thúc');
    expect(params('/v1/surveys/survey-completion-by-survey')).toMatchObject({ moduleId: '3', page: '1', limit: '10' });
    expect(screen.getByRole('heading', { name: 'Khảo sát' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Trạng thái'), 'closed');
    await waitFor(() => expect(params('/v1/surveys/survey-completion-by-survey')).toMatchObject({ status: 'closed', moduleId: '3' }));
    await userEvent.type(screen.getByLabelText('Tìm khảo sát'), 'Toán');
    await waitFor(() => expect(params('/v1/surveys/survey-completion-by-survey')).toMatchObject({ search: 'Toán' }));
  });

  it('opens a survey to its per-class completion and students not done, and comes back', async () => {
    const { router } = renderMonitoring(<MonitoringSurveysPage />, { api: API, path: '/principal/surveys', user: makeUser(['PRINCIPAL']) });
    await userEvent.click(await screen.findByRole('link', { name: 'Xem tiến độ Khảo sát ý kiến học sinh về nhà trường' }));
    expect(router.state.location.search).toBe('?surveyId=1');
    expect(await screen.findByRole('progressbar', { name: '10 Toán' })).toHaveAttribute('aria-valuetext', '66,7%, 20/30 lượt');
    expect(await screen.findByRole('row', { name: /Lê Bảo Châu/ })).toBeInTheDocument();
    expect(params('/v1/surveys/1/students')).toMatchObject({ done: 'false' });
    await userEvent.click(screen.getByRole('link', { name: 'Tất cả khảo sát' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('table', { name: 'Danh sách khảo sát và tiến độ' })).toBeInTheDocument();
  });

  it('says so when the module has no survey', async () => {
    renderMonitoring(<MonitoringSurveysPage />, {
      api: { 'GET /v1/surveys/survey-completion-by-survey': () => page([]) },
      path: '/quality/surveys',
    });
    expect(await screen.findByText('Chưa có khảo sát nào trong học phần này.')).toBeInTheDocument();
  });
});
