import { formatDate, formatDateTime, isoDateInSchool } from '@app/shared/format';
import { runExclusive } from '@/lib/jobs';
import { describeFormForNotice } from '@/areas/forms/requests/requests.service';
import { payrollOf } from '@/areas/pay/runs/runs.service';
import { studentsOfOpenSurveys } from '@/areas/surveys/monitoring/survey-monitoring.service';
import { deliver, resendUnsent, type DeliverDeps, type Notice } from './deliver';
import {
  courseClassName,
  openRounds,
  roundName,
  roundRegistrants,
  splitStudents,
  studentUsers,
  surveyTeachers,
  teacherUsers,
  usersWithRoles,
} from './recipients.repository';

/*
 * Where notifications come from (issue 17). Areas never call this one: they emit their events and the
 * sources listen with `events.on`, so each event is turned into notices once, in the process that
 * emitted it. What happens by the clock rather than by an action (a survey opening, one closing in two
 * days, a registration round opening) is found by the sweep, run once per school (`runExclusive`) at
 * start and every NOTIFICATION_SWEEP_MINUTES; its notices carry a `dedupe_key`, so a rerun, or two
 * processes racing, store nothing twice. The sweep also sends again the e-mails of the last day that a
 * crash or the mail server left unsent (deliver.ts `resendUnsent`).
 */

const STUDENT_SCHEDULE = '/student/schedule';
const TEACHER_SCHEDULE = '/teacher/schedule';
const STATEMENT = '/teacher/teaching-declaration-results';

/** Days from `from` to `to`, both ISO dates. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** How far ahead of its end a survey not yet done is reminded of. */
export const CLOSING_DAYS = 2;

/** One pass of the clock's sources: answers how many notices were stored. */
export async function sweep(deps: DeliverDeps, now = new Date()): Promise<number> {
  let stored = 0;
  const today = isoDateInSchool(now);
  const bySurvey = new Map<number, { title: string; endDate: string; pending: number[] }>();
  for (const r of await studentsOfOpenSurveys(deps.db, today)) {
    const s = bySurvey.get(r.surveyId) ?? { title: r.title, endDate: r.endDate, pending: [] };
    if (!r.done) s.pending.push(r.userId);
    bySurvey.set(r.surveyId, s);
  }
  for (const [surveyId, s] of bySurvey) {
    const due = formatDate(s.endDate);
    stored += await deliver(deps, {
      kind: 'survey.opened',
      userIds: s.pending,
      title: `Khảo sát mới: ${s.title}`,
      body: `Hãy hoàn thành trước hết ngày ${due}.`,
      link: '/student/surveys',
      dedupeKey: `survey.opened:${surveyId}`,
    });
    const left = daysBetween(today, s.endDate);
    if (left <= CLOSING_DAYS)
      stored += await deliver(deps, {
        kind: 'survey.closing',
        userIds: s.pending,
        title: `Khảo sát sắp đóng: ${s.title}`,
        body:
          left === 0 ? 'Hôm nay là ngày cuối và bạn chưa hoàn thành.' : `Còn ${left} ngày (đóng hết ngày ${due}) và bạn chưa hoàn thành.`,
        link: '/student/surveys',
        dedupeKey: `survey.closing:${surveyId}`,
      });
  }
  for (const r of await openRounds(deps.db, now))
    stored += await deliver(deps, {
      kind: 'registration.opened',
      userIds: r.userIds,
      title: `Mở đăng ký học phần: ${r.name}`,
      body: `Hạn chót: ${formatDateTime(r.closesAt)}.`,
      link: '/student/course-registration',
      dedupeKey: `registration.opened:${r.id}`,
    });
  await resendUnsent(deps, now);
  return stored;
}

export const SWEEP_JOB = 'notifications.sweep';

/** The sweep, unless another process of the school is running it right now. */
export function sweepOnce(deps: DeliverDeps, now?: Date) {
  return runExclusive(deps.db, SWEEP_JOB, () => sweep(deps, now));
}

/** A notice for students goes to their pages, one for staff to theirs: the same event, two links. */
async function toStudentsAndStaff(
  deps: DeliverDeps,
  userIds: number[],
  n: Omit<Notice, 'userIds' | 'link'>,
  links: { students: string; staff: string },
) {
  const { students, staff } = await splitStudents(deps.db, userIds);
  await deliver(deps, { ...n, userIds: students, link: links.students });
  await deliver(deps, { ...n, userIds: staff, link: links.staff });
}

const DECLARATION_TITLES = {
  returned: 'Bản kê khai giảng dạy của bạn bị trả lại',
  approved: 'Bản kê khai giảng dạy của bạn đã được duyệt',
  confirmed: 'Bản kê khai giảng dạy của bạn đã được xác nhận',
} as const;
const HEAD_DECLARATION_TITLES = {
  returned: 'Một bản kê khai của tổ bị Phòng Giáo vụ trả lại',
  confirmed: 'Một bản kê khai của tổ đã được Phòng Giáo vụ xác nhận',
} as const;
const FORM_TITLES = {
  approved: 'Đơn của bạn đã được duyệt',
  rejected: 'Đơn của bạn không được chấp thuận',
  returned: 'Đơn của bạn được trả lại để bổ sung',
} as const;
const FORM_DECIDED = {
  approved: 'đã được duyệt',
  rejected: 'không được chấp thuận',
  returned: 'được trả lại để bổ sung',
} as const;

