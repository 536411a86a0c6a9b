import { describe, expect, it } from 'vitest';
import { TT05_2025_RULES, type TWorkloadRules, ZWorkloadDuty, ZWorkloadLine, ZWorkloadRules } from './workload';
import { computeWorkload, formatPeriods, rulesInForce, yearlyOvertime } from './workload-calc';

// Every expected figure below is computed by hand from TT 05/2025's values (DOMAIN.md).

const rules = TT05_2025_RULES;
const explanations = (r: { steps: { explanation: string }[] }) => r.steps.map((s) => s.explanation);

describe('computeWorkload', () => {
  it('the DOMAIN.md example: a homeroom teacher teaching 16 periods/week for 35 weeks counts 700, overtime 105', () => {
    const r = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 35,
      lines: [{ kind: 'class', label: 'Toán 10A1, 10A2, 10A3, 10A4', periods: 16 * 35 }],
      duties: [{ code: 'HOMEROOM', label: 'Chủ nhiệm lớp 10A1' }],
    });
    expect(r).toMatchObject({
      taught: 560,
      substituted: 0,
      converted: 0,
      leave: 0,
      reductions: [{ code: 'HOMEROOM', label: 'Chủ nhiệm lớp 10A1', perWeek: 4, weeks: 35, total: 140, counted: true }],
      reductionTotal: 140,
      counted: 700,
      normPerWeek: 17,
      normBase: 595,
      normAfterReductionsPerWeek: 13,
      overtime: 105,
    });
    expect(r.steps).toEqual([
      { label: 'Tiết dạy lớp học phần', value: 560, explanation: 'Toán 10A1, 10A2, 10A3, 10A4: 560 tiết' },
      { label: 'Giảm định mức', value: 140, explanation: 'Chủ nhiệm lớp 10A1: giảm 4 tiết/tuần × 35 tuần = 140 tiết' },
      { label: 'Tổng số tiết được tính', value: 700, explanation: 'Tổng số tiết được tính: dạy lớp 560 + giảm trừ 140 = 700 tiết' },
      { label: 'Định mức', value: 595, explanation: 'Định mức: 17 tiết/tuần × 35 tuần = 595 tiết' },
      { label: 'Định mức sau giảm trừ', value: 13, explanation: 'Định mức sau giảm trừ: 17 − 4 = 13 tiết/tuần' },
      { label: 'Vượt giờ', value: 105, explanation: 'Vượt giờ: 700 − 595 = 105 tiết' },
    ]);
  });

  it('three duties: only the two with the largest reductions count, the third is listed as not counted', () => {
    // Semester of 18 weeks: 14 periods/week = 252; homeroom 4 × 18 = 72; head 3 × 18 = 54; union chair 3 × 18 = 54 (not counted).
    const r = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 18,
      lines: [{ kind: 'class', label: 'Toán 10 Toán 1', periods: 252 }],
      duties: [
        { code: 'UNION_CHAIR', label: 'Chủ tịch công đoàn trường' },
        { code: 'HOMEROOM', label: 'Chủ nhiệm lớp 10 Toán 1' },
        { code: 'HEAD', label: 'Tổ trưởng tổ Toán' },
      ],
    });
    // UNION_CHAIR and HEAD tie at 3/week; the one listed first (UNION_CHAIR) wins the tie.
    expect(r.reductions.map((d) => [d.code, d.total, d.counted])).toEqual([
      ['UNION_CHAIR', 54, true],
      ['HOMEROOM', 72, true],
      ['HEAD', 54, false],
    ]);
    expect(r.reductionTotal).toBe(126);
    expect(r.counted).toBe(252 + 72 + 54);
    expect(r.normBase).toBe(306);
    expect(r.overtime).toBe(72);
    expect(r.normAfterReductionsPerWeek).toBe(10);
    expect(explanations(r)).toEqual([
      'Toán 10 Toán 1: 252 tiết',
      'Chủ tịch công đoàn trường: giảm 3 tiết/tuần × 18 tuần = 54 tiết',
      'Chủ nhiệm lớp 10 Toán 1: giảm 4 tiết/tuần × 18 tuần = 72 tiết',
      'Tổ trưởng tổ Toán: giảm 3 tiết/tuần × 18 tuần = 54 tiết, không được tính vì chỉ tính tối đa 2 nhiệm vụ có mức giảm lớn nhất',
      'Tổng số tiết được tính: dạy lớp 252 + giảm trừ 126 = 378 tiết',
      'Định mức: 17 tiết/tuần × 18 tuần = 306 tiết',
      'Định mức sau giảm trừ: 17 − 3 − 4 = 10 tiết/tuần',
      'Vượt giờ: 378 − 306 = 72 tiết',
    ]);
    expect(r.steps.find((s) => s.explanation.startsWith('Tổ trưởng'))?.value).toBe(0);
  });

  it('a smaller duty drops out whatever its place in the list (deputy head 1 against homeroom 4 and head 3)', () => {
    const r = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 18,
      lines: [],
      duties: [
        { code: 'DEPUTY_HEAD', label: 'Tổ phó tổ Văn' },
        { code: 'HOMEROOM', label: 'Chủ nhiệm lớp 11A2' },
        { code: 'HEAD', label: 'Tổ trưởng tổ Sử' },
      ],
    });
    expect(r.reductions.map((d) => d.counted)).toEqual([false, true, true]);
    expect(r.reductionTotal).toBe(126);
  });

  it('a duty for part of the period counts for its weeks, and its total decides which duties count', () => {
    // Homeroom 4 × 4 weeks = 16 < union chair 3 × 18 = 54 and head 3 × 18 = 54: the homeroom drops out.
    const r = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 18,
      lines: [],
      duties: [
        { code: 'HOMEROOM', label: 'Chủ nhiệm lớp 12A1 (thay)', weeks: 4 },
        { code: 'HEAD', label: 'Tổ trưởng tổ Lý' },
        { code: 'UNION_CHAIR', label: 'Chủ tịch công đoàn' },
      ],
    });
    expect(r.reductions.map((d) => [d.weeks, d.total, d.counted])).toEqual([
      [4, 16, false],
      [18, 54, true],
      [18, 54, true],
    ]);
    expect(r.steps[0].explanation).toBe(
      'Chủ nhiệm lớp 12A1 (thay): giảm 4 tiết/tuần × 4 tuần = 16 tiết, không được tính vì chỉ tính tối đa 2 nhiệm vụ có mức giảm lớn nhất',
    );
    expect(() =>
      computeWorkload({ rules, position: 'TEACHER', weeks: 18, lines: [], duties: [{ code: 'HEAD', label: 'Tổ trưởng', weeks: 20 }] }),
    ).toThrow('Nhiệm vụ "Tổ trưởng" tính 20 tuần, nhiều hơn 18 tuần của kỳ kê khai.');
  });

  it('a probationary teacher: 2 periods/week off the norm; at the norm exactly and under it', () => {
    // 15 periods/week × 18 = 270 + probation 2 × 18 = 36 → 306 = the norm: no overtime.
    const atNorm = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 18,
      lines: [{ kind: 'class', label: 'Tiếng Anh 10A1–10A5', periods: 270 }],
      duties: [{ code: 'PROBATION', label: 'Giáo viên tập sự năm đầu' }],
    });
    expect(atNorm).toMatchObject({ counted: 306, normBase: 306, overtime: 0, normAfterReductionsPerWeek: 15, reductionTotal: 36 });
    expect(explanations(atNorm).slice(1)).toEqual([
      'Giáo viên tập sự năm đầu: giảm 2 tiết/tuần × 18 tuần = 36 tiết',
      'Tổng số tiết được tính: dạy lớp 270 + giảm trừ 36 = 306 tiết',
      'Định mức: 17 tiết/tuần × 18 tuần = 306 tiết',
      'Định mức sau giảm trừ: 17 − 2 = 15 tiết/tuần',
      'Vượt giờ: 306 − 306 = 0 tiết',
    ]);

    // 12 periods/week × 18 = 216 + 36 = 252 < 306: no overtime, 54 short.
    const under = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 18,
      lines: [{ kind: 'class', label: 'Tiếng Anh 10A1–10A4', periods: 216 }],
      duties: [{ code: 'PROBATION', label: 'Giáo viên tập sự năm đầu' }],
    });
    expect(under.overtime).toBe(0);
    expect(under.steps.at(-1)).toEqual({
      label: 'Vượt giờ',
      value: 0,
      explanation: 'Vượt giờ: 252 < 306, không có tiết vượt giờ (thiếu 54 tiết)',
    });
  });

  it('activities convert with their kind’s factor, exactly (7 × 1,5 = 10,5)', () => {
    const r = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 18,
      lines: [
        { kind: 'class', label: 'Toán 11A1, 11A2', periods: 252 },
        { kind: 'activity', label: 'Phụ đạo Toán 10A3', periods: 7, activityCode: 'REMEDIAL' },
        { kind: 'activity', label: 'Bồi dưỡng HSG Toán', periods: 10, activityCode: 'GIFTED' },
      ],
      duties: [],
    });
    expect(r.converted).toBe(30.5);
    expect(r.counted).toBe(282.5);
    expect(explanations(r)).toEqual([
      'Toán 11A1, 11A2: 252 tiết',
      'Phụ đạo Toán 10A3: 7 tiết × 1,5 = 10,5 tiết',
      'Bồi dưỡng HSG Toán: 10 tiết × 2 = 20 tiết',
      'Tổng số tiết được tính: dạy lớp 252 + quy đổi 30,5 = 282,5 tiết',
      'Định mức: 17 tiết/tuần × 18 tuần = 306 tiết',
      'Định mức sau giảm trừ: 17 tiết/tuần (không có giảm trừ)',
      'Vượt giờ: 282,5 < 306, không có tiết vượt giờ (thiếu 23,5 tiết)',
    ]);
    expect(r.steps[1]).toEqual({ label: 'Hoạt động quy đổi', value: 10.5, explanation: 'Phụ đạo Toán 10A3: 7 tiết × 1,5 = 10,5 tiết' });
  });

  it('sums and products that drift in floating point stay exact', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(3 * 1.1).not.toBe(3.3);
    const custom: TWorkloadRules = {
      ...rules,
      activityKinds: [...rules.activityKinds, { code: 'CLUB', name: 'Câu lạc bộ học thuật', factor: '1.1', maxFactor: '1.5' }],
    };
    const r = computeWorkload({
      rules: custom,
      position: 'TEACHER',
      weeks: 18,
      lines: [
        { kind: 'substitution', label: 'Dạy thay cô Lan 10A2', periods: 0.1 },
        { kind: 'substitution', label: 'Dạy thay thầy Nam 11A1', periods: 0.2 },
        { kind: 'activity', label: 'Câu lạc bộ Toán', periods: 3, activityCode: 'CLUB' },
        { kind: 'activity', label: 'Phụ đạo Lý', periods: 0.35, activityCode: 'REMEDIAL' },
      ],
      duties: [],
    });
    expect(r.substituted).toBe(0.3);
    // 3 × 1,1 = 3,3; 0,35 × 1,5 = 0,525 (four decimals, still exact); 3,3 + 0,525 = 3,825.
    expect(r.converted).toBe(3.825);
    expect(r.counted).toBe(4.125);
    expect(explanations(r).slice(0, 5)).toEqual([
      'Dạy thay cô Lan 10A2: 0,1 tiết',
      'Dạy thay thầy Nam 11A1: 0,2 tiết',
      'Câu lạc bộ Toán: 3 tiết × 1,1 = 3,3 tiết',
      'Phụ đạo Lý: 0,35 tiết × 1,5 = 0,525 tiết',
      'Tổng số tiết được tính: dạy thay 0,3 + quy đổi 3,825 = 4,125 tiết',
    ]);
  });

  it('leave that counts as taught adds to the counted periods', () => {
    // 14 periods/week × 18 = 252 taught, certified sick leave for a week = 14, substitution 3, homeroom 72.
    const r = computeWorkload({
      rules,
      position: 'TEACHER',
      weeks: 18,
      lines: [
        { kind: 'leave', label: 'Nghỉ ốm có giấy (06/10/2025–10/10/2025)', periods: 14 },
        { kind: 'class', label: 'Văn 12A1, 12A2', periods: 238 },
        { kind: 'substitution', label: 'Dạy thay 12A3 ngày 15/10/2025', periods: 3 },
      ],
      duties: [{ code: 'HOMEROOM', label: 'Chủ nhiệm lớp 12A1' }],
    });
    expect(r).toMatchObject({ taught: 238, substituted: 3, leave: 14, counted: 327, overtime: 21 });
    expect(r.steps.map((s) => s.label)).toEqual([
      'Tiết dạy lớp học phần',
      'Dạy thay',
      'Nghỉ được tính như dạy',
      'Giảm định mức',
      'Tổng số tiết được tính',
      'Định mức',
      'Định mức sau giảm trừ',
      'Vượt giờ',
    ]);
    expect(explanations(r)).toContain('Nghỉ ốm có giấy (06/10/2025–10/10/2025): 14 tiết');
    expect(explanations(r)).toContain('Tổng số tiết được tính: dạy lớp 238 + dạy thay 3 + nghỉ tính như dạy 14 + giảm trừ 72 = 327 tiết');
  });

  it('a principal: norm 2 periods/week; reductions above the norm leave 0 per week', () => {
    const r = computeWorkload({
      rules,
      position: 'PRINCIPAL',
      weeks: 35,
      lines: [{ kind: 'class', label: 'Toán 12A1', periods: 105 }],
      duties: [{ code: 'HEAD', label: 'Tổ trưởng tổ Toán' }],
    });
    expect(r).toMatchObject({ normPerWeek: 2, normBase: 70, counted: 210, overtime: 140, normAfterReductionsPerWeek: 0 });
    expect(explanations(r)).toContain('Định mức sau giảm trừ: 2 − 3 < 0, tính 0 tiết/tuần');
    expect(computeWorkload({ rules, position: 'VICE_PRINCIPAL', weeks: 35, lines: [], duties: [] }).normBase).toBe(140);
  });

  it('nothing declared: zero counted', () => {
    const r = computeWorkload({ rules, position: 'TEACHER', weeks: 18, lines: [], duties: [] });
    expect(r).toMatchObject({ counted: 0, overtime: 0, normBase: 306, normAfterReductionsPerWeek: 17, reductions: [] });
    expect(explanations(r)[0]).toBe('Tổng số tiết được tính: 0 tiết');
  });

  it('an unknown activity or duty code, a missing activity code or a bad number: a Vietnamese error', () => {
    const base = { rules, position: 'TEACHER' as const, weeks: 18 };
    expect(() =>
      computeWorkload({ ...base, lines: [{ kind: 'activity', label: 'Ngoại khóa', periods: 2, activityCode: 'FIELD_TRIP' }], duties: [] }),
    ).toThrow('Không có loại hoạt động quy đổi mã "FIELD_TRIP" trong Thông tư 05/2025/TT-BGDĐT (dòng "Ngoại khóa").');
    expect(() => computeWorkload({ ...base, lines: [{ kind: 'activity', label: 'Ngoại khóa', periods: 2 }], duties: [] })).toThrow(
      'Dòng "Ngoại khóa" chưa chọn loại hoạt động quy đổi.',
    );
    expect(() => computeWorkload({ ...base, lines: [], duties: [{ code: 'LIBRARIAN', label: 'Phụ trách thư viện' }] })).toThrow(
      'Không có nhiệm vụ mã "LIBRARIAN" trong Thông tư 05/2025/TT-BGDĐT (nhiệm vụ "Phụ trách thư viện").',
    );
    expect(() => computeWorkload({ ...base, lines: [{ kind: 'class', label: '10A1', periods: 1.234 }], duties: [] })).toThrow(
      'Số tiết của dòng "10A1" phải là số không âm, tối đa 2 chữ số thập phân (nhận được 1.234).',
    );
    expect(() => computeWorkload({ ...base, lines: [{ kind: 'class', label: '10A1', periods: -1 }], duties: [] })).toThrow(/không âm/);
  });

  it('a duty the school added counts like the seeded ones', () => {
    const custom: TWorkloadRules = {
      ...rules,
      duties: [...rules.duties, { code: 'LIBRARIAN', name: 'Phụ trách thư viện', reduction: 1.5 }],
    };
    const r = computeWorkload({
      rules: custom,
      position: 'TEACHER',
      weeks: 17,
      lines: [],
      duties: [{ code: 'LIBRARIAN', label: 'Phụ trách thư viện' }],
    });
    expect(r.reductionTotal).toBe(25.5);
    expect(r.normAfterReductionsPerWeek).toBe(15.5);
    expect(r.steps[0].explanation).toBe('Phụ trách thư viện: giảm 1,5 tiết/tuần × 17 tuần = 25,5 tiết');
  });
});

