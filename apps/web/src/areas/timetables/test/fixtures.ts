import { defaultPeriodGrid, type TTimetable, type TWeekEntry, type TWeekView } from '@app/shared/timetables';

export const WEEK_START = '2026-11-23'; // a Monday

export const TIMETABLE: TTimetable = {
  id: 3,
  moduleId: 6,
  name: 'TKB học phần 2',
  status: 'published',
  effectiveFrom: '2026-11-16',
  basedOnId: null,
  publishedAt: '2026-11-14T02:00:00Z',
  lessonCount: 120,
  unplacedCount: 0,
  hardClashCount: 0,
  updatedAt: '2026-11-14T02:00:00Z',
};

export function lesson(id: number, day: number, period: number, over: Partial<TWeekEntry> = {}): TWeekEntry {
  return {
    kind: 'lesson',
    day,
    period,
    length: 1,
    lessonId: id,
    fixedKind: null,
    courseClass: { id: 100 + id, code: `LHP${id}`, name: `Lớp học phần ${id}` },
    subjectName: 'Toán',
    teachers: [{ id: 7, name: 'Nguyễn Thị Lan' }],
    room: { id: 20, code: 'A101', name: 'Phòng A101' },
    campusName: 'Cơ sở 1',
    homeroomClassName: null,
    ...over,
  };
}

export function fixed(kind: 'flag_salute' | 'class_meeting', day: number, period: number): TWeekEntry {
  return {
    kind: 'fixed',
    day,
    period,
    length: 1,
    lessonId: null,
    fixedKind: kind,
    courseClass: null,
    subjectName: null,
    teachers: [{ id: 9, name: 'Trần Văn Bình' }],
    room: null,
    campusName: 'Cơ sở 1',
    homeroomClassName: '10 Toán',
  };
}

export function weekView(over: Partial<TWeekView> = {}): TWeekView {
  return {
    view: 'student',
    timetable: TIMETABLE,
    weekStart: WEEK_START,
    grid: { campusId: 1, campusName: 'Cơ sở 1', ...defaultPeriodGrid() },
    title: 'Lê Minh Châu – 10 Toán',
    entries: [],
    ...over,
  };
}

/** Wednesday 25/11/2026, 10:00 in Hà Nội. */
export const WEDNESDAY = new Date('2026-11-25T03:00:00Z');
