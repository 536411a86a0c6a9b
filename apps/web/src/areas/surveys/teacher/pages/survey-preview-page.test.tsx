import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSurvey } from '@app/shared/survey-fixtures';
import { makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import { TEACHER_PREVIEW_MSG } from '../components/teacher-preview-notice';
import SurveyPreviewPage from './survey-preview-page';

const TEACHER = makeUser(['TEACHER']);
const subjectSurvey = { ...makeSurvey(), studentCourseClass: null };
const generalSurvey = {
  ...makeSurvey({ id: 2, title: 'Khảo sát chung về nhà trường', surveyType: 'GENERAL', subjectId: null, subject: null }),
  studentCourseClass: null,
};

let mock: ReturnType<typeof mockApi> | undefined;
const renderPage = (id: number | string, api: MockRoutes) => {
  mock = mockApi(api);
  return renderUi(<SurveyPreviewPage />, {
    path: `/teacher/survey-preview/${id}`,
    routePath: '/teacher/survey-preview/:surveyId',
    auth: TEACHER,
  });
};
afterEach(() => mock?.restore());

describe('/teacher/survey-preview/{surveyId}', () => {
  it('a subject survey: notice, subject note, no title, every input disabled, no submit, no "Không có ý kiến" column', async () => {
    renderPage(1, { 'GET /v1/surveys/1': () => ok(subjectSurvey) });
    expect(await screen.findByText(TEACHER_PREVIEW_MSG.viewMode)).toBeInTheDocument();
    expect(screen.getByText(TEACHER_PREVIEW_MSG.subjectTemplate)).toBeInTheDocument();
    expect(screen.queryByText(subjectSurvey.title)).not.toBeInTheDocument();
    expect(screen.getByText('Toán')).toBeInTheDocument();

    const inputs = [
      ...screen.getAllByRole('radio'),
      ...screen.getAllByRole('checkbox'),
      ...screen.getAllByRole('textbox'),
      screen.getByRole('combobox'),
    ];
    expect(inputs.length).toBeGreaterThan(10);
    for (const el of inputs) expect(el).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Gửi khảo sát/ })).not.toBeInTheDocument();

    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('Không có ý kiến');
    expect(headers).toContain('Rất đồng ý');
    expect(screen.getByRole('link', { name: /Quay lại danh sách khảo sát/ })).toHaveAttribute('href', '/teacher/homeroom-surveys');
  });

  it('typing into a text question changes nothing', async () => {
    renderPage(1, { 'GET /v1/surveys/1': () => ok(subjectSurvey) });
    const box = await screen.findByRole('textbox', { name: 'Em thích điều gì nhất?' });
    await userEvent.type(box, 'abc');
    expect(box).toHaveValue('');
  });

  it('a general survey shows its title and no subject note', async () => {
    renderPage(2, { 'GET /v1/surveys/2': () => ok(generalSurvey) });
    expect(await screen.findByRole('heading', { level: 1, name: generalSurvey.title })).toBeInTheDocument();
    expect(screen.getByText(TEACHER_PREVIEW_MSG.viewMode)).toBeInTheDocument();
    expect(screen.queryByText(TEACHER_PREVIEW_MSG.subjectTemplate)).not.toBeInTheDocument();
  });

  it('a failed load is an inline error with the back link to the teacher list', async () => {
    renderPage(9, { 'GET /v1/surveys/9': () => fail(404, 'Không tìm thấy khảo sát.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Lỗi: Không tìm thấy khảo sát.');
    expect(screen.getByRole('link', { name: /Quay lại/ })).toHaveAttribute('href', '/teacher/homeroom-surveys');
  });

  it('a bad id is an inline error', () => {
    renderPage('abc', {});
    expect(screen.getByRole('alert')).toHaveTextContent('Không thể xác định khảo sát');
  });
});
