import { sql } from 'drizzle-orm';
import type { TDeclarationTotals } from '@app/shared/declarations';
import { computeWorkload } from '@app/shared/workload-calc';
import type { TPosition, TWorkloadDuty, TWorkloadRules } from '@app/shared/workload';
import type { Tx } from '../db/client';
import { queryRows } from '../db/client';
import { declarationHistory, declarationLines, declarationPeriods, declarations } from '../db/schema/teaching';
import { rulesOn } from '../areas/teaching/core/rule-sets';
import { bulkInsert } from './bulk-insert';
import { hashOf, type TeacherFacts } from './demo-pay-facts';

type Teacher = TeacherFacts & { departmentId: number };

/**
 * The previous school year's teaching declarations (issue 16 "Demo school"), so that its pay run has
 * something to pay: a declaration period for each of its semesters, closed long ago, and for every
 * teacher who teaches in the demo a LOCKED declaration in each — class lines (periods a week × the
 * period's weeks), sometimes a substitution or gifted-student coaching, and the year's duties — with
 * the totals the declarations service stores (its calculator, with the rule set in force at the
 * semester's start) and the lock in the history, by academic affairs in June 2026.
 *
 * Written in bulk (a hundred and twenty declarations through the service would take seconds). Every
 * figure comes from the staff code's hash, so each start makes the same year. Periods a week (duties'
 * reductions included) are 14–21 around the norm of 17; two teachers of gifted classes teach far more
 * and coach a team, so their year passes the 200-period cap.
 */

/** The semester's declaration window and the dates of each step (the lock: June 2026, before the year's pay run). */
const PERIODS = {
  HK1: {
    weeks: 18,
    opensAt: '2025-11-17T07:00:00+07:00',
    closesAt: '2026-01-16T17:00:00+07:00',
    reviewBy: '2026-01-23',
    holidays: ['2026-01-01'],
    created: (d: number) => `2025-11-${17 + (d % 10)}T08:00:00+07:00`,
    submitted: (d: number) => `2026-01-${String(5 + (d % 10)).padStart(2, '0')}T16:30:00+07:00`,
    approved: (d: number) => `2026-01-${19 + (d % 4)}T10:00:00+07:00`,
    confirmed: '2026-01-27T09:00:00+07:00',
    locked: '2026-06-10T09:00:00+07:00',
    substitutionDays: ['2025-10-08', '2025-11-12', '2025-12-03', '2025-12-17'],
  },
  HK2: {
    weeks: 17,
    opensAt: '2026-04-20T07:00:00+07:00',
    closesAt: '2026-05-29T17:00:00+07:00',
    reviewBy: '2026-06-05',
    holidays: ['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-04-27', '2026-04-30', '2026-05-01'],
    created: (d: number) => `2026-04-${20 + (d % 8)}T08:00:00+07:00`,
    submitted: (d: number) => `2026-05-${18 + (d % 10)}T16:30:00+07:00`,
    approved: (d: number) => `2026-06-0${1 + (d % 4)}T10:00:00+07:00`,
    confirmed: '2026-06-08T09:00:00+07:00',
    locked: '2026-06-12T09:00:00+07:00',
    substitutionDays: ['2026-03-04', '2026-03-25', '2026-04-15', '2026-05-13'],
  },
} as const;
type SemesterName = keyof typeof PERIODS;

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/** Last year's class of this year's homeroom teacher: "11 Toán" was "10 Toán"; a grade 10's teacher had a grade 12. */
const lastYearsHomeroom = (name: string) => name.replace(/^(\d+)/, (g) => (g === '10' ? '12' : String(Number(g) - 1)));

type Line = {
  kind: 'class' | 'substitution' | 'activity' | 'duty';
  label: string;
  periods: number;
  activityCode: string | null;
  dutyCode: string | null;
  onDate: string | null;
  forTeacherId: number | null;
  note: string | null;
};
const line = (l: Pick<Line, 'kind' | 'label' | 'periods'> & Partial<Line>): Line => ({
  activityCode: null,
  dutyCode: null,
  onDate: null,
  forTeacherId: null,
  note: null,
  ...l,
});

