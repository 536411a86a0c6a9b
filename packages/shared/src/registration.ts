import { z } from 'zod';
import { ZId } from './api';
import { ZPeriod } from './timetables';
import './zod-locale';

/**
 * Course registration (issue 14; DOMAIN.md "Course registration"). A round (đợt đăng ký) belongs to a
 * module and some grades; it opens and closes at moments (Asia/Ho_Chi_Minh) and offers course classes
 * of its module, each with a capacity (its own, else the course class's), compulsory or not, and in at
 * most one elective group ("chọn k trong nhóm": exactly `choose` classes of the group). Rules: at most
 * `maxClasses` classes, no timetable clash with the student's other classes when `noClash`, a waitlist
 * when `waitlist`. A seat is taken by a conditional update in the database: never sold twice.
 *
 * Calls (under /api/v1; roles in apps/server/src/areas/registration/access.ts):
 *  GET    /registration/rounds?moduleId=                    ADMIN, QUALITY_ASSURANCE, PRINCIPAL        → ZRound[]
 *  POST   /registration/rounds                              ADMIN                 ZRoundInput          → ZRoundDetail
 *  GET    /registration/rounds/{id}                         ADMIN, QA, PRINCIPAL                       → ZRoundDetail
 *  PUT    /registration/rounds/{id}                         ADMIN                 ZRoundInput          → ZRoundDetail
 *  DELETE /registration/rounds/{id}                         ADMIN (only with no registration yet)
 *  POST   /registration/rounds/{id}/close                   ADMIN: registrations → enrolments          → ZCloseReport
 *  POST   /registration/rounds/{id}/reopen                  ADMIN: until the module starts             → ZRoundDetail
 *  GET    /registration/rounds/{id}/seats                   every role that reads the round (polled live) → ZSeat[]
 *  GET    /registration/rounds/{id}/students?status=unmet   ADMIN, QA, PRINCIPAL: students and their rule status → ZRoundStudent[]
 *  POST   /registration/rounds/{id}/remind                  ADMIN: reminds the unmet students (event)  → { reminded }
 *  POST   /registration/rounds/{id}/admin-registrations     ADMIN: add a student  ZAdminRegistration   → ZRegistration
 *  DELETE /registration/rounds/{id}/admin-registrations     ADMIN: remove one     ZAdminRegistration
 *  GET    /registration/rounds/{id}/export?kind=class|student|unmet   XLSX
 *  GET    /registration/me                                  STUDENT: rounds of their grade, offers, own choices → ZMyRegistration
 *  POST   /registration/me/rounds/{id}/register             STUDENT  ZRegisterInput → ZActionResult
 *  POST   /registration/me/rounds/{id}/drop                 STUDENT  ZDropInput     → ZActionResult
 *  POST   /registration/me/rounds/{id}/swap                 STUDENT  ZSwapInput     → ZActionResult
 *  GET    /registration/course-classes/{id}/registrations   TEACHER of the class, ADMIN, QA, PRINCIPAL → ZRegistration[]
 */

export const GRADES = [10, 11, 12] as const;

const moment = z.iso.datetime({ offset: true, error: 'Thời điểm không hợp lệ.' });

export const ZRoundGroupInput = z.object({
  /** A temporary key the offers of the same group name in the input (e.g. "A"). */
  key: z.string().trim().min(1).max(20),
  name: z.string().trim().min(1, 'Hãy nhập tên nhóm tự chọn.').max(100, 'Tên nhóm tối đa 100 ký tự.'),
  choose: z.number().int().min(1, 'Mỗi nhóm phải chọn ít nhất 1 lớp.').max(20),
});

export const ZRoundOfferInput = z.object({
  courseClassId: ZId,
  /** Null: the course class's own capacity. */
  capacity: z.number().int().min(1, 'Sức chứa phải từ 1 trở lên.').max(1000).nullable().default(null),
  compulsory: z.boolean().default(false),
  /** The key of one of the input's groups, or null. */
  groupKey: z.string().trim().min(1).max(20).nullable().default(null),
});

