import { describe, expect, it } from 'vitest';
import { changeRows, changeText, labelGroups, labelRanks, nameInSnapshot, refsOf, showValue } from './system-log';

describe('system log in words', () => {
  it('shows values as a person reads them', () => {
    const v = (key: string, value: unknown, entity = 'x') => showValue({ entity, key, value });
    expect(v('active', true)).toBe('Có');
    expect(v('active', false)).toBe('Không');
    expect(v('via', 'dev')).toBe('Tài khoản thử');
    expect(v('gender', 'female')).toBe('Nữ');
    expect(v('roles', ['TEACHER', 'HEAD_DEPARTMENT'])).toBe('Giáo viên, Tổ trưởng chuyên môn');
    expect(v('status', 'active', 'student')).toBe('Đang học');
    expect(v('status', 'active', 'survey')).toBe('Đang mở');
    expect(v('status', 'rejected', 'response_review')).toBe('Từ chối');
    expect(v('dateOfBirth', '2010-05-04')).toBe('04/05/2010');
    expect(v('publishedAt', '2026-11-22T02:05:00.000Z')).toBe('22/11/2026 09:05');
    expect(v('name', null)).toBe('');
    expect(v('sections', [{ id: 1 }])).toBe('[{"id":1}]');
    expect(showValue({ entity: 'x', key: 'campusId', value: 3, names: { campus: { '3': 'Cơ sở Ba Đình' } } })).toBe('Cơ sở Ba Đình (#3)');
    expect(v('campusId', 3)).toBe('#3');
    expect(showValue({ entity: 'x', key: 'teacherIds', value: [1, 2], names: { teacher: { '1': 'An (GV1)' } } })).toBe('An (GV1) (#1), #2');
  });

  it('lays out an update as rows, changed ones marked; a one-sided entry as values', () => {
    const update = changeRows({ entity: 'campus', before: { name: 'A', code: 'C' }, after: { name: 'B', code: 'C', extra: 1 } });
    expect(update.sides).toBe('both');
    expect(update.rows.map((r) => [r.label, r.before, r.after, r.changed])).toEqual([
      ['Tên', 'A', 'B', true],
      ['Mã', 'C', 'C', false],
      ['extra', '', '1', true],
    ]);
    const login = changeRows({ entity: 'user', before: null, after: { via: 'google' } });
    expect(login).toEqual({ sides: 'after', rows: [{ key: 'via', label: 'Cách đăng nhập', before: '', after: 'Google', changed: false }] });
    expect(changeRows({ entity: 'x', before: null, after: null }).sides).toBe('none');
    expect(changeRows({ entity: 'x', before: 'a', after: 'b' }).rows).toEqual([
      { key: '', label: 'Giá trị', before: 'a', after: 'b', changed: true },
    ]);
  });

  it('writes the change as lines for the export', () => {
    // A labelled field reads in Vietnamese; a field with no label yet shows its own name.
    expect(
      changeText({
        entity: 'campus',
        before: { name: 'A', code: 'C', note: null, extraField: 1 },
        after: { name: 'B', code: 'C', note: 'x', extraField: 2 },
      }),
    ).toBe('Tên: A → B\nGhi chú: (trống) → x\nextraField: 1 → 2');
    expect(changeText({ entity: 'user', before: null, after: { via: 'dev' } })).toBe('Cách đăng nhập: Tài khoản thử');
    expect(changeText({ entity: 'campus', before: { name: 'A' }, after: null })).toBe('Tên: A');
  });

  it('finds the records a change refers to, and a record’s own name', () => {
    const refs = refsOf({ campusId: 3, teacherIds: [1, 2], name: 'x' }, { campusId: 4, studentId: null }, null);
    expect(Object.fromEntries([...refs].map(([k, v]) => [k, [...v]]))).toEqual({ campus: [3, 4], teacher: [1, 2] });
    expect(nameInSnapshot(null, { id: 1, fullName: 'Lê An', email: 'a@x' })).toBe('Lê An');
    expect(nameInSnapshot({ via: 'dev' })).toBeNull();
  });

  it('groups codes by label and ranks them in Vietnamese order', () => {
    const label = (c: string) => ({ a: 'Tài khoản', b: 'Đăng nhập', c: 'Tài khoản', d: 'Xóa' })[c] ?? c;
    expect(labelGroups(['c', 'd', 'a', 'b'], label)).toEqual([
      { value: 'b', label: 'Đăng nhập' },
      { value: 'a,c', label: 'Tài khoản' },
      { value: 'd', label: 'Xóa' },
    ]);
    expect(labelRanks({ x: 'Xóa', c: 'Cập nhật', d: 'Đăng nhập', t: 'Tạo mới' })).toEqual([
      ['c', 0],
      ['d', 1],
      ['t', 2],
      ['x', 3],
    ]);
  });
});
