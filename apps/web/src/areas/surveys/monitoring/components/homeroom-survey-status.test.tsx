import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { ok } from '@/test/mock-api';
import { captureEachTest, page, renderMonitoring, studentStatus, surveyRow } from '../test/fixtures';
import { HomeroomSurveyStatus } from './homeroom-survey-status';

const params = captureEachTest();
const TEACHER = makeUser(['HOMEROOM_TEACHER', 'TEACHER']);

const STATUS = {
  homeroomClassId: 4,
  homeroomClassName: '11 Hóa',
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  surveys: [
    surveyRow(1, { title: 'Khảo sát chung', done: 20, expected: 32, rate: 62.5, students: 32, studentsDone: 20, daysLeft: 2 }),
    surveyRow(2, { title: 'Khảo sát môn Toán', done: 25, expected: 32, rate: 78.1, students: 32, studentsDone: 25 }),
  ],
};

describe('"Tiến độ khảo sát" on the homeroom class page', () => {
  it("shows the class's completion per open survey and who has not answered, with what is missing", async () => {
    renderMonitoring(<HomeroomSurveyStatus classId={4} className="11 Hóa" />, {
      user: TEACHER,
      path: '/teacher/homeroom-class',
      api: {
        'GET /v1/homeroom-classes/4/survey-status': () => ok(STATUS),
        'GET /v1/surveys/all-students-survey-status': () =>
          page([
            studentStatus(1, 'Lê Thị Lan', {
              pending: [{ surveyId: 2, title: 'Khảo sát môn Toán', courseClassId: 9, courseClassName: 'Toán 11A1' }],
            }),
            studentStatus(2, 'Trần Văn Minh', {
              done: 0,
              pending: [{ surveyId: 1, title: 'Khảo sát chung', courseClassId: null, courseClassName: null }],
            }),
          ]),
      },
    });
    const section = await screen.findByRole('region', { name: 'Tiến độ khảo sát' });
    expect(await within(section).findByRole('progressbar', { name: 'Khảo sát chung' })).toHaveAttribute(
      'aria-valuetext',
      '62,5%, 20/32 lượt',
    );
    expect(within(section).getByText('Còn 2 ngày')).toBeInTheDocument();
    expect(section).toHaveTextContent('học phần 2026-HK1-M2');
    expect(params('/v1/homeroom-classes/4/survey-status')).toEqual({ moduleId: 3 });

    const table = await screen.findByRole('table', { name: 'Tiến độ khảo sát của học sinh lớp 11 Hóa' });
    const lan = await within(table).findByRole('row', { name: /Lê Thị Lan/ });
    expect(lan).toHaveTextContent('1/2');
    expect(lan).toHaveTextContent('Khảo sát môn Toán (Toán 11A1)');
    expect(lan).toHaveTextContent('Chưa hoàn thành');
    expect(within(table).getByRole('row', { name: /Trần Văn Minh/ })).toHaveTextContent('0/2');
    // Answers are never shown, only done / not done.
    expect(section).toHaveTextContent('không hiển thị câu trả lời');
    expect(params('/v1/surveys/all-students-survey-status')).toMatchObject({ homeroomClassId: '4', moduleId: '3', status: 'not_done' });

    await userEvent.selectOptions(within(section).getByLabelText('Trạng thái'), '');
    await waitFor(() => expect(params('/v1/surveys/all-students-survey-status')?.status).toBeUndefined());
    await userEvent.type(screen.getByLabelText('Tìm học sinh chưa làm khảo sát'), 'Minh');
    await waitFor(() => expect(params('/v1/surveys/all-students-survey-status')).toMatchObject({ search: 'Minh', homeroomClassId: '4' }));
  });

  it('says so when no survey is open for the class (and lists no students)', async () => {
    renderMonitoring(<HomeroomSurveyStatus classId={4} className="11 Hóa" />, {
      user: TEACHER,
      path: '/teacher/homeroom-class',
      api: {
        'GET /v1/homeroom-classes/4/survey-status': () => ok({ ...STATUS, surveys: [] }),
        'GET /v1/surveys/all-students-survey-status': () => page([]),
      },
    });
    expect(await screen.findByText('Chưa có khảo sát nào đang mở cho lớp trong học phần này.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
