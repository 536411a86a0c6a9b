import { describe, expect, it } from 'vitest';
import type { TCourseClass } from '@app/shared/school';
import type { TLesson, TTimetableDetail } from '@app/shared/timetables';
import { applyEditResult, clashesByLesson, entityOptions, lessonsAt, lessonsInView, moveCell } from './editor-model';

const lesson = (id: number, over: Partial<TLesson> = {}): TLesson => ({
  id,
  courseClassId: 1,
  day: null,
  period: null,
  length: 1,
  classroomId: null,
  locked: false,
  version: 1,
  ...over,
});
const score = { teacherGaps: 0, studentGaps: 0, sameSubjectTwiceADay: 0, teacherTwoCampuses: 0, preferredDaysMissed: 0, total: 0 };

describe('editor model', () => {
  it('puts a double period in both of its slots, and nothing else', () => {
    const lessons = [lesson(1, { day: 2, period: 3, length: 2 }), lesson(2, { day: 2, period: 4 }), lesson(3)];
    expect(lessonsAt(lessons, 2, 3).map((l) => l.id)).toEqual([1]);
    expect(lessonsAt(lessons, 2, 4).map((l) => l.id)).toEqual([1, 2]);
    expect(lessonsAt(lessons, 2, 5)).toEqual([]);
    expect(lessonsAt(lessons, 3, 3)).toEqual([]);
  });

  it('merges an edit’s answer: changed lessons, clashes, score and the counts', () => {
    const detail = {
      lessons: [lesson(1), lesson(2, { day: 1, period: 1 })],
      clashes: [],
      score,
      unplacedCount: 1,
      hardClashCount: 0,
    } as unknown as TTimetableDetail;
    const clash = { kind: 'teacher' as const, day: 1, period: 1, lessonIds: [1, 2], message: 'x' };
    const after = applyEditResult(detail, {
      lessons: [lesson(1, { day: 1, period: 1, version: 2 })],
      clashes: [clash],
      score: { ...score, total: 3 },
    });
    expect(after.lessons.map((l) => [l.id, l.day, l.version])).toEqual([
      [1, 1, 2],
      [2, 1, 1],
    ]);
    expect(after.unplacedCount).toBe(0);
    expect(after.hardClashCount).toBe(1);
    expect(after.score.total).toBe(3);
    expect(clashesByLesson(after.clashes).get(2)).toEqual([clash]);
  });

  it('selects a view’s lessons: teacher through the course class, room, homeroom through its classes', () => {
    const cc = (id: number, teacherId: number) =>
      ({ id, campusId: 1, teachers: [{ id: teacherId, fullName: `GV ${teacherId}`, staffCode: `GV${teacherId}` }] }) as TCourseClass;
    const lookups = { classes: new Map([1, 2].map((id) => [id, cc(id, 10 + id)])), rooms: new Map() };
    const lessons = [lesson(1, { courseClassId: 1, classroomId: 5 }), lesson(2, { courseClassId: 2 })];
    expect(lessonsInView(lessons, { kind: 'teacher', id: 12 }, lookups).map((l) => l.id)).toEqual([2]);
    expect(lessonsInView(lessons, { kind: 'room', id: 5 }, lookups).map((l) => l.id)).toEqual([1]);
    expect(lessonsInView(lessons, { kind: 'homeroom', id: 9, homeroomClassIds: new Set([2]) }, lookups).map((l) => l.id)).toEqual([2]);
    expect(lessonsInView(lessons, { kind: 'course_class', id: null }, lookups)).toEqual([]);
    expect(entityOptions('teacher', { classes: [...lookups.classes.values()], rooms: [], homerooms: [] }).map((o) => o.value)).toEqual([
      11, 12,
    ]);
  });

  it('keeps the keyboard inside the grid', () => {
    const g = { days: [1, 2, 3, 4, 5, 6], periods: 10 };
    expect(moveCell({ day: 1, period: 1 }, 'ArrowLeft', g)).toEqual({ day: 1, period: 1 });
    expect(moveCell({ day: 1, period: 1 }, 'ArrowUp', g)).toEqual({ day: 1, period: 1 });
    expect(moveCell({ day: 6, period: 10 }, 'ArrowRight', g)).toEqual({ day: 6, period: 10 });
    expect(moveCell({ day: 6, period: 10 }, 'ArrowDown', g)).toEqual({ day: 6, period: 10 });
    expect(moveCell({ day: 2, period: 3 }, 'ArrowRight', g)).toEqual({ day: 3, period: 3 });
  });
});
