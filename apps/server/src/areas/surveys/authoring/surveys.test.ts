import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TSurvey } from '@app/shared/surveys';
import { queryRows } from '@/db/client';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { multipart } from '@/test/multipart';
import { uniq } from '@/test/uniq';
import { GENERAL_TEMPLATE_TITLE, TEACHING_TEMPLATE_TITLE } from '@/seed/demo-surveys';
import { surveyPutBody } from '@/test/surveys';

let t: TestApp;
let admin: string;
let qa: string;
let teacher: string;
let student: string;
let moduleId: number;
let toan: { id: number; usesLms: boolean };
let lmsSubject: { id: number; usesLms: boolean };

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(q))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  [admin, qa, teacher, student] = await Promise.all(['quantri', 'dbcl', 'gv.anh', 'hs.an'].map((u) => t.tokenFor(u)));
  [{ id: moduleId }] = await rows<{ id: number }>(sql`select id from modules where is_current`);
  [toan] = await rows<{ id: number; usesLms: boolean }>(sql`select id, uses_lms as "usesLms" from subjects where code = 'TOAN'`);
  [lmsSubject] = await rows<{ id: number; usesLms: boolean }>(
    sql`select id, uses_lms as "usesLms" from subjects where uses_lms order by id limit 1`,
  );
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload: payload as object | undefined });

const AGREE = [
  { label: 'Rất không đồng ý', value: '1', valueNumber: 1, displayOrder: 1 },
  { label: 'Không đồng ý', value: '2', valueNumber: 2, displayOrder: 2 },
  { label: 'Phân vân', value: '3', valueNumber: 3, displayOrder: 3 },
  { label: 'Đồng ý', value: '4', valueNumber: 4, displayOrder: 4 },
  { label: 'Rất đồng ý', value: '5', valueNumber: 5, displayOrder: 5 },
  { label: 'Không có ý kiến', value: 'None', valueNumber: null, displayOrder: 0 },
];
const YESNO = [
  { label: 'Có', value: 'yes', valueNumber: 1, displayOrder: 1 },
  { label: 'Không', value: 'no', valueNumber: 0, displayOrder: 2 },
];

/** A valid body with every question type, option shape and two grid groups; sections out of order. */
function input(over: Record<string, unknown> = {}) {
  return {
    title: uniq('Khảo sát thử '),
    description: '<p>Mô tả <strong>đậm</strong></p>',
    coverImageUrl: null,
    surveyType: 'GENERAL',
    status: 'draft',
    startDate: '2026-11-16',
    endDate: '2026-12-06',
    allowedGrades: [10, 11],
    moduleId,
    subjectId: null,
    autoCalculate: false,
    isTemplate: false,
    sections: [
      {
        title: 'Ý kiến chung',
        description: null,
        displayOrder: 2,
        questions: [
          {
            content: '<p>Em thích gì?</p>',
            questionType: 'short_text',
            required: 1,
            displayOrder: 1,
            visibleToTeacher: true,
            lmsOnly: false,
            gridGroup: null,
          },
          {
            content: '<p>Chọn một</p>',
            questionType: 'multiple_choice',
            required: 0,
            displayOrder: 2,
            options: { choices: ['A', 'B'], allowOther: true },
            visibleToTeacher: false,
            lmsOnly: false,
            gridGroup: null,
          },
          {
            content: '<p>Chọn nhiều</p>',
            questionType: 'checkbox',
            required: 1,
            displayOrder: 3,
            options: [
              { value: 'x', label: 'X' },
              { value: 'other', label: 'Khác', isOther: true },
            ],
            visibleToTeacher: true,
            lmsOnly: false,
            gridGroup: null,
          },
          {
            content: '<p>Thang đo</p>',
            questionType: 'linear_scale',
            required: 1,
            displayOrder: 4,
            options: { min: 1, max: 5, minLabel: 'Kém', maxLabel: 'Tốt' },
            visibleToTeacher: true,
            lmsOnly: false,
            gridGroup: null,
          },
          {
            content: '<p>Danh sách</p>',
            questionType: 'dropdown',
            required: 0,
            displayOrder: 5,
            options: { a: 'Lựa chọn A', b: 'Lựa chọn B' },
            visibleToTeacher: true,
            lmsOnly: true,
            gridGroup: null,
          },
        ],
      },
      {
        title: 'Giáo viên',
        description: '<p>Đánh giá</p>',
        displayOrder: 1,
        questions: [
          {
            content: '<p>Giảng dễ hiểu</p>',
            questionType: 'grid',
            required: 1,
            displayOrder: 1,
            visibleToTeacher: true,
            lmsOnly: false,
            gridGroup: { key: 'g1', columns: AGREE },
          },
          {
            content: '<p>Đúng giờ</p>',
            questionType: 'grid',
            required: 1,
            displayOrder: 2,
            visibleToTeacher: true,
            lmsOnly: false,
            gridGroup: { key: 'g1', columns: [] },
          },
          {
            content: '<p>Có dùng LMS</p>',
            questionType: 'grid',
            required: 0,
            displayOrder: 3,
            visibleToTeacher: true,
            lmsOnly: true,
            gridGroup: { key: 'g2', columns: YESNO },
          },
          {
            content: '<p>Công bằng</p>',
            questionType: 'grid',
            required: 0,
            displayOrder: 4,
            visibleToTeacher: true,
            lmsOnly: false,
            gridGroup: { key: 'g1', columns: AGREE },
          },
          {
            content: '<p>Góp ý</p>',
            questionType: 'long_text',
            required: 0,
            displayOrder: 5,
            visibleToTeacher: true,
            lmsOnly: false,
            gridGroup: null,
          },
        ],
      },
    ],
    ...over,
  };
}

