/**
 * The overtime pay calculator of Thông tư 21/2025/TT-BGDĐT (DOMAIN.md "Teacher pay"; issue 16): the same
 * code computes a pay run on the server and explains it in the page. Every figure carries its
 * Vietnamese explanation with the arithmetic.
 *
 * Exact arithmetic: money, coefficients, percentages and periods are read into fractions of bigints
 * (`Ratio`), nothing passes through binary floating point, and each line is rounded once, half up, to
 * whole đồng only when it is shown; the next line computes from the exact value, so the overtime pay
 * of the worked example is 32,779,271 đ (105 × 312,183.5294…), not 105 × 312,184.
 *
 *   monthly salary  = coefficient × base + leadership × base + allowances (each one counted or not: a setting)
 *   yearly salary   = the 12 months of the school year, each at the values in force on its first day
 *   one period      = yearly salary ÷ yearly norm (norm/week × teaching weeks) × teaching weeks ÷ 52
 *   overtime period = one period × overtime rate (150%)
 *   overtime        = max(0, counted − norm), at most the yearly cap
 *   overtime pay    = overtime × overtime period
 */

// ---------------------------------------------------------------- exact fractions

/** An exact fraction n/d (d > 0). */
export interface Ratio {
  n: bigint;
  d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

function ratio(n: bigint, d = 1n): Ratio {
  if (d === 0n) throw new Error('Chia cho 0.');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}
const add = (a: Ratio, b: Ratio) => ratio(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Ratio, b: Ratio) => ratio(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Ratio, b: Ratio) => ratio(a.n * b.n, a.d * b.d);
const div = (a: Ratio, b: Ratio) => ratio(a.n * b.d, a.d * b.n);
const cmp = (a: Ratio, b: Ratio) => {
  const x = a.n * b.d - b.n * a.d;
  return x === 0n ? 0 : x > 0n ? 1 : -1;
};
const ZERO = ratio(0n);

/** Rounds half up (away from zero for negatives: −0.5 → −1) to a multiple of 1/10^decimals. */
function roundTo(r: Ratio, decimals: number): bigint {
  const scale = 10n ** BigInt(decimals);
  const neg = r.n < 0n;
  const abs = neg ? -r.n : r.n;
  const q = (abs * scale * 2n + r.d) / (2n * r.d);
  return neg ? -q : q;
}

/** A decimal string ("4.68", "4,68", "150", "0.25") read exactly; throws a Vietnamese error otherwise. */
export function parseDecimal(value: string | number, what: string): Ratio {
  const s = typeof value === 'number' ? decimalOfNumber(value) : value.trim().replace(',', '.');
  const m = /^(-?)(\d{1,15})(?:\.(\d{1,6}))?$/.exec(s);
  if (!m) throw new Error(`${what} "${String(value)}" không phải là số hợp lệ.`);
  const frac = m[3] ?? '';
  const n = BigInt(m[2] + frac) * (m[1] ? -1n : 1n);
  return ratio(n, 10n ** BigInt(frac.length));
}

/** A JS number as the shortest decimal that reads back to it (periods come as numbers with ≤ 4 decimals). */
function decimalOfNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Số "${String(n)}" không hợp lệ.`);
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(6).replace(/\.?0+$/, '');
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** A fraction as Vietnamese text with at most `decimals` decimals (rounded half up, trailing zeros dropped): 208122.3529 → "208.122,35". */
export function formatRatio(r: Ratio, decimals = 2): string {
  const units = roundTo(r, decimals);
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const frac = decimals > 0 ? (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${neg ? '-' : ''}${group((abs / scale).toString())}${frac ? `,${frac}` : ''}`;
}

/** Whole đồng as people read it: 15331680 → "15.331.680 đ". */
export function formatMoney(amount: number | bigint): string {
  const v = typeof amount === 'bigint' ? amount : BigInt(Math.round(amount));
  return `${v < 0n ? '-' : ''}${group((v < 0n ? -v : v).toString())} đ`;
}

/** A percentage as people read it: "30%", "12,5%". */
export const formatPercent = (value: string | number) => `${formatRatio(parseDecimal(value, 'Tỷ lệ'), 2)}%`;

// ---------------------------------------------------------------- inputs

/** Salary ranks of a THPT teacher (hạng I/II/III, Nghị định 204/2004 scales A2.1, A2.2, A1). */
export const SALARY_RANKS = ['I', 'II', 'III'] as const;
export type TSalaryRank = (typeof SALARY_RANKS)[number];
export const SALARY_RANK_LABELS: Record<TSalaryRank, string> = { I: 'Hạng I', II: 'Hạng II', III: 'Hạng III' };

