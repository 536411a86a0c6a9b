import { describe, expect, it } from 'vitest';
import { evaluate } from './engine';
import { baseInstance, cls, grid, lesson } from './fixtures';

const ONE = (kind: string, ev: ReturnType<typeof evaluate>) => {
  const found = ev.clashes.filter((c) => c.kind === kind);
  expect(found).toHaveLength(1);
  return found[0];
};

describe('evaluate: hard clashes', () => {
  it('no clash for a clean placement, unplaced lessons or lessons without a room', () => {
    const inst = baseInstance({
      classes: [cls(1, { teacherIds: [1], studentIds: [1, 2] }), cls(2, { teacherIds: [2], studentIds: [3] })],
      lessons: [lesson(1, 1, 1, 2, { roomId: 1 }), lesson(2, 2, 1, 2, { roomId: 2 }), lesson(3, 1, null, null), lesson(4, 1, 2, 3)],
    });
    expect(evaluate(inst).clashes).toEqual([]);
  });

  it('a teacher in two classes at once', () => {
    const inst = baseInstance({
      classes: [cls(1, { name: 'Toán – lớp 10 Toán', teacherIds: [1] }), cls(2, { name: 'Toán – lớp 11 Tin', teacherIds: [1] })],
      lessons: [lesson(1, 1, 1, 3), lesson(2, 2, 1, 3)],
    });
    const c = ONE('teacher', evaluate(inst));
    expect(c.lessonIds.sort()).toEqual([1, 2]);
    expect(c.message).toBe('Giáo viên Nguyễn Thị Lan dạy hai lớp cùng lúc: Toán – lớp 10 Toán và Toán – lớp 11 Tin (Thứ Hai, tiết 3).');
  });

  it('a room with two classes at once (a double period overlapping counts once)', () => {
    const inst = baseInstance({
      classes: [cls(1, { name: 'Lớp A', teacherIds: [1] }), cls(2, { name: 'Lớp B', teacherIds: [2] })],
      lessons: [lesson(1, 1, 2, 2, { roomId: 1, length: 2 }), lesson(2, 2, 2, 2, { roomId: 1, length: 2 })],
    });
    const c = ONE('room', evaluate(inst));
    expect(c.lessonIds.sort()).toEqual([1, 2]);
    expect(c.message).toBe('Phòng P101 (Phòng 101) có hai lớp cùng lúc: Lớp A và Lớp B (Thứ Ba, tiết 2).');
  });

  it('students in two classes at once through enrolment', () => {
    const inst = baseInstance({
      classes: [
        cls(1, { name: 'Vật lý – khối 10 (tự chọn)', teacherIds: [1], studentIds: [1, 2, 3, 4] }),
        cls(2, { name: 'Toán – lớp 10 Văn', teacherIds: [2], studentIds: [3, 4, 5] }),
      ],
      lessons: [lesson(1, 1, 3, 4), lesson(2, 2, 3, 4)],
    });
    const c = ONE('student', evaluate(inst));
    expect(c.lessonIds.sort()).toEqual([1, 2]);
    expect(c.message).toBe('2 học sinh học cả Vật lý – khối 10 (tự chọn) và Toán – lớp 10 Văn cùng lúc (Thứ Tư, tiết 4).');
  });

  it('a room smaller than the class', () => {
    const inst = baseInstance({
      classes: [cls(1, { name: 'Hóa chuyên – lớp 11 Hóa', roomKind: 'lab', size: 35 })],
      lessons: [lesson(1, 1, 1, 2, { roomId: 3 })],
    });
    const c = ONE('capacity', evaluate(inst));
    expect(c.lessonIds).toEqual([1]);
    expect(c.message).toBe(
      'Phòng LAB (Phòng thí nghiệm) chỉ có 20 chỗ, ít hơn sĩ số 35 của lớp Hóa chuyên – lớp 11 Hóa (Thứ Hai, tiết 2).',
    );
  });

  it('a room at another campus', () => {
    const inst = baseInstance({ classes: [cls(1, { name: 'Lớp A', campusId: 1 })], lessons: [lesson(1, 1, 1, 2, { roomId: 4 })] });
    const c = ONE('campus', evaluate(inst));
    expect(c.message).toBe('Phòng P201 (Phòng 201) ở cơ sở khác với lớp Lớp A (Thứ Hai, tiết 2).');
  });

  it('a room of the wrong kind', () => {
    const inst = baseInstance({
      classes: [cls(1, { name: 'Lớp A', roomKind: 'lab', size: 10 })],
      lessons: [lesson(1, 1, 1, 2, { roomId: 1 })],
    });
    const c = ONE('room_kind', evaluate(inst));
    expect(c.message).toBe(
      'Lớp Lớp A cần phòng thí nghiệm nhưng được xếp vào phòng P101 (Phòng 101) (phòng học thường) (Thứ Hai, tiết 2).',
    );
  });

  it('a teacher marked unavailable', () => {
    const inst = baseInstance({ classes: [cls(1, { name: 'Lớp A', teacherIds: [2] })], lessons: [lesson(1, 1, 4, 6, { length: 2 })] });
    inst.teachers[1].unavailable = ['4:7'];
    const c = ONE('unavailable', evaluate(inst));
    expect(c).toMatchObject({ day: 4, period: 7, lessonIds: [1] });
    expect(c.message).toBe('Giáo viên Trần Văn Minh bận vào Thứ Năm, tiết 7 nhưng được xếp dạy Lớp A.');
  });

  it('more periods in a day than the grid allows (fixed events count)', () => {
    const classes = Array.from({ length: 7 }, (_, i) => cls(i + 1, { name: `Môn ${i + 1}`, studentIds: [1, 2] }));
    // Monday: chào cờ in period 1, then 7 lessons in periods 2..8 = 8 periods.
    const inst = baseInstance({ classes, lessons: classes.map((c, i) => lesson(i + 1, c.id, 1, i + 2)) });
    const c = ONE('daily_limit', evaluate(inst));
    expect(c.lessonIds).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(c.message).toMatch(/^2 học sinh có 8 tiết vào Thứ Hai, quá 7 tiết một ngày: Môn 1, Môn 2/);
    // Without the fixed event the same day holds 7 periods: no clash.
    inst.grids = [grid(1, { fixedEvents: [] })];
    expect(evaluate(inst).clashes).toEqual([]);
  });

  it('a lesson on a fixed event of its students or of its homeroom teacher', () => {
    const inst = baseInstance({
      classes: [cls(1, { name: 'Lớp A', studentIds: [1] }), cls(2, { name: 'Lớp B', teacherIds: [1] }), cls(3, { name: 'Lớp C' })],
      lessons: [lesson(1, 1, 1, 1), lesson(2, 2, 6, 5), lesson(3, 3, 1, 1)],
    });
    inst.teachers[0].homeroomCampusId = 1;
    const found = evaluate(inst).clashes.filter((c) => c.kind === 'fixed_event');
    expect(found.map((c) => c.lessonIds[0])).toEqual([1, 2]);
    expect(found[0].message).toBe('Lớp Lớp A được xếp trùng giờ Chào cờ (Thứ Hai, tiết 1).');
    expect(found[1].message).toBe('Lớp Lớp B được xếp trùng giờ Sinh hoạt lớp (Thứ Bảy, tiết 5).');
  });

  it('outside the grid: a double period across sessions, a period past the end, a day off', () => {
    const inst = baseInstance({
      classes: [cls(1, { name: 'Lớp A' })],
      lessons: [lesson(1, 1, 2, 5, { length: 2 }), lesson(2, 1, 3, 11), lesson(3, 1, 7, 2)],
    });
    const found = evaluate(inst).clashes.filter((c) => c.kind === 'outside_grid');
    expect(found.map((c) => c.lessonIds[0])).toEqual([1, 2, 3]);
    expect(found[0].message).toBe('Lớp Lớp A được xếp ngoài khung tiết (Thứ Ba, tiết 5–6): tiết 5–6 không cùng một buổi.');
    expect(found[1].message).toContain('khung tiết chỉ có 10 tiết một ngày');
  });
});

