import { describe, expect, it } from 'vitest';
import type { TMyRound, TRegistration } from './registration';
import { clashesOf, ruleStatusOf, withRegistrations } from './registration-rules';

const lesson = (day: number, period: number, length = 1) => ({ day, period, length, roomCode: null });
const offer = (id: number, lessons: TMyRound['offers'][number]['lessons'], over: Partial<TMyRound['offers'][number]> = {}) => ({
  courseClassId: id,
  code: `CC${id}`,
  name: `Lớp ${id}`,
  subjectId: 1,
  subjectName: 'Toán',
  grade: 10,
  campusName: 'Cơ sở 1',
  teachers: [],
  capacity: 10,
  taken: 5,
  waiting: 0,
  compulsory: false,
  groupId: null,
  lessons,
  clashesWith: [],
  ...over,
});
const reg = (courseClassId: number, status: TRegistration['status'] = 'registered'): TRegistration => ({
  id: courseClassId * 10,
  roundId: 1,
  studentId: 1,
  studentCode: 'HS1',
  studentName: 'An',
  homeroomClassName: null,
  courseClassId,
  status,
  position: status === 'waitlisted' ? 1 : null,
  createdAt: '2026-11-20T01:00:00.000Z',
});

const round = (): TMyRound => ({
  id: 1,
  moduleId: 1,
  name: 'Đợt 1',
  opensAt: '2026-11-16T01:00:00.000Z',
  closesAt: '2027-01-10T10:00:00.000Z',
  grades: [10],
  maxClasses: 2,
  noClash: true,
  waitlist: true,
  state: 'open',
  closedAt: null,
  offerCount: 3,
  seats: 30,
  taken: 15,
  waiting: 0,
  updatedAt: '2026-11-16T00:00:00.000Z',
  groups: [{ id: 5, name: 'Tự chọn A', choose: 1 }],
  offers: [offer(1, [lesson(1, 2, 2)], { groupId: 5 }), offer(2, [lesson(1, 3)], { groupId: 5 }), offer(3, [], { compulsory: true })],
  mine: [],
  others: [{ courseClassId: 9, code: 'CC9', name: 'Đã học', lessons: [lesson(2, 1)] }],
  rules: { met: true, problems: [] },
  now: '2026-11-24T00:00:00.000Z',
});

describe('registration rules (shared by the server and the page)', () => {
  it('names each clash with its first shared period; a class without lessons clashes with nothing', () => {
    const r = round();
    const clashes = clashesOf(r.offers, [r.offers[0], ...r.others]);
    expect(clashes.get(2)).toEqual(['Lớp 1 (Thứ Hai, tiết 3)']);
    expect(clashes.get(1)).toEqual([]);
    expect(clashes.get(3)).toEqual([]);
  });

  it('says every unmet rule in Vietnamese', () => {
    expect(
      ruleStatusOf(
        { maxClasses: 1, groups: [{ id: 5, name: 'Tự chọn A', choose: 1 }], compulsory: [{ courseClassId: 3, name: 'Lớp 3' }] },
        [
          { courseClassId: 1, groupId: 5 },
          { courseClassId: 2, groupId: 5 },
        ],
      ),
    ).toEqual({
      met: false,
      problems: [
        'Chưa đăng ký lớp bắt buộc Lớp 3',
        'Nhóm Tự chọn A chỉ được chọn 1 lớp (đang có 2 lớp)',
        'Đăng ký vượt quá 1 lớp tối đa (đang có 2 lớp)',
      ],
    });
  });

  it('applies an answer with the seats of some classes: those seats, the totals by difference, the clashes and rules follow', () => {
    const next = withRegistrations(
      round(),
      [reg(1), reg(3), reg(2, 'waitlisted')],
      [
        { courseClassId: 1, capacity: 10, taken: 6, waiting: 0 },
        { courseClassId: 2, capacity: 12, taken: 10, waiting: 1 },
      ],
    );
    expect(next.offers.map((o) => [o.courseClassId, o.taken, o.waiting])).toEqual([
      [1, 6, 0],
      [2, 10, 1],
      [3, 5, 0],
    ]);
    expect({ seats: next.seats, taken: next.taken, waiting: next.waiting }).toEqual({ seats: 32, taken: 21, waiting: 1 });
    expect(next.offers[1].clashesWith).toEqual(['Lớp 1 (Thứ Hai, tiết 3)']);
    expect(next.rules).toEqual({ met: true, problems: [] });
    expect(withRegistrations(round(), [reg(1)], []).rules.problems).toEqual(['Chưa đăng ký lớp bắt buộc Lớp 3']);
  });
});
