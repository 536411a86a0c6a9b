import { describe, expect, it } from 'vitest';
import { addDays, formatDate, fullTitle, mondayOf, slotLayout, titleSubject, todayInWeek, todayIso } from './week';
import { weekFileName } from './week-sheet';
import { lesson, weekView } from '../test/fixtures';

describe('week dates', () => {
  it('finds the Monday of any day, Sunday belonging to the week before', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(addDays('2026-12-28', 5)).toBe('2027-01-02');
    expect(formatDate('2026-11-05')).toBe('05/11/2026');
  });

  it("takes today in Hà Nội's time zone and places it in a week (Sunday is no school day)", () => {
    expect(todayIso(new Date('2026-11-24T18:30:00Z'))).toBe('2026-11-25'); // 01:30 on Wednesday in Hà Nội
    expect(todayInWeek('2026-11-23', '2026-11-25')).toBe(3);
    expect(todayInWeek('2026-11-23', '2026-11-28')).toBe(6);
    expect(todayInWeek('2026-11-23', '2026-11-29')).toBeNull();
    expect(todayInWeek('2026-11-23', '2026-11-22')).toBeNull();
  });
});

describe('double periods in the grid', () => {
  const grid = weekView().grid;
  it('span two rows when alone in both slots of one session', () => {
    const entries = [lesson(1, 2, 3, { length: 2 })];
    expect(slotLayout(entries, grid, 2, 3)).toEqual({ span: 2, skip: false });
    expect(slotLayout(entries, grid, 2, 4)).toEqual({ span: 1, skip: true });
    expect(slotLayout(entries, grid, 2, 5)).toEqual({ span: 1, skip: false });
  });
  it('do not span when another lesson shares the second slot (both are drawn there)', () => {
    const entries = [lesson(1, 2, 3, { length: 2 }), lesson(2, 2, 4)];
    expect(slotLayout(entries, grid, 2, 3)).toEqual({ span: 1, skip: false });
    expect(slotLayout(entries, grid, 2, 4)).toEqual({ span: 1, skip: false });
  });
  it('do not span across the break between sessions', () => {
    const entries = [lesson(1, 2, 5, { length: 2 })];
    expect(slotLayout(entries, grid, 2, 5)).toEqual({ span: 1, skip: false });
    expect(slotLayout(entries, grid, 2, 6)).toEqual({ span: 1, skip: false });
  });
});

describe('titles', () => {
  it("drop the server's leading words once, in the file name and the heading", () => {
    expect(titleSubject('Thời khóa biểu của học sinh Lê Minh Châu')).toBe('học sinh Lê Minh Châu');
    expect(fullTitle('Thời khóa biểu tổ Toán - Tin')).toBe('Thời khóa biểu tổ Toán - Tin');
    expect(fullTitle('Lê Minh Châu')).toBe('Thời khóa biểu Lê Minh Châu');
    expect(weekFileName(weekView({ title: 'Thời khóa biểu lớp 10/1 "Toán"' }))).toBe('Thời khóa biểu - lớp 10 1 Toán - 23-11-2026.xlsx');
  });
});