describe('yearlyOvertime', () => {
  it('caps the year at 200 periods', () => {
    // A teacher teaching 22 periods/week with a homeroom: (22 + 4) × 18 − 306 = 162 in HK1; (22 + 4) × 17 − 289 = 153 in HK2.
    const semester = (label: string, weeks: number) => ({
      label,
      overtime: computeWorkload({
        rules,
        position: 'TEACHER',
        weeks,
        lines: [{ kind: 'class', label: 'Hóa 10A1–10A6', periods: 22 * weeks }],
        duties: [{ code: 'HOMEROOM', label: 'Chủ nhiệm lớp 10A1' }],
      }).overtime,
    });
    const y = yearlyOvertime([semester('HK1', 18), semester('HK2', 17)], rules);
    expect(y).toEqual({
      total: 315,
      capped: true,
      paid: 200,
      explanation: 'Vượt giờ cả năm 315 tiết (HK1 162 + HK2 153), chỉ tính tối đa 200 tiết',
    });
    expect(yearlyOvertime([{ label: 'Cả năm', overtime: 230 }], rules).explanation).toBe(
      'Vượt giờ cả năm 230 tiết, chỉ tính tối đa 200 tiết',
    );
  });

  it('under the cap: the sum, exactly', () => {
    expect(
      yearlyOvertime(
        [
          { label: 'HK1', overtime: 60.1 },
          { label: 'HK2', overtime: 45.2 },
        ],
        rules,
      ),
    ).toEqual({
      total: 105.3,
      capped: false,
      paid: 105.3,
      explanation: 'Vượt giờ cả năm 105,3 tiết (HK1 60,1 + HK2 45,2)',
    });
    expect(yearlyOvertime([], rules)).toEqual({ total: 0, capped: false, paid: 0, explanation: 'Vượt giờ cả năm 0 tiết' });
    expect(yearlyOvertime([{ label: 'HK1', overtime: 200 }], rules).capped).toBe(false);
  });
});

