import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { courseClasses } from '@/db/schema/school';
import { registrationGroups, registrationOffers, registrationRounds, registrations } from '@/db/schema/registration';
import { bulkInsert } from './bulk-insert';
import type { CoursePlan } from './demo-courses';
import { insertCourses, type PeopleIds } from './demo-insert';
import type { Rng } from './demo-names';
import type { StudentPlan, TeacherPlan } from './demo-people';
import { SUBJECTS, type CampusCode, type SchoolFrame } from './demo-school';

/**
 * Course registration in the demo school (issue 14): the electives of the next module (HK2, module 1,
 * from 18/01/2027) for grades 10 and 11, on both campuses, in two groups ("choose 1 of each"), and a
 * round open from 16/11/2026 07:00 to 10/01/2027 17:00 (Hà Nội time), with some students already
 * registered (one class full, its waitlist started) and the demo student hs.an still to choose.
 */
export const NEXT_MODULE_CODE = '2026-HK2-M1';
const GROUPS = [
  { name: 'Tự chọn Khoa học tự nhiên', subjects: ['LY', 'HOA', 'SINH'] },
  { name: 'Tự chọn Tin học – Xã hội', subjects: ['TIN', 'DIA', 'KTPL'] },
] as const;
const GRADES = [10, 11] as const;
const CAPACITY = 28;
const OPENS_AT = new Date('2026-11-16T07:00:00+07:00');
const CLOSES_AT = new Date('2027-01-10T17:00:00+07:00');
/** Share of the students who have registered in each group when the demo starts. */
const REGISTERED_SHARE = [0.6, 0.45] as const;

const subjectName = (code: string) => SUBJECTS.find((s) => s.code === code)!.name;

export async function seedDemoRegistration(
  tx: Tx,
  opts: { rng: Rng; frame: SchoolFrame; people: PeopleIds; teachers: TeacherPlan[]; students: StudentPlan[] },
) {
  const { rng, frame, people } = opts;
  const moduleId = frame.moduleId.get(NEXT_MODULE_CODE);
  if (moduleId == null) throw new Error(`demo module ${NEXT_MODULE_CODE} missing`);

  // One class per elective, grade and campus, each taught by a teacher of the subject (in turn).
  const turn = new Map<string, number>();
  const teacherFor = (subject: string) => {
    const able = opts.teachers.filter((t) => t.subjects.includes(subject));
    const i = turn.get(subject) ?? 0;
    turn.set(subject, i + 1);
    return able.length ? [able[i % able.length].staffCode] : [];
  };
  const plans: Array<CoursePlan & { group: number }> = [];
  for (const grade of GRADES)
    for (const campus of ['CS1', 'CS2'] as CampusCode[])
      GROUPS.forEach((g, gi) => {
        for (const subject of g.subjects)
          plans.push({
            code: `${subject}-${grade}${campus}-TC-HK2M1`,
            name: `${subjectName(subject)} – khối ${grade} ${campus} (tự chọn HK2)`,
            subject,
            module: NEXT_MODULE_CODE,
            campus,
            grade,
            capacity: CAPACITY,
            room: null,
            teacherCodes: teacherFor(subject),
            studentCodes: [],
            group: gi,
          });
      });
  await insertCourses(tx, { frame, people, courses: plans });
  const classRows = await tx
    .select({ id: courseClasses.id, code: courseClasses.code })
    .from(courseClasses)
    .where(eq(courseClasses.moduleId, moduleId));
  const classId = new Map(classRows.map((c) => [c.code, c.id]));

  const [round] = await tx
    .insert(registrationRounds)
    .values({
      moduleId,
      name: 'Đăng ký môn tự chọn Học kỳ 2 – khối 10 và 11',
      opensAt: OPENS_AT,
      closesAt: CLOSES_AT,
      grades: [...GRADES],
      maxClasses: 2,
      noClash: true,
      waitlist: true,
    })
    .returning({ id: registrationRounds.id });
  const groups = await tx
    .insert(registrationGroups)
    .values(GROUPS.map((g) => ({ roundId: round.id, name: g.name, choose: 1 })))
    .returning({ id: registrationGroups.id });

  // Who has chosen so far: in each group a share of the students of the grade and campus, each in a
  // class of their campus (the first choice by a fixed preference, the next one when it is full); the
  // most wanted class fills up and its waitlist starts. Demo accounts have not chosen yet.
  const taken = new Map<string, number>();
  const rows: Array<typeof registrations.$inferInsert> = [];
  const wanted = (gi: number) => [...GROUPS[gi].subjects];
  for (const grade of GRADES)
    for (const campus of ['CS1', 'CS2'] as CampusCode[]) {
      const members = opts.students.filter((s) => s.grade === grade && s.campus === campus && !s.demoLocal);
      GROUPS.forEach((_, gi) => {
        const choosing = rng.shuffle(members).slice(0, Math.round(members.length * REGISTERED_SHARE[gi]));
        for (const s of choosing) {
          // Most students want the first subject of a group (e.g. Vật lý); the rest spread.
          const order = rng.next() < 0.55 ? wanted(gi) : rng.shuffle(wanted(gi));
          const studentId = people.studentId.get(s.studentCode)!;
          const first = `${order[0]}-${grade}${campus}-TC-HK2M1`;
          if ((taken.get(first) ?? 0) < CAPACITY) {
            taken.set(first, (taken.get(first) ?? 0) + 1);
            rows.push({ roundId: round.id, studentId, courseClassId: classId.get(first)!, status: 'registered' });
            continue;
          }
          // Full: a third of them wait for it; the others take their next choice with a free seat.
          if (rng.next() < 0.35) {
            rows.push({ roundId: round.id, studentId, courseClassId: classId.get(first)!, status: 'waitlisted' });
            continue;
          }
          const next = order
            .slice(1)
            .map((sub) => `${sub}-${grade}${campus}-TC-HK2M1`)
            .find((c) => (taken.get(c) ?? 0) < CAPACITY);
          if (!next) continue;
          taken.set(next, (taken.get(next) ?? 0) + 1);
          rows.push({ roundId: round.id, studentId, courseClassId: classId.get(next)!, status: 'registered' });
        }
      });
    }

  await bulkInsert(
    tx,
    registrationOffers,
    plans.map((p) => ({
      roundId: round.id,
      courseClassId: classId.get(p.code)!,
      capacity: CAPACITY,
      taken: taken.get(p.code) ?? 0,
      compulsory: false,
      groupId: groups[p.group].id,
    })),
  );
  // Arrival order: the waitlist's order is the registrations' ids.
  await bulkInsert(tx, registrations, rows);
  return {
    counts: {
      registrationClasses: plans.length,
      registrations: rows.filter((r) => r.status === 'registered').length,
      waitlisted: rows.filter((r) => r.status === 'waitlisted').length,
    },
  };
}