/** Subscribes every source to this process's events; returns the unsubscribe. */
export function listen(deps: DeliverDeps): () => void {
  const { events, db } = deps;
  const notify = async (n: Notice): Promise<void> => void (await deliver(deps, n));
  const offs = [
    events.on('timetable.published', (e) =>
      toStudentsAndStaff(
        deps,
        e.userIds,
        { kind: 'timetable.changed', title: 'Thời khóa biểu mới đã được công bố', body: `Áp dụng từ ngày ${formatDate(e.effectiveFrom)}.` },
        { students: STUDENT_SCHEDULE, staff: TEACHER_SCHEDULE },
      ),
    ),
    events.on('timetable.changed', (e) =>
      toStudentsAndStaff(
        deps,
        e.userIds,
        {
          kind: 'timetable.changed',
          title: 'Thời khóa biểu của bạn đã thay đổi',
          body: 'Một số tiết học đã được xếp lại: hãy xem lại lịch.',
        },
        { students: STUDENT_SCHEDULE, staff: TEACHER_SCHEDULE },
      ),
    ),
    events.on('registration.promoted', async (e) => {
      if (e.userId === null) return;
      const name = await courseClassName(db, e.courseClassId);
      await notify({
        kind: 'registration.promoted',
        userIds: [e.userId],
        title: 'Bạn đã được nhận chỗ từ danh sách chờ',
        body: name ? `Lớp ${name} đã có chỗ cho bạn.` : '',
        link: '/student/course-registration',
      });
    }),
    events.on('registration.reminded', async (e) => {
      const name = await roundName(db, e.roundId);
      await notify({
        kind: 'registration.reminded',
        userIds: e.userIds,
        title: 'Nhắc hoàn thành đăng ký học phần',
        body: name ? `Bạn chưa đáp ứng yêu cầu của đợt ${name}.` : '',
        link: '/student/course-registration',
      });
    }),
    events.on('registration.closed', async (e) => {
      const name = await roundName(db, e.roundId);
      await notify({
        kind: 'registration.closed',
        userIds: await roundRegistrants(db, e.roundId),
        title: `Đợt đăng ký học phần đã chốt${name ? `: ${name}` : ''}`,
        body: 'Các lớp bạn đã đăng ký được ghi danh chính thức.',
        link: '/student/course-registration',
        dedupeKey: `registration.closed:${e.roundId}`,
      });
    }),
    events.on('declaration.reminded', (e) =>
      notify({
        kind: 'declaration.reminded',
        userIds: e.userIds,
        title: 'Nhắc nộp kê khai giảng dạy',
        body: 'Bản kê khai giảng dạy của bạn cho kỳ này chưa được nộp.',
        link: STATEMENT,
      }),
    ),
    events.on('declaration.changed', async (e) => {
      await notify({ kind: 'declaration.changed', userIds: e.userIds, title: DECLARATION_TITLES[e.status], link: STATEMENT });
      if (e.headUserIds?.length && e.status !== 'approved')
        await notify({
          kind: 'declaration.changed',
          userIds: e.headUserIds,
          title: HEAD_DECLARATION_TITLES[e.status],
          link: '/department/teaching-declaration',
        });
    }),
    events.on('pay.run.changed', async (e) => {
      if (e.status === 'submitted') {
        const { run } = await payrollOf(db, e.runId);
        await notify({
          kind: 'pay.waiting',
          userIds: await usersWithRoles(db, ['PRINCIPAL']),
          title: `Đợt thanh toán chờ phê duyệt: ${run.name}`,
          link: `/principal/pay-runs/${e.runId}`,
        });
      } else if (e.status === 'approved') {
        const { run, lines } = await payrollOf(db, e.runId);
        await notify({
          kind: 'pay.approved',
          userIds: await teacherUsers(
            db,
            lines.map((l) => l.teacherId),
          ),
          title: `Đợt thanh toán đã được phê duyệt: ${run.name}`,
          body: 'Bảng kê tiền dạy thêm giờ của bạn đã có.',
          link: STATEMENT,
        });
      }
    }),
    // Forms and regulations (issue 17): a form is named through the forms area (kind, student, class);
    // one gone by the time the event is heard is named from the event alone.
    events.on('form.submitted', async (e) => {
      const f = await describeFormForNotice({ db }, e.formId);
      await notify({
        kind: 'form.submitted',
        userIds: e.userIds,
        title: f
          ? `${f.kindName} của ${f.studentName}${f.className ? ` (lớp ${f.className})` : ''} ${e.escalated ? 'chờ Hiệu trưởng quyết định' : 'chờ duyệt'}`
          : e.escalated
            ? 'Có đơn của học sinh chờ Ban giám hiệu quyết định'
            : 'Có đơn của học sinh lớp chủ nhiệm chờ duyệt',
        link: f?.deciderLink ?? (e.escalated ? '/principal/dashboard' : '/teacher/homeroom-class'),
      });
    }),
    events.on('form.decided', async (e) => {
      const f = await describeFormForNotice({ db }, e.formId);
      await notify({
        kind: 'form.decided',
        userIds: e.userIds,
        title: f ? `${f.kindName}: ${FORM_DECIDED[e.status]}` : FORM_TITLES[e.status],
        link: f?.link ?? '/student/forms',
      });
    }),
    events.on('regulation.published', async (e) =>
      notify({
        kind: 'regulation.published',
        userIds: await studentUsers(db),
        title: e.requiresAck ? 'Quy chế mới: hãy đọc và xác nhận' : 'Có quy chế, nội quy mới',
        link: '/student/forms',
        dedupeKey: `regulation.published:${e.regulationId}`,
      }),
    ),
    events.on('survey.results.published', async (e) => {
      const s = await surveyTeachers(db, e.surveyId);
      if (!s) return;
      await notify({
        kind: 'survey.results',
        userIds: s.userIds,
        title: `Kết quả khảo sát đã công bố: ${s.title}`,
        link: '/teacher/personal-survey-results',
        dedupeKey: `survey.results:${e.surveyId}`,
      });
    }),
  ];
  return () => offs.forEach((off) => off());
}