describe('evaluate: soft score', () => {
  it('teacher gaps per session, student gaps per student, same subject twice, two campuses, preferred days', () => {
    const inst = baseInstance({
      grids: [grid(1, { fixedEvents: [] }), grid(2, { fixedEvents: [] })],
      classes: [
        cls(1, { name: 'A', teacherIds: [1], studentIds: [1, 2, 3] }),
        cls(2, { name: 'B', teacherIds: [1], studentIds: [], campusId: 2 }),
      ],
      lessons: [
        // Tuesday morning: periods 1 and 4 → 2 idle periods for the teacher and for each of the 3 students.
        lesson(1, 1, 2, 1),
        lesson(2, 1, 2, 4),
        // Thursday: a double period (one lesson) + a lesson at campus 2 the same morning.
        lesson(3, 1, 4, 1, { length: 2 }),
        lesson(4, 2, 4, 3),
      ],
    });
    inst.teachers[0].preferredDays = [2];
    const { score } = evaluate(inst);
    expect(score.teacherGaps).toBe(2);
    expect(score.studentGaps).toBe(6);
    expect(score.sameSubjectTwiceADay).toBe(1);
    expect(score.teacherTwoCampuses).toBe(1);
    expect(score.preferredDaysMissed).toBe(2);
    expect(score.total).toBe(2 * 3 + 6 * 0.1 + 2 + 5 + 2);
  });

  it('gaps across the lunch break do not count', () => {
    const inst = baseInstance({
      grids: [grid(1, { fixedEvents: [] })],
      classes: [cls(1, { teacherIds: [1], studentIds: [1] }), cls(2, { teacherIds: [1], studentIds: [1] })],
      lessons: [lesson(1, 1, 3, 5), lesson(2, 2, 3, 6)],
    });
    expect(evaluate(inst).score).toMatchObject({ teacherGaps: 0, studentGaps: 0, sameSubjectTwiceADay: 0, total: 0 });
  });
});
