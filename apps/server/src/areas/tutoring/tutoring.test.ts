import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { auditOf } from '@/test/school';
import { caller, one, teacherOf, type Method } from '@/test/timetables';
import { uniq } from '@/test/uniq';
import { DELETE_TAUGHT_REFUSED, isoWeekday, taughtTutoring } from './tutoring.service';

let t: TestApp;
let call: ReturnType<typeof caller>;
let semesterId: number;
let subjectId: number;
let toan: { id: number };
let van: { id: number };
let an: { id: number };
let binh: { id: number };
let room: { id: number; code: string };

/** A Monday of the current semester's first module (no timetable published then, and in the past). */
const PAST_MONDAY = '2026-09-07';
const PAST_TUESDAY = '2026-09-08';
const studentId = async (local: string) => one<{ id: number }>(t, sql`select student_id as id from users where email like ${`${local}@%`}`);

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  semesterId = (await one<{ id: number }>(t, sql`select id from semesters where is_current`)).id;
  subjectId = (await one<{ id: number }>(t, sql`select id from subjects where code = 'TOAN'`)).id;
  toan = await teacherOf(t, 'gv.toan');
  van = await teacherOf(t, 'gv.van');
  an = await studentId('hs.an');
  binh = await studentId('hs.binh');
  room = await one(t, sql`select id, code from classrooms order by id desc limit 1`);
});
afterAll(() => t.close());

const groupInput = (over: object = {}) => ({
  semesterId,
  name: uniq('Nhóm thử'),
  kind: 'GIFTED',
  subjectId,
  campusId: null,
  note: 'Ôn đội tuyển',
  teacherIds: [toan.id],
  studentIds: [an.id, binh.id],
  ...over,
});
const sessionInput = (over: object = {}) => ({ onDate: PAST_MONDAY, period: 1, length: 2, classroomId: null, teacherId: toan.id, ...over });

