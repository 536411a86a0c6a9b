import { describe, expect, it } from 'vitest';
import type { TOffer } from '@app/shared/registration';
import { lessonText, offerSections, seatsLeft, weekOf } from './offers';

const offer = (id: number, over: Partial<TOffer> = {}): TOffer => ({
  courseClassId: id,
  code: `CC${id}`,
  name: `Lớp ${id}`,
  subjectId: 1,
  subjectName: 'Toán',
  grade: 10,
  campusName: 'Cơ sở 1',
  teachers: [],
  capacity: 30,
  taken: 0,
  waiting: 0,
  compulsory: false,
  groupId: null,
  lessons: [],
  ...over,
});

describe('offers', () => {
  it('puts elective groups first, then the other classes by subject', () => {
    const s = offerSections(
      [{ id: 5, name: 'Tự chọn A', choose: 1 }],
      [offer(1, { subjectId: 2, subjectName: 'Vật lý' }), offer(2, { groupId: 5, subjectName: 'Tin học' }), offer(3)],
    );
    expect(s.map((x) => [x.title, x.offers.map((o) => o.courseClassId)])).toEqual([
      ['Tự chọn A', [2]],
      ['Toán', [3]],
      ['Vật lý', [1]],
    ]);
  });

  it('reads lessons and seats, and lays a double period on two rows', () => {
    expect(lessonText({ day: 2, period: 3, length: 2, roomCode: 'A101' })).toBe('Thứ Ba, tiết 3–4, phòng A101');
    expect(seatsLeft({ capacity: 10, taken: 12 })).toBe(0);
    const w = weekOf([offer(1, { lessons: [{ day: 2, period: 3, length: 2, roomCode: 'A101' }] })]);
    expect(w.at(2, 4)).toEqual([{ code: 'CC1', name: 'Lớp 1', roomCode: 'A101' }]);
    expect(w.at(2, 5)).toEqual([]);
    expect(w.periods).toHaveLength(5);
  });
});
