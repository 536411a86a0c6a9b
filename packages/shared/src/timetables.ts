import { z } from 'zod';
import { ZId } from './api';
import { CLASSROOM_KINDS } from './school';
import './zod-locale';

/**
 * Timetables (issue 13; DOMAIN.md "Timetables"). A campus has a period grid (khung tiết): school days
 * Monday–Saturday (1 = Thứ Hai … 6 = Thứ Bảy), and its periods in order, numbered 1..N across the day
 * (1–5 morning, 6–10 afternoon by default). A timetable belongs to a module and is versioned (draft →
 * published from a date). A lesson is a course class × day × first period × length (1, or 2 for a double
 * period) × room; day/period null = not placed yet.
 *
 * Calls (under /api/v1; roles in apps/server/src/areas/timetables/access.ts):
 *  GET  /timetables/grids                       period grid of every campus            → ZPeriodGrid[]
 *  PUT  /timetables/grids/{campusId}            ADMIN                                  ZPeriodGridInput → ZGridChange
 *  GET  /timetables/period-plans                subject × grade periods per week       → ZSubjectPeriodPlan[]
 *  PUT  /timetables/period-plans                ADMIN                                  ZSubjectPeriodPlan[] → ZSubjectPeriodPlan[]
 *  GET  /timetables/availability?teacherId=     unavailable slots and preferred days   → ZTeacherAvailability
 *  PUT  /timetables/availability/{teacherId}    ADMIN, head (own department), the teacher (pending)
 *  GET  /timetables?moduleId=                   versions of a module                   → ZTimetable[]
 *  POST /timetables                             ADMIN: new draft (copy of the published one)
 *  GET  /timetables/{id}                        the version with its lessons, clashes, score → ZTimetableDetail
 *  POST /timetables/{id}/edits                  ADMIN: place/move/swap/unplace/lock    ZLessonEdit → ZEditResult (409 on a stale version)
 *  POST /timetables/{id}/generate               ADMIN: start the generator             → ZGeneratorRun
 *  POST /timetables/{id}/publish                ADMIN: { effectiveFrom }               (refused while a hard clash remains)
 *  GET  /timetables/week?view=student|teacher|department|room|campus|school&id=&date=  → ZWeekView
 */

export const SCHOOL_DAYS = [1, 2, 3, 4, 5, 6] as const;
export const DAY_LABELS: Record<number, string> = {
  1: 'Thứ Hai',
  2: 'Thứ Ba',
  3: 'Thứ Tư',
  4: 'Thứ Năm',
  5: 'Thứ Sáu',
  6: 'Thứ Bảy',
};
export const SESSIONS = ['morning', 'afternoon'] as const;
export type TSession = (typeof SESSIONS)[number];
export const SESSION_LABELS: Record<TSession, string> = { morning: 'Sáng', afternoon: 'Chiều' };

/** At most this many periods in a day for a student (MOET guidance 2025). */
export const MAX_PERIODS_PER_DAY = 7;
export const PERIOD_MINUTES = 45;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Giờ phải có dạng HH:MM, ví dụ 07:00.');
const day = z
  .number()
  .int()
  .min(1, 'Ngày trong tuần từ Thứ Hai (1) đến Thứ Bảy (6).')
  .max(6, 'Ngày trong tuần từ Thứ Hai (1) đến Thứ Bảy (6).');
const period = z.number().int().min(1, 'Tiết phải từ 1 trở lên.').max(12, 'Khung tiết có tối đa 12 tiết một ngày.');

export const ZPeriod = z.object({
  /** 1..N across the day, in time order. */
  period,
  session: z.enum(SESSIONS),
  start: hhmm,
  end: hhmm,
});
export type TPeriod = z.infer<typeof ZPeriod>;

export const FIXED_EVENT_KINDS = ['flag_salute', 'class_meeting'] as const;
export type TFixedEventKind = (typeof FIXED_EVENT_KINDS)[number];
export const FIXED_EVENT_LABELS: Record<TFixedEventKind, string> = { flag_salute: 'Chào cờ', class_meeting: 'Sinh hoạt lớp' };

/** A school-wide event every homeroom class holds in the same slot, led by its homeroom teacher. */
export const ZFixedEvent = z.object({ kind: z.enum(FIXED_EVENT_KINDS), day, period });
export type TFixedEvent = z.infer<typeof ZFixedEvent>;

