import {
  DECLARATION_LINE_KIND_LABELS,
  type TDeclarationLineKind,
  type TPosition,
  type TWorkloadDuty,
  type TWorkloadLine,
  type TWorkloadRules,
  POSITION_LABELS,
  factorHundredths,
  formatFactor,
  hasAtMostTwoDecimals,
} from './workload';

/**
 * The workload calculator of Thông tư 05/2025 (DOMAIN.md "Teaching assignments, declarations and history",
 * "Teacher pay"): the same code shows the figures live in the declaration form and computes them on the
 * server. Every step carries its Vietnamese explanation with the arithmetic.
 *
 * Exact arithmetic: every amount is a bigint count of ten-thousandths of a period. Inputs (periods, weeks,
 * periods/week) have at most 2 decimals and factors are decimal strings of at most 2 decimals, so every
 * product of two of them is exact at that scale; numbers are made only at the end (an integer divided by
 * 10 000 once gives the double nearest the exact decimal: 0.1 + 0.2 comes out as 0.3).
 */

/** Ten-thousandths of a period per period. */
const SCALE = 10_000n;

/** A number with at most 2 decimals as bigint hundredths; a Vietnamese error otherwise. */
function hundredths(n: number, what: string): bigint {
  if (!(n >= 0) || !hasAtMostTwoDecimals(n))
    throw new Error(`${what} phải là số không âm, tối đa 2 chữ số thập phân (nhận được ${String(n)}).`);
  return BigInt(Math.round(n * 100));
}

/** A comparator's answer putting the larger bigint first (0 when equal). */
const descending = (a: bigint, b: bigint): number => (a === b ? 0 : a > b ? -1 : 1);

const toNumber = (units: bigint): number => Number(units) / Number(SCALE);

