import { sql } from 'drizzle-orm';
import { DEFAULT_PAY_SETTINGS, ZPayRunCreate, ZPayTransition } from '@app/shared/pay';
import { SALARY_SCALES, scaleCoefficient, type TSalaryRank } from '@app/shared/pay-calc';
import type { TRole } from '@app/shared/roles';
import type { Db, Tx } from '../db/client';
import { queryRows } from '../db/client';
import { paySettings, teacherCoefficients } from '../db/schema/pay';
import type { Actor } from '../plugins/actor';
import { createRun, transitionRun } from '../areas/pay/runs/runs.service';
import { bulkInsert } from './bulk-insert';
import { seedPreviousYearDeclarations } from './demo-pay-declarations';
import { hashOf, teacherFacts, type TeacherFacts } from './demo-pay-facts';

/**
 * The demo school's teacher pay (issue 16 "Demo school"), so every pay page shows real content on first
 * start: the pay settings (lương cơ sở 2,340,000 đ from 01/07/2024 and the 1,800,000 đ before it),
 * coefficients for every teacher, the previous year's locked declarations (demo-pay-declarations.ts),
 * and the pay runs made through the runs service by the people whose job each step is.
 *
 * Coefficients (deterministic: each from the staff code's hash): hạng I for 15% of the teachers (steps
 * 2–5), hạng II for 55% (1–7), hạng III for 30% (1–6), the start of service earlier the higher the step
 * (1996–2023, seniority computed from it); 70% preferential allowance for the teachers of a gifted
 * class — a course class of a chuyên subject, or one gifted homeroom class's (lớp 10 Toán's Ngữ văn) —
 * 30% for the others (electives mixing classes, no class); leadership 0.2 for the heads of department and 0.15 for their
 * deputies; all from 01/07/2024, and a step's raise for eight of them, from 01/03/2026 (inside the paid
 * year) or 01/01/2027 (inside the current one).
 */

const FROM = '2024-07-01';
const RAISE_DATES = ['2026-03-01', '2027-01-01'] as const;
const RAISES = 8;
/** Steps drawn per rank, and the years of service a rank's first step has. */
const STEPS: Record<TSalaryRank, { min: number; max: number; years: number }> = {
  I: { min: 2, max: 5, years: 15 },
  II: { min: 1, max: 7, years: 7 },
  III: { min: 1, max: 6, years: 1 },
};

async function seedSettings(tx: Tx) {
  const { effectiveFrom, baseSalary, overtimeRatePercent, countedAllowances, note } = DEFAULT_PAY_SETTINGS;
  await bulkInsert(tx, paySettings, [
    {
      effectiveFrom: '2023-07-01',
      baseSalary: 1_800_000,
      overtimeRatePercent,
      countedAllowances,
      note: 'Nghị định 24/2023/NĐ-CP',
      createdAt: new Date('2023-07-03T08:00:00+07:00'),
      updatedAt: new Date('2023-07-03T08:00:00+07:00'),
    },
    {
      effectiveFrom,
      baseSalary,
      overtimeRatePercent,
      countedAllowances,
      note,
      createdAt: new Date('2024-07-02T08:00:00+07:00'),
      updatedAt: new Date('2024-07-02T08:00:00+07:00'),
    },
  ]);
  return 2;
}

/** Every teacher's coefficients from 01/07/2024, and the raises. */
async function seedCoefficients(tx: Tx, teachers: TeacherFacts[]) {
  // Ranks by the hash's order: the first 15% hạng I, the next 55% hạng II, the rest hạng III.
  const order = [...teachers].sort((a, b) => hashOf(`${a.staffCode}:rank`) - hashOf(`${b.staffCode}:rank`) || a.id - b.id);
  const rankOf = new Map(
    order.map((t, i) => [
      t.id,
      (i < Math.round(order.length * 0.15) ? 'I' : i < Math.round(order.length * 0.7) ? 'II' : 'III') as TSalaryRank,
    ]),
  );
  const rows = teachers.map((t) => {
    const rank = rankOf.get(t.id)!;
    const h = hashOf(`${t.staffCode}:step`);
    const { min, max, years } = STEPS[rank];
    const step = min + (h % (max - min + 1));
    // Three years a step (the regular raise), the first step after the rank's years; within 1996–2023.
    const startYear = Math.min(2023, Math.max(1996, 2024 - years - 3 * (step - 1) - (h % 3)));
    return {
      teacherId: t.id,
      effectiveFrom: FROM,
      rank,
      step,
      coefficient: scaleCoefficient(rank, step)!,
      leadershipCoefficient: t.headOf ? '0.2' : t.deputy ? '0.15' : '0',
      preferentialPercent: t.classes.some((c) => c.gifted) ? '70' : '30',
      seniorityPercent: null,
      serviceStartDate: `${startYear}-${h % 2 ? '09-01' : '08-15'}`,
      otherCoefficient: '0',
      note: null as string | null,
      createdAt: new Date('2024-07-05T08:00:00+07:00'),
      updatedAt: new Date('2024-07-05T08:00:00+07:00'),
    };
  });
  // A step's raise for eight teachers whose scale has a next step, by the hash's order, the dates alternating.
  const raised = [...rows]
    .filter((r) => r.step < SALARY_SCALES[r.rank].length)
    .sort((a, b) => hashOf(`${a.teacherId}:raise`) - hashOf(`${b.teacherId}:raise`) || a.teacherId - b.teacherId)
    .slice(0, RAISES)
    .map((r, i) => {
      const from = RAISE_DATES[i % RAISE_DATES.length];
      // Decided ahead of the date: the accountant records it when the decision comes.
      const at = new Date(from === '2026-03-01' ? '2026-02-20T09:00:00+07:00' : '2026-11-10T09:00:00+07:00');
      return {
        ...r,
        effectiveFrom: from,
        step: r.step + 1,
        coefficient: scaleCoefficient(r.rank, r.step + 1)!,
        note: `Nâng bậc lương thường xuyên lên bậc ${r.step + 1}`,
        createdAt: at,
        updatedAt: at,
      };
    });
  await bulkInsert(tx, teacherCoefficients, [...rows, ...raised]);
  return { teachers: rows.length, versions: rows.length + raised.length };
}

