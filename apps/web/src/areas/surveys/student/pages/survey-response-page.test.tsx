import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answersToSubmission } from '@app/shared/survey-answers';
import { completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { fail, mockApi, ok, type MockRoutes } from '@/test/mock-api';
import { ownResponseToAnswers } from '@/areas/surveys/core/api/survey-api';
import { makeUser } from '@/test/fixtures';
import { renderUi } from '@/test/render-app';
import SurveyResponsePage from './survey-response-page';

const survey = makeSurvey();
const submission = answersToSubmission(survey, completeAnswers(), { studentId: 5001, courseClassId: 55 });

let mock: ReturnType<typeof mockApi> | undefined;
const renderPage = (api: MockRoutes) => {
  mock = mockApi({ 'GET /v1/surveys/1': () => ok(survey), ...api });
  return renderUi(<SurveyResponsePage />, {
    path: '/student/surveys/1?courseClassId=55',
    routePath: '/student/surveys/:id',
    auth: makeUser(['STUDENT'], { studentId: 5001 }),
  });
};
afterEach(() => mock?.restore());

describe('/student/surveys/{id}', () => {
  it("shows the student's own answers read-only", async () => {
    renderPage({
      'GET /v1/surveys/1/responses/student/5001': () =>
        ok([
          {
            responseId: 7,
            surveyId: 1,
            courseClassId: 56,
            courseClassName: 'Toán 10A2',
            teacherIds: [],
            submittedAt: '2026-01-06T00:00:00Z',
            submission: { ...submission, sections: [] },
          },
          {
            responseId: 8,
            surveyId: 1,
            courseClassId: 55,
            courseClassName: 'Toán 10A1',
            teacherIds: [9],
            submittedAt: '2026-01-06T00:00:00Z',
            submission,
          },
        ]),
    });
    expect(await screen.findByRole('textbox', { name: 'Em thích điều gì nhất?' })).toHaveValue('Giờ thực hành');
    expect(screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Rất đồng ý' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Rất đồng ý' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1, name: survey.title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gửi khảo sát' })).not.toBeInTheDocument();
    for (const el of screen.getAllByRole('textbox')) expect(el).toBeDisabled();
    // The chosen answers stay visible on the disabled form: accent-drawn input, bold label.
    const chosen = screen.getAllByRole('radio').find((r) => (r as HTMLInputElement).checked)!;
    expect(chosen).toHaveClass('choice-input');
    expect(chosen.closest('label')!.className).toContain('has-[input:checked:disabled]:font-semibold');
  });

  it('reads flat detail lists as well as submission-like payloads', () => {
    const flat = submission.sections.flatMap((s) => s.responses);
    const expected = ownResponseToAnswers(survey, submission);
    expect(ownResponseToAnswers(survey, { response: { id: 8 }, details: flat })).toEqual(expected);
    expect(ownResponseToAnswers(survey, flat)).toEqual(expected);
    expect(expected[201]).toBe('5');
    expect(expected[105]).toEqual(completeAnswers()[105]);
  });

  it('no response for this course class is an inline error', async () => {
    renderPage({ 'GET /v1/surveys/1/responses/student/5001': () => ok([]) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Lỗi: Không tìm thấy câu trả lời của em cho khảo sát này.');
    expect(screen.queryByRole('button', { name: 'Thử lại' })).not.toBeInTheDocument();
  });

  it('a missing response is an inline error', async () => {
    renderPage({ 'GET /v1/surveys/1/responses/student/5001': () => fail(404, 'Không tìm thấy câu trả lời.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Lỗi: Không tìm thấy câu trả lời.');
    // Asking again for something that is not there cannot help.
    expect(screen.queryByRole('button', { name: 'Thử lại' })).not.toBeInTheDocument();
  });

  it('a server failure keeps "Thử lại"', async () => {
    renderPage({ 'GET /v1/surveys/1/responses/student/5001': () => fail(500, 'Lỗi máy chủ.') });
    expect(await screen.findByRole('alert')).toHaveTextContent('Lỗi: Lỗi máy chủ.');
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
  });
});