describe('rulesInForce and a rule-set change in the middle of a year', () => {
  // A hypothetical amendment from 01/01/2026: norm 16, remedial factor 1.2, cap 150.
  const amended: TWorkloadRules = {
    ...rules,
    name: 'Quy định sửa đổi (giả định)',
    effectiveFrom: '2026-01-01',
    norms: { ...rules.norms, TEACHER: 16 },
    activityKinds: rules.activityKinds.map((k) => (k.code === 'REMEDIAL' ? { ...k, factor: '1.2' } : k)),
    overtimeCapPerYear: 150,
  };
  const sets = [amended, rules];

  it('picks the latest set not after the date', () => {
    expect(rulesInForce(sets, '2025-04-21')).toBeNull();
    expect(rulesInForce(sets, '2025-04-22')).toBe(rules);
    expect(rulesInForce(sets, '2025-12-31')).toBe(rules);
    expect(rulesInForce(sets, '2026-01-01')).toBe(amended);
    expect(rulesInForce([], '2026-01-01')).toBeNull();
  });

  it('each semester uses the rules in force at its start', () => {
    const teacher = (weeks: number) => ({
      position: 'TEACHER' as const,
      weeks,
      lines: [
        { kind: 'class' as const, label: 'Toán 10A1–10A4', periods: 16 * weeks },
        { kind: 'activity' as const, label: 'Phụ đạo Toán 10A3', periods: 10, activityCode: 'REMEDIAL' },
      ],
      duties: [{ code: 'HOMEROOM', label: 'Chủ nhiệm lớp 10A1' }],
    });
    const hk1Rules = rulesInForce(sets, '2025-09-05')!;
    const hk2Rules = rulesInForce(sets, '2026-01-19')!;
    expect(hk1Rules.name).toBe('Thông tư 05/2025/TT-BGDĐT');
    expect(hk2Rules.name).toBe('Quy định sửa đổi (giả định)');

    // HK1 (18 weeks, TT 05): 288 + 10 × 1,5 = 15 + 4 × 18 = 72 → 375; norm 17 × 18 = 306; overtime 69.
    const hk1 = computeWorkload({ rules: hk1Rules, ...teacher(18) });
    expect(hk1).toMatchObject({ converted: 15, counted: 375, normBase: 306, overtime: 69 });
    // HK2 (17 weeks, amended): 272 + 10 × 1,2 = 12 + 4 × 17 = 68 → 352; norm 16 × 17 = 272; overtime 80.
    const hk2 = computeWorkload({ rules: hk2Rules, ...teacher(17) });
    expect(hk2).toMatchObject({ converted: 12, counted: 352, normBase: 272, overtime: 80, normAfterReductionsPerWeek: 12 });
    expect(explanations(hk2)).toContain('Phụ đạo Toán 10A3: 10 tiết × 1,2 = 12 tiết');
    expect(explanations(hk2)).toContain('Định mức: 16 tiết/tuần × 17 tuần = 272 tiết');
    // Under TT 05 the same HK2 would be 355 − 289 = 66.
    expect(computeWorkload({ rules, ...teacher(17) }).overtime).toBe(66);

    // The year's cap is that of the rules in force at the year's end: 149 is under 150.
    expect(
      yearlyOvertime(
        [
          { label: 'HK1', overtime: hk1.overtime },
          { label: 'HK2', overtime: hk2.overtime },
        ],
        hk2Rules,
      ),
    ).toMatchObject({
      total: 149,
      capped: false,
      paid: 149,
    });
  });
});