/** The published coefficient of each step (bậc 1 first): hạng I 4.40–6.78, hạng II 4.00–6.38 (step 0.34), hạng III 2.34–4.98 (step 0.33). */
export const SALARY_SCALES: Record<TSalaryRank, readonly string[]> = {
  I: ['4.40', '4.74', '5.08', '5.42', '5.76', '6.10', '6.44', '6.78'],
  II: ['4.00', '4.34', '4.68', '5.02', '5.36', '5.70', '6.04', '6.38'],
  III: ['2.34', '2.67', '3.00', '3.33', '3.66', '3.99', '4.32', '4.65', '4.98'],
};

/** The coefficient of a rank's step, or null when the rank has no such step. */
export function scaleCoefficient(rank: TSalaryRank, step: number): string | null {
  return SALARY_SCALES[rank][step - 1] ?? null;
}

/** The allowances a monthly salary may count (a school-wide setting says which do). */
export const ALLOWANCES = ['leadership', 'preferential', 'seniority', 'other'] as const;
export type TAllowance = (typeof ALLOWANCES)[number];
export const ALLOWANCE_LABELS: Record<TAllowance, string> = {
  leadership: 'Phụ cấp chức vụ lãnh đạo',
  preferential: 'Phụ cấp ưu đãi',
  seniority: 'Phụ cấp thâm niên',
  other: 'Phụ cấp khác',
};

/** The school-wide pay values in force from a date. */
export interface PaySettingsValues {
  effectiveFrom: string;
  /** Lương cơ sở, whole đồng a month. */
  baseSalary: number;
  /** 150 for 150%. */
  overtimeRatePercent: number;
  countedAllowances: Record<TAllowance, boolean>;
}

/** A teacher's coefficients in force from a date. Decimal values are strings, read exactly. */
export interface CoefficientValues {
  effectiveFrom: string;
  rank: TSalaryRank;
  step: number;
  /** The salary coefficient ("4.68"). */
  coefficient: string;
  /** Hệ số phụ cấp chức vụ lãnh đạo ("0.2"; "0" for none). */
  leadershipCoefficient: string;
  /** Phụ cấp ưu đãi, % of the coefficient salary plus leadership ("30", "70"). */
  preferentialPercent: string;
  /** Phụ cấp thâm niên in %; null: computed from `serviceStartDate` (5% after 5 full years, +1% each further year). */
  seniorityPercent: string | null;
  serviceStartDate: string | null;
  /** Hệ số phụ cấp khác (trách nhiệm …) on the base salary ("0" for none). */
  otherCoefficient: string;
}

/** Full years of service on `onDate` (both YYYY-MM-DD). */
export function yearsOfService(start: string, onDate: string): number {
  const [y1, m1, d1] = start.split('-').map(Number);
  const [y2, m2, d2] = onDate.split('-').map(Number);
  let years = y2 - y1;
  if (m2 < m1 || (m2 === m1 && d2 < d1)) years--;
  return Math.max(0, years);
}

/** Seniority in % on a date: the stored percentage, else 0 before 5 full years of service, then one per year. */
export function seniorityPercentOn(c: Pick<CoefficientValues, 'seniorityPercent' | 'serviceStartDate'>, onDate: string): string {
  if (c.seniorityPercent !== null) return c.seniorityPercent;
  if (!c.serviceStartDate) return '0';
  const years = yearsOfService(c.serviceStartDate, onDate);
  return years >= 5 ? String(years) : '0';
}

// ---------------------------------------------------------------- monthly salary

export interface PayPart {
  key: 'coefficient' | TAllowance;
  label: string;
  /** Exact đồng as text ("3.285.360"), and rounded. */
  amount: number;
  explanation: string;
  counted: boolean;
}

export interface MonthlySalary {
  /** First day of the month (YYYY-MM-01). */
  month: string;
  parts: PayPart[];
  total: Ratio;
}

const pct = (p: Ratio) => div(p, ratio(100n));
const money = (r: Ratio) => Number(roundTo(r, 0));
const showMoney = (r: Ratio) => `${formatRatio(r, 2)} đ`;

