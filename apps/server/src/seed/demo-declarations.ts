import { sql } from 'drizzle-orm';
import type { TRole } from '@app/shared/roles';
import { ZDeclarationLinesInput, type TDeclarationDetail, type TDeclarationTransition } from '@app/shared/declarations';
import type { Db, Tx } from '../db/client';
import { queryRows } from '../db/client';
import type { Actor } from '../plugins/actor';
import { createPeriod } from '../areas/teaching/declarations/periods.service';
import { createDeclaration, saveLines, transition } from '../areas/teaching/declarations/declarations.service';

/**
 * The demo school's teaching declarations (issue 15): the current semester's declaration period, open
 * now, and declarations in every state, made through the declarations service by the people whose job
 * each step is — the teacher (or their department's declaration clerk) enters and submits, the head
 * approves or returns with a comment, academic affairs confirms and locks — so the history holds real
 * steps. Mathematics (head gv.toan) and Physics (head totruong.ly) go furthest; the Literature clerk
 * (gv.van) and the Biology clerk (khaibao.sinh) have entered some of their colleagues'. The services
 * open their transactions as savepoints of the seed's one transaction.
 */

type Step = TDeclarationTransition | { substitute: string };
/** What happens to a department's teachers' declarations, in staff-code order (none beyond the list). */
const MATH_PLAN: Step[][] = [
  [{ substitute: '2026-11-12' }, 'submit', 'approve', 'confirm', 'lock'],
  ['submit', 'approve', 'confirm', 'lock'],
  ['submit', 'approve', 'confirm'],
  ['submit', 'approve'],
  [{ substitute: '2026-11-19' }, 'submit'],
  ['submit', 'return'],
  [],
];
const PHYSICS_PLAN: Step[][] = [['submit', 'approve', 'confirm', 'lock'], ['submit', 'approve'], ['submit'], ['submit', 'return'], []];
const RETURN_COMMENT = 'Thiếu minh chứng cho buổi dạy thay; đề nghị bổ sung giấy phân công dạy thay rồi nộp lại.';

async function actorOf(tx: Tx, userId: number): Promise<Actor> {
  const [row] = await queryRows<{ roles: TRole[]; teacherId: number | null }>(
    tx,
    sql`select coalesce((select json_agg(r.role order by r.is_primary desc, r.role) from user_roles r where r.user_id = ${userId}), '[]') as roles,
               (select t.id from teachers t where t.user_id = ${userId}) as "teacherId"`,
  );
  return { userId, roles: row.roles, teacherId: row.teacherId, studentId: null, requestId: 'seed:demo', ip: null };
}

/** The teachers of a department with a user account who teach a course class, in staff-code order, the listed ones left out. */
const departmentTeachers = (tx: Tx, departmentOfUser: number, except: number[]) =>
  queryRows<{ id: number; userId: number; fullName: string }>(
    tx,
    sql`select t.id, t.user_id as "userId", t.full_name as "fullName" from teachers t
        where t.department_id = (select d.department_id from teachers d where d.user_id = ${departmentOfUser})
          and t.user_id is not null and not (t.user_id = any(${`{${except.join(',')}}`}::int[]))
          and exists (select 1 from course_class_teachers ct where ct.teacher_id = t.id)
        order by t.staff_code`,
  );

export async function seedDemoDeclarations(tx: Tx, opts: { userId: (local: string) => number }) {
  const db = tx as unknown as Db;
  const actor = (local: string) => actorOf(tx, opts.userId(local));
  const [semester] = await queryRows<{ id: number }>(tx, sql`select id from semesters where is_current`);
  const admin = await actor('quantri');
  const academic = await actor('giaovu');
  const period = await createPeriod({
    db,
    actor: admin,
    input: {
      semesterId: semester.id,
      weeks: 18,
      opensAt: '2026-11-16T07:00:00+07:00',
      closesAt: '2027-01-15T17:00:00+07:00',
      reviewBy: '2027-01-22',
      holidays: ['2027-01-01'],
    },
  });
  let declarations = 0;
  let steps = 0;

  /** One teacher's declaration through `plan`, entered by `enterer`, reviewed by `head`. */
  async function follow(teacher: { id: number; userId: number }, enterer: Actor, head: Actor, plan: Step[]) {
    let d: TDeclarationDetail = await createDeclaration({ db, actor: enterer, input: { periodId: period.id, teacherId: teacher.id } });
    declarations++;
    for (const step of plan) {
      if (typeof step !== 'string') {
        const absent = await queryRows<{ id: number; fullName: string }>(
          tx,
          sql`select t.id, t.full_name as "fullName" from teachers t
              where t.department_id = (select x.department_id from teachers x where x.id = ${teacher.id}) and t.id <> ${teacher.id}
              order by t.staff_code limit 1`,
        );
        if (!absent.length) continue;
        const [y, m, day] = step.substitute.split('-');
        d = await saveLines({
          db,
          actor: enterer,
          id: d.id,
          input: ZDeclarationLinesInput.parse({
            version: d.version,
            lines: [
              ...d.lines.map(({ attachments: _a, forTeacherName: _n, ...l }) => l),
              {
                kind: 'substitution',
                label: `Dạy thay ${absent[0].fullName} ngày ${day}/${m}/${y}`,
                periods: 2,
                onDate: step.substitute,
                forTeacherId: absent[0].id,
                note: 'Giáo viên nghỉ ốm có giấy xác nhận.',
              },
            ],
          }),
        });
        continue;
      }
      const by = step === 'submit' ? enterer : step === 'approve' || step === 'return' ? head : academic;
      d = await transition({
        db,
        actor: by,
        id: d.id,
        action: step,
        input: { version: d.version, ...(step === 'return' ? { comment: RETURN_COMMENT } : {}) },
      });
      steps++;
    }
  }

  for (const [headLocal, plan] of [
    ['gv.toan', MATH_PLAN],
    ['totruong.ly', PHYSICS_PLAN],
  ] as const) {
    const head = await actor(headLocal);
    const teachers = await departmentTeachers(tx, opts.userId(headLocal), [opts.userId(headLocal)]);
    for (const [i, steps] of plan.entries()) {
      const t = teachers[i];
      if (!t) break;
      await follow(t, await actorOf(tx, t.userId), head, steps);
    }
  }
  // The head of Mathematics' own declaration: a draft with their tutoring prefilled.
  const toan = await actor('gv.toan');
  await follow({ id: toan.teacherId!, userId: toan.userId! }, toan, toan, []);
  // The clerks enter some of their colleagues' declarations: drafts, and one submitted by the Literature clerk.
  for (const [clerkLocal, count, submitted] of [
    ['gv.van', 2, 1],
    ['khaibao.sinh', 1, 0],
  ] as const) {
    const clerk = await actor(clerkLocal);
    const teachers = await departmentTeachers(tx, opts.userId(clerkLocal), [opts.userId(clerkLocal)]);
    for (const [i, t] of teachers.slice(0, count).entries()) await follow(t, clerk, clerk, i < submitted ? ['submit'] : []);
  }
  return { counts: { declarationPeriods: 1, declarations, declarationSteps: steps } };
}
