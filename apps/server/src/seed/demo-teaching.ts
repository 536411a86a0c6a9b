import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queryRows } from '../db/client';
import { insertDuty } from '../areas/teaching/assignments/assignments.repository';
import type { SchoolFrame } from './demo-school';
import { seedWorkloadRules } from './workload-rules';

/**
 * The demo school's workload data (issue 15): the TT 05/2025 rule set stored, and the current year's
 * duties kept by hand — a deputy head (tổ phó) in every department, a trade-union chair, a probationary
 * teacher and a mother of a baby — each given to a teacher without a headship, a homeroom class or
 * another duty, by staff code, so every run picks the same people. Positions stay TEACHER: the demo's
 * principal and deputies have no teacher record.
 */
export async function seedDemoTeaching(tx: Tx, opts: { frame: SchoolFrame }) {
  await seedWorkloadRules(tx);
  const teachers = await queryRows<{ id: number; departmentId: number; staffCode: string; busy: boolean }>(
    tx,
    sql`select t.id, t.department_id as "departmentId", t.staff_code as "staffCode",
               (exists (select 1 from department_heads h where h.teacher_id = t.id)
                or exists (select 1 from homeroom_classes c where c.homeroom_teacher_id = t.id)
                or t.user_id in (select u.id from users u join user_roles r on r.user_id = u.id where r.role <> 'TEACHER')) as busy
        from teachers t where t.department_id is not null order by t.staff_code`,
  );
  const taken = new Set<number>();
  const free = (departmentId?: number, fromEnd = false) => {
    const list = teachers.filter((t) => !t.busy && !taken.has(t.id) && (departmentId === undefined || t.departmentId === departmentId));
    const t = fromEnd ? list[list.length - 1] : list[0];
    if (t) taken.add(t.id);
    return t ?? null;
  };
  const academicYearId = opts.frame.currentYearId;
  const duties: Array<{ teacherId: number; code: string; note: string | null }> = [];
  for (const departmentId of [...opts.frame.departmentId.values()]) {
    const t = free(departmentId);
    if (t) duties.push({ teacherId: t.id, code: 'DEPUTY_HEAD', note: null });
  }
  const union = free(opts.frame.departmentId.get('VAN'));
  if (union) duties.push({ teacherId: union.id, code: 'UNION_CHAIR', note: 'Nhiệm kỳ 2025–2030' });
  const probation = free(opts.frame.departmentId.get('TIN'), true);
  if (probation) duties.push({ teacherId: probation.id, code: 'PROBATION', note: 'Tuyển dụng tháng 8/2026' });
  const mother = free(opts.frame.departmentId.get('NN'), true);
  if (mother) duties.push({ teacherId: mother.id, code: 'NURSING_MOTHER', note: 'Con sinh tháng 3/2026' });
  for (const d of duties) await insertDuty(tx, { ...d, academicYearId, startsOn: null, endsOn: null });
  return { counts: { teacherDuties: duties.length } };
}