/** One month's salary: the coefficient salary and each allowance, counted as the settings say. */
export function monthlySalary(settings: PaySettingsValues, c: CoefficientValues, month: string): MonthlySalary {
  const base = ratio(BigInt(settings.baseSalary));
  const baseText = formatMoney(settings.baseSalary);
  const coef = parseDecimal(c.coefficient, 'Hệ số lương');
  const lead = parseDecimal(c.leadershipCoefficient, 'Hệ số phụ cấp chức vụ');
  const other = parseDecimal(c.otherCoefficient, 'Hệ số phụ cấp khác');
  const prefP = parseDecimal(c.preferentialPercent, 'Phụ cấp ưu đãi');
  const seniorityText = seniorityPercentOn(c, month);
  const senP = parseDecimal(seniorityText, 'Phụ cấp thâm niên');
  const counts = settings.countedAllowances;

  const coefSalary = mul(coef, base);
  const leadAmount = mul(lead, base);
  // Preferential and seniority allowances are percentages of the coefficient salary plus the leadership allowance.
  const leadCounted = counts.leadership && lead.n !== 0n;
  const basis = leadCounted ? add(coefSalary, leadAmount) : coefSalary;
  const basisText = leadCounted ? `(${formatRatio(coef)} + ${formatRatio(lead)}) × ${baseText}` : formatMoney(money(coefSalary));

  const parts: PayPart[] = [
    {
      key: 'coefficient',
      label: 'Lương theo hệ số',
      amount: money(coefSalary),
      explanation: `Lương theo hệ số: ${formatRatio(coef)} × ${baseText} = ${showMoney(coefSalary)}`,
      counted: true,
    },
  ];
  const part = (key: TAllowance, amount: Ratio, explanation: string, present: boolean) => {
    if (!present) return;
    const counted = counts[key];
    parts.push({
      key,
      label: ALLOWANCE_LABELS[key],
      amount: money(amount),
      explanation: counted ? explanation : `${explanation} (không tính vào lương tháng theo cấu hình)`,
      counted,
    });
  };
  part(
    'leadership',
    leadAmount,
    `${ALLOWANCE_LABELS.leadership}: ${formatRatio(lead)} × ${baseText} = ${showMoney(leadAmount)}`,
    lead.n !== 0n,
  );
  const prefAmount = mul(basis, pct(prefP));
  part(
    'preferential',
    prefAmount,
    `${ALLOWANCE_LABELS.preferential}: ${formatRatio(prefP)}% × ${basisText} = ${showMoney(prefAmount)}`,
    prefP.n !== 0n,
  );
  const senAmount = mul(basis, pct(senP));
  const senWhy = c.seniorityPercent === null && c.serviceStartDate ? ` (${yearsOfService(c.serviceStartDate, month)} năm công tác)` : '';
  part(
    'seniority',
    senAmount,
    `${ALLOWANCE_LABELS.seniority}${senWhy}: ${formatRatio(senP)}% × ${basisText} = ${showMoney(senAmount)}`,
    senP.n !== 0n,
  );
  const otherAmount = mul(other, base);
  part('other', otherAmount, `${ALLOWANCE_LABELS.other}: ${formatRatio(other)} × ${baseText} = ${showMoney(otherAmount)}`, other.n !== 0n);

  let total = coefSalary;
  if (counts.leadership) total = add(total, leadAmount);
  if (counts.preferential) total = add(total, prefAmount);
  if (counts.seniority) total = add(total, senAmount);
  if (counts.other) total = add(total, otherAmount);
  return { month, parts, total };
}

// ---------------------------------------------------------------- overtime pay

export interface PayStep {
  label: string;
  /** The line's figure as shown ("15.331.680 đ", "105 tiết"). */
  value: string;
  explanation: string;
}

export interface PayMonthInput {
  /** YYYY-MM-01 */
  month: string;
  settings: PaySettingsValues;
  coefficient: CoefficientValues;
}

export interface OvertimePayInput {
  /** The 12 months of the school year with the values in force on each one's first day. */
  months: readonly PayMonthInput[];
  /** The position's norm per week and the teaching weeks of the year (the workload rule set). */
  normPerWeek: number;
  teachingWeeks: number;
  /** The rate in force when the run is computed (150 for 150%). */
  overtimeRatePercent: number;
  /** The yearly cap of overtime periods. */
  overtimeCap: number;
  /** What the run's declarations count and their norm (periods; at most 4 decimals). */
  counted: number;
  norm: number;
  /** What earlier runs of the same scope paid (an interim semester, an earlier run adjusted), whole đồng. */
  previouslyPaid?: number;
}