async function actorOf(tx: Tx, userId: number): Promise<Actor> {
  const [row] = await queryRows<{ roles: TRole[]; teacherId: number | null }>(
    tx,
    sql`select coalesce((select json_agg(r.role order by r.is_primary desc, r.role) from user_roles r where r.user_id = ${userId}), '[]') as roles,
               (select t.id from teachers t where t.user_id = ${userId}) as "teacherId"`,
  );
  return { userId, roles: row.roles, teacherId: row.teacherId, studentId: null, requestId: 'seed:demo', ip: null };
}

/** When each step of last year's run was taken: June 2026, once the declarations were locked (the service stamps them now). */
const PAID_RUN_DATES: Record<string, string> = {
  create: '2026-06-15T09:00:00+07:00',
  submit: '2026-06-16T15:00:00+07:00',
  approve: '2026-06-18T10:30:00+07:00',
  pay: '2026-06-26T16:00:00+07:00',
};

/**
 * The pay runs, through the runs service by the people whose job each step is: last year's year run
 * created by the accountant, submitted (the teachers without a locked declaration left out, said
 * explicitly), approved by the principal and paid; this year's HK1 interim, a draft where most teachers
 * are blocked, their HK1 declarations not locked yet.
 */
async function seedRuns(tx: Tx, opts: { userId: (local: string) => number; currentYearId: number }) {
  const db = tx as unknown as Db;
  const accountant = await actorOf(tx, opts.userId('ketoan'));
  const principal = await actorOf(tx, opts.userId('hieutruong'));
  const [previous] = await queryRows<{ id: number }>(
    tx,
    sql`select id from academic_years where start_date < (select start_date from academic_years where id = ${opts.currentYearId})
        order by start_date desc limit 1`,
  );
  const [hk1] = await queryRows<{ id: number }>(
    tx,
    sql`select id from semesters where academic_year_id = ${opts.currentYearId} order by start_date limit 1`,
  );
  let run = await createRun({ db, actor: accountant, input: ZPayRunCreate.parse({ kind: 'year', academicYearId: previous.id }) });
  const step = async (
    actor: Actor,
    action: 'submit' | 'approve' | 'pay',
    extra: { comment?: string; proceedWithoutBlocked?: boolean } = {},
  ) => {
    run = await transitionRun({ db, actor, id: run.id, input: ZPayTransition.parse({ action, version: run.version, ...extra }) });
  };
  await step(accountant, 'submit', run.blockers > 0 ? { proceedWithoutBlocked: true } : {});
  await step(principal, 'approve', { comment: 'Đồng ý chi trả theo bảng tính.' });
  await step(accountant, 'pay');
  const paidRunId = run.id;
  await tx.execute(sql`update pay_runs set computed_at = ${PAID_RUN_DATES.create}, created_at = ${PAID_RUN_DATES.create},
                       submitted_at = ${PAID_RUN_DATES.submit}, approved_at = ${PAID_RUN_DATES.approve},
                       paid_at = ${PAID_RUN_DATES.pay}, updated_at = ${PAID_RUN_DATES.pay} where id = ${paidRunId}`);
  for (const [action, at] of Object.entries(PAID_RUN_DATES))
    await tx.execute(sql`update pay_run_history set at = ${at} where run_id = ${paidRunId} and action = ${action}`);
  const draft = await createRun({
    db,
    actor: accountant,
    input: ZPayRunCreate.parse({ kind: 'semester', academicYearId: opts.currentYearId, semesterId: hk1.id }),
  });
  return { paidLines: run.teachers, paidAmount: run.amount, draftLines: draft.teachers, draftBlockers: draft.blockers };
}

export async function seedDemoPay(tx: Tx, opts: { userId: (local: string) => number }) {
  const [{ id: currentYearId }] = await queryRows<{ id: number }>(tx, sql`select id from academic_years where is_current`);
  const settings = await seedSettings(tx);
  const teachers = await teacherFacts(tx, currentYearId);
  const coefficients = await seedCoefficients(tx, teachers);
  const previous = await seedPreviousYearDeclarations(tx, { currentYearId, teachers, academicAffairs: opts.userId('giaovu') });
  const runs = await seedRuns(tx, { userId: opts.userId, currentYearId });
  return {
    counts: {
      paySettings: settings,
      teacherCoefficients: coefficients.versions,
      previousYearDeclarations: previous.declarations,
      payRuns: 2,
      payRunLines: runs.paidLines + runs.draftLines,
      paidAmount: runs.paidAmount,
    },
  };
}