async function create(body: unknown = input(), token = admin): Promise<TSurvey> {
  const res = await call(token, 'POST', '/surveys', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const surveyCount = () => count(sql`select count(*)::int as n from surveys`);

async function answer(surveyId: number, details: Array<{ questionId: number; text?: string; options?: string[]; columnId?: number }>) {
  const [r] = await rows<{ id: number }>(sql`
    insert into survey_responses (survey_id, student_id, student_grade, campus_id)
    select ${surveyId}, id, grade, campus_id from students order by id limit 1 returning id`);
  for (const d of details) {
    await t.database.db.execute(sql`insert into response_details (response_id, question_id, answer_text, answer_options, grid_column_id)
      values (${r.id}, ${d.questionId}, ${d.text ?? null}, ${d.options ? JSON.stringify(d.options) : null}::jsonb, ${d.columnId ?? null})`);
  }
  return r.id;
}

describe('roles', () => {
  it('lets staff read, only admin and QA write, students no list, nobody without a token', async () => {
    const s = await create();
    for (const tok of [admin, qa, teacher]) expect((await call(tok, 'GET', '/surveys')).statusCode).toBe(200);
    expect((await call(student, 'GET', '/surveys')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/surveys')).statusCode).toBe(401);
    expect((await call(teacher, 'GET', `/surveys/${s.id}`)).statusCode).toBe(200);
    expect((await call(student, 'GET', `/surveys/${s.id}`)).statusCode).toBe(403); // a draft
    for (const tok of [teacher, student]) {
      expect((await call(tok, 'POST', '/surveys', input())).statusCode).toBe(403);
      expect((await call(tok, 'PUT', `/surveys/${s.id}`, input())).statusCode).toBe(403);
      expect((await call(tok, 'PATCH', `/surveys/${s.id}/status`, { status: 'active' })).statusCode).toBe(403);
      expect((await call(tok, 'DELETE', `/surveys/${s.id}`)).statusCode).toBe(403);
      expect((await call(tok, 'POST', '/surveys/clone', { surveyId: s.id })).statusCode).toBe(403);
      expect(
        (
          await call(tok, 'POST', '/surveys/apply-template', {
            templateId: s.id,
            moduleId,
            startDate: '2026-11-16',
            endDate: '2026-11-20',
            allowedGrades: [10],
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(tok, 'POST', '/surveys/uploads/cover')).statusCode).toBe(403);
      expect((await call(tok, 'PUT', `/templates/template-questions/1/visibility`, { visibleToTeacher: true })).statusCode).toBe(403);
      expect(
        (await call(tok, 'POST', `/templates/template-questions/bulk-visibility`, { questionIds: [1], visibleToTeacher: true })).statusCode,
      ).toBe(403);
    }
    expect((await call(student, 'GET', '/templates/template-questions/teacher-visible')).statusCode).toBe(403);
    expect((await call(teacher, 'GET', '/templates/template-questions/teacher-visible')).statusCode).toBe(200);
    // QA writes too.
    const made = await create(input(), qa);
    expect((await call(qa, 'DELETE', `/surveys/${made.id}`)).statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('answers 400 in Vietnamese and writes nothing', async () => {
    const before = await surveyCount();
    const cases: Array<[unknown, string]> = [
      [input({ title: '  ' }), 'Tiêu đề khảo sát là bắt buộc.'],
      [input({ moduleId: null }), 'Học phần là bắt buộc.'],
      [input({ moduleId: 999999 }), 'Học phần đã chọn không tồn tại.'],
      [input({ surveyType: 'SUBJECT_SPECIFIC' }), 'Khảo sát theo môn học phải chọn môn học.'],
      [input({ status: 'active', startDate: null }), 'Ngày bắt đầu là bắt buộc.'],
      [input({ status: 'closed' }), 'Khảo sát mới không thể ở trạng thái "Đã đóng".'],
      [input({ endDate: '2026-11-01' }), 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu.'],
      [input({ coverImageUrl: 'javascript:alert(1)' }), 'Ảnh bìa phải là ảnh đã tải lên máy chủ của trường.'],
      [input({ coverImageUrl: 'https://example.org/a.png' }), 'Ảnh bìa phải là ảnh đã tải lên máy chủ của trường.'],
    ];
    const noCols = input();
    noCols.sections[1].questions[2].gridGroup = { key: 'g2', columns: [YESNO[0]] };
    cases.push([noCols, 'Nhóm lưới phải có ít nhất 2 cột.']);
    const noChoice = input();
    (noChoice.sections[0].questions[1] as { options?: unknown }).options = { choices: [], allowOther: false };
    cases.push([noChoice, 'Câu hỏi lựa chọn phải có ít nhất một lựa chọn.']);
    const dupOrder = input();
    dupOrder.sections[0].questions[1].displayOrder = 1;
    cases.push([dupOrder, 'Thứ tự hiển thị các câu hỏi trong một phần không được trùng nhau.']);
    for (const [body, message] of cases) {
      const res = await call(admin, 'POST', '/surveys', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await surveyCount()).toBe(before);
  });
});

describe('create, read, edit', () => {
  it('round-trips the input: order, grid groups shared by key, the None column', async () => {
    const body = input();
    const s = await create(body);
    const res = await call(admin, 'GET', `/surveys/${s.id}`);
    expect(res.statusCode).toBe(200);
    const got: TSurvey = res.json().data;
    expect(got).toMatchObject({
      title: body.title,
      description: body.description,
      surveyType: 'GENERAL',
      status: 'draft',
      startDate: '2026-11-16',
      endDate: '2026-12-06',
      allowedGrades: [10, 11],
      moduleId,
      subjectId: null,
      subject: null,
      isTemplate: false,
      responseCount: 0,
    });
    const sortedIn = [...body.sections].sort((a, b) => a.displayOrder - b.displayOrder);
    expect(got.sections.map((x) => x.title)).toEqual(sortedIn.map((x) => x.title));
    for (const [i, sec] of sortedIn.entries()) {
      const gs = got.sections[i];
      expect(gs.description).toBe(sec.description);
      const qs = [...sec.questions].sort((a, b) => a.displayOrder - b.displayOrder);
      expect(gs.questions.map((q) => q.displayOrder)).toEqual(qs.map((q) => q.displayOrder));
      for (const [j, q] of qs.entries()) {
        const g = gs.questions[j];
        expect(g).toMatchObject({
          content: q.content,
          questionType: q.questionType,
          required: q.required,
          visibleToTeacher: q.visibleToTeacher,
          lmsOnly: q.lmsOnly,
        });
        expect(g.options ?? null).toEqual((q as { options?: unknown }).options ?? null);
      }
    }
    const teacherSec = got.sections[0];
    const [g1a, g1b, g2, g1c] = teacherSec.questions;
    expect(g1a.gridGroup!.id).toBe(g1b.gridGroup!.id);
    expect(g1a.gridGroup!.id).toBe(g1c.gridGroup!.id);
    expect(g2.gridGroup!.id).not.toBe(g1a.gridGroup!.id);
    const strip = (cs: typeof AGREE) => [...cs].sort((a, b) => a.displayOrder - b.displayOrder);
    expect(g1b.gridGroup!.columns.map(({ id: _id, ...c }) => c)).toEqual(strip(AGREE));
    expect(g2.gridGroup!.columns.map(({ id: _id, ...c }) => c)).toEqual(strip(YESNO));
    expect(g1a.gridGroup!.columns.find((c) => c.value === 'None')).toMatchObject({
      label: 'Không có ý kiến',
      valueNumber: null,
      displayOrder: 0,
    });
    expect(
      await count(
        sql`select count(*)::int as n from grid_groups g join survey_sections s on s.id = g.section_id where s.survey_id = ${s.id}`,
      ),
    ).toBe(2);
    // Audited.
    expect(
      await count(
        sql`select count(*)::int as n from audit_logs where entity = 'survey' and entity_id = ${String(s.id)} and action = 'create'`,
      ),
    ).toBe(1);
  });

  it('lists with filters, search and paging', async () => {
    const title = uniq('Tìm kiếm khảo sát ');
    const s = await create(input({ title }));
    const res = await call(
      admin,
      'GET',
      `/surveys?search=${encodeURIComponent(title.toLowerCase().replace('ế', 'e'))}&moduleId=${moduleId}&status=draft&surveyType=GENERAL&isTemplate=false`,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: s.id, title, questionCount: 10, responseCount: 0, moduleCode: '2026-HK1-M2' });
    const tpl = await call(admin, 'GET', '/surveys?isTemplate=true&limit=100&sort=title');
    expect(tpl.json().data.items.every((x: { isTemplate: boolean }) => x.isTemplate)).toBe(true);
    expect((await call(admin, 'GET', '/surveys?status=nope')).statusCode).toBe(400);
  });

  it('PUT reorders in place and keeps ids', async () => {
    const s = await create();
    const body = surveyPutBody(s);
    body.title = 'Đã đổi tên';
    // Swap the sections and reverse the questions of the first.
    [body.sections[0].displayOrder, body.sections[1].displayOrder] = [body.sections[1].displayOrder, body.sections[0].displayOrder];
    const n = body.sections[1].questions.length;
    body.sections[1].questions.forEach((q, i) => (q.displayOrder = n - i));
    const res = await call(admin, 'PUT', `/surveys/${s.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const got: TSurvey = res.json().data;
    expect(got.title).toBe('Đã đổi tên');
    expect(got.sections.map((x) => x.id)).toEqual([s.sections[1].id, s.sections[0].id]);
    expect(got.sections[0].questions.map((q) => q.id)).toEqual([...s.sections[1].questions].reverse().map((q) => q.id));
    // Same grid group and columns after the save.
    expect(got.sections[1].questions[0].gridGroup).toEqual(s.sections[0].questions[0].gridGroup);
  });

  it('PUT adds, removes and regroups parts of an unanswered survey', async () => {
    const s = await create();
    const body = surveyPutBody(s);
    body.sections[0].questions.splice(2, 1); // the g2 row: its group goes away
    body.sections[1].questions.push({
      id: undefined as unknown as number,
      content: '<p>Mới</p>',
      questionType: 'short_text',
      required: 0,
      displayOrder: 9,
      options: undefined,
      visibleToTeacher: true,
      lmsOnly: false,
      gridGroup: null,
    });
    const res = await call(admin, 'PUT', `/surveys/${s.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const got: TSurvey = res.json().data;
    expect(got.sections[0].questions).toHaveLength(4);
    expect(got.sections[1].questions.at(-1)!.content).toBe('<p>Mới</p>');
    expect(
      await count(
        sql`select count(*)::int as n from grid_groups g join survey_sections s on s.id = g.section_id where s.survey_id = ${s.id}`,
      ),
    ).toBe(1);
    // An id of another survey is refused.
    const other = await create();
    const bad = surveyPutBody(s);
    bad.sections[0].id = other.sections[0].id;
    expect((await call(admin, 'PUT', `/surveys/${s.id}`, bad)).statusCode).toBe(400);
  });
});

describe('a survey with responses', () => {
  it('may be reworded and reordered but not lose or retype answered parts; it cannot be deleted', async () => {
    const s = await create();
    const [teacherSec, generalSec] = s.sections;
    const gridQ = teacherSec.questions[0];
    const agreeCol = gridQ.gridGroup!.columns.find((c) => c.value === '4')!;
    const choiceQ = generalSec.questions[1];
    const textQ = generalSec.questions[0];
    await answer(s.id, [
      { questionId: gridQ.id, text: agreeCol.label, columnId: agreeCol.id },
      { questionId: choiceQ.id, options: ['A'] },
      { questionId: textQ.id, text: 'Giờ thực hành' },
    ]);

    const ok = surveyPutBody(s);
    ok.sections[1].questions[0].content = '<p>Em thích điều gì nhất?</p>';
    ok.sections[0].questions[0].displayOrder = 9;
    const okRes = await call(admin, 'PUT', `/surveys/${s.id}`, ok);
    expect(okRes.statusCode, okRes.body).toBe(200);
    expect(okRes.json().data.responseCount).toBe(1);

    const fresh = surveyPutBody((await call(admin, 'GET', `/surveys/${s.id}`)).json().data);
    const removed = structuredClone(fresh);
    removed.sections[1].questions.splice(0, 1);
    let res = await call(admin, 'PUT', `/surveys/${s.id}`, removed);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Không thể xóa câu hỏi "Em thích điều gì nhất?" vì đã có học sinh trả lời; chỉ có thể sửa nội dung hoặc thứ tự.',
    );

    const retyped = structuredClone(fresh);
    retyped.sections[1].questions[0].questionType = 'long_text';
    res = await call(admin, 'PUT', `/surveys/${s.id}`, retyped);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Không thể đổi loại câu hỏi "Em thích điều gì nhất?"');

    const lostOption = structuredClone(fresh);
    lostOption.sections[1].questions[1].options = { choices: ['B', 'C'], allowOther: true };
    res = await call(admin, 'PUT', `/surveys/${s.id}`, lostOption);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Không thể xóa lựa chọn "A" của câu hỏi "Chọn một" vì đã có học sinh chọn.');

    const lostColumn = structuredClone(fresh);
    const g1 = lostColumn.sections[0].questions.filter((q) => q.gridGroup?.id === gridQ.gridGroup!.id);
    for (const q of g1) q.gridGroup!.columns = q.gridGroup!.columns.filter((c) => c.value !== '4');
    res = await call(admin, 'PUT', `/surveys/${s.id}`, lostColumn);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Không thể xóa cột "Đồng ý" của câu hỏi "Giảng dễ hiểu" vì đã có học sinh chọn.');

    // Renaming an answered column and changing its number is fine; the answers follow the number.
    const renamed = structuredClone(fresh);
    for (const q of renamed.sections[0].questions.filter((q) => q.gridGroup?.id === gridQ.gridGroup!.id)) {
      q.gridGroup!.columns = q.gridGroup!.columns.map((c) => (c.value === '4' ? { ...c, label: 'Khá đồng ý', valueNumber: 4.5 } : c));
    }
    res = await call(admin, 'PUT', `/surveys/${s.id}`, renamed);
    expect(res.statusCode, res.body).toBe(200);
    const [d] = await rows<{ v: number }>(sql`select value_number::float as v from response_details where grid_column_id = ${agreeCol.id}`);
    expect(Number(d.v)).toBe(4.5);

    // Nothing of the refused saves stuck.
    expect(
      await count(
        sql`select count(*)::int as n from survey_questions q join survey_sections s on s.id = q.section_id where s.survey_id = ${s.id}`,
      ),
    ).toBe(10);

    res = await call(admin, 'DELETE', `/surveys/${s.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Khảo sát đã có phản hồi; hãy đóng khảo sát thay vì xóa.');
    // The list says so up front, so the delete dialog can offer closing instead.
    const listed = (await call(admin, 'GET', `/surveys?isTemplate=false&limit=100&search=${encodeURIComponent(s.title)}`)).json().data
      .items as { id: number; responseCount: number }[];
    expect(listed.find((i) => i.id === s.id)?.responseCount).toBe(1);
  });

  it('deletes a survey without responses, audited', async () => {
    const s = await create();
    expect((await call(admin, 'DELETE', `/surveys/${s.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/surveys/${s.id}`)).statusCode).toBe(404);
    expect(
      await count(
        sql`select count(*)::int as n from audit_logs where entity = 'survey' and entity_id = ${String(s.id)} and action = 'delete'`,
      ),
    ).toBe(1);
  });
});

describe('status', () => {
  it('goes draft → active → closed → active; other moves and incomplete surveys are refused', async () => {
    const s = await create(input({ startDate: null, endDate: null }));
    let res = await call(admin, 'PATCH', `/surveys/${s.id}/status`, { status: 'active' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ngày bắt đầu là bắt buộc.');
    const empty = await create(input({ sections: [] }));
    res = await call(admin, 'PATCH', `/surveys/${empty.id}/status`, { status: 'active' });
    expect(res.json().message).toBe('Khảo sát phải có ít nhất một câu hỏi trước khi mở.');

    const d = await create();
    res = await call(admin, 'PATCH', `/surveys/${d.id}/status`, { status: 'closed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Không thể chuyển khảo sát từ "Bản nháp" sang "Đã đóng".');
    for (const status of ['active', 'closed', 'active'] as const) {
      res = await call(admin, 'PATCH', `/surveys/${d.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    res = await call(admin, 'PATCH', `/surveys/${d.id}/status`, { status: 'draft' });
    expect(res.statusCode).toBe(400);
    // PUT carries the status too.
    const body = surveyPutBody(res.statusCode === 400 ? (await call(admin, 'GET', `/surveys/${d.id}`)).json().data : d);
    res = await call(admin, 'PUT', `/surveys/${d.id}`, { ...body, status: 'closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('closed');
    res = await call(admin, 'PUT', `/surveys/${d.id}`, { ...body, status: 'draft' });
    expect(res.statusCode).toBe(400);
    expect(
      await count(
        sql`select count(*)::int as n from audit_logs where entity = 'survey' and entity_id = ${String(d.id)} and action = 'update'`,
      ),
    ).toBeGreaterThanOrEqual(4);
  });
});

describe('clone and apply-template', () => {
  it('clones a survey into a draft with the same parts and lined-up questions', async () => {
    const s = await create();
    const res = await call(admin, 'POST', '/surveys/clone', { surveyId: s.id, title: 'Bản sao thử' });
    expect(res.statusCode, res.body).toBe(200);
    const c: TSurvey = res.json().data;
    expect(c).toMatchObject({ title: 'Bản sao thử', status: 'draft', moduleId, isTemplate: false });
    expect(c.sections.map((x) => x.questions.map((q) => q.content))).toEqual(s.sections.map((x) => x.questions.map((q) => q.content)));
    const [g1a, g1b] = c.sections[0].questions;
    expect(g1a.gridGroup!.id).toBe(g1b.gridGroup!.id);
    expect(g1a.gridGroup!.id).not.toBe(s.sections[0].questions[0].gridGroup!.id);
    const src = await rows<{ id: number; source: number }>(
      sql`select q.id, q.source_question_id as source from survey_questions q join survey_sections s on s.id = q.section_id where s.survey_id = ${c.id} order by s.display_order, q.display_order`,
    );
    expect(src.map((r) => r.source)).toEqual(s.sections.flatMap((x) => x.questions.map((q) => q.id)));
  });

  it('applies a subject template per subject, leaving LMS-only questions out where the LMS is not used', async () => {
    const tpl = await create(input({ surveyType: 'SUBJECT_SPECIFIC', isTemplate: true, moduleId: null, startDate: null, endDate: null }));
    expect(toan.usesLms).toBe(false);
    const res = await call(qa, 'POST', '/surveys/apply-template', {
      templateId: tpl.id,
      moduleId,
      subjectIds: [toan.id, lmsSubject.id],
      startDate: '2026-11-16',
      endDate: '2026-12-06',
      allowedGrades: [10, 11, 12],
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data as Array<{ id: number; subjectId: number; questionCount: number; status: string; moduleId: number }>;
    expect(items).toHaveLength(2);
    const byToan = items.find((i) => i.subjectId === toan.id)!;
    const byLms = items.find((i) => i.subjectId === lmsSubject.id)!;
    expect(byLms.questionCount).toBe(10);
    expect(byToan.questionCount).toBe(8);
    expect(byToan).toMatchObject({ status: 'draft', moduleId });
    const full: TSurvey = (await call(admin, 'GET', `/surveys/${byToan.id}`)).json().data;
    expect(full.sections.flatMap((x) => x.questions).some((q) => q.lmsOnly)).toBe(false);
    expect(full).toMatchObject({ allowedGrades: [10, 11, 12], startDate: '2026-11-16', subject: { id: toan.id, usesLms: false } });
    // Not a template, or a subject template without subjects: refused.
    const plain = await create();
    expect(
      (
        await call(admin, 'POST', '/surveys/apply-template', {
          templateId: plain.id,
          moduleId,
          startDate: '2026-11-16',
          endDate: '2026-12-06',
          allowedGrades: [10],
        })
      ).json().message,
    ).toBe('Khảo sát đã chọn không phải là mẫu khảo sát.');
    expect(
      (
        await call(admin, 'POST', '/surveys/apply-template', {
          templateId: tpl.id,
          moduleId,
          startDate: '2026-11-16',
          endDate: '2026-12-06',
          allowedGrades: [10],
        })
      ).json().message,
    ).toBe('Hãy chọn ít nhất một môn học để áp dụng mẫu khảo sát theo môn học.');
    // A template cannot be activated.
    expect((await call(admin, 'PATCH', `/surveys/${tpl.id}/status`, { status: 'active' })).statusCode).toBe(400);
  });
});

describe('sanitizing', () => {
  const EVIL =
    '<p>Câu <b>hỏi</b> <a href="javascript:alert(1)">x</a></p><img src=x onerror=alert(1)><script>alert(1)</script><img src="https://example.org/a.png" onload="x()">';
  it('strips scripts, event attributes and unsafe URLs before storing', async () => {
    const body = input();
    body.sections[0].questions[0].content = EVIL;
    body.description = '<p style="color:red" onclick="x()">Mô tả</p><style>p{}</style>';
    const s = await create(body);
    const q = s.sections[1].questions[0];
    // The https image goes too: rich text keeps only images served by our own server (no tracking pixels).
    expect(q.content).toBe('<p>Câu <b>hỏi</b> <a>x</a></p>');
    const [stored] = await rows<{ content: string }>(sql`select content from survey_questions where id = ${q.id}`);
    expect(stored.content).not.toMatch(/script|onerror|onload|javascript/);
    expect(s.description).toBe('<p>Mô tả</p>');
  });
  it('sanitizes again when rendering', async () => {
    const s = await create();
    const q = s.sections[1].questions[0];
    await t.database.db.execute(sql`update survey_questions set content = ${EVIL} where id = ${q.id}`);
    const got: TSurvey = (await call(teacher, 'GET', `/surveys/${s.id}`)).json().data;
    expect(got.sections[1].questions[0].content).not.toMatch(/script|onerror|javascript/);
  });
});

describe('cover image', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const upload = (content: Buffer | string, filename = 'anh.png', contentType = 'image/png') => {
    const body = multipart({ filename, content, contentType });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/surveys/uploads/cover',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin) },
    });
  };
  it('stores an image under a random name and serves it', async () => {
    const res = await upload(PNG);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data.url;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toContain('image/png');
    expect(Buffer.compare(got.rawPayload, PNG)).toBe(0);
    const s = await create(input({ coverImageUrl: url }));
    expect(s.coverImageUrl).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fsecret.png' })).statusCode).toBe(404);
  });
  it('refuses what is not an image by its bytes, and files over 2 MB', async () => {
    let res = await upload('<svg onload="alert(1)"></svg>', 'anh.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ảnh bìa phải là tệp PNG, JPEG hoặc WebP.');
    res = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ảnh bìa tối đa 2 MB.');
  });
});

describe('templates', () => {
  it('seeds the two Vietnamese templates and four active surveys of the current module', async () => {
    const tpls = await rows<{ id: number; title: string; survey_type: string }>(
      sql`select id, title, survey_type from surveys where is_template and title in (${GENERAL_TEMPLATE_TITLE}, ${TEACHING_TEMPLATE_TITLE}) order by id`,
    );
    expect(tpls.map((x) => x.survey_type)).toEqual(['GENERAL', 'SUBJECT_SPECIFIC']);
    const teaching: TSurvey = (await call(admin, 'GET', `/surveys/${tpls[1].id}`)).json().data;
    const rowsQ = teaching.sections[0].questions;
    expect(rowsQ.length).toBe(10);
    expect(rowsQ.every((q) => q.gridGroup?.id === rowsQ[0].gridGroup!.id)).toBe(true);
    expect(rowsQ[0].gridGroup!.columns.map((c) => c.label)).toEqual([
      'Không có ý kiến',
      'Rất không đồng ý',
      'Không đồng ý',
      'Phân vân',
      'Đồng ý',
      'Rất đồng ý',
    ]);
    expect(rowsQ.filter((q) => q.lmsOnly)).toHaveLength(1);
    const active = await rows<{ id: number; survey_type: string; start_date: string; end_date: string }>(sql`
      select s.id, s.survey_type, s.start_date::text, s.end_date::text from surveys s join modules m on m.id = s.module_id
      where m.is_current and s.status = 'active' and s.template_id in (${tpls[0].id}, ${tpls[1].id}) order by s.id`);
    expect(active.map((a) => a.survey_type)).toEqual(['SUBJECT_SPECIFIC', 'GENERAL', 'SUBJECT_SPECIFIC', 'SUBJECT_SPECIFIC']);
    for (const a of active) expect(a.start_date <= '2026-11-22' && a.end_date >= '2026-11-22').toBe(true);
  });

  it('sets visibleToTeacher on template questions, one or in bulk, and lists the visible ones', async () => {
    const tpl = await create(input({ isTemplate: true, moduleId: null, startDate: null, endDate: null }));
    const [q1, , q2] = tpl.sections[1].questions; // the second is created hidden
    let res = await call(admin, 'PUT', `/templates/template-questions/${q1.id}/visibility`, { visibleToTeacher: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: q1.id, templateId: tpl.id, visibleToTeacher: false });
    res = await call(admin, 'GET', '/templates/template-questions/teacher-visible');
    let visible = (res.json().data as Array<{ id: number }>).map((q) => q.id);
    expect(visible).not.toContain(q1.id);
    expect(visible).toContain(q2.id);
    res = await call(qa, 'POST', '/templates/template-questions/bulk-visibility', { questionIds: [q1.id, q2.id], visibleToTeacher: true });
    expect(res.json().data.updated).toBe(2);
    visible = ((await call(teacher, 'GET', '/templates/template-questions/teacher-visible')).json().data as Array<{ id: number }>).map(
      (q) => q.id,
    );
    expect(visible).toEqual(expect.arrayContaining([q1.id, q2.id]));
    // Questions of real surveys are not template questions.
    const plain = await create();
    res = await call(admin, 'PUT', `/templates/template-questions/${plain.sections[0].questions[0].id}/visibility`, {
      visibleToTeacher: false,
    });
    expect(res.statusCode).toBe(404);
    res = await call(admin, 'POST', '/templates/template-questions/bulk-visibility', {
      questionIds: [q1.id, plain.sections[0].questions[0].id],
      visibleToTeacher: false,
    });
    expect(res.statusCode).toBe(400);
    res = await call(admin, 'PUT', `/templates/template-questions/${q1.id}/visibility`, { visibleToTeacher: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(
      await count(sql`select count(*)::int as n from audit_logs where entity = 'template_question' and entity_id = ${String(q1.id)}`),
    ).toBe(2);
  });
});

describe('a student reading a survey', () => {
  it('reads an active survey they must answer, with their course class', async () => {
    const [me] = await rows<{ student_id: number; grade: number }>(
      sql`select u.student_id, s.grade from users u join students s on s.id = u.student_id where u.email like 'hs.an@%'`,
    );
    const [cc] = await rows<{ id: number; subject_id: number; name: string }>(sql`
      select c.id, c.subject_id, c.name from course_class_students x join course_classes c on c.id = x.course_class_id
      where x.student_id = ${me.student_id} and c.module_id = ${moduleId} order by c.id limit 1`);
    expect(cc).toBeDefined();
    const s = await create(
      input({ surveyType: 'SUBJECT_SPECIFIC', subjectId: cc.subject_id, status: 'active', allowedGrades: [me.grade] }),
    );
    const res = await call(student, 'GET', `/surveys/${s.id}?courseClassId=${cc.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const got: TSurvey = res.json().data;
    expect(got.studentCourseClass).toMatchObject({ id: cc.id, name: cc.name });
    expect(got.studentCourseClass!.teachers.length).toBeGreaterThan(0);
    expect(got.responseCount).toBeUndefined();
    // Another grade, or a class they are not in: refused.
    const other = await create(input({ status: 'active', allowedGrades: [[10, 11, 12].find((g) => g !== me.grade)] }));
    expect((await call(student, 'GET', `/surveys/${other.id}`)).statusCode).toBe(403);
    const [notMine] = await rows<{
      id: number;
    }>(sql`select c.id from course_classes c where c.subject_id = ${cc.subject_id} and c.module_id = ${moduleId}
      and not exists (select 1 from course_class_students x where x.course_class_id = c.id and x.student_id = ${me.student_id}) limit 1`);
    if (notMine) expect((await call(student, 'GET', `/surveys/${s.id}?courseClassId=${notMine.id}`)).statusCode).toBe(403);
  });
});