/** Ten-thousandths → "1.234,5" (Vietnamese: thousands with dots, decimal comma, no trailing zeros). */
function formatUnits(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const whole = (abs / SCALE).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const frac = (abs % SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return `${sign}${whole}${frac ? `,${frac}` : ''}`;
}

/** A number of periods (or weeks) as people read it: 4.5 → "4,5", 1234 → "1.234"; at most 4 decimals. */
export function formatPeriods(value: number): string {
  if (!Number.isFinite(value)) return '';
  return formatUnits(BigInt(Math.round(value * Number(SCALE))));
}

export type TWorkloadInput = {
  rules: TWorkloadRules;
  position: TPosition;
  /** Weeks of the period declared (18 for a semester, 35 for a year): the norm and the duties are per week of it. */
  weeks: number;
  lines: readonly Pick<TWorkloadLine, 'kind' | 'label' | 'periods' | 'activityCode'>[];
  duties: readonly TWorkloadDuty[];
};

export type TWorkloadReduction = {
  code: string;
  label: string;
  /** Periods per week the duty takes off the norm. */
  perWeek: number;
  weeks: number;
  /** perWeek × weeks, whether it counts or not. */
  total: number;
  /** False for the duties beyond `maxConcurrentDuties` (the ones with the smaller reductions). */
  counted: boolean;
};

export type TWorkloadStep = { label: string; value: number; explanation: string };

export type TWorkloadResult = {
  /** Class periods. */
  taught: number;
  /** Substitutions taught (counted for the substitute). */
  substituted: number;
  /** Activities × their kind's factor. */
  converted: number;
  /** Leave that counts as taught. */
  leave: number;
  reductions: TWorkloadReduction[];
  /** The total of the counted reductions. */
  reductionTotal: number;
  /** taught + substituted + converted + leave + reductionTotal. */
  counted: number;
  normPerWeek: number;
  /** normPerWeek × weeks. */
  normBase: number;
  /** max(0, normPerWeek − counted reductions per week): what the assignment page shows beside a teacher. */
  normAfterReductionsPerWeek: number;
  /** max(0, counted − normBase). */
  overtime: number;
  steps: TWorkloadStep[];
};

const LINE_ORDER: TDeclarationLineKind[] = ['class', 'substitution', 'activity', 'leave'];
/** The words of each line kind in the sum of counted periods. */
const SUM_WORDS: Record<TDeclarationLineKind, string> = {
  class: 'dạy lớp',
  substitution: 'dạy thay',
  activity: 'quy đổi',
  leave: 'nghỉ tính như dạy',
};

/** A teacher's counted periods, norm and overtime for a period of `weeks` weeks under `rules`, with every step explained. */
export function computeWorkload({ rules, position, weeks, lines, duties }: TWorkloadInput): TWorkloadResult {
  const weeksH = hundredths(weeks, 'Số tuần');
  const steps: TWorkloadStep[] = [];

  // Lines, grouped by kind in a fixed order (class, substitution, activity, leave), each kind in input order.
  const sums: Record<TDeclarationLineKind, bigint> = { class: 0n, substitution: 0n, activity: 0n, leave: 0n };
  for (const kind of LINE_ORDER) {
    for (const line of lines.filter((l) => l.kind === kind)) {
      const periodsH = hundredths(line.periods, `Số tiết của dòng "${line.label}"`);
      let units: bigint;
      let explanation: string;
      if (kind === 'activity') {
        const activity = rules.activityKinds.find((k) => k.code === line.activityCode);
        if (!activity)
          throw new Error(
            line.activityCode
              ? `Không có loại hoạt động quy đổi mã "${line.activityCode}" trong ${rules.name} (dòng "${line.label}").`
              : `Dòng "${line.label}" chưa chọn loại hoạt động quy đổi.`,
          );
        units = periodsH * BigInt(factorHundredths(activity.factor));
        explanation = `${line.label}: ${formatUnits(periodsH * 100n)} tiết × ${formatFactor(activity.factor)} = ${formatUnits(units)} tiết`;
      } else {
        units = periodsH * 100n;
        explanation = `${line.label}: ${formatUnits(units)} tiết`;
      }
      sums[kind] += units;
      steps.push({ label: DECLARATION_LINE_KIND_LABELS[kind], value: toNumber(units), explanation });
    }
  }

  // Duties: each perWeek × its weeks; only the `maxConcurrentDuties` largest count (by total, then per week, then input order).
  const reductions = duties.map((duty, index) => {
    const rule = rules.duties.find((d) => d.code === duty.code);
    if (!rule) throw new Error(`Không có nhiệm vụ mã "${duty.code}" trong ${rules.name} (nhiệm vụ "${duty.label}").`);
    const dutyWeeksH = duty.weeks === undefined ? weeksH : hundredths(duty.weeks, `Số tuần của nhiệm vụ "${duty.label}"`);
    if (dutyWeeksH > weeksH)
      throw new Error(
        `Nhiệm vụ "${duty.label}" tính ${formatUnits(dutyWeeksH * 100n)} tuần, nhiều hơn ${formatUnits(weeksH * 100n)} tuần của kỳ kê khai.`,
      );
    const perWeekH = hundredths(rule.reduction, `Số tiết giảm của nhiệm vụ "${rule.name}"`);
    return { duty, index, perWeekH, weeksH: dutyWeeksH, total: perWeekH * dutyWeeksH, counted: false };
  });
  [...reductions]
    .sort((a, b) => descending(a.total, b.total) || descending(a.perWeekH, b.perWeekH) || a.index - b.index)
    .slice(0, rules.maxConcurrentDuties)
    .forEach((r) => (r.counted = true));

  let reductionTotal = 0n;
  let reductionPerWeekH = 0n;
  for (const r of reductions) {
    const arithmetic = `${r.duty.label}: giảm ${formatUnits(r.perWeekH * 100n)} tiết/tuần × ${formatUnits(r.weeksH * 100n)} tuần = ${formatUnits(r.total)} tiết`;
    if (r.counted) {
      reductionTotal += r.total;
      reductionPerWeekH += r.perWeekH;
    }
    steps.push({
      label: 'Giảm định mức',
      value: r.counted ? toNumber(r.total) : 0,
      explanation: r.counted
        ? arithmetic
        : `${arithmetic}, không được tính vì chỉ tính tối đa ${rules.maxConcurrentDuties} nhiệm vụ có mức giảm lớn nhất`,
    });
  }

  // Counted periods.
  const counted = sums.class + sums.substitution + sums.activity + sums.leave + reductionTotal;
  const parts = [
    ...LINE_ORDER.filter((k) => sums[k] !== 0n).map((k) => `${SUM_WORDS[k]} ${formatUnits(sums[k])}`),
    ...(reductionTotal !== 0n ? [`giảm trừ ${formatUnits(reductionTotal)}`] : []),
  ];
  steps.push({
    label: 'Tổng số tiết được tính',
    value: toNumber(counted),
    explanation:
      parts.length === 0
        ? 'Tổng số tiết được tính: 0 tiết'
        : parts.length === 1
          ? `Tổng số tiết được tính: ${parts[0]} tiết`
          : `Tổng số tiết được tính: ${parts.join(' + ')} = ${formatUnits(counted)} tiết`,
  });

  // The norm of the position for the period, and per week after the counted reductions.
  const normH = hundredths(rules.norms[position], `Định mức của ${POSITION_LABELS[position].toLowerCase()}`);
  const normBase = normH * weeksH;
  steps.push({
    label: 'Định mức',
    value: toNumber(normBase),
    explanation: `Định mức: ${formatUnits(normH * 100n)} tiết/tuần × ${formatUnits(weeksH * 100n)} tuần = ${formatUnits(normBase)} tiết`,
  });

  const afterH = normH - reductionPerWeekH;
  const counts = reductions.filter((r) => r.counted);
  const minus = counts.map((r) => ` − ${formatUnits(r.perWeekH * 100n)}`).join('');
  steps.push({
    label: 'Định mức sau giảm trừ',
    value: afterH > 0n ? toNumber(afterH * 100n) : 0,
    explanation:
      counts.length === 0
        ? `Định mức sau giảm trừ: ${formatUnits(normH * 100n)} tiết/tuần (không có giảm trừ)`
        : afterH >= 0n
          ? `Định mức sau giảm trừ: ${formatUnits(normH * 100n)}${minus} = ${formatUnits(afterH * 100n)} tiết/tuần`
          : `Định mức sau giảm trừ: ${formatUnits(normH * 100n)}${minus} < 0, tính 0 tiết/tuần`,
  });

  // Overtime, never negative.
  const overtime = counted > normBase ? counted - normBase : 0n;
  steps.push({
    label: 'Vượt giờ',
    value: toNumber(overtime),
    explanation:
      counted >= normBase
        ? `Vượt giờ: ${formatUnits(counted)} − ${formatUnits(normBase)} = ${formatUnits(overtime)} tiết`
        : `Vượt giờ: ${formatUnits(counted)} < ${formatUnits(normBase)}, không có tiết vượt giờ (thiếu ${formatUnits(normBase - counted)} tiết)`,
  });

  return {
    taught: toNumber(sums.class),
    substituted: toNumber(sums.substitution),
    converted: toNumber(sums.activity),
    leave: toNumber(sums.leave),
    reductions: reductions.map((r) => ({
      code: r.duty.code,
      label: r.duty.label,
      perWeek: toNumber(r.perWeekH * 100n),
      weeks: toNumber(r.weeksH * 100n),
      total: toNumber(r.total),
      counted: r.counted,
    })),
    reductionTotal: toNumber(reductionTotal),
    counted: toNumber(counted),
    normPerWeek: toNumber(normH * 100n),
    normBase: toNumber(normBase),
    normAfterReductionsPerWeek: afterH > 0n ? toNumber(afterH * 100n) : 0,
    overtime: toNumber(overtime),
    steps,
  };
}

export type TYearlyOvertime = {
  /** The sum of the periods' overtime. */
  total: number;
  /** True when the total is above the yearly cap. */
  capped: boolean;
  /** What is paid: min(total, overtimeCapPerYear). */
  paid: number;
  explanation: string;
};

/** A year's overtime from its periods' (semesters') overtime, capped at `rules.overtimeCapPerYear`. */
export function yearlyOvertime(
  semesters: readonly { label: string; overtime: number }[],
  rules: Pick<TWorkloadRules, 'overtimeCapPerYear'>,
): TYearlyOvertime {
  // Overtime may carry up to 4 decimals (a fractional factor times a fractional period): read it at that scale.
  const units = semesters.map((s) => {
    if (!(s.overtime >= 0) || !Number.isFinite(s.overtime)) throw new Error(`Số tiết vượt giờ của ${s.label} không hợp lệ.`);
    return BigInt(Math.round(s.overtime * Number(SCALE)));
  });
  const total = units.reduce((a, b) => a + b, 0n);
  const cap = BigInt(rules.overtimeCapPerYear) * SCALE;
  const capped = total > cap;
  const paid = capped ? cap : total;
  const detail = semesters.length > 1 ? ` (${semesters.map((s, i) => `${s.label} ${formatUnits(units[i])}`).join(' + ')})` : '';
  return {
    total: toNumber(total),
    capped,
    paid: toNumber(paid),
    explanation: `Vượt giờ cả năm ${formatUnits(total)} tiết${detail}${capped ? `, chỉ tính tối đa ${formatUnits(cap)} tiết` : ''}`,
  };
}

/** The rule set in force on `isoDate` (YYYY-MM-DD): the one with the latest `effectiveFrom` not after it; null if none. */
export function rulesInForce<T extends { effectiveFrom: string }>(ruleSets: readonly T[], isoDate: string): T | null {
  let best: T | null = null;
  for (const r of ruleSets) if (r.effectiveFrom <= isoDate && (best === null || r.effectiveFrom > best.effectiveFrom)) best = r;
  return best;
}