export interface OvertimePay {
  /** The months grouped where the salary is the same, in order. */
  monthly: { from: string; to: string; months: number; total: number; parts: PayPart[] }[];
  /** The last month's salary (what the payroll sheet shows as "lương tháng"). */
  monthlySalary: number;
  yearlySalary: number;
  /** Exact values to 2 decimals ("208.122,35") and rounded đồng. */
  periodPayExact: string;
  periodPay: number;
  overtimePeriodPayExact: string;
  overtimePeriodPay: number;
  yearlyNorm: number;
  counted: number;
  norm: number;
  /** max(0, counted − norm). */
  overtime: number;
  /** min(overtime, cap). */
  overtimePaid: number;
  capped: boolean;
  /** overtimePaid × overtime period pay, rounded once. */
  amount: number;
  previouslyPaid: number;
  /** amount − previouslyPaid (negative: to be recovered). */
  due: number;
  steps: PayStep[];
}

/** A month as pay writes it: "2025-09-01" or "2025-09" → "9/2025". */
export const monthLabel = (iso: string) => `${Number(iso.slice(5, 7))}/${iso.slice(0, 4)}`;
const periodsText = (r: Ratio) => `${formatRatio(r, 4)} tiết`;

/** A teacher's overtime pay for a run, every step explained. */
export function computeOvertimePay(input: OvertimePayInput): OvertimePay {
  if (input.months.length === 0) throw new Error('Chưa có tháng nào để tính lương năm.');
  const steps: PayStep[] = [];

  // Monthly salaries (computed once per distinct set of values: a year has one or two), grouped into runs of equal months.
  const computed = new Map<string, MonthlySalary>();
  const salaries = input.months.map((m) => {
    const c = m.coefficient;
    const years = c.seniorityPercent === null && c.serviceStartDate ? yearsOfService(c.serviceStartDate, m.month) : '';
    const key = `${JSON.stringify(m.settings)}|${JSON.stringify(c)}|${years}`;
    let salary = computed.get(key);
    if (!salary) computed.set(key, (salary = monthlySalary(m.settings, c, m.month)));
    return { ...salary, month: m.month };
  });
  const groups: { from: string; to: string; months: number; total: Ratio; parts: PayPart[] }[] = [];
  for (const s of salaries) {
    const last = groups[groups.length - 1];
    if (last && cmp(last.total, s.total) === 0 && (last.parts === s.parts || JSON.stringify(last.parts) === JSON.stringify(s.parts))) {
      last.to = s.month;
      last.months++;
    } else groups.push({ from: s.month, to: s.month, months: 1, total: s.total, parts: s.parts });
  }
  let yearly = ZERO;
  for (const g of groups) {
    const when = g.months === 1 ? `tháng ${monthLabel(g.from)}` : `tháng ${monthLabel(g.from)} – ${monthLabel(g.to)}`;
    for (const p of g.parts) steps.push({ label: `${p.label} (${when})`, value: formatMoney(p.amount), explanation: p.explanation });
    const counted = g.parts.filter((p) => p.counted);
    steps.push({
      label: `Lương tháng (${when})`,
      value: formatMoney(money(g.total)),
      explanation:
        counted.length > 1
          ? `Lương tháng: ${counted.map((p) => formatMoney(p.amount).replace(' đ', '')).join(' + ')} = ${showMoney(g.total)}`
          : `Lương tháng: ${showMoney(g.total)}`,
    });
    yearly = add(yearly, mul(g.total, ratio(BigInt(g.months))));
  }
  steps.push({
    label: 'Lương năm',
    value: formatMoney(money(yearly)),
    explanation:
      groups.length === 1
        ? `Lương năm: ${showMoney(groups[0].total)} × ${groups[0].months} tháng = ${showMoney(yearly)}`
        : `Lương năm: ${groups.map((g) => `${formatRatio(g.total)} × ${g.months}`).join(' + ')} = ${showMoney(yearly)}`,
  });

  // One period and one overtime period.
  const normWeek = parseDecimal(input.normPerWeek, 'Định mức tiết/tuần');
  const weeks = ratio(BigInt(input.teachingWeeks));
  const yearlyNorm = mul(normWeek, weeks);
  if (yearlyNorm.n === 0n) throw new Error('Định mức tiết dạy cả năm bằng 0, không tính được tiền lương 1 tiết.');
  const periodPay = div(mul(div(yearly, yearlyNorm), weeks), ratio(52n));
  steps.push({
    label: 'Tiền lương 1 tiết',
    value: formatMoney(money(periodPay)),
    explanation: `Tiền lương 1 tiết: ${formatMoney(money(yearly)).replace(' đ', '')} ÷ ${formatRatio(yearlyNorm)} tiết (định mức năm ${formatRatio(normWeek)} × ${input.teachingWeeks} tuần) × ${input.teachingWeeks} tuần ÷ 52 tuần = ${showMoney(periodPay)}`,
  });
  const rate = parseDecimal(input.overtimeRatePercent, 'Tỷ lệ trả lương dạy thêm giờ');
  const overtimePeriodPay = mul(periodPay, pct(rate));
  steps.push({
    label: 'Tiền lương 1 tiết dạy thêm',
    value: formatMoney(money(overtimePeriodPay)),
    explanation: `Tiền lương 1 tiết dạy thêm: ${showMoney(periodPay)} × ${formatRatio(rate)}% = ${showMoney(overtimePeriodPay)}`,
  });

  // Periods.
  const counted = parseDecimal(input.counted, 'Số tiết được tính');
  const norm = parseDecimal(input.norm, 'Định mức');
  const overtime = cmp(counted, norm) > 0 ? sub(counted, norm) : ZERO;
  steps.push({
    label: 'Số tiết được tính',
    value: periodsText(counted),
    explanation: `Số tiết được tính theo kê khai đã khóa: ${periodsText(counted)}`,
  });
  steps.push({ label: 'Định mức', value: periodsText(norm), explanation: `Định mức theo kê khai: ${periodsText(norm)}` });
  steps.push({
    label: 'Số tiết dạy thêm',
    value: periodsText(overtime),
    explanation:
      cmp(counted, norm) > 0
        ? `Số tiết dạy thêm: ${formatRatio(counted, 4)} − ${formatRatio(norm, 4)} = ${periodsText(overtime)}`
        : `Số tiết dạy thêm: ${formatRatio(counted, 4)} ≤ ${formatRatio(norm, 4)}, không có tiết dạy thêm`,
  });
  const cap = ratio(BigInt(input.overtimeCap));
  const capped = cmp(overtime, cap) > 0;
  const overtimePaid = capped ? cap : overtime;
  if (capped)
    steps.push({
      label: 'Giới hạn tiết dạy thêm',
      value: periodsText(overtimePaid),
      explanation: `Số tiết dạy thêm ${periodsText(overtime)} vượt mức tối đa ${input.overtimeCap} tiết/năm: chỉ thanh toán ${periodsText(overtimePaid)}, ${periodsText(sub(overtime, cap))} không được thanh toán`,
    });

  const amount = mul(overtimePaid, overtimePeriodPay);
  steps.push({
    label: 'Tiền dạy thêm giờ',
    value: formatMoney(money(amount)),
    explanation: `Tiền dạy thêm giờ: ${formatRatio(overtimePaid, 4)} tiết × ${showMoney(overtimePeriodPay)} = ${showMoney(amount)}, làm tròn ${formatMoney(money(amount))}`,
  });

  const previouslyPaid = input.previouslyPaid ?? 0;
  const due = money(amount) - previouslyPaid;
  if (previouslyPaid !== 0) {
    steps.push({
      label: 'Đã chi ở các đợt trước',
      value: formatMoney(previouslyPaid),
      explanation: `Đã chi ở các đợt trước: ${formatMoney(previouslyPaid)}`,
    });
    steps.push({
      label: due >= 0 ? 'Còn được nhận' : 'Phải truy thu',
      value: formatMoney(Math.abs(due)),
      explanation: `${formatMoney(money(amount))} − ${formatMoney(previouslyPaid)} = ${formatMoney(due)}`,
    });
  }

  const last = groups[groups.length - 1];
  return {
    monthly: groups.map((g) => ({ from: g.from, to: g.to, months: g.months, total: money(g.total), parts: g.parts })),
    monthlySalary: money(last.total),
    yearlySalary: money(yearly),
    periodPayExact: formatRatio(periodPay, 2),
    periodPay: money(periodPay),
    overtimePeriodPayExact: formatRatio(overtimePeriodPay, 2),
    overtimePeriodPay: money(overtimePeriodPay),
    yearlyNorm: Number(roundTo(yearlyNorm, 4)) / 10_000,
    counted: Number(roundTo(counted, 4)) / 10_000,
    norm: Number(roundTo(norm, 4)) / 10_000,
    overtime: Number(roundTo(overtime, 4)) / 10_000,
    overtimePaid: Number(roundTo(overtimePaid, 4)) / 10_000,
    capped,
    amount: money(amount),
    previouslyPaid,
    due,
    steps,
  };
}

/** The first day of each of the 12 months from the month of `startDate` (YYYY-MM-DD). */
export function schoolYearMonths(startDate: string): string[] {
  const y = Number(startDate.slice(0, 4));
  const m = Number(startDate.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const mm = ((m - 1 + i) % 12) + 1;
    const yy = y + Math.floor((m - 1 + i) / 12);
    return `${yy}-${String(mm).padStart(2, '0')}-01`;
  });
}
