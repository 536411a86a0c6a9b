import { describe, expect, it } from 'vitest';
import {
  FORM_MSG,
  ZFormKindInput,
  absenceLevel,
  absenceOf,
  escalates,
  rangeDays,
  rangesOverlap,
  rangeSessions,
  renderTemplate,
  validateFormValues,
  valueText,
  type TFormField,
} from './forms';

const fields: TFormField[] = [
  { key: 'period', label: 'Thời gian nghỉ', type: 'dateRange', required: true },
  { key: 'reason', label: 'Lý do', type: 'longText', required: true },
  { key: 'when', label: 'Ngày', type: 'date', required: false },
  { key: 'copies', label: 'Số bản', type: 'choice', required: true, options: ['1', '2', '3'] },
  { key: 'proof', label: 'Giấy tờ', type: 'attachment', required: false },
];

describe('form values', () => {
  it('asks for every required field in Vietnamese, and checks what an optional one carries', () => {
    expect(validateFormValues(fields, {})).toEqual({
      period: FORM_MSG.required,
      reason: FORM_MSG.required,
      copies: FORM_MSG.requiredChoice,
    });
    const ok = {
      period: { from: '2026-11-23', fromSession: 'morning' as const, to: '2026-11-24', toSession: 'afternoon' as const },
      reason: 'Ốm',
      copies: '2',
    };
    expect(validateFormValues(fields, ok)).toEqual({});
    expect(validateFormValues(fields, { ...ok, when: '2026-02-30' })).toEqual({ when: FORM_MSG.date });
    expect(validateFormValues(fields, { ...ok, copies: '9' })).toEqual({ copies: FORM_MSG.choice });
    expect(validateFormValues(fields, { ...ok, reason: 'x'.repeat(4001) })).toEqual({ reason: 'Tối đa 4000 ký tự.' });
    expect(
      validateFormValues(fields, { ...ok, proof: { fileId: 1, name: 'a.exe', size: 10, mimeType: 'application/x-msdownload' } }),
    ).toEqual({
      proof: FORM_MSG.file,
    });
    expect(validateFormValues(fields, { ...ok, extra: 'x' })).toEqual({ extra: FORM_MSG.unknown });
  });

  it('refuses a range that ends before it starts, or that holds no school session', () => {
    const r = (from: string, fromSession: 'morning' | 'afternoon', to: string, toSession: 'morning' | 'afternoon') => ({
      period: { from, fromSession, to, toSession },
      reason: 'x',
      copies: '1',
    });
    expect(validateFormValues(fields, r('2026-11-24', 'morning', '2026-11-23', 'afternoon')).period).toBe(FORM_MSG.rangeOrder);
    expect(validateFormValues(fields, r('2026-11-24', 'afternoon', '2026-11-24', 'morning')).period).toBe(FORM_MSG.rangeSessions);
    // 2026-11-22 is a Sunday.
    expect(validateFormValues(fields, r('2026-11-22', 'morning', '2026-11-22', 'afternoon')).period).toBe(FORM_MSG.rangeEmpty);
  });
});

describe('absence sessions', () => {
  const range = (
    from: string,
    to: string,
    fromSession: 'morning' | 'afternoon' = 'morning',
    toSession: 'morning' | 'afternoon' = 'afternoon',
  ) => ({
    from,
    fromSession,
    to,
    toSession,
  });
  it('counts two a day, half days at the ends, and skips Sundays', () => {
    expect(rangeSessions(range('2026-11-23', '2026-11-23'))).toBe(2);
    expect(rangeSessions(range('2026-11-23', '2026-11-23', 'afternoon'))).toBe(1);
    expect(rangeSessions(range('2026-11-23', '2026-11-23', 'morning', 'morning'))).toBe(1);
    // Monday to Monday: 7 days, one Sunday → 6 school days.
    expect(rangeSessions(range('2026-11-23', '2026-11-30'))).toBe(14);
    expect(rangeSessions(range('2026-11-23', '2026-11-30', 'afternoon', 'morning'))).toBe(12);
    expect(rangeDays(range('2026-11-23', '2026-11-30'))).toBe(7);
    expect(rangeSessions(range('2026-11-23', '2026-11-24'), new Set(['2026-11-24']))).toBe(2);
  });

  it('escalates a leave of more than 3 school days', () => {
    const kind = { escalation: { field: 'period', minDays: 4 } };
    expect(escalates(kind, { period: range('2026-11-23', '2026-11-25') })).toBe(false);
    expect(escalates(kind, { period: range('2026-11-23', '2026-11-26') })).toBe(true);
    // Thursday to Monday: Thu, Fri, Sat, Mon = 4 school days.
    expect(escalates(kind, { period: range('2026-11-26', '2026-11-30') })).toBe(true);
    expect(escalates({ escalation: { field: 'period', minSessions: 5 } }, { period: range('2026-11-23', '2026-11-24') })).toBe(false);
    expect(escalates({ escalation: null }, { period: range('2026-11-23', '2026-12-30') })).toBe(false);
  });

  it('reads the range and sessions of a kind that counts absence, and the warning levels', () => {
    const kind = { fields, countsAbsence: true };
    expect(absenceOf(kind, { period: range('2026-11-23', '2026-11-24', 'afternoon') })).toEqual({
      firstDay: '2026-11-23',
      lastDay: '2026-11-24',
      sessions: 3,
    });
    expect(absenceOf({ fields, countsAbsence: false }, { period: range('2026-11-23', '2026-11-24') }).sessions).toBe(0);
    expect([29, 30, 45, 46].map(absenceLevel)).toEqual(['ok', 'warning', 'warning', 'over']);
  });
});

