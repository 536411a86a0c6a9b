import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { THomeroomClass } from '@app/shared/school';
import type { TStudentSurveyStatus } from '@app/shared/survey-monitoring';
import { makeModule, makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { page, surveyRow } from '@/areas/surveys/monitoring/test/fixtures';
import { HomeroomDashboardCard } from './homeroom-dashboard-card';

const MODULE = makeModule(3, { isCurrent: true, code: '2026-HK1-M2', academicYearId: 5 });
const stamps = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const cls = (id: number, name: string, academicYearId: number): THomeroomClass => ({
  id,
  name,
  academicYearId,
  academicYearName: academicYearId === 5 ? '2026-2027' : '2025-2026',
  grade: 11,
  campusId: 1,
  campusName: 'Cơ sở Trung tâm',
  homeroomTeacherId: 7,
  homeroomTeacherName: 'Bùi Thị Hương',
  studentCount: 32,
  ...stamps,
});
const HOA = cls(4, '11 Hóa', 5);
const OLD = cls(2, '10 Hóa', 4);
const pendingRow = (id: number, fullName: string, pending: TStudentSurveyStatus['pending']): TStudentSurveyStatus => ({
  studentId: id,
  studentCode: `HS${id}`,
  fullName,
  grade: 11,
  campusId: 1,
  campusName: 'Cơ sở Trung tâm',
  homeroomClassId: 4,
  homeroomClassName: '11 Hóa',
  expected: 2,
  done: 2 - pending.length,
  status: 'not_done',
  lastSubmittedAt: null,
  pending,
});

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());
function renderCard(api: MockRoutes) {
  mock = mockApi(api);
  return renderUi(<HomeroomDashboardCard />, {
    path: '/teacher/dashboard',
    auth: makeUser(['HOMEROOM_TEACHER', 'TEACHER']),
    module: MODULE,
  });
}
const STATUS = {
  homeroomClassId: 4,
  homeroomClassName: '11 Hóa',
  moduleId: 3,
  moduleCode: '2026-HK1-M2',
  surveys: [surveyRow(1, { title: 'Góp ý chung về nhà trường', done: 20, expected: 32, rate: 62.5, daysLeft: 3 })],
};

describe('HomeroomDashboardCard', () => {
  it("shows the class of the module's year: completion per open survey and the first students not done, with what is missing", async () => {
    renderCard({
      'GET /v1/homeroom-classes/mine': () => ok([OLD, HOA]),
      'GET /v1/homeroom-classes/4/survey-status': () => ok(STATUS),
      'GET /v1/surveys/all-students-survey-status': () =>
        page(
          [
            pendingRow(1, 'Lê Thị Lan', [
              { surveyId: 1, title: 'Góp ý chung về nhà trường', courseClassId: null, courseClassName: null },
              { surveyId: 5, title: 'Khảo sát môn Hóa', courseClassId: 8, courseClassName: 'Hóa 11A' },
            ]),
          ],
          12,
        ),
    });
    const card = await screen.findByRole('region', { name: 'Lớp chủ nhiệm 11 Hóa' });
    expect(card).toHaveTextContent('32 học sinh · năm học 2026-2027');
    expect(await within(card).findByRole('progressbar', { name: 'Góp ý chung về nhà trường' })).toHaveAttribute('aria-valuenow', '63');
    expect(card).toHaveTextContent('Còn 3 ngày');
    const pending = await within(card).findByRole('region', { name: 'Học sinh chưa hoàn thành (12)' });
    expect(pending).toHaveTextContent('Lê Thị Lan · còn 2: Góp ý chung về nhà trường; Khảo sát môn Hóa (Hóa 11A)');
    expect(pending).toHaveTextContent('Và 11 em khác — xem cả danh sách.');
    expect(within(card).getByRole('link', { name: 'Xem lớp chủ nhiệm' })).toHaveAttribute('href', '/teacher/homeroom-class');
    expect(within(pending).getByRole('link', { name: 'xem cả danh sách' })).toHaveAttribute('href', '/teacher/homeroom-class');
    expect(mock!.calls.find((x) => x.url === '/v1/homeroom-classes/4/survey-status')?.params).toEqual({ moduleId: 3 });
    expect(mock!.calls.find((x) => x.url === '/v1/surveys/all-students-survey-status')?.params).toEqual({
      homeroomClassId: 4,
      moduleId: 3,
      status: 'not_done',
      page: 1,
      limit: 8,
    });
  });

  it('says when the whole class is done, when no survey is open, and when the teacher has no class', async () => {
    const a = renderCard({
      'GET /v1/homeroom-classes/mine': () => ok([HOA]),
      'GET /v1/homeroom-classes/4/survey-status': () => ok(STATUS),
      'GET /v1/surveys/all-students-survey-status': () => page([]),
    });
    expect(await screen.findByText('Cả lớp đã hoàn thành các khảo sát đang mở.')).toBeInTheDocument();
    a.unmount();
    mock?.restore();
    const b = renderCard({
      'GET /v1/homeroom-classes/mine': () => ok([HOA]),
      'GET /v1/homeroom-classes/4/survey-status': () => ok({ ...STATUS, surveys: [] }),
    });
    expect(await screen.findByText(/Chưa có khảo sát nào đang mở cho lớp 11 Hóa trong học phần 2026-HK1-M2/)).toBeInTheDocument();
    expect(mock!.calls.some((x) => x.url === '/v1/surveys/all-students-survey-status')).toBe(false);
    b.unmount();
    mock?.restore();
    renderCard({ 'GET /v1/homeroom-classes/mine': () => ok([]) });
    expect(await screen.findByText(/chưa được phân công chủ nhiệm lớp nào/)).toBeInTheDocument();
  });

  it("shows the server's refusal with a retry", async () => {
    renderCard({
      'GET /v1/homeroom-classes/mine': () => ok([HOA]),
      'GET /v1/homeroom-classes/4/survey-status': () => fail(403, 'Bạn chỉ được xem tiến độ khảo sát của lớp chủ nhiệm của mình.'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bạn chỉ được xem tiến độ khảo sát của lớp chủ nhiệm của mình.');
    expect(within(alert).getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });
});
