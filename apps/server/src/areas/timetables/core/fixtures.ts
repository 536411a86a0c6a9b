import { defaultPeriodGrid } from '@app/shared/timetables';
import type { Instance, InstanceClass, InstanceGrid, InstanceLesson } from './instance';

/** Hand-built instances for the engine's and generator's tests. */
export function grid(campusId: number, over: Partial<InstanceGrid> = {}): InstanceGrid {
  const d = defaultPeriodGrid();
  return {
    campusId,
    days: d.days,
    sessions: d.periods.map((p) => p.session),
    maxPeriodsPerDay: d.maxPeriodsPerDay,
    fixedEvents: d.fixedEvents,
    ...over,
  };
}

export function cls(id: number, over: Partial<InstanceClass> = {}): InstanceClass {
  return {
    id,
    code: `C${id}`,
    name: `Lớp ${id}`,
    subjectId: id,
    subjectName: `Môn ${id}`,
    campusId: 1,
    grade: 10,
    size: 30,
    roomKind: 'standard',
    fixedRoomId: null,
    teacherIds: [],
    studentIds: [],
    periodsPerWeek: 2,
    doublePeriods: false,
    ...over,
  };
}

export function lesson(id: number, courseClassId: number, day: number | null, period: number | null, over: Partial<InstanceLesson> = {}) {
  return { id, courseClassId, day, period, length: 1, roomId: null, locked: false, ...over } satisfies InstanceLesson;
}

export function baseInstance(over: Partial<Instance> = {}): Instance {
  return {
    grids: [grid(1), grid(2)],
    rooms: [
      { id: 1, campusId: 1, code: 'P101', name: 'Phòng 101', capacity: 40, kind: 'standard' },
      { id: 2, campusId: 1, code: 'P102', name: 'Phòng 102', capacity: 40, kind: 'standard' },
      { id: 3, campusId: 1, code: 'LAB', name: 'Phòng thí nghiệm', capacity: 20, kind: 'lab' },
      { id: 4, campusId: 2, code: 'P201', name: 'Phòng 201', capacity: 40, kind: 'standard' },
    ],
    classes: [],
    teachers: [
      { id: 1, name: 'Nguyễn Thị Lan', unavailable: [], preferredDays: [], homeroomCampusId: null },
      { id: 2, name: 'Trần Văn Minh', unavailable: [], preferredDays: [], homeroomCampusId: null },
    ],
    students: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, homeroomCampusId: 1 })),
    lessons: [],
    ...over,
  };
}

/**
 * A school with a known clash-free timetable: `homerooms` homeroom classes per campus, each taking
 * `subjects` course classes of 2–4 periods from its own teachers, plus electives mixing two homerooms
 * (students of a course class from several homeroom classes), a shared gym and a few unavailable slots.
 */
export function schoolInstance(homerooms = 4): Instance {
  const inst = baseInstance({ rooms: [], classes: [], teachers: [], students: [], lessons: [] });
  let roomId = 0;
  let teacherId = 0;
  let classId = 0;
  let lessonId = 0;
  let studentId = 0;
  for (const campus of [1, 2]) {
    inst.rooms.push({ id: ++roomId, campusId: campus, code: `GYM${campus}`, name: 'Nhà thể chất', capacity: 100, kind: 'gym' });
    const gym = roomId;
    inst.rooms.push({ id: ++roomId, campusId: campus, code: `LAB${campus}`, name: 'Phòng thí nghiệm', capacity: 40, kind: 'lab' });
    for (let i = 0; i < 3; i++)
      inst.rooms.push({ id: ++roomId, campusId: campus, code: `E${campus}${i}`, name: `Phòng ${i}`, capacity: 40, kind: 'standard' });
    const hrStudents: number[][] = [];
    for (let h = 0; h < homerooms; h++) {
      inst.rooms.push({ id: ++roomId, campusId: campus, code: `P${campus}0${h}`, name: `Phòng ${h}`, capacity: 40, kind: 'standard' });
      const room = roomId;
      const students = Array.from({ length: 30 }, () => ++studentId);
      hrStudents.push(students);
      for (const s of students) inst.students.push({ id: s, homeroomCampusId: campus });
      const hrTeacher = ++teacherId;
      inst.teachers.push({ id: hrTeacher, name: `Giáo viên ${hrTeacher}`, unavailable: [], preferredDays: [], homeroomCampusId: campus });
      const subjects: Array<[number, boolean, string]> = [
        [4, false, 'standard'],
        [3, false, 'standard'],
        [3, false, 'standard'],
        [6, false, 'standard'],
        [2, true, 'gym'],
        [2, false, 'standard'],
      ];
      subjects.forEach(([ppw, dbl, kind], k) => {
        const t = k === 0 ? hrTeacher : ++teacherId;
        if (k !== 0)
          inst.teachers.push({
            id: t,
            name: `Giáo viên ${t}`,
            unavailable: t % 5 === 0 ? ['2:1', '2:2', '3:6'] : [],
            preferredDays: t % 7 === 0 ? [1, 2, 3] : [],
            homeroomCampusId: null,
          });
        const id = ++classId;
        inst.classes.push(
          cls(id, {
            code: `K${id}`,
            name: `Môn ${k + 1} – lớp ${campus}${h}`,
            subjectId: k + 1,
            subjectName: `Môn ${k + 1}`,
            campusId: campus,
            size: 30,
            roomKind: kind,
            fixedRoomId: kind === 'gym' ? gym : k < 3 ? room : null,
            teacherIds: [t],
            studentIds: students,
            periodsPerWeek: ppw,
            doublePeriods: dbl,
          }),
        );
        const n = dbl ? ppw / 2 : ppw;
        for (let x = 0; x < n; x++) inst.lessons.push(lesson(++lessonId, id, null, null, { length: dbl ? 2 : 1 }));
      });
    }
    // Electives: two groups mixing the first two homerooms' students, in the lab or a standard room.
    for (let g = 0; g < 2; g++) {
      const t = ++teacherId;
      inst.teachers.push({ id: t, name: `Giáo viên ${t}`, unavailable: [], preferredDays: [], homeroomCampusId: null });
      const students = [...hrStudents[0].slice(g * 15, g * 15 + 15), ...hrStudents[1].slice(g * 15, g * 15 + 15)];
      const id = ++classId;
      inst.classes.push(
        cls(id, {
          code: `TC${id}`,
          name: `Tự chọn ${g + 1} – cơ sở ${campus}`,
          subjectId: 20 + g,
          subjectName: `Tự chọn ${g + 1}`,
          campusId: campus,
          size: 30,
          roomKind: g === 0 ? 'lab' : 'standard',
          teacherIds: [t],
          studentIds: students,
          periodsPerWeek: 2,
        }),
      );
      for (let x = 0; x < 2; x++) inst.lessons.push(lesson(++lessonId, id, null, null));
    }
  }
  return inst;
}