describe('kinds and the printable template', () => {
  const kind = {
    code: 'NGHI',
    name: 'Đơn xin nghỉ học',
    fields,
    escalation: { field: 'period', minDays: 4 },
    template: 'Em {{hoTen}} xin nghỉ {{period}} vì {{reason}}.',
  };
  it('accepts a kind whose template and condition name its fields, refuses one that does not', () => {
    expect(ZFormKindInput.safeParse(kind).success).toBe(true);
    const bad = ZFormKindInput.safeParse({ ...kind, escalation: { field: 'reason', minDays: 4 }, template: '{{nope}}' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      'Điều kiện chuyển Hiệu trưởng phải dựa trên một trường khoảng ngày.',
      'Mẫu in dùng {{nope}} nhưng loại đơn không có trường này.',
    ]);
    expect(ZFormKindInput.safeParse({ ...kind, fields: [...fields, fields[0]] }).success).toBe(false);
  });

  it('fills placeholders as text, dates as dd/mm/yyyy', () => {
    const fmt = (iso: string) => iso.split('-').reverse().join('/');
    const period = valueText(fields[0], range(), fmt);
    expect(period).toBe('từ chiều 23/11/2026 đến hết 24/11/2026 (3 buổi)');
    expect(renderTemplate(kind.template, { hoTen: '<b>An</b>', period, reason: 'ốm' })).toBe(
      'Em <b>An</b> xin nghỉ từ chiều 23/11/2026 đến hết 24/11/2026 (3 buổi) vì ốm.',
    );
    function range() {
      return { from: '2026-11-23', fromSession: 'afternoon' as const, to: '2026-11-24', toSession: 'afternoon' as const };
    }
  });
});

describe('rangesOverlap', () => {
  const r = (from: string, fromSession: 'morning' | 'afternoon', to: string, toSession: 'morning' | 'afternoon') => ({
    from,
    fromSession,
    to,
    toSession,
  });
  it('finds a shared half-day session, and none between a morning and an afternoon of the same day', () => {
    const week = r('2026-11-09', 'morning', '2026-11-13', 'afternoon');
    expect(rangesOverlap(week, r('2026-11-13', 'afternoon', '2026-11-14', 'morning'))).toBe(true);
    expect(rangesOverlap(week, r('2026-11-14', 'morning', '2026-11-14', 'afternoon'))).toBe(false);
    expect(rangesOverlap(r('2026-11-16', 'morning', '2026-11-16', 'morning'), r('2026-11-16', 'afternoon', '2026-11-17', 'morning'))).toBe(
      false,
    );
    expect(
      rangesOverlap(r('2026-11-16', 'morning', '2026-11-16', 'afternoon'), r('2026-11-16', 'afternoon', '2026-11-16', 'afternoon')),
    ).toBe(true);
    // Inside another, and the other way round.
    expect(rangesOverlap(r('2026-11-11', 'afternoon', '2026-11-11', 'afternoon'), week)).toBe(true);
    expect(rangesOverlap(r('2026-11-01', 'morning', '2026-11-30', 'afternoon'), week)).toBe(true);
  });
});