const gridShape = {
  days: z.array(day).min(1, 'Chọn ít nhất một ngày học.'),
  periods: z.array(ZPeriod).min(1, 'Khung tiết cần ít nhất một tiết.'),
  maxPeriodsPerDay: z.number().int().min(1).max(12).default(MAX_PERIODS_PER_DAY),
  fixedEvents: z.array(ZFixedEvent).default([]),
};
export const ZPeriodGridInput = z.object(gridShape).superRefine((g, ctx) => {
  g.periods.forEach((p, i) => {
    if (p.period !== i + 1)
      ctx.addIssue({ code: 'custom', path: ['periods', i, 'period'], message: 'Các tiết phải đánh số liên tục từ 1.' });
    if (p.start >= p.end) ctx.addIssue({ code: 'custom', path: ['periods', i, 'end'], message: 'Giờ kết thúc phải sau giờ bắt đầu.' });
    const prev = g.periods[i - 1];
    if (prev && prev.end > p.start)
      ctx.addIssue({ code: 'custom', path: ['periods', i, 'start'], message: 'Tiết sau phải bắt đầu sau khi tiết trước kết thúc.' });
  });
  g.fixedEvents.forEach((e, i) => {
    if (!g.days.includes(e.day) || e.period > g.periods.length)
      ctx.addIssue({ code: 'custom', path: ['fixedEvents', i], message: 'Hoạt động cố định phải nằm trong khung tiết.' });
  });
});
export type TPeriodGridInput = z.infer<typeof ZPeriodGridInput>;

export const ZPeriodGrid = z.object({ campusId: ZId, campusName: z.string(), ...gridShape });
export type TPeriodGrid = z.infer<typeof ZPeriodGrid>;