export const ZRoundInput = z
  .object({
    moduleId: ZId,
    name: z.string().trim().min(1, 'Hãy nhập tên đợt đăng ký.').max(200, 'Tên đợt tối đa 200 ký tự.'),
    opensAt: moment,
    closesAt: moment,
    grades: z.array(z.union([z.literal(10), z.literal(11), z.literal(12)])).min(1, 'Hãy chọn ít nhất một khối.'),
    maxClasses: z.number().int().min(1).max(50).nullable().default(null),
    noClash: z.boolean().default(true),
    waitlist: z.boolean().default(true),
    groups: z.array(ZRoundGroupInput).max(50).default([]),
    offers: z.array(ZRoundOfferInput).min(1, 'Hãy chọn ít nhất một lớp học phần.').max(500),
  })
  .superRefine((r, ctx) => {
    if (Date.parse(r.closesAt) <= Date.parse(r.opensAt))
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Thời điểm đóng phải sau thời điểm mở.' });
    const keys = new Set(r.groups.map((g) => g.key));
    if (keys.size !== r.groups.length) ctx.addIssue({ code: 'custom', path: ['groups'], message: 'Hai nhóm tự chọn trùng mã.' });
    const seen = new Set<number>();
    r.offers.forEach((o, i) => {
      if (seen.has(o.courseClassId))
        ctx.addIssue({ code: 'custom', path: ['offers', i, 'courseClassId'], message: 'Một lớp học phần được chọn hai lần.' });
      seen.add(o.courseClassId);
      if (o.groupKey !== null && !keys.has(o.groupKey))
        ctx.addIssue({ code: 'custom', path: ['offers', i, 'groupKey'], message: 'Nhóm tự chọn không tồn tại.' });
      if (o.groupKey !== null && o.compulsory)
        ctx.addIssue({ code: 'custom', path: ['offers', i, 'compulsory'], message: 'Lớp bắt buộc không thuộc nhóm tự chọn.' });
    });
    r.groups.forEach((g, i) => {
      const n = r.offers.filter((o) => o.groupKey === g.key).length;
      if (n < g.choose)
        ctx.addIssue({
          code: 'custom',
          path: ['groups', i, 'choose'],
          message: `Nhóm "${g.name}" yêu cầu chọn ${g.choose} lớp nhưng chỉ có ${n} lớp.`,
        });
    });
  });
export type TRoundInput = z.input<typeof ZRoundInput>;

/** Where a round stands now: before it opens, open, past its closing time but not processed, closed (enrolments made). */
export const ROUND_STATES = ['upcoming', 'open', 'ended', 'closed'] as const;
export type TRoundState = (typeof ROUND_STATES)[number];
export const ROUND_STATE_LABELS: Record<TRoundState, string> = {
  upcoming: 'Sắp mở',
  open: 'Đang mở',
  ended: 'Đã hết giờ, chờ chốt',
  closed: 'Đã chốt',
};

export const ZRound = z.object({
  id: ZId,
  moduleId: ZId,
  name: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  grades: z.array(z.number().int()),
  maxClasses: z.number().int().nullable(),
  noClash: z.boolean(),
  waitlist: z.boolean(),
  state: z.enum(ROUND_STATES),
  closedAt: z.string().nullable(),
  offerCount: z.number().int(),
  seats: z.number().int(),
  taken: z.number().int(),
  waiting: z.number().int(),
  updatedAt: z.string(),
});
export type TRound = z.infer<typeof ZRound>;

export const ZRoundGroup = z.object({ id: ZId, name: z.string(), choose: z.number().int() });
export type TRoundGroup = z.infer<typeof ZRoundGroup>;

export const ZLessonSlot = z.object({
  day: z.number().int(),
  period: z.number().int(),
  length: z.number().int(),
  roomCode: z.string().nullable(),
});
export type TLessonSlot = z.infer<typeof ZLessonSlot>;

export const ZOffer = z.object({
  courseClassId: ZId,
  code: z.string(),
  name: z.string(),
  subjectId: ZId,
  subjectName: z.string(),
  grade: z.number().int(),
  campusName: z.string(),
  teachers: z.array(z.string()),
  capacity: z.number().int(),
  taken: z.number().int(),
  waiting: z.number().int(),
  compulsory: z.boolean(),
  groupId: ZId.nullable(),
  /** Its lessons in the module's published timetable (empty: not timetabled yet, so it cannot clash). */
  lessons: z.array(ZLessonSlot),
});
export type TOffer = z.infer<typeof ZOffer>;

export const ZRoundDetail = ZRound.extend({
  groups: z.array(ZRoundGroup),
  offers: z.array(ZOffer),
  /** Students of the round's grades who have not met its rules yet. */
  unmetCount: z.number().int(),
  studentCount: z.number().int(),
});
export type TRoundDetail = z.infer<typeof ZRoundDetail>;