describe('formatPeriods', () => {
  it('writes numbers Vietnamese style', () => {
    expect(formatPeriods(0)).toBe('0');
    expect(formatPeriods(4.5)).toBe('4,5');
    expect(formatPeriods(105)).toBe('105');
    expect(formatPeriods(1234)).toBe('1.234');
    expect(formatPeriods(1234567.25)).toBe('1.234.567,25');
    expect(formatPeriods(0.1 + 0.2)).toBe('0,3');
    expect(formatPeriods(0.525)).toBe('0,525');
    expect(formatPeriods(-3.5)).toBe('-3,5');
  });
});

describe('ZWorkloadRules', () => {
  const issues = (value: unknown) => {
    const r = ZWorkloadRules.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts the TT 05/2025 defaults as they are', () => {
    expect(ZWorkloadRules.parse(TT05_2025_RULES)).toEqual(TT05_2025_RULES);
    expect(TT05_2025_RULES.effectiveFrom).toBe('2025-04-22');
    expect(TT05_2025_RULES.teachingWeeks + TT05_2025_RULES.reserveWeeks).toBe(37);
  });

  it('a factor above its ceiling', () => {
    const kinds = (factor: string, maxFactor: string) => ({
      ...rules,
      activityKinds: [{ code: 'REMEDIAL', name: 'Phụ đạo', factor, maxFactor }],
    });
    expect(issues(kinds('2.5', '2'))).toEqual(['activityKinds.0.factor: Hệ số quy đổi không được vượt quá 2.']);
    expect(issues(kinds('1.75', '1.5'))).toEqual(['activityKinds.0.factor: Hệ số quy đổi không được vượt quá 1,5.']);
    expect(issues(kinds('1.125', '2'))).toEqual([
      'activityKinds.0.factor: Hệ số quy đổi phải là số không âm, tối đa 2 chữ số thập phân (ví dụ 1,5).',
    ]);
    expect(issues(kinds('-1', '2'))).toHaveLength(1);
    // A decimal comma is read and stored with a point.
    expect(ZWorkloadRules.parse(kinds('1,25', '1,5')).activityKinds[0]).toMatchObject({ factor: '1.25', maxFactor: '1.5' });
  });

  it('duplicate codes, negative numbers, no week, a bad code or date', () => {
    expect(issues({ ...rules, duties: [...rules.duties, { code: 'HEAD', name: 'Tổ trưởng (trùng)', reduction: 3 }] })).toEqual([
      'duties.6.code: Mã nhiệm vụ "HEAD" bị trùng.',
    ]);
    expect(
      issues({ ...rules, activityKinds: [...rules.activityKinds, { code: 'ONLINE', name: 'Trực tuyến', factor: '1', maxFactor: '1' }] }),
    ).toEqual(['activityKinds.6.code: Mã hoạt động "ONLINE" bị trùng.']);
    expect(issues({ ...rules, teachingWeeks: 0 })).toEqual(['teachingWeeks: Số tuần thực dạy phải từ 1 trở lên.']);
    expect(issues({ ...rules, reserveWeeks: -1 })).toEqual(['reserveWeeks: Số tuần dự phòng không được âm.']);
    expect(issues({ ...rules, norms: { ...rules.norms, TEACHER: -17 } })).toEqual(['norms.TEACHER: Định mức của giáo viên không được âm.']);
    expect(issues({ ...rules, duties: [{ code: 'HOMEROOM', name: 'Chủ nhiệm lớp', reduction: -4 }] })).toEqual([
      'duties.0.reduction: Số tiết giảm không được âm.',
    ]);
    expect(issues({ ...rules, duties: [{ code: 'HOMEROOM', name: 'Chủ nhiệm lớp', reduction: 4.125 }] })).toEqual([
      'duties.0.reduction: Số tiết giảm chỉ được có tối đa 2 chữ số thập phân.',
    ]);
    expect(issues({ ...rules, overtimeCapPerYear: -5 })).toEqual(['overtimeCapPerYear: Số tiết vượt giờ tối đa một năm không được âm.']);
    expect(issues({ ...rules, duties: [{ code: 'chu_nhiem', name: 'Chủ nhiệm', reduction: 4 }] })).toEqual([
      'duties.0.code: Mã nhiệm vụ chỉ gồm chữ in hoa không dấu, chữ số và dấu gạch dưới, bắt đầu bằng chữ (ví dụ HOMEROOM).',
    ]);
    expect(issues({ ...rules, name: ' ' })).toEqual(['name: Hãy nhập tên bộ quy định.']);
    expect(issues({ ...rules, effectiveFrom: '22/04/2025' })).toEqual(['effectiveFrom: Ngày hiệu lực phải là ngày hợp lệ (YYYY-MM-DD).']);
    expect(issues({ ...rules, effectiveFrom: '2025-02-30' })).toEqual(['effectiveFrom: Ngày hiệu lực phải là ngày hợp lệ.']);
  });
});

describe('ZWorkloadLine, ZWorkloadDuty', () => {
  it('an activity line needs its kind; periods have at most 2 decimals', () => {
    const line = ZWorkloadLine.safeParse({ kind: 'activity', label: 'Phụ đạo', periods: 4 });
    expect(line.success ? [] : line.error.issues.map((i) => i.message)).toEqual(['Hãy chọn loại hoạt động quy đổi.']);
    const bad = ZWorkloadLine.safeParse({ kind: 'class', label: 'Toán 10A1', periods: 1.234 });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['Số tiết chỉ được có tối đa 2 chữ số thập phân.']);
    expect(ZWorkloadLine.parse({ kind: 'class', label: 'Toán 10A1', periods: 4.5 })).toEqual({
      kind: 'class',
      label: 'Toán 10A1',
      periods: 4.5,
    });
    expect(ZWorkloadDuty.parse({ code: 'HOMEROOM', label: 'Chủ nhiệm lớp 10A1' })).toEqual({
      code: 'HOMEROOM',
      label: 'Chủ nhiệm lớp 10A1',
    });
  });
});
