import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TRole } from '@app/shared/roles';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { apiClient } from '@/lib/api-client';
import { makeUser } from '@/test/fixtures';
import { ok, type MockRoutes } from '@/test/mock-api';
import { classRow, gradeCampusRow, page, renderMonitoring, restoreMock, studentItem, surveyRow } from '../test/fixtures';
import CompletionTab from './completion-tab';

const survey = { ...makeSurvey(), id: 7 };
const submission = answersToSubmission(survey, completeAnswers(), { studentId: 1, courseClassId: 11 });
const doneRow = studentItem(1, 'Nguyễn Văn An', {
  courseClassId: 11,
  courseClassName: 'Toán 10A1',
  done: true,
  submittedAt: '2026-11-20T03:00:00Z',
});
const notDoneRow = studentItem(2, 'Trần Thị Bình', { courseClassId: 12, courseClassName: 'Toán 10A2' });

let students = [doneRow, notDoneRow];
const API: MockRoutes = {
  'GET /v1/surveys/survey-completion-by-survey': () => page([surveyRow(7, { surveyType: 'SUBJECT_SPECIFIC', subjectName: 'Toán' })]),
  'GET /v1/surveys/survey-completion-by-class': () => ok([classRow(1, '10 Toán', 1, 2)]),
  'GET /v1/surveys/survey-completion-by-grade-campus': () => ok([gradeCampusRow(10, 'Cơ sở 1', 1, 2)]),
  'GET /v1/surveys/7/students': () => page(students),
  'GET /v1/surveys/7': () => ok(survey),
  'GET /v1/surveys/7/responses/student/1': () =>
    ok([
      {
        responseId: 90,
        courseClassId: 99,
        courseClassName: 'Toán 10A9',
        teacherIds: [],
        submittedAt: '2026-11-19T00:00:00Z',
        submission: { ...submission, sections: [] },
      },
      { responseId: 91, courseClassId: 11, courseClassName: 'Toán 10A1', teacherIds: [9], submittedAt: '2026-11-20T03:00:00Z', submission },
    ]),
  'DELETE /v1/surveys/7/responses/student/1': () => {
    students = [{ ...doneRow, done: false, submittedAt: null }, notDoneRow];
    return ok({ deleted: 1, responseIds: [91] }, 'Đã xóa 1 phản hồi.');
  },
};

/** Full request URLs (the mock transport drops the query string of a URL). */
let urls: string[] = [];
let eject: () => void = () => {};
beforeEach(() => {
  students = [doneRow, notDoneRow];
  urls = [];
  const id = apiClient.interceptors.request.use((config) => {
    urls.push(`${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`);
    return config;
  });
  eject = () => apiClient.interceptors.request.eject(id);
});
afterEach(() => {
  eject();
  restoreMock();
});

const renderAs = (role: TRole) =>
  renderMonitoring(<CompletionTab surveyId={7} survey={null} />, {
    api: API,
    path: '/admin/surveys/7?tab=progress&hs_done=',
    routePath: '/admin/surveys/:id',
    user: makeUser([role]),
  });

describe('admin actions on a done student of the "Tiến độ" list', () => {
  it('an admin sees "Xem câu trả lời" and "Xóa phản hồi" on a done row only, and reads the answers of that course class', async () => {
    renderAs('ADMIN');
    const table = await screen.findByRole('table', { name: 'Tất cả học sinh phải làm' });
    const done = await within(table).findByRole('row', { name: /Nguyễn Văn An/ });
    expect(within(done).getByRole('button', { name: 'Xóa phản hồi của Nguyễn Văn An' })).toBeInTheDocument();
    const notDone = within(table).getByRole('row', { name: /Trần Thị Bình/ });
    expect(within(notDone).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(done).getByRole('button', { name: 'Xem câu trả lời của Nguyễn Văn An' }));
    const dialog = await screen.findByRole('dialog', { name: 'Câu trả lời của Nguyễn Văn An' });
    const text = await within(dialog).findByRole('textbox', { name: 'Em thích điều gì nhất?' });
    expect(text).toHaveValue('Giờ thực hành');
    expect(text).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Rất đồng ý' })).toBeChecked();
    expect(urls).toContain('GET /v1/surveys/7/responses/student/1');
  });

  it('an admin sees when a done student sent it', async () => {
    renderAs('ADMIN');
    const table = await screen.findByRole('table', { name: 'Tất cả học sinh phải làm' });
    expect(await within(table).findByRole('row', { name: /Nguyễn Văn An/ })).toHaveTextContent('20/11/2026');
    expect(within(table).getByRole('columnheader', { name: /Thời điểm gửi/ })).toBeInTheDocument();
  });

  it.each(['QUALITY_ASSURANCE', 'PRINCIPAL'] as const)(
    '%s sees no row action and no time (the server sends none, issue 11)',
    async (role) => {
      students = [{ ...doneRow, submittedAt: null }, notDoneRow];
      renderAs(role);
      const table = await screen.findByRole('table', { name: 'Tất cả học sinh phải làm' });
      const done = await within(table).findByRole('row', { name: /Nguyễn Văn An/ });
      expect(done).toHaveTextContent('Đã làm');
      expect(within(table).queryByRole('columnheader', { name: /Thời điểm gửi/ })).not.toBeInTheDocument();
      expect(within(table).queryByRole('button', { name: /Xem câu trả lời|Xóa phản hồi/ })).not.toBeInTheDocument();
      expect(screen.getByText(/Chỉ hiển thị đã làm hay chưa, không hiển thị câu trả lời\./)).toBeInTheDocument();
    },
  );

  it('deletes only after confirmation, with the course class, then refreshes the list', async () => {
    renderAs('ADMIN');
    const table = await screen.findByRole('table', { name: 'Tất cả học sinh phải làm' });
    const done = await within(table).findByRole('row', { name: /Nguyễn Văn An/ });
    await userEvent.click(within(done).getByRole('button', { name: 'Xóa phản hồi của Nguyễn Văn An' }));
    const confirm = await screen.findByRole('dialog', { name: 'Xóa phản hồi?' });
    expect(confirm).toHaveTextContent('Học sinh sẽ được làm lại khảo sát này');
    expect(urls.some((u) => u.startsWith('DELETE'))).toBe(false);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Hủy' }));
    expect(urls.some((u) => u.startsWith('DELETE'))).toBe(false);

    await userEvent.click(within(done).getByRole('button', { name: 'Xóa phản hồi của Nguyễn Văn An' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Xóa phản hồi?' })).getByRole('button', { name: 'Xóa phản hồi' }),
    );
    await waitFor(() => expect(urls).toContain('DELETE /v1/surveys/7/responses/student/1?courseClassId=11'));
    expect(await screen.findByText('Đã xóa 1 phản hồi.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('button', { name: /Xóa phản hồi/ })).not.toBeInTheDocument());
    expect(urls.filter((u) => u === 'GET /v1/surveys/survey-completion-by-survey').length).toBeGreaterThan(1);
  });
});