export const ZSeat = z.object({ courseClassId: ZId, capacity: z.number().int(), taken: z.number().int(), waiting: z.number().int() });
export type TSeat = z.infer<typeof ZSeat>;

export const REGISTRATION_STATUSES = ['registered', 'waitlisted'] as const;
export type TRegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const REGISTRATION_STATUS_LABELS: Record<TRegistrationStatus, string> = { registered: 'Đã đăng ký', waitlisted: 'Danh sách chờ' };

export const ZRegistration = z.object({
  id: ZId,
  roundId: ZId,
  studentId: ZId,
  studentCode: z.string(),
  studentName: z.string(),
  homeroomClassName: z.string().nullable(),
  courseClassId: ZId,
  status: z.enum(REGISTRATION_STATUSES),
  /** 1-based place in the waitlist (null when registered). */
  position: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TRegistration = z.infer<typeof ZRegistration>;

/** One unmet rule of a student, in Vietnamese ("Cần chọn thêm 1 lớp trong nhóm Tự chọn A"). */
export const ZRuleStatus = z.object({ met: z.boolean(), problems: z.array(z.string()) });
export type TRuleStatus = z.infer<typeof ZRuleStatus>;

export const ZRoundStudent = z.object({
  studentId: ZId,
  studentCode: z.string(),
  fullName: z.string(),
  homeroomClassName: z.string().nullable(),
  grade: z.number().int(),
  registered: z.number().int(),
  waitlisted: z.number().int(),
  rules: ZRuleStatus,
});
export type TRoundStudent = z.infer<typeof ZRoundStudent>;

export const ZCloseReport = z.object({
  roundId: ZId,
  enrolled: z.number().int(),
  alreadyEnrolled: z.number().int(),
  waitlistDropped: z.number().int(),
  unmetStudents: z.number().int(),
});
export type TCloseReport = z.infer<typeof ZCloseReport>;

/** A student's round: the round, its offers and groups, their own registrations and rule status. */
export const ZMyRound = ZRound.extend({
  groups: z.array(ZRoundGroup),
  offers: z.array(ZOffer.extend({ clashesWith: z.array(z.string()) })),
  mine: z.array(ZRegistration),
  /** The student's other classes of the module (enrolled, not offered here): what an offer may clash with, and the week preview's rest. */
  others: z.array(z.object({ courseClassId: ZId, code: z.string(), name: z.string(), lessons: z.array(ZLessonSlot) })),
  rules: ZRuleStatus,
  /** The server's clock, so the page counts down from the same moment. */
  now: z.string(),
});
export type TMyRound = z.infer<typeof ZMyRound>;
export const ZMyRegistration = z.object({
  rounds: z.array(ZMyRound),
  /** The periods of the student's campus (its period grid): the week preview's rows with their times. */
  periods: z.array(ZPeriod),
});
export type TMyRegistration = z.infer<typeof ZMyRegistration>;

/** `requestId`: the same id sent again (a retry, a double click) answers the first result and changes nothing. */
const requestId = z.string().trim().min(8).max(64).optional();
export const ZRegisterInput = z.object({ courseClassId: ZId, requestId });
export const ZDropInput = z.object({ courseClassId: ZId, requestId });
export const ZSwapInput = z
  .object({ fromCourseClassId: ZId, toCourseClassId: ZId, requestId })
  .refine((s) => s.fromCourseClassId !== s.toCourseClassId, { message: 'Hãy chọn hai lớp khác nhau để đổi.', path: ['toCourseClassId'] });
export const ZAdminRegistration = z.object({
  studentId: ZId,
  courseClassId: ZId,
  reason: z.string().trim().min(3, 'Hãy nhập lý do (ít nhất 3 ký tự).').max(500),
  /** Add even when a rule (capacity, clash, group, maximum) would refuse it. */
  bypassRules: z.boolean().default(false),
});

export const ZActionResult = z.object({
  /** What happened to the class asked for. */
  outcome: z.enum(['registered', 'waitlisted', 'dropped', 'swapped']),
  position: z.number().int().nullable(),
  roundId: ZId,
  /**
   * The student's registrations and the round's seats after the action: the page applies them to the
   * round it holds (registration-rules.ts `withRegistrations`), which gives the clashes and rule status.
   */
  mine: z.array(ZRegistration),
  seats: z.array(ZSeat),
});
export type TActionResult = z.infer<typeof ZActionResult>;