describe('tutoring groups', () => {
  it('creates, lists, edits a group, each write audited; refuses a kind outside the rule set in Vietnamese', async () => {
    const bad = await call('POST', '/tutoring/groups', 'giaovu', groupInput({ kind: 'SPORTS' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Loại hoạt động không hợp lệ.');
    const noTeacher = await call('POST', '/tutoring/groups', 'giaovu', groupInput({ teacherIds: [] }));
    expect(noTeacher.body.message).toBe('Hãy chọn ít nhất một giáo viên.');

    const created = await call('POST', '/tutoring/groups', 'giaovu', groupInput({ name: 'Đội tuyển Toán thử' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const g = created.body.data;
    expect(g).toMatchObject({ kind: 'GIFTED', studentCount: 2, sessionCount: 0, teachers: [{ id: toan.id }] });
    expect(g.students.map((s: { id: number }) => s.id).sort()).toEqual([an.id, binh.id].sort());

    const list = await call('GET', `/tutoring/groups?semesterId=${semesterId}&search=doi tuyen toan thu`, 'quantri');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((x: { id: number }) => x.id)).toEqual([g.id]);

    const edited = await call(
      'PUT',
      `/tutoring/groups/${g.id}`,
      'quantri',
      groupInput({ name: 'Đội tuyển Toán thử', kind: 'REMEDIAL', teacherIds: [toan.id, van.id] }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      kind: 'REMEDIAL',
      teachers: expect.arrayContaining([{ id: van.id, name: expect.any(String) }]),
    });

    const del = await call('DELETE', `/tutoring/groups/${g.id}`, 'quantri');
    expect(del.status).toBe(200);
    expect((await auditOf(t.database.db, 'tutoring_group', g.id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('tutoring sessions: clashes', () => {
  /** A lesson of the published timetable in force, with a room, a teacher and a student, and a date it is taught on. */
  let lesson: {
    day: number;
    period: number;
    length: number;
    classroomId: number;
    roomCode: string;
    teacherId: number;
    studentId: number;
    ccCode: string;
    from: string;
    end: string;
  };
  let date: string;
  let group: { id: number };

  beforeAll(async () => {
    lesson = await one(
      t,
      sql`select l.day, l.period, l.length, l.classroom_id as "classroomId", r.code as "roomCode", cc.code as "ccCode",
                 (select teacher_id from course_class_teachers where course_class_id = cc.id limit 1) as "teacherId",
                 (select student_id from course_class_students where course_class_id = cc.id limit 1) as "studentId",
                 tt.effective_from::text as "from", m.end_date::text as "end"
          from lessons l join timetables tt on tt.id = l.timetable_id and tt.status = 'published' join modules m on m.id = tt.module_id
          join course_classes cc on cc.id = l.course_class_id join classrooms r on r.id = l.classroom_id
          where l.day between 1 and 5 and exists(select 1 from course_class_students where course_class_id = cc.id)
          order by l.id limit 1`,
    );
    // The first date from the version's start that falls on the lesson's weekday.
    date = lesson.from;
    while (isoWeekday(date) !== lesson.day) date = new Date(Date.parse(`${date}T00:00:00Z`) + 86400_000).toISOString().slice(0, 10);
    const r = await call(
      'POST',
      '/tutoring/groups',
      'quantri',
      groupInput({ teacherIds: [lesson.teacherId, toan.id], studentIds: [an.id] }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    group = r.body.data;
  });

  it('refuses the room, the teacher or a student busy in the published timetable, in Vietnamese', async () => {
    const at = { onDate: date, period: lesson.period, length: 1 };
    // The room: taught by a teacher who is free (the timetable may still hold gv.toan at that period: pick by message).
    const byRoom = await call(
      'POST',
      `/tutoring/groups/${group.id}/sessions`,
      'giaovu',
      sessionInput({ ...at, classroomId: lesson.classroomId }),
    );
    expect(byRoom.status).toBe(409);
    expect(byRoom.body.message).toMatch(/^Trùng lịch: /);
    expect(byRoom.body.details.clashes).toEqual(
      expect.arrayContaining([
        { what: 'room', source: 'timetable', message: expect.stringContaining(`Phòng ${lesson.roomCode} đã có lớp ${lesson.ccCode}`) },
      ]),
    );
    const byTeacher = await call(
      'POST',
      `/tutoring/groups/${group.id}/sessions`,
      'giaovu',
      sessionInput({ ...at, teacherId: lesson.teacherId }),
    );
    expect(byTeacher.status).toBe(409);
    expect(
      byTeacher.body.details.clashes.some((c: { what: string; source: string }) => c.what === 'teacher' && c.source === 'timetable'),
    ).toBe(true);

    await call(
      'PUT',
      `/tutoring/groups/${group.id}`,
      'quantri',
      groupInput({ name: 'Nhóm trùng lịch', teacherIds: [lesson.teacherId, toan.id], studentIds: [lesson.studentId] }),
    );
    const byStudent = await call(
      'POST',
      `/tutoring/groups/${group.id}/sessions`,
      'giaovu',
      sessionInput({ ...at, teacherId: lesson.teacherId === toan.id ? lesson.teacherId : toan.id }),
    );
    expect(byStudent.status).toBe(409);
    expect(
      byStudent.body.details.clashes.some(
        (c: { what: string; message: string }) => c.what === 'student' && /^Học sinh .+ đã có lớp/.test(c.message),
      ),
    ).toBe(true);
    // Another weekday's same period (a Sunday: no lessons) is free.
    let sunday = date;
    while (isoWeekday(sunday) !== 7) sunday = new Date(Date.parse(`${sunday}T00:00:00Z`) + 86400_000).toISOString().slice(0, 10);
    const free = await call(
      'POST',
      `/tutoring/groups/${group.id}/sessions`,
      'giaovu',
      sessionInput({ onDate: sunday, period: lesson.period, classroomId: lesson.classroomId }),
    );
    expect(free.status, JSON.stringify(free.body)).toBe(200);
  });

  it('refuses a teacher who is not one of the group, and a clash with another tutoring session', async () => {
    const other = await call(
      'POST',
      `/tutoring/groups/${group.id}/sessions`,
      'giaovu',
      sessionInput({ onDate: PAST_TUESDAY, teacherId: van.id }),
    );
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Giáo viên dạy buổi này phải là một giáo viên của nhóm.');
    const first = await call(
      'POST',
      `/tutoring/groups/${group.id}/sessions`,
      'giaovu',
      sessionInput({ onDate: PAST_TUESDAY, period: 9, classroomId: room.id }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const g2 = (await call('POST', '/tutoring/groups', 'giaovu', groupInput({ teacherIds: [van.id], studentIds: [binh.id] }))).body.data;
    const clash = await call(
      'POST',
      `/tutoring/groups/${g2.id}/sessions`,
      'giaovu',
      sessionInput({ onDate: PAST_TUESDAY, period: 10, length: 1, teacherId: van.id, classroomId: room.id }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(`Phòng ${room.code} đã có buổi phụ đạo của nhóm "Nhóm trùng lịch" (tiết 9–10 ngày 08/09/2026)`);
    // Cancelled sessions never clash; editing a session does not clash with itself.
    const again = await call(
      'PUT',
      `/tutoring/sessions/${first.body.data.id}`,
      'quantri',
      sessionInput({ onDate: PAST_TUESDAY, period: 9, classroomId: room.id, note: 'Đổi ghi chú' }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const cancel = await call(
      'PUT',
      `/tutoring/sessions/${first.body.data.id}`,
      'quantri',
      sessionInput({ onDate: PAST_TUESDAY, period: 9, classroomId: room.id, status: 'cancelled' }),
    );
    expect(cancel.body.data.status).toBe('cancelled');
    expect(
      (
        await call(
          'POST',
          `/tutoring/groups/${g2.id}/sessions`,
          'giaovu',
          sessionInput({ onDate: PAST_TUESDAY, period: 10, length: 1, teacherId: van.id, classroomId: room.id }),
        )
      ).status,
    ).toBe(200);
    expect((await auditOf(t.database.db, 'tutoring_session', first.body.data.id)).map((e) => e.action)).toEqual([
      'create',
      'update',
      'update',
    ]);
  });
});

describe('attendance, reports, the teacher', () => {
  let group: { id: number; name: string };
  let session: { id: number };
  let future: { id: number };

  beforeAll(async () => {
    group = (await call('POST', '/tutoring/groups', 'quantri', groupInput({ kind: 'REMEDIAL', name: uniq('Phụ đạo điểm danh') }))).body
      .data;
    const s = await call(
      'POST',
      `/tutoring/groups/${group.id}/sessions`,
      'quantri',
      sessionInput({ onDate: '2026-09-12', period: 3, length: 2 }),
    );
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    session = s.body.data;
    future = (await call('POST', `/tutoring/groups/${group.id}/sessions`, 'quantri', sessionInput({ onDate: '2027-01-10', period: 3 })))
      .body.data;
  });

  it("lets the group's teacher take attendance for every student at once, which marks the session taught", async () => {
    const sheet = await call('GET', `/tutoring/sessions/${session.id}/attendance`, 'gv.toan');
    expect(sheet.status).toBe(200);
    expect(sheet.body.data.students.map((s: { status: null }) => s.status)).toEqual([null, null]);
    const partial = await call('PUT', `/tutoring/sessions/${session.id}/attendance`, 'gv.toan', {
      items: [{ studentId: an.id, status: 'present' }],
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe('Hãy điểm danh đủ 2 học sinh của nhóm.');
    const notYet = await call('PUT', `/tutoring/sessions/${future.id}/attendance`, 'gv.toan', { items: [] });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('Chưa đến ngày học (10/01/2027), chưa thể điểm danh.');
    const stranger = await call('PUT', `/tutoring/sessions/${session.id}/attendance`, 'gv.van', {
      items: [
        { studentId: an.id, status: 'present' },
        { studentId: binh.id, status: 'absent' },
      ],
    });
    expect(stranger.status).toBe(403);

    const saved = await call('PUT', `/tutoring/sessions/${session.id}/attendance`, 'gv.toan', {
      items: [
        { studentId: an.id, status: 'late', note: 'Muộn 10 phút' },
        { studentId: binh.id, status: 'absent' },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.session).toMatchObject({ status: 'taught', attended: 1, marked: 2 });
    const byId = new Map(saved.body.data.students.map((s: { id: number; status: string }) => [s.id, s.status]));
    expect([byId.get(an.id), byId.get(binh.id)]).toEqual(['late', 'absent']);
    const audit = await auditOf(t.database.db, 'tutoring_session', session.id);
    expect(audit.map((e) => e.action)).toEqual(['create', 'attendance']);
    expect(audit[1].after).toMatchObject({ status: 'taught' });

    // A taught session cannot be deleted, nor its group.
    expect((await call('DELETE', `/tutoring/sessions/${session.id}`, 'quantri')).status).toBe(409);
    const del = await call('DELETE', `/tutoring/groups/${group.id}`, 'quantri');
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(DELETE_TAUGHT_REFUSED);
  });

  it('reports sessions and periods per teacher and kind, attendance rates, as JSON and XLSX; feeds declarations', async () => {
    const r = await call('GET', `/tutoring/report?from=2026-09-12&to=2026-09-12`, 'giaovu');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.byTeacher).toEqual([{ teacherId: toan.id, teacherName: expect.any(String), sessions: 1, periods: 2 }]);
    expect(r.body.data.byKind).toEqual([{ kind: 'REMEDIAL', sessions: 1, periods: 2 }]);
    expect(r.body.data.byGroup).toEqual([expect.objectContaining({ groupId: group.id, sessions: 1, marked: 2, attended: 1, rate: 50 })]);
    expect(r.body.data.byStudent.map((s: { studentId: number; rate: number }) => [s.studentId, s.rate]).sort()).toEqual(
      [
        [an.id, 100],
        [binh.id, 0],
      ].sort(),
    );
    const bad = await call('GET', `/tutoring/report?from=2026-09-13&to=2026-09-12`, 'giaovu');
    expect(bad.status).toBe(400);

    const file = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tutoring/report/export?from=2026-09-12&to=2026-09-12',
      headers: bearer(await t.tokenFor('quantri')),
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Theo giáo viên',
      'Theo loại hoạt động',
      'Chuyên cần theo nhóm',
      'Chuyên cần theo học sinh',
    ]);
    expect(wb.getWorksheet('Theo loại hoạt động')!.getRow(2).getCell(1).value).toBe('Phụ đạo');

    expect(await taughtTutoring(t.database.db, { teacherId: toan.id, from: '2026-09-01', to: '2026-09-30' })).toEqual(
      expect.arrayContaining([{ groupId: group.id, name: expect.any(String), kind: 'REMEDIAL', periods: 2 }]),
    );
    expect(await taughtTutoring(t.database.db, { teacherId: van.id, from: '2026-09-12', to: '2026-09-12' })).toEqual([]);
  });

  it("puts the sessions in the week views of the group's students and teacher", async () => {
    type Entry = { kind: string; day: number; period: number; length: number; subjectName: string; tutoringGroup?: { id: number } | null };
    const week = async (who: string, view: string) =>
      ((await call('GET', `/timetables/week?view=${view}&date=2026-09-10`, who)).body.data.entries as Entry[]).filter(
        (e) => e.kind === 'tutoring',
      );
    for (const [who, view] of [
      ['hs.an', 'student'],
      ['gv.toan', 'teacher'],
    ] as const) {
      const entries = await week(who, view);
      expect(
        entries.find((e) => e.tutoringGroup?.id === group.id),
        `${who}'s week`,
      ).toMatchObject({ day: 6, period: 3, length: 2, subjectName: group.name });
    }
    expect((await week('hs.chau', 'student')).some((e) => e.tutoringGroup?.id === group.id)).toBe(false);
  });

  it("shows a teacher their groups and upcoming sessions, and nobody else's", async () => {
    const mine = await call('GET', '/tutoring/mine', 'gv.toan');
    expect(mine.status).toBe(200);
    expect(mine.body.data.groups.map((g: { id: number }) => g.id)).toContain(group.id);
    expect(mine.body.data.upcoming.map((s: { id: number }) => s.id)).toContain(future.id);
    const other = await call('GET', '/tutoring/mine', 'gv.anh');
    expect(other.body.data.groups.map((g: { id: number }) => g.id)).not.toContain(group.id);
  });
});

describe('tutoring roles', () => {
  it('lets the managers do everything, a teacher only their groups, everyone else nothing', async () => {
    const ACCOUNTS = ['quantri', 'giaovu', 'gv.toan', 'gv.anh', 'hieutruong', 'dbcl', 'ketoan', 'hs.an'];
    const MANAGERS = ['quantri', 'giaovu'];
    const g = (await call('POST', '/tutoring/groups', 'quantri', groupInput({ name: uniq('Nhóm quyền') }))).body.data;
    const s = (
      await call('POST', `/tutoring/groups/${g.id}/sessions`, 'quantri', sessionInput({ onDate: '2026-09-19', period: 5, length: 1 }))
    ).body.data;
    const extra = (
      await call('POST', `/tutoring/groups/${g.id}/sessions`, 'quantri', sessionInput({ onDate: '2026-09-26', period: 5, length: 1 }))
    ).body.data;
    const marks = {
      items: [
        { studentId: an.id, status: 'present' },
        { studentId: binh.id, status: 'excused' },
      ],
    };
    const table: Array<[Method, string, unknown, string[]]> = [
      ['GET', `/tutoring/groups?semesterId=${semesterId}`, undefined, MANAGERS],
      ['POST', '/tutoring/groups', groupInput({ name: 'x' }), MANAGERS],
      ['GET', `/tutoring/groups/${g.id}`, undefined, [...MANAGERS, 'gv.toan']],
      ['PUT', `/tutoring/groups/${g.id}`, groupInput({ name: g.name }), MANAGERS],
      ['GET', `/tutoring/groups/${g.id}/sessions`, undefined, [...MANAGERS, 'gv.toan']],
      ['POST', `/tutoring/groups/${g.id}/sessions`, sessionInput({ onDate: '2026-10-03', period: 5 }), MANAGERS],
      ['PUT', `/tutoring/sessions/${s.id}`, sessionInput({ onDate: '2026-09-19', period: 5, length: 1 }), MANAGERS],
      ['GET', `/tutoring/sessions/${s.id}/attendance`, undefined, [...MANAGERS, 'gv.toan']],
      ['PUT', `/tutoring/sessions/${s.id}/attendance`, marks, [...MANAGERS, 'gv.toan']],
      ['DELETE', `/tutoring/sessions/${extra.id}`, undefined, MANAGERS],
      ['GET', '/tutoring/mine', undefined, ['gv.toan', 'gv.anh']],
      ['GET', '/tutoring/report?from=2026-09-01&to=2026-09-30', undefined, MANAGERS],
      ['GET', '/tutoring/report/export?from=2026-09-01&to=2026-09-30', undefined, MANAGERS],
      ['DELETE', `/tutoring/groups/${g.id}`, undefined, MANAGERS],
    ];
    const wrong: string[] = [];
    for (const [method, url, body, allowed] of table) {
      for (const who of ACCOUNTS) {
        const res = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: bearer(await t.tokenFor(who)),
          payload: body as object | undefined,
        });
        const refused = res.statusCode === 403;
        if (refused === allowed.includes(who)) wrong.push(`${method} ${url} as ${who}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
