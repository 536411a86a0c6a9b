import { describe, expect, it } from 'vitest';
import { evaluate } from './engine';
import { baseInstance, cls, lesson, schoolInstance } from './fixtures';
import { generate, type GenerateProgress } from './generator';

describe('generate', () => {
  it('solves a small school (enrolment across homerooms, gym, doubles, unavailability) with 0 hard clashes', () => {
    const inst = schoolInstance(4);
    const res = generate(inst, { seed: 7, maxIterations: 20_000 });
    expect(res.impossible).toBeNull();
    expect(res.clashes).toEqual([]);
    expect(res.lessons.every((l) => l.day != null && l.period != null && l.roomId != null)).toBe(true);
    expect(res.firstFeasibleMs).not.toBeNull();
    // The engine agrees on the result.
    expect(evaluate({ ...inst, lessons: res.lessons })).toEqual({ clashes: res.clashes, score: res.score });
    // Double periods stay in one session, in the gym.
    const doubles = res.lessons.filter((x) => x.length === 2);
    expect(doubles.length).toBeGreaterThan(0);
    for (const l of doubles) expect([1, 2, 3, 4, 6, 7, 8, 9]).toContain(l.period);
  });

  it('keeps locked lessons where they are and gives every lesson a fitting room', () => {
    const inst = schoolInstance(2);
    inst.lessons[0] = { ...inst.lessons[0], day: 3, period: 2, locked: true, roomId: null };
    const res = generate(inst, { seed: 3, maxIterations: 5_000 });
    expect(res.lessons[0]).toMatchObject({ day: 3, period: 2, locked: true, roomId: null });
    expect(res.clashes).toEqual([]);
  });

  it('moves unlocked placed lessons to close gaps', () => {
    const inst = baseInstance({
      classes: [
        cls(1, { name: 'Lớp A', teacherIds: [1], studentIds: [1, 2] }),
        cls(2, { name: 'Lớp B', teacherIds: [1], studentIds: [3] }),
      ],
      // Monday 2 and 5, Tuesday 1 and 5: 2 + 3 idle periods for the teacher.
      lessons: [lesson(1, 1, 1, 2), lesson(2, 2, 1, 5), lesson(3, 1, 2, 1), lesson(4, 2, 2, 5)],
    });
    expect(evaluate(inst).score.teacherGaps).toBe(5);
    const res = generate(inst, { seed: 5, maxIterations: 5_000 });
    expect(res.clashes).toEqual([]);
    expect(res.score).toMatchObject({ teacherGaps: 0, studentGaps: 0, sameSubjectTwiceADay: 0, total: 0 });
  });

  it('reports an impossible instance quickly, naming the blocking lessons', () => {
    const inst = baseInstance({
      classes: [
        // 9 periods a day × … : the teacher is unavailable all week but Monday.
        cls(1, { name: 'Toán – lớp 10 Toán', teacherIds: [1], periodsPerWeek: 12 }),
        // A lab class on campus 2, which has no lab.
        cls(2, { name: 'Hóa học – lớp 11 Hóa', teacherIds: [2], campusId: 2, roomKind: 'lab' }),
      ],
      lessons: [
        ...Array.from({ length: 12 }, (_, i) => lesson(i + 1, 1, null, null)),
        lesson(20, 2, null, null),
        lesson(21, 2, null, null),
      ],
    });
    inst.teachers[0].unavailable = [2, 3, 4, 5, 6].flatMap((d) => Array.from({ length: 10 }, (_, p) => `${d}:${p + 1}`));
    const t0 = Date.now();
    const res = generate(inst, { seed: 1, timeLimitMs: 60_000 });
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(res.impossible).not.toBeNull();
    expect(res.impossible!.lessonIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 21]);
    expect(res.impossible!.reasons).toEqual([
      'Lớp Hóa học – lớp 11 Hóa cần phòng thí nghiệm đủ 30 chỗ nhưng cơ sở của lớp không có phòng nào như vậy.',
      'Giáo viên Nguyễn Thị Lan cần dạy 12 tiết một tuần nhưng chỉ còn 10 tiết có thể dạy.',
    ]);
  });

  it('reports a lesson with no slot left', () => {
    const inst = baseInstance({ classes: [cls(1, { name: 'Lớp A', teacherIds: [1] })], lessons: [lesson(1, 1, null, null)] });
    inst.teachers[0].unavailable = [1, 2, 3, 4, 5, 6].flatMap((d) => Array.from({ length: 10 }, (_, p) => `${d}:${p + 1}`));
    const res = generate(inst, { seed: 1 });
    expect(res.impossible?.lessonIds).toEqual([1]);
    expect(res.impossible?.reasons[0]).toBe('Lớp Lớp A không còn tiết nào để xếp (giáo viên bận hoặc trùng chào cờ, sinh hoạt lớp).');
  });

  it('is deterministic for a seed', () => {
    const inst = schoolInstance(3);
    const a = generate(inst, { seed: 42, maxIterations: 8_000 });
    const b = generate(inst, { seed: 42, maxIterations: 8_000 });
    expect(b.lessons).toEqual(a.lessons);
    expect(b.score).toEqual(a.score);
    const c = generate(inst, { seed: 43, maxIterations: 8_000 });
    expect(c.lessons).not.toEqual(a.lessons);
  });

  it('stops on request keeping the best result found, and reports progress', () => {
    const inst = schoolInstance(4);
    const seen: GenerateProgress[] = [];
    let calls = 0;
    const res = generate(inst, { seed: 9, timeLimitMs: 60_000, onProgress: (p) => seen.push(p), shouldStop: () => ++calls > 40 });
    expect(res.stopped).toBe(true);
    expect(res.elapsedMs).toBeLessThan(30_000);
    expect(res.lessons.every((l) => l.day != null)).toBe(true);
    // What it keeps is its best: the final evaluation matches the last progress report's score.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const last = seen[seen.length - 1];
    expect(last).toMatchObject({ placed: inst.lessons.length, total: inst.lessons.length });
    expect(res.score.total).toBeCloseTo(last.score, 5);
    expect(res.clashes.length === 0).toBe(last.hardClashes === 0);
  });
});