/** One teacher's lines of a semester: duties first (they lower the periods taught), then classes, a substitution, coaching. */
function linesOf(opts: { t: Teacher; semester: SemesterName; rules: TWorkloadRules; heavy: boolean; colleague: Teacher | null }): Line[] {
  const { t, semester, rules, heavy, colleague } = opts;
  const p = PERIODS[semester];
  const h = hashOf(`${t.staffCode}:${semester}`);
  const duties: Line[] = [];
  if (t.homeroom)
    duties.push(line({ kind: 'duty', label: `Chủ nhiệm lớp ${lastYearsHomeroom(t.homeroom)}`, periods: 0, dutyCode: 'HOMEROOM' }));
  if (t.headOf) duties.push(line({ kind: 'duty', label: `Tổ trưởng ${t.headOf}`, periods: 0, dutyCode: 'HEAD' }));
  if (t.deputy) duties.push(line({ kind: 'duty', label: 'Tổ phó chuyên môn', periods: 0, dutyCode: 'DEPUTY_HEAD' }));
  // The reductions that count (the largest, at most maxConcurrentDuties) are part of the 14–21 a week.
  const reductions = duties
    .map((d) => rules.duties.find((r) => r.code === d.dutyCode)?.reduction ?? 0)
    .sort((a, b) => b - a)
    .slice(0, rules.maxConcurrentDuties)
    .reduce((a, b) => a + b, 0);
  const perWeek = (heavy ? (semester === 'HK1' ? 24 : 23) : 14 + (h % 8)) - reductions;
  // The periods a week shared over the teacher's classes (the gifted subject's class takes more).
  const classes = t.classes.length ? t.classes : [{ name: 'Dạy các lớp được phân công', specialised: false }];
  const weights = classes.map((c) => (c.specialised ? 2 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let left = perWeek;
  const lines: Line[] = [];
  classes.forEach((c, i) => {
    const n = i === classes.length - 1 ? left : Math.min(left, Math.max(1, Math.round((perWeek * weights[i]) / total)));
    if (n <= 0) return;
    left -= n;
    const [subject, group] = c.name.includes(' – ') ? c.name.split(' – ') : [c.name, ''];
    lines.push(
      line({ kind: 'class', label: `Dạy ${subject}${group ? ` ${group}` : ''} — ${n} tiết/tuần × ${p.weeks} tuần`, periods: n * p.weeks }),
    );
  });
  if (colleague && h % 5 === 1) {
    const day = p.substitutionDays[h % p.substitutionDays.length];
    lines.push(
      line({
        kind: 'substitution',
        label: `Dạy thay ${colleague.fullName} ngày ${ddmmyyyy(day)}`,
        periods: 2 + (h % 2),
        onDate: day,
        forTeacherId: colleague.id,
        note: 'Giáo viên nghỉ ốm có giấy xác nhận.',
      }),
    );
  }
  // Coaching the gifted-student team, mostly before the national contest in January (HK1).
  const gifted = t.classes.find((c) => c.specialised);
  if (gifted && (heavy || (semester === 'HK1' && h % 3 === 0))) {
    const subject = gifted.name.split(' – ')[0];
    lines.push(
      line({
        kind: 'activity',
        label: `Bồi dưỡng đội tuyển học sinh giỏi ${subject}`,
        periods: heavy ? 40 : 12 + 2 * (h % 7),
        activityCode: 'GIFTED',
      }),
    );
  }
  return [...lines, ...duties];
}

function totalsOf(opts: { rules: TWorkloadRules; position: TPosition; weeks: number; lines: Line[] }): TDeclarationTotals {
  const duties: TWorkloadDuty[] = opts.lines.filter((l) => l.kind === 'duty').map((l) => ({ code: l.dutyCode!, label: l.label }));
  const r = computeWorkload({
    rules: opts.rules,
    position: opts.position,
    weeks: opts.weeks,
    lines: opts.lines
      .filter((l) => l.kind !== 'duty')
      .map((l) => ({
        kind: l.kind as 'class' | 'substitution' | 'activity',
        label: l.label,
        periods: l.periods,
        ...(l.activityCode ? { activityCode: l.activityCode } : {}),
      })),
    duties,
  });
  return { counted: r.counted, normBase: r.normBase, overtime: r.overtime };
}

/**
 * The previous year's two declaration periods and a locked declaration of each teaching teacher in each.
 * `academicAffairs`: the user who confirmed and locked them.
 */
export async function seedPreviousYearDeclarations(
  tx: Tx,
  opts: { currentYearId: number; teachers: TeacherFacts[]; academicAffairs: number },
) {
  const [year] = await queryRows<{ id: number }>(
    tx,
    sql`select id from academic_years where start_date < (select start_date from academic_years where id = ${opts.currentYearId})
        order by start_date desc limit 1`,
  );
  if (!year) return { periods: 0, declarations: 0, lines: 0 };
  const semesters = await queryRows<{ id: number; name: SemesterName; startDate: string }>(
    tx,
    sql`select id, name, start_date::text as "startDate" from semesters where academic_year_id = ${year.id} and name in ('HK1', 'HK2') order by start_date`,
  );
  // The teachers of the current semester's course classes taught last year too.
  const teachers = opts.teachers.filter((t): t is Teacher => t.teachesNow && t.departmentId !== null);
  // Two teachers of a gifted subject teach far more than the norm: in Toán and in Tin, the first who is not a head or deputy.
  const heavy = new Set(
    ['TOAN', 'TIN'].flatMap((dept) => {
      const t = teachers.find((x) => x.departmentCode === dept && !x.headOf && !x.deputy && x.classes.some((c) => c.specialised));
      return t ? [t.id] : [];
    }),
  );

  let lineCount = 0;
  let declarationCount = 0;
  for (const s of semesters) {
    const p = PERIODS[s.name];
    const { rules } = await rulesOn(tx, s.startDate);
    const [period] = await bulkInsert(
      tx,
      declarationPeriods,
      [
        {
          semesterId: s.id,
          weeks: p.weeks,
          opensAt: new Date(p.opensAt),
          closesAt: new Date(p.closesAt),
          reviewBy: p.reviewBy,
          holidays: [...p.holidays],
          createdAt: new Date(p.opensAt),
          updatedAt: new Date(p.closesAt),
        },
      ],
      ['id'],
    );
    const plans = teachers.map((t, i) => {
      const d = hashOf(`${t.staffCode}:${s.name}:dates`);
      const colleagues = teachers.filter((x) => x.departmentId === t.departmentId && x.id !== t.id);
      const colleague = colleagues.length ? colleagues[(i + d) % colleagues.length] : null;
      const lines = linesOf({ t, semester: s.name, rules, heavy: heavy.has(t.id), colleague });
      return { t, d, lines, totals: totalsOf({ rules, position: t.position, weeks: p.weeks, lines }) };
    });
    const ids = await bulkInsert(
      tx,
      declarations,
      plans.map(({ t, d, totals }) => ({
        periodId: period.id,
        teacherId: t.id,
        status: 'locked',
        // Created, submitted, approved, confirmed, locked: five versions.
        version: 5,
        totals,
        submittedAt: new Date(p.submitted(d)),
        submittedBy: t.userId,
        approvedAt: new Date(p.approved(d)),
        approvedBy: t.headUserId,
        confirmedAt: new Date(p.confirmed),
        confirmedBy: opts.academicAffairs,
        lockedAt: new Date(p.locked),
        lockedBy: opts.academicAffairs,
        lastComment: null,
        createdAt: new Date(p.created(d)),
        updatedAt: new Date(p.locked),
      })),
      ['id'],
    );
    const lineRows = plans.flatMap(({ lines }, i) =>
      lines.map((l, sort) => ({
        declarationId: ids[i].id,
        kind: l.kind,
        label: l.label,
        periods: String(l.periods),
        moduleId: null,
        courseClassId: null,
        activityCode: l.activityCode,
        dutyCode: l.dutyCode,
        weeks: null,
        onDate: l.onDate,
        untilDate: null,
        forTeacherId: l.forTeacherId,
        tutoringGroupId: null,
        source: l.kind === 'duty' ? 'duty' : 'manual',
        note: l.note,
        sort,
      })),
    );
    await bulkInsert(tx, declarationLines, lineRows);
    await bulkInsert(
      tx,
      declarationHistory,
      plans.map(({ t }, i) => ({
        declarationId: ids[i].id,
        teacherId: t.id,
        departmentId: t.departmentId,
        periodId: period.id,
        actorId: opts.academicAffairs,
        action: 'lock',
        fromStatus: 'confirmed',
        toStatus: 'locked',
        comment: null,
        changes: null,
        at: new Date(p.locked),
      })),
    );
    lineCount += lineRows.length;
    declarationCount += ids.length;
  }
  return { periods: semesters.length, declarations: declarationCount, lines: lineCount };
}
