import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '@/test/mock-api';
import { captureEachTest, classRow, gradeCampusRow, page, renderMonitoring, restoreMock, studentItem, surveyRow } from '../test/fixtures';
import CompletionTab from './completion-tab';

const params = captureEachTest();

const API = {
  'GET /v1/surveys/survey-completion-by-survey': () =>
    page([surveyRow(7, { title: 'Khảo sát môn Toán', surveyType: 'SUBJECT_SPECIFIC', subjectName: 'Toán', daysLeft: 3 })]),
  'GET /v1/surveys/survey-completion-by-class': () =>
    ok([
      classRow(1, '10 Toán', 30, 40),
      classRow(2, '11 Lý', 9, 30, { grade: 11, homeroomTeacherName: 'Đỗ Minh Tuấn' }),
      classRow(null, null, 0, 1),
    ]),
  'GET /v1/surveys/survey-completion-by-grade-campus': () =>
    ok([gradeCampusRow(10, 'Cơ sở 1', 30, 40), gradeCampusRow(11, 'Cơ sở 1', 9, 31)]),
  'GET /v1/surveys/7/students': () =>
    page(
      [
        studentItem(1, 'Nguyễn Văn An', { courseClassId: 11, courseClassName: 'Toán 10A1' }),
        studentItem(2, 'Trần Thị Bình', { courseClassId: 12, courseClassName: 'Toán 10A2', homeroomClassName: '11 Lý' }),
      ],
      23,
    ),
  'GET /v1/surveys/7/students/export': () => ({ status: 200, body: new Blob(['xlsx']) }),
};

function renderTab(api = API) {
  return renderMonitoring(<CompletionTab surveyId={7} survey={null} />, {
    api,
    path: '/admin/surveys/7?tab=progress',
    routePath: '/admin/surveys/:id',
    user: undefined,
  });
}

describe('the "Tiến độ" panel of a survey', () => {
  it('shows overall completion, a bar per class and per grade × campus as accessible progress bars', async () => {
    renderTab();
    const overall = await screen.findByRole('progressbar', { name: 'Tiến độ chung' });
    expect(overall).toHaveAttribute('aria-valuenow', '63');
    expect(overall).toHaveAttribute('aria-valuemin', '0');
    expect(overall).toHaveAttribute('aria-valuemax', '100');
    expect(overall).toHaveAttribute('aria-valuetext', '62,5%, 5/8 lượt');
    expect(screen.getByText('Còn 3 ngày')).toBeInTheDocument();
    expect(screen.getByText(/theo môn học – Toán/)).toBeInTheDocument();
    expect(params('/v1/surveys/survey-completion-by-survey')).toMatchObject({ surveyId: 7 });

    const byClass = screen.getByRole('region', { name: 'Theo lớp chủ nhiệm' });
    expect(await within(byClass).findByRole('progressbar', { name: '10 Toán' })).toHaveAttribute('aria-valuetext', '75%, 30/40 lượt');
    expect(within(byClass).getByRole('progressbar', { name: '11 Lý' })).toHaveAttribute('aria-valuenow', '30');
    expect(within(byClass).getByRole('progressbar', { name: 'Chưa xếp lớp' })).toHaveAttribute('aria-valuetext', '0%, 0/1 lượt');
    expect(byClass).toHaveTextContent('GVCN Đỗ Minh Tuấn');
    const byGrade = screen.getByRole('region', { name: 'Theo khối và cơ sở' });
    expect(within(byGrade).getByRole('progressbar', { name: 'Khối 11 – Cơ sở 1' })).toHaveAttribute('aria-valuetext', '29%, 9/31 lượt');
    expect(params('/v1/surveys/survey-completion-by-class')).toEqual({ surveyId: 7 });
  });

  it(
    'lists students not done (subject surveys with their course class), filters by a class bar, searches and exports',
    { timeout: 20_000 },
    async () => {
      renderTab();
      const table = await screen.findByRole('table', { name: 'Học sinh chưa hoàn thành' });
      expect(within(table).getByRole('columnheader', { name: 'Lớp học phần' })).toBeInTheDocument();
      expect(await within(table).findByRole('row', { name: /Nguyễn Văn An/ })).toHaveTextContent('Toán 10A1');
      expect(within(table).getByRole('row', { name: /Nguyễn Văn An/ })).toHaveTextContent('Chưa làm');
      expect(screen.getByRole('heading', { name: /Học sinh chưa hoàn thành/ })).toHaveTextContent('(23)');
      expect(params('/v1/surveys/7/students')).toMatchObject({ done: 'false', page: '1', limit: '10' });

      await screen.findByRole('progressbar', { name: '11 Lý' });
      await userEvent.click(await screen.findByRole('button', { name: 'Xem học sinh chưa làm lớp 11 Lý' }));
      await waitFor(() => expect(params('/v1/surveys/7/students')).toMatchObject({ done: 'false', homeroomClassId: '2' }));
      expect(screen.getByLabelText('Lớp chủ nhiệm')).toHaveValue('2');

      await userEvent.type(screen.getByLabelText('Tìm học sinh'), 'Bình');
      await waitFor(() => expect(params('/v1/surveys/7/students')).toMatchObject({ search: 'Bình', homeroomClassId: '2' }));

      await userEvent.click(screen.getByRole('button', { name: 'Xuất Excel' }));
      await waitFor(() =>
        expect(params('/v1/surveys/7/students/export')).toMatchObject({ done: 'false', homeroomClassId: '2', search: 'Bình' }),
      );

      await userEvent.selectOptions(screen.getByLabelText('Trạng thái'), 'true');
      await waitFor(() => expect(params('/v1/surveys/7/students')).toMatchObject({ done: 'true' }));
      expect(await screen.findByRole('table', { name: 'Học sinh đã hoàn thành' })).toBeInTheDocument();
    },
  );

  it('says so when everyone is done, and shows the server message when the survey cannot be read', async () => {
    renderTab({ ...API, 'GET /v1/surveys/7/students': () => page([]) });
    expect(await screen.findByText('Tất cả học sinh đã hoàn thành khảo sát.')).toBeInTheDocument();
    restoreMock();
    document.body.innerHTML = '';
    renderTab({ ...API, 'GET /v1/surveys/survey-completion-by-survey': () => fail(403, 'Bạn không có quyền truy cập chức năng này.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền truy cập chức năng này.');
  });
});
