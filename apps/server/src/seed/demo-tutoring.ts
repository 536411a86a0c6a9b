import { sql } from 'drizzle-orm';
import type { TAttendanceStatus } from '@app/shared/tutoring';
import { queryRows, type Tx } from '../db/client';
import { insertGroup, insertSession, replaceAttendance, setMembers } from '../areas/tutoring/tutoring.repository';
import { isoWeekday, slotClashes } from '../areas/tutoring/tutoring.service';
import { demoEmail } from './demo-accounts';
import type { Rng } from './demo-names';

/**
 * Tutoring in the demo school (issue 15): two groups of the current semester — a gifted-training group in
 * Toán for grade 11 (gv.toan) and a remedial group in Ngữ văn for grade 10 (gv.van, with hs.an) — each
 * meeting weekly for two afternoon periods in a room, on a slot free in the published timetable (the
 * tutoring clash check itself picks it). Sessions up to DEMO_TODAY are taught with attendance, later ones
 * planned. Deterministic: the students and the attendance come from the caller's rng.
 */
const DEMO_TODAY = '2026-11-24';
const GROUPS = [
  { name: 'Bồi dưỡng HSG Toán 11', kind: 'GIFTED', subject: 'TOAN', grade: 11, teacher: 'gv.toan', size: 12, student: null },
  { name: 'Phụ đạo Ngữ văn 10', kind: 'REMEDIAL', subject: 'VAN', grade: 10, teacher: 'gv.van', size: 10, student: 'hs.an' },
] as const;
/** Afternoon starts (periods 6–10 of the default grid) for two-period sessions, Monday to Friday. */
const STARTS = [6, 8, 7, 9];
const DAYS = [2, 4, 3, 5, 1];

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86400_000).toISOString().slice(0, 10);

function mark(rng: Rng): TAttendanceStatus {
  const x = rng.next();
  return x < 0.8 ? 'present' : x < 0.88 ? 'late' : x < 0.95 ? 'excused' : 'absent';
}

export async function seedDemoTutoring(tx: Tx, opts: { rng: Rng }) {
  const { rng } = opts;
  const [sem] = await queryRows<{ id: number; startDate: string; endDate: string }>(
    tx,
    sql`select id, start_date::text as "startDate", end_date::text as "endDate" from semesters where is_current limit 1`,
  );
  const counts = { tutoringGroups: 0, tutoringSessions: 0, tutoringAttendance: 0 };
  if (!sem) return { counts };

  for (const spec of GROUPS) {
    const [teacher] = await queryRows<{ id: number; subjectId: number }>(
      tx,
      sql`select t.id, s.id as "subjectId" from teachers t join users u on u.id = t.user_id
          join subjects s on s.code = ${spec.subject}
          where u.email = ${demoEmail(spec.teacher)}
            and exists(select 1 from teacher_subjects ts where ts.teacher_id = t.id and ts.subject_id = s.id)`,
    );
    if (!teacher) throw new Error(`demo tutoring: ${spec.teacher} does not teach ${spec.subject}`);
    // Students of the grade on one campus (the demo account's, when named), taking the subject this module.
    const pool = await queryRows<{ id: number; campusId: number; local: boolean }>(
      tx,
      sql`select st.id, st.campus_id as "campusId", coalesce(u.email = ${spec.student ? demoEmail(spec.student) : ''}, false) as local
          from students st left join users u on u.student_id = st.id
          where st.grade = ${spec.grade} and st.status = 'active'
          order by st.sort_key, st.id`,
    );
    const anchor = pool.find((p) => p.local) ?? pool[0];
    const sameCampus = pool.filter((p) => p.campusId === anchor.campusId && p.id !== anchor.id);
    const studentIds = [
      anchor.id,
      ...rng
        .shuffle(sameCampus)
        .slice(0, spec.size - 1)
        .map((p) => p.id),
    ];
    const group = await insertGroup(tx, {
      semesterId: sem.id,
      name: spec.name,
      kind: spec.kind,
      subjectId: teacher.subjectId,
      campusId: anchor.campusId,
      note: spec.kind === 'GIFTED' ? 'Chuẩn bị kỳ thi học sinh giỏi cấp tỉnh.' : 'Củng cố kỹ năng đọc hiểu và viết đoạn văn.',
    });
    await setMembers(tx, group.id, { teacherIds: [teacher.id], studentIds });
    counts.tutoringGroups++;

    // The slot: the first weekday, afternoon start and standard room of the campus free in the published
    // timetable of the module in force at the end of the semester's first weeks (checked again per date).
    const rooms = await queryRows<{ id: number }>(
      tx,
      sql`select id from classrooms where campus_id = ${anchor.campusId} and kind = 'standard' order by code, id`,
    );
    const probe = (day: number) => {
      let d = addDays(DEMO_TODAY, 7);
      while (isoWeekday(d) !== day) d = addDays(d, 1);
      return d;
    };
    let slot: { day: number; period: number; classroomId: number } | null = null;
    search: for (const day of DAYS)
      for (const period of STARTS)
        for (const room of rooms) {
          const q = {
            onDate: probe(day),
            day,
            first: period,
            last: period + 1,
            classroomId: room.id,
            teacherId: teacher.id,
            groupId: group.id,
          };
          if (!(await slotClashes(tx, { ...q, exceptSessionId: null })).length) {
            slot = { day, period, classroomId: room.id };
            break search;
          }
        }
    if (!slot) throw new Error(`demo tutoring: no free afternoon slot for ${spec.name}`);

    let date = sem.startDate;
    while (isoWeekday(date) !== slot.day) date = addDays(date, 1);
    for (; date <= sem.endDate; date = addDays(date, 7)) {
      const q = {
        onDate: date,
        day: slot.day,
        first: slot.period,
        last: slot.period + 1,
        classroomId: slot.classroomId,
        teacherId: teacher.id,
      };
      if ((await slotClashes(tx, { ...q, groupId: group.id, exceptSessionId: null })).length) continue;
      const taught = date <= DEMO_TODAY;
      const session = await insertSession(tx, group.id, {
        onDate: date,
        period: slot.period,
        length: 2,
        classroomId: slot.classroomId,
        teacherId: teacher.id,
        status: taught ? 'taught' : 'planned',
        note: null,
      });
      counts.tutoringSessions++;
      if (taught) {
        await replaceAttendance(
          tx,
          session.id,
          studentIds.map((studentId) => ({ studentId, status: mark(rng), note: null })),
        );
        counts.tutoringAttendance += studentIds.length;
      }
    }
  }
  return { counts };
}
