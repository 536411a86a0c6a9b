import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AGREEMENT_COLUMNS } from '@app/shared/survey-fixtures';
import type { TSurvey, TSurveyQuestion } from '@app/shared/surveys';
import { makeModule, makeUser } from '@/test/fixtures';
import { fail, mockApi, ok, type MockRequest, type MockRoutes } from '@/test/mock-api';
import { renderUi } from '@/test/render-app';
import SurveyDetailRoute from '@/app/survey-detail-tabs';

const ADMIN = makeUser(['ADMIN']);
const stamps = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const q = (id: number, displayOrder: number, over: Partial<TSurveyQuestion> = {}): TSurveyQuestion => ({
  id,
  content: `<p>Câu ${id}</p>`,
  questionType: 'short_text',
  required: 1,
  displayOrder,
  options: null,
  visibleToTeacher: true,
  lmsOnly: false,
  gridGroup: null,
  ...over,
});
const SAVED: TSurvey = {
  id: 1,
  title: 'Khảo sát giữa kỳ',
  description: null,
  coverImageUrl: null,
  surveyType: 'GENERAL',
  status: 'draft',
  startDate: '2026-01-05',
  endDate: '2026-01-20',
  allowedGrades: [10, 11, 12],
  moduleId: 3,
  subjectId: null,
  subject: null,
  autoCalculate: false,
  isTemplate: false,
  responseCount: 0,
  ...stamps,
  sections: [
    { id: 20, title: 'Góp ý', description: null, displayOrder: 2, questions: [q(201, 1, { questionType: 'long_text', required: 0 })] },
    {
      id: 10,
      title: 'Ý kiến chung',
      description: '<p>Phần đầu</p>',
      displayOrder: 1,
      questions: [
        q(102, 2, {
          questionType: 'multiple_choice',
          options: {
            choices: [
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
            ],
            allowOther: true,
          },
        }),
        q(101, 1),
      ],
    },
  ],
};

/** The server's answer to a save: the body back with ids for the new parts. */
function echo(body: unknown): TSurvey {
  let next = 900;
  type Part = { id?: number };
  const b = body as Record<string, unknown> & {
    sections: Array<Part & { questions: Array<Part & { gridGroup: null | (Part & { key: string; columns: Part[] }) }> }>;
  };
  const groups = new Map<string, number>();
  return {
    ...SAVED,
    ...b,
    id: 1,
    subject: null,
    responseCount: 0,
    sections: b.sections.map((s) => ({
      ...s,
      id: s.id ?? ++next,
      questions: s.questions.map((x) => {
        const g = x.gridGroup;
        const gid = g ? (g.id ?? groups.get(g.key) ?? ++next) : null;
        if (g) groups.set(g.key, gid!);
        return {
          ...x,
          id: x.id ?? ++next,
          gridGroup: g ? { id: gid!, columns: g.columns.map((c, i) => ({ ...c, id: c.id ?? gid! * 10 + i })) } : null,
        };
      }),
    })),
  } as TSurvey;
}

let mock: ReturnType<typeof mockApi> | undefined;
afterEach(() => mock?.restore());
function renderPage(api: MockRoutes = {}, survey: TSurvey = SAVED, path = '/admin/surveys/1') {
  mock = mockApi({
    'GET /v1/surveys/1': () => ok(survey),
    'PUT /v1/surveys/1': (req) => ok(echo(req.body), 'Đã cập nhật khảo sát.'),
    'GET /v1/academic-years/modules': () => ok({ items: [makeModule(3)], total: 1, page: 1, limit: 100 }),
    ...api,
  });
  return renderUi(<SurveyDetailRoute />, { path, routePath: '/admin/surveys/:id', auth: ADMIN });
}
const section = (n: number) => screen.getByRole('region', { name: new RegExp(`^Phần ${n}\\b`) });
const writes = (method: string) => mock!.calls.filter((c) => c.method === method);
const saveButton = () => screen.getByRole('button', { name: 'Lưu khảo sát' });
/** A few keys typed, the rest pasted (the editor takes pasted text as plain text): the same events, fewer renders in jsdom. */
async function typeRich(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.keyboard(text.slice(0, 3));
  await userEvent.paste(text.slice(3));
}

