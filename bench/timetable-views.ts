/**
 * Timetable reads and edits on the demo school (issue 13, "Speed"), through the real app (`app.inject`,
 * so the time is the server's):
 *   - a student's and a teacher's week (GET /timetables/week) — target under 50 ms;
 *   - the editor's answer to one move of a lesson in a draft (POST /timetables/{id}/edits: the write,
 *     its audit entry, and every hard clash and the soft score of the whole draft) — target under 100 ms.
 * Reference measured in the same run: a bare SQL read of the version's lessons (what any answer must at
 * least do). Figures: median and p95 of 30 runs; bench/out/timetable-views.json.
 *
 *   node --import tsx bench/timetable-views.ts
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { fmt, printTable, saveResults, startBenchApp, timeRuns, type Timing } from './support';

const WEEK_TARGET_MS = 50;
const EDIT_TARGET_MS = 100;
const RUNS = 30;

const bench = await startBenchApp();
const { app, database, auth } = bench;
try {
  const db = database.db;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url: `/api/v1${url}`, headers: auth, payload: payload as object | undefined });
    if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };

  // A student with the most lessons, and a teacher of theirs.
  const [student] = await queryRows<{ id: number }>(
    db,
    sql`select s.id from students s join course_class_students ccs on ccs.student_id = s.id
        join lessons l on l.course_class_id = ccs.course_class_id
        join timetables t on t.id = l.timetable_id and t.status = 'published'
        group by s.id order by count(*) desc, s.id limit 1`,
  );
  const [teacher] = await queryRows<{ id: number }>(
    db,
    sql`select cct.teacher_id as id from course_class_teachers cct join lessons l on l.course_class_id = cct.course_class_id
        join timetables t on t.id = l.timetable_id and t.status = 'published'
        group by cct.teacher_id order by count(*) desc, cct.teacher_id limit 1`,
  );
  const [mod] = await queryRows<{ id: number }>(db, sql`select id from modules where is_current order by id desc limit 1`);
  if (!student || !teacher || !mod) throw new Error('the demo school has no published timetable');

  const studentWeek = await call('GET', `/timetables/week?view=student&id=${student.id}`);
  const teacherWeek = await call('GET', `/timetables/week?view=teacher&id=${teacher.id}`);
  const published = studentWeek.timetable.id as number;

  // A draft (a copy of the published version) and one of its lessons to move between two free-ish slots.
  const draft = await call('POST', '/timetables', { moduleId: mod.id, name: 'Bench' });
  const lessons = draft.lessons as Array<{
    id: number;
    day: number | null;
    period: number | null;
    length: number;
    version: number;
    locked: boolean;
  }>;
  const moved = lessons.find((l) => l.day != null && l.length === 1 && !l.locked)!;
  const home = { day: moved.day!, period: moved.period! };
  const away = { day: home.day === 6 ? 5 : home.day + 1, period: home.period };
  let version = moved.version;
  let there = false;
  const move = async () => {
    const to = there ? home : away;
    const data = await call('POST', `/timetables/${draft.id}/edits`, {
      op: 'place',
      lessonId: moved.id,
      version,
      day: to.day,
      period: to.period,
    });
    version = data.lessons[0].version;
    there = !there;
  };

  const bare = await timeRuns(async () => {
    await queryRows(db, sql`select * from lessons where timetable_id = ${published} order by id`);
  }, RUNS);
  const sWeek = await timeRuns(async () => void (await call('GET', `/timetables/week?view=student&id=${student.id}`)), RUNS);
  const tWeek = await timeRuns(async () => void (await call('GET', `/timetables/week?view=teacher&id=${teacher.id}`)), RUNS);
  const edit = await timeRuns(move, RUNS);

  console.log(
    `Demo school: published version ${published}, ${lessons.length} lessons; student #${student.id} ` +
      `(${studentWeek.entries.length} entries), teacher #${teacher.id} (${teacherWeek.entries.length} entries); ${RUNS} runs each.`,
  );
  const row = (name: string, t: Timing, target: number | null) => [
    name,
    fmt(t.median),
    fmt(t.p95),
    target == null ? '—' : `< ${target}`,
    target == null ? '' : t.median < target ? 'met' : 'NOT MET',
  ];
  printTable(
    ['', 'median ms', 'p95 ms', 'target ms', ''],
    [
      row("a student's week", sWeek, WEEK_TARGET_MS),
      row("a teacher's week", tWeek, WEEK_TARGET_MS),
      row('one move in the editor (clashes + score)', edit, EDIT_TARGET_MS),
      row('reference: bare read of the lessons', bare, null),
    ],
  );
  saveResults('timetable-views', {
    lessons: lessons.length,
    runs: RUNS,
    studentWeek: sWeek,
    teacherWeek: tWeek,
    edit,
    bareLessonsRead: bare,
    targets: { weekMs: WEEK_TARGET_MS, editMs: EDIT_TARGET_MS },
  });
} finally {
  await bench.close();
}