function addMinutes(t: string, m: number): string {
  const [h, mm] = t.split(':').map(Number);
  const total = h * 60 + mm + m;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * The domain's default grid: Monday–Saturday, 5 morning periods from 07:00 and 5 afternoon ones from
 * 13:30, 45 minutes each, 5-minute breaks and a 20-minute break after the second period of a session;
 * chào cờ on Monday period 1, sinh hoạt lớp on Saturday's last morning period; at most 7 periods a day.
 */
export function defaultPeriodGrid(): TPeriodGridInput {
  const periods: TPeriod[] = [];
  for (const [session, first] of [
    ['morning', '07:00'],
    ['afternoon', '13:30'],
  ] as const) {
    let t: string = first;
    for (let i = 1; i <= 5; i++) {
      const end = addMinutes(t, PERIOD_MINUTES);
      periods.push({ period: periods.length + 1, session, start: t, end });
      t = addMinutes(end, i === 2 ? 20 : 5);
    }
  }
  return {
    days: [...SCHOOL_DAYS],
    periods,
    maxPeriodsPerDay: MAX_PERIODS_PER_DAY,
    fixedEvents: [
      { kind: 'flag_salute', day: 1, period: 1 },
      { kind: 'class_meeting', day: 6, period: 5 },
    ],
  };
}

/** What a change of the grid did to placed lessons: they are never dropped silently. */
export const ZGridChange = z.object({
  grid: ZPeriodGrid,
  unplacedLessons: z.array(z.object({ timetableId: ZId, lessonId: ZId, courseClassName: z.string() })),
});
export type TGridChange = z.infer<typeof ZGridChange>;

export const ROOM_KINDS = CLASSROOM_KINDS;

/** Periods per week of a subject in a grade (the default of its course classes). */
export const ZSubjectPeriodPlan = z.object({
  subjectId: ZId,
  grade: z.union([z.literal(10), z.literal(11), z.literal(12)]),
  periodsPerWeek: z.number().int().min(0).max(20, 'Tối đa 20 tiết một tuần.'),
  doublePeriods: z.boolean().default(false),
  roomKind: z.enum(CLASSROOM_KINDS).default('standard'),
});
export type TSubjectPeriodPlan = z.infer<typeof ZSubjectPeriodPlan>;

export const AVAILABILITY_STATUSES = ['approved', 'pending'] as const;
export const ZUnavailableSlot = z.object({ day, period, note: z.string().max(200).default('') });
export const ZTeacherAvailability = z.object({
  teacherId: ZId,
  unavailable: z.array(ZUnavailableSlot.extend({ status: z.enum(AVAILABILITY_STATUSES) })),
  preferredDays: z.array(day),
});
export type TTeacherAvailability = z.infer<typeof ZTeacherAvailability>;
export const ZTeacherAvailabilityInput = z.object({ unavailable: z.array(ZUnavailableSlot), preferredDays: z.array(day).default([]) });

export const TIMETABLE_STATUSES = ['draft', 'published', 'archived'] as const;
export type TTimetableStatus = (typeof TIMETABLE_STATUSES)[number];
export const TIMETABLE_STATUS_LABELS: Record<TTimetableStatus, string> = {
  draft: 'Bản nháp',
  published: 'Đã công bố',
  archived: 'Đã thay thế',
};

export const CLASH_KINDS = [
  'teacher',
  'room',
  'student',
  'capacity',
  'campus',
  'unavailable',
  'daily_limit',
  'fixed_event',
  'room_kind',
  'outside_grid',
] as const;
export type TClashKind = (typeof CLASH_KINDS)[number];
export const CLASH_LABELS: Record<TClashKind, string> = {
  teacher: 'Giáo viên dạy hai nơi cùng lúc',
  room: 'Phòng có hai lớp cùng lúc',
  student: 'Học sinh có hai tiết cùng lúc',
  capacity: 'Phòng nhỏ hơn sĩ số lớp',
  campus: 'Phòng ở cơ sở khác',
  unavailable: 'Giáo viên bận',
  daily_limit: 'Quá số tiết tối đa trong ngày',
  fixed_event: 'Trùng chào cờ hoặc sinh hoạt lớp',
  room_kind: 'Loại phòng không phù hợp',
  outside_grid: 'Ngoài khung tiết',
};

/** A hard clash: never saved silently; publishing is refused while one remains. */
export const ZClash = z.object({
  kind: z.enum(CLASH_KINDS),
  day: z.number().int(),
  period: z.number().int(),
  lessonIds: z.array(ZId),
  /** One Vietnamese sentence naming the people, rooms and classes involved. */
  message: z.string(),
});
export type TClash = z.infer<typeof ZClash>;

/** Soft rules, counted; `total` is their weighted sum (lower is better). */
export const ZSoftScore = z.object({
  teacherGaps: z.number().int(),
  studentGaps: z.number().int(),
  sameSubjectTwiceADay: z.number().int(),
  teacherTwoCampuses: z.number().int(),
  preferredDaysMissed: z.number().int(),
  total: z.number(),
});
export type TSoftScore = z.infer<typeof ZSoftScore>;

export const ZLesson = z.object({
  id: ZId,
  courseClassId: ZId,
  day: day.nullable(),
  period: period.nullable(),
  length: z.union([z.literal(1), z.literal(2)]),
  classroomId: ZId.nullable(),
  locked: z.boolean(),
  /** Row version: an edit names the version it saw; a stale one is refused with 409. */
  version: z.number().int(),
});
export type TLesson = z.infer<typeof ZLesson>;

export const ZTimetable = z.object({
  id: ZId,
  moduleId: ZId,
  name: z.string(),
  status: z.enum(TIMETABLE_STATUSES),
  effectiveFrom: z.string().nullable(),
  basedOnId: ZId.nullable(),
  publishedAt: z.string().nullable(),
  lessonCount: z.number().int(),
  unplacedCount: z.number().int(),
  hardClashCount: z.number().int(),
  updatedAt: z.string(),
});
export type TTimetable = z.infer<typeof ZTimetable>;

export const ZTimetableDetail = ZTimetable.extend({
  lessons: z.array(ZLesson),
  clashes: z.array(ZClash),
  score: ZSoftScore,
  /** Per homeroom class: the module's course classes that hold at least one of its students (the editor's homeroom view). */
  homeroomCourseClasses: z.array(z.object({ homeroomClassId: ZId, courseClassIds: z.array(ZId) })),
});
export type TTimetableDetail = z.infer<typeof ZTimetableDetail>;

const ver = z.number().int();
export const ZLessonEdit = z.discriminatedUnion('op', [
  z.object({ op: z.literal('place'), lessonId: ZId, version: ver, day, period, classroomId: ZId.nullable().optional() }),
  z.object({ op: z.literal('swap'), lessonId: ZId, version: ver, otherLessonId: ZId, otherVersion: ver }),
  z.object({ op: z.literal('unplace'), lessonId: ZId, version: ver }),
  z.object({ op: z.literal('lock'), lessonId: ZId, version: ver, locked: z.boolean() }),
  z.object({ op: z.literal('room'), lessonId: ZId, version: ver, classroomId: ZId.nullable() }),
]);
export type TLessonEdit = z.infer<typeof ZLessonEdit>;

export const ZEditResult = z.object({ lessons: z.array(ZLesson), clashes: z.array(ZClash), score: ZSoftScore });
export type TEditResult = z.infer<typeof ZEditResult>;

export const ZPublishInput = z.object({ effectiveFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày áp dụng không hợp lệ.') });

export const WEEK_VIEWS = ['student', 'teacher', 'department', 'room', 'campus', 'school', 'homeroom', 'course_class'] as const;
export type TWeekViewKind = (typeof WEEK_VIEWS)[number];

/** One cell of a week: a lesson, or a fixed event of a homeroom class. */
export const ZWeekEntry = z.object({
  /** A lesson of the timetable, a fixed event of the homeroom class, or a tutoring session (tutoring area) that week. */
  kind: z.enum(['lesson', 'fixed', 'tutoring']),
  day,
  period,
  length: z.number().int(),
  lessonId: ZId.nullable(),
  fixedKind: z.enum(FIXED_EVENT_KINDS).nullable(),
  courseClass: z.object({ id: ZId, code: z.string(), name: z.string() }).nullable(),
  subjectName: z.string().nullable(),
  teachers: z.array(z.object({ id: ZId, name: z.string() })),
  room: z.object({ id: ZId, code: z.string(), name: z.string() }).nullable(),
  campusName: z.string().nullable(),
  homeroomClassName: z.string().nullable(),
  /** A tutoring session's group. */
  tutoringGroup: z.object({ id: ZId, name: z.string() }).nullable().optional(),
});
export type TWeekEntry = z.infer<typeof ZWeekEntry>;

export const ZWeekView = z.object({
  view: z.enum(WEEK_VIEWS),
  /** The version in force for the week asked for, or null when none is published yet. */
  timetable: ZTimetable.nullable(),
  /** Monday of the week shown (YYYY-MM-DD). */
  weekStart: z.string(),
  grid: ZPeriodGrid,
  title: z.string(),
  entries: z.array(ZWeekEntry),
});
export type TWeekView = z.infer<typeof ZWeekView>;

/**
 *  POST   /timetables/{id}/generate   ADMIN: start (or return the running one)  { seed?, timeLimitSeconds? } → ZGeneratorRun
 *  GET    /timetables/{id}/generate   ADMIN: the latest run with its progress                              → ZGeneratorRun | null
 *  DELETE /timetables/{id}/generate   ADMIN: stop it; the best result found so far is kept                 → ZGeneratorRun
 */
export const ZGenerateInput = z.object({
  seed: z.number().int().min(0).default(1),
  timeLimitSeconds: z.number().int().min(1).max(600).default(30),
});
export const GENERATOR_STATUSES = ['running', 'done', 'stopped', 'failed'] as const;
export const ZGeneratorRun = z.object({
  timetableId: ZId,
  status: z.enum(GENERATOR_STATUSES),
  startedAt: z.string(),
  elapsedMs: z.number().int(),
  placed: z.number().int(),
  total: z.number().int(),
  hardClashes: z.number().int(),
  score: z.number(),
  /** Set when no clash-free timetable exists: the lessons that cannot be placed and why (Vietnamese). */
  impossible: z.object({ lessonIds: z.array(ZId), reasons: z.array(z.string()) }).nullable(),
  error: z.string().nullable(),
});
export type TGeneratorRun = z.infer<typeof ZGeneratorRun>;

/** GET /timetables/free-rooms?campusId=&date=YYYY-MM-DD|day=&period=&length=&capacity=&kind= → ZFreeRoom[] (published version in force). */
export const ZFreeRoomsQuery = z.object({
  campusId: z.coerce.number().int().positive().optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  day: z.coerce.number().int().min(1).max(6).optional(),
  period: z.coerce.number().int().min(1).max(12),
  length: z.coerce.number().int().min(1).max(2).default(1),
  capacity: z.coerce.number().int().min(0).default(0),
  kind: z.enum(CLASSROOM_KINDS).optional(),
});
export const ZFreeRoom = z.object({
  id: ZId,
  code: z.string(),
  name: z.string(),
  campusId: ZId,
  campusName: z.string(),
  capacity: z.number().int(),
  kind: z.enum(CLASSROOM_KINDS),
});
export type TFreeRoom = z.infer<typeof ZFreeRoom>;

/**
 *  GET    /timetables/calendar-feed        any signed-in person: their link, if made   → ZCalendarFeed
 *  POST   /timetables/calendar-feed        make (or replace) it                        → ZCalendarFeed (url shown once)
 *  DELETE /timetables/calendar-feed        revoke it
 *  GET    /calendar/{token}.ics            public: the person's own lessons (RFC 5545, Asia/Ho_Chi_Minh)
 */
export const ZCalendarFeed = z.object({ active: z.boolean(), url: z.string().nullable(), createdAt: z.string().nullable() });
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;