// A whole builder re-renders per keystroke in jsdom; on a busy 2-core machine that needs more than 5 s.
describe('/admin/surveys/{id}: the builder', { timeout: 30_000 }, () => {
  it('a survey that does not exist offers no "Thử lại" (asking again cannot help)', async () => {
    renderPage({ 'GET /v1/surveys/999': () => fail(404, 'Không tìm thấy khảo sát.') }, SAVED, '/admin/surveys/999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lỗi: Không tìm thấy khảo sát.');
    expect(screen.queryByRole('button', { name: 'Thử lại' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quay lại danh sách khảo sát' })).toHaveAttribute('href', '/admin/surveys');
  });

  it('adds a grid group with the agreement preset and sends the whole survey as the issue describes', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Lưu khảo sát' });
    const first = section(1);
    await userEvent.click(within(first).getByRole('button', { name: 'Thêm nhóm lưới' }));
    await userEvent.click(within(first).getByRole('button', { name: /Dùng thang “Rất không đồng ý … Rất đồng ý”/ }));
    // The "no opinion" column says what it is, never its stored value (issue 12: "có giá trị None").
    expect(within(first).getAllByText('Không có ý kiến (không tính điểm)')).toHaveLength(1);
    expect(first).not.toHaveTextContent(/None/);
    expect(
      within(first)
        .getAllByRole('textbox', { name: 'Giá trị' })
        .map((b) => (b as HTMLInputElement).value),
    ).toEqual(['1', '2', '3', '4', '5']);
    await typeRich(within(first).getByRole('textbox', { name: 'Câu 3 (dòng 1)' }), 'Thầy cô giảng dễ hiểu');
    await userEvent.click(within(first).getByRole('button', { name: 'Thêm dòng' }));
    // Like "Thêm câu hỏi", the new row's box takes the focus.
    await waitFor(() => expect(within(first).getByRole('textbox', { name: 'Câu 4 (dòng 2)' })).toHaveFocus());
    await typeRich(within(first).getByRole('textbox', { name: 'Câu 4 (dòng 2)' }), 'Bài tập vừa sức');
    expect(screen.getByText(/Có thay đổi chưa lưu/)).toBeInTheDocument();
    await userEvent.click(saveButton());

    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    const body = writes('PUT')[0].body as Record<string, unknown> & {
      sections: Array<Record<string, unknown> & { questions: Array<Record<string, unknown>> }>;
    };
    // Field by field, the body of issue 4 (plus isTemplate, which the shared input schema carries).
    expect(Object.keys(body).sort()).toEqual([
      'allowedGrades',
      'autoCalculate',
      'coverImageUrl',
      'description',
      'endDate',
      'isTemplate',
      'moduleId',
      'sections',
      'startDate',
      'status',
      'subjectId',
      'surveyType',
      'title',
    ]);
    expect(body).toMatchObject({
      title: 'Khảo sát giữa kỳ',
      description: null,
      coverImageUrl: null,
      surveyType: 'GENERAL',
      status: 'draft',
      startDate: '2026-01-05',
      endDate: '2026-01-20',
      allowedGrades: [10, 11, 12],
      moduleId: 3,
      subjectId: null,
      autoCalculate: false,
      isTemplate: false,
    });
    expect(body.sections.map((s) => [s.id, s.title, s.displayOrder])).toEqual([
      [10, 'Ý kiến chung', 1],
      [20, 'Góp ý', 2],
    ]);
    expect(body.sections[0].description).toBe('<p>Phần đầu</p>');
    const qs = body.sections[0].questions;
    expect(qs.map((x) => [x.id, x.questionType, x.displayOrder])).toEqual([
      [101, 'short_text', 1],
      [102, 'multiple_choice', 2],
      [undefined, 'grid', 3],
      [undefined, 'grid', 4],
    ]);
    expect(qs[0]).toEqual({
      id: 101,
      content: '<p>Câu 101</p>',
      questionType: 'short_text',
      required: 1,
      displayOrder: 1,
      options: null,
      visibleToTeacher: true,
      lmsOnly: false,
      gridGroup: null,
    });
    expect(qs[1].options).toEqual({
      choices: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
      allowOther: true,
    });

    const columns = AGREEMENT_COLUMNS.map(({ id: _id, ...c }) => c);
    for (const [row, content, order] of [
      [qs[2], 'Thầy cô giảng dễ hiểu', 3],
      [qs[3], 'Bài tập vừa sức', 4],
    ] as const) {
      expect(Object.keys(row).sort()).toEqual([
        'content',
        'displayOrder',
        'gridGroup',
        'lmsOnly',
        'options',
        'questionType',
        'required',
        'visibleToTeacher',
      ]);
      expect(row).toMatchObject({
        content,
        questionType: 'grid',
        required: 1,
        displayOrder: order,
        options: null,
        visibleToTeacher: true,
        lmsOnly: false,
      });
      const g = row.gridGroup as { key: string; columns: Array<Record<string, unknown>> };
      expect(Object.keys(g).sort()).toEqual(['columns', 'key']);
      expect(g.columns).toEqual(columns);
      for (const c of g.columns) expect(c).not.toHaveProperty('id');
    }
    // Both rows name the same group.
    expect((qs[2].gridGroup as { key: string }).key).toBe((qs[3].gridGroup as { key: string }).key);
    expect(await screen.findByText(/Đã lưu mọi thay đổi/)).toBeInTheDocument();
  });

  it('reorders with the up/down buttons (display orders renumbered, ids kept)', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Lưu khảo sát' });
    await userEvent.click(within(section(1)).getByRole('button', { name: 'Chuyển câu hỏi 1 xuống' }));
    await userEvent.click(screen.getByRole('button', { name: 'Chuyển phần 2 lên' }));
    // The moved section's button keeps the keyboard focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Chuyển phần 1 xuống' })).toHaveFocus());
    await userEvent.click(saveButton());
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    const body = writes('PUT')[0].body as {
      sections: Array<{ id: number; displayOrder: number; questions: Array<{ id: number; displayOrder: number }> }>;
    };
    expect(body.sections.map((s) => [s.id, s.displayOrder])).toEqual([
      [20, 1],
      [10, 2],
    ]);
    expect(body.sections[1].questions.map((x) => [x.id, x.displayOrder])).toEqual([
      [102, 1],
      [101, 2],
    ]);
  });

  it('keeps everything typed when the server refuses, and shows its message at the top', async () => {
    const msg = 'Không thể xóa câu hỏi "Câu 101" vì đã có học sinh trả lời; chỉ có thể sửa nội dung hoặc thứ tự.';
    renderPage({ 'PUT /v1/surveys/1': () => fail(409, msg, 'CONFLICT') });
    const title = await screen.findByRole('textbox', { name: /Tiêu đề khảo sát/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Khảo sát cuối kỳ');
    // A question with content is deleted only after a confirmation.
    await userEvent.click(within(section(1)).getByRole('button', { name: 'Xóa câu hỏi 1' }));
    const confirm = screen.getByRole('dialog', { name: 'Xóa câu hỏi 1?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xóa' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(msg);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /Tiêu đề khảo sát/ })).toHaveValue('Khảo sát cuối kỳ');
    expect(within(section(1)).queryByRole('textbox', { name: 'Nội dung câu hỏi 2' })).not.toBeInTheDocument();
    expect(screen.getByText(/Có thay đổi chưa lưu/)).toBeInTheDocument();
  });

  it('asks before deleting a question with content; an empty new one goes at once', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Lưu khảo sát' });
    const first = section(1);
    const before = within(first).getAllByRole('article').length;
    await userEvent.click(within(first).getByRole('button', { name: 'Xóa câu hỏi 1' }));
    const confirm = screen.getByRole('dialog', { name: 'Xóa câu hỏi 1?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(first).getAllByRole('article')).toHaveLength(before);

    await userEvent.click(within(first).getByRole('button', { name: 'Thêm câu hỏi vào phần 1' }));
    expect(within(first).getAllByRole('article')).toHaveLength(before + 1);
    await userEvent.click(within(first).getByRole('button', { name: `Xóa câu hỏi ${before + 1}` }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(first).getAllByRole('article')).toHaveLength(before);
  });

  it('checks with the shared schema before sending: nothing goes out, the message sits at the field', async () => {
    renderPage();
    const title = await screen.findByRole('textbox', { name: /Tiêu đề khảo sát/ });
    await userEvent.clear(title);
    await userEvent.click(within(section(1)).getByRole('button', { name: 'Xóa lựa chọn 1' }));
    await userEvent.click(within(section(1)).getByRole('button', { name: 'Xóa lựa chọn 1' }));
    await userEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Chưa lưu được: khảo sát còn 2 lỗi cần sửa.');
    expect(alert).toHaveTextContent('Tiêu đề khảo sát là bắt buộc.');
    expect(alert).toHaveTextContent('Phần 1, câu 2: Câu hỏi lựa chọn phải có ít nhất một lựa chọn.');
    expect(writes('PUT')).toHaveLength(0);
    expect(title).toHaveAccessibleDescription('Tiêu đề khảo sát là bắt buộc.');
    // A failed save moves focus to the summary on the next animation frame: wait for it, or on a loaded
    // machine it lands in the middle of the typing below and takes the keys (CI failed twice so).
    await waitFor(() => expect(alert).toHaveFocus());
    // Fixing the title removes its message at once.
    await userEvent.type(title, 'Mới');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('khảo sát còn 1 lỗi'));
  });

  it('a new survey is POSTed without ids and then opens under its id', async () => {
    let posted: MockRequest | undefined;
    const { router } = renderPage(
      {
        'POST /v1/surveys': (req) => ((posted = req), ok({ ...echo(req.body), id: 7 }, 'Đã tạo khảo sát.')),
        'GET /v1/surveys/7': () => ok({ ...echo(posted!.body), id: 7 }),
      },
      SAVED,
      '/admin/surveys/new',
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /Tiêu đề khảo sát/ }), 'Khảo sát mới về thư viện');
    const moduleBox = screen.getByRole('combobox', { name: /Học phần/ });
    await waitFor(() => expect(within(moduleBox).getByRole('option', { name: /HP3/ })).toBeInTheDocument());
    await userEvent.selectOptions(moduleBox, within(moduleBox).getByRole('option', { name: /HP3/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Thêm câu hỏi vào phần 1' }));
    await typeRich(screen.getByRole('textbox', { name: 'Nội dung câu hỏi 1' }), 'Em đến thư viện mấy lần mỗi tuần?');
    await userEvent.click(saveButton());
    await waitFor(() => expect(posted).toBeDefined());
    const body = posted!.body as {
      title: string;
      status: string;
      sections: Array<Record<string, unknown> & { questions: Array<Record<string, unknown>> }>;
    };
    expect(body.title).toBe('Khảo sát mới về thư viện');
    expect(body.status).toBe('draft');
    expect(body).toMatchObject({ moduleId: 3, surveyType: 'GENERAL', allowedGrades: [10, 11, 12], isTemplate: false });
    expect(body.sections[0]).not.toHaveProperty('id');
    expect(body.sections[0].questions[0]).not.toHaveProperty('id');
    expect(body.sections[0].questions[0].options).toEqual({
      choices: [
        { value: 'lua_chon_1', label: 'Lựa chọn 1' },
        { value: 'lua_chon_2', label: 'Lựa chọn 2' },
      ],
      allowOther: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/surveys/7'));
  });

  it('on a template, a saved question’s teacher visibility is written at once through the template-question call', async () => {
    const template: TSurvey = { ...SAVED, isTemplate: true, moduleId: null, startDate: null, endDate: null };
    renderPage({ 'PUT /v1/templates/template-questions/101/visibility': () => ok({}, 'Đã cập nhật quyền xem của giáo viên.') }, template);
    await screen.findByRole('button', { name: 'Lưu khảo sát' });
    const box = within(section(1)).getAllByRole('checkbox', { name: 'Giáo viên xem được kết quả' })[0];
    await userEvent.click(box);
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0]).toMatchObject({ url: '/v1/templates/template-questions/101/visibility', body: { visibleToTeacher: false } });
    await waitFor(() => expect(box).not.toBeChecked());
    expect(screen.getByText(/Đã lưu mọi thay đổi/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Ngày bắt đầu/ })).not.toBeInTheDocument();
  });

  it('previews the draft with the student renderer, inputs disabled', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Lưu khảo sát' });
    await userEvent.click(screen.getByRole('button', { name: 'Xem trước' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xem trước khảo sát' });
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Xem trước khảo sát', 'Ý kiến chung', 'Góp ý']);
    for (const input of within(dialog).getAllByRole('radio')) expect(input).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Khác' })).toBeInTheDocument();
  });
});
