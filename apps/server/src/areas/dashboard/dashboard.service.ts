import type { TDashboard } from '@app/shared/auth';
import { formatDate, formatDateTime, isoDateInSchool, SCHOOL_TZ as TZ } from '@app/shared/format';
import { PAY_RUN_STATUS_LABELS } from '@app/shared/pay';
import { formatMoney } from '@app/shared/pay-calc';
import { resolvePrimaryRole, ROLE_LABELS, type TRole } from '@app/shared/roles';
import type { Db } from '@/db/client';
import { hasAnyRole, type Actor } from '@/plugins/actor';
import { countUsers, countUsersByRole, type UserWithRoles } from '@/areas/school/users/users.service';
import { getStudent } from '@/areas/school/students/students.service';
import { academicQueue, facilitySummary, overviewModule, teachingLoadOf } from '@/areas/school/overview/overview.service';
import { stats as surveyStats } from '@/areas/surveys/monitoring/survey-monitoring.service';
import { queueCounts } from '@/areas/surveys/text-reviews/text-reviews.service';
import { publicationOverview } from '@/areas/surveys/results/publication.service';
import { studentSurveys } from '@/areas/surveys/responses/survey-responses.service';
import { listPeriods } from '@/areas/teaching/declarations/periods.service';
import { listRuleSets } from '@/areas/teaching/rules/rules.service';
import { tutoringBetween } from '@/areas/tutoring/tutoring.service';
import { payOverview } from '@/areas/pay/reports/reports.service';
import { activityToday, headedDepartments, lastLogins, ownHomeroom, ownTeaching } from './dashboard.repository';

type Stat = TDashboard['stats'][number];

export interface DashboardDeps {
  db: Db;
  /** MIN_GROUP_SIZE: the review queue's counts for staff other than ADMIN move in its steps. */
  minGroupSize: number;
}

function greetingFor(name: string | null, now: Date) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: TZ }).format(now));
  const part = hour < 11 ? 'buổi sáng' : hour < 13 ? 'buổi trưa' : hour < 18 ? 'buổi chiều' : 'buổi tối';
  return `Chào ${part}, ${name || 'Người dùng'}!`;
}

function formatMoment(d: Date | null) {
  return d ? formatDateTime(d) : 'Lần đầu đăng nhập';
}

const num = (n: number) => new Intl.NumberFormat('vi-VN').format(n);
const rate = (r: number | null) => (r === null ? '—' : `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 }).format(r)}%`);
const moduleHint = (m: { code: string } | null) => (m ? `Học phần ${m.code}` : 'Chưa có học phần hiện tại');
/** "2 chưa có giáo viên · 1 vượt sĩ số", only the parts that are not zero; else `ok`. */
const problems = (parts: Array<[number, string]>, ok: string) =>
  parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${num(n)} ${what}`)
    .join(' · ') || ok;

/**
 * What the landing page of the caller's primary role shows, from what the database knows now: the
 * person's own figures (a student's code and surveys to do, a teacher's classes, an office's queue),
 * each linking to where its work is done when there is such a page.
 */
export async function dashboardFor(deps: DashboardDeps, actor: Actor, user: UserWithRoles, now = new Date()): Promise<TDashboard> {
  const { db } = deps;
  // The sign-in that started this session is the newest; the one before it is "previous".
  const previousLogin = (await lastLogins(db, user.id, 2))[1] ?? null;
  const role = resolvePrimaryRole({ roles: user.roles }) as TRole;
  const stats: Stat[] = await statsFor(deps, actor, role);
  stats.push({ label: 'Lần đăng nhập trước', value: formatMoment(previousLogin) });

  return {
    role,
    greeting: greetingFor(user.displayName, now),
    stats,
    notes: [`Vai trò: ${user.roles.map((r) => ROLE_LABELS[r.role] + (r.isPrimary ? ' (chính)' : '')).join(', ')}`],
  };
}

/** Monday and Sunday of the school's week holding `today` (ISO dates). */
function weekOf(today: string): { from: string; to: string } {
  const d = new Date(`${today}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

/**
 * Academic affairs' teaching workload figures: the declarations of the period open now (else the
 * latest) against the teachers, with its deadline and what waits for them; tutoring this week; the
 * workload rules in force.
 */
async function workloadStats(db: Db, actor: Actor, now = new Date()): Promise<Stat[]> {
  const today = isoDateInSchool(now);
  const week = weekOf(today);
  const [periods, tutoring, rules] = await Promise.all([
    listPeriods(db, actor),
    tutoringBetween(db, week.from, week.to),
    listRuleSets(db, today),
  ]);
  const out: Stat[] = [];
  const period = periods.find((p) => Date.parse(p.opensAt) <= now.getTime() && now.getTime() <= Date.parse(p.closesAt)) ?? periods[0];
  if (period) {
    const c = period.counts;
    const declared = c.submitted + c.approved + c.confirmed + c.locked;
    const late = now.getTime() > Date.parse(period.closesAt) ? Math.max(0, period.teacherCount - declared) : 0;
    out.push({
      label: `Kê khai đã nộp ${period.semesterName}`,
      value: `${num(declared)}/${num(period.teacherCount)}`,
      hint: `Hạn nộp ${formatDate(period.closesAt)} · ${problems(
        [
          [late, 'quá hạn chưa nộp'],
          [c.approved, 'chờ xác nhận'],
          [c.confirmed, 'chờ khóa'],
          [c.returned, 'bị trả lại'],
        ],
        'không có bản nào chờ xử lý',
      )}`,
      href: '/academic/teaching-declaration',
    });
  }
  out.push({
    label: 'Phụ đạo tuần này',
    value: tutoring.planned + tutoring.taught,
    hint: `${num(tutoring.groups)} nhóm · ${num(tutoring.taught)} buổi đã dạy · ${num(tutoring.planned)} buổi sắp tới`,
    href: '/academic/tutoring',
  });
  const inForce = rules.items.find((r) => r.id === rules.inForceId);
  out.push({
    label: 'Quy định định mức',
    value: inForce ? inForce.name : 'Thông tư 05/2025/TT-BGDĐT',
    hint: inForce ? `Áp dụng từ ${formatDate(inForce.effectiveFrom)}` : 'Giá trị mặc định của Thông tư 05/2025',
  });
  return out;
}

async function statsFor(deps: DashboardDeps, actor: Actor, role: TRole): Promise<Stat[]> {
  const { db } = deps;
  switch (role) {
    case 'ADMIN': {
      const users = await countUsers(db);
      const byRole = await countUsersByRole(db);
      const today = await activityToday(db);
      return [
        { label: 'Tài khoản đang hoạt động', value: users.active, hint: `${num(users.total - users.active)} tài khoản bị khóa` },
        { label: 'Giáo viên', value: byRole.get('TEACHER') ?? 0 },
        { label: 'Học sinh', value: byRole.get('STUDENT') ?? 0 },
        {
          label: 'Lượt đăng nhập hôm nay',
          value: today.logins,
          hint: `${num(today.writes)} thay đổi khác được ghi nhật ký`,
          // Today's entries: the same day the two counts above are taken over.
          href: `/admin/system-logs?from=${isoDateInSchool()}&to=${isoDateInSchool()}`,
        },
      ];
    }
    case 'PRINCIPAL': {
      const [s, pub] = await Promise.all([surveyStats(db), publicationOverview(db)]);
      const byRole = await countUsersByRole(db);
      return [
        { label: 'Học sinh', value: byRole.get('STUDENT') ?? 0 },
        { label: 'Giáo viên', value: byRole.get('TEACHER') ?? 0 },
        {
          label: 'Khảo sát đang mở',
          value: s.surveys.active,
          hint: `Hoàn thành ${rate(s.activeCompletion.rate)} lượt`,
          href: '/principal/surveys',
        },
        {
          label: 'Kết quả đã công bố',
          value: pub.published.count,
          hint: pub.waiting.length ? `${num(pub.waiting.length)} khảo sát đã đóng chờ công bố` : 'Không có khảo sát nào chờ công bố',
          href: '/principal/reports',
        },
      ];
    }
    case 'QUALITY_ASSURANCE': {
      const [s, pub, reviews] = await Promise.all([
        surveyStats(db),
        publicationOverview(db),
        queueCounts(db, actor, {}, deps.minGroupSize),
      ]);
      return [
        {
          label: 'Khảo sát đang mở',
          value: s.surveys.active,
          hint: `Hoàn thành ${rate(s.activeCompletion.rate)} lượt`,
          href: '/quality/surveys',
        },
        {
          label: 'Ý kiến chờ duyệt',
          value: reviews.pending,
          hint: `${num(reviews.approved)} đã duyệt · ${num(reviews.rejected)} bị từ chối`,
          href: '/quality/text-reviews',
        },
        {
          label: 'Khảo sát chờ công bố kết quả',
          value: pub.waiting.length,
          hint: `${num(pub.published.count)} khảo sát đã công bố`,
          // The office publishes from a survey's page in its survey list.
          href: '/quality/surveys',
        },
      ];
    }
    case 'ACADEMIC_AFFAIR': {
      const q = await academicQueue(db);
      return [
        {
          label: 'Lớp học phần',
          value: q.courseClasses,
          hint: `${moduleHint(q.module)} · ${problems(
            [
              [q.withoutTeacher.count, 'chưa có giáo viên'],
              [q.withoutStudents.count, 'chưa có học sinh'],
              [q.overCapacity.count, 'vượt sĩ số'],
            ],
            'đủ giáo viên và học sinh',
          )}`,
        },
        {
          label: 'Lớp chủ nhiệm',
          value: q.homeroomClasses,
          hint: `${q.academicYear ? `Năm học ${q.academicYear.name}` : 'Chưa có năm học hiện tại'} · ${problems(
            [[q.homeroomWithoutTeacher.count, 'chưa có giáo viên chủ nhiệm']],
            'đủ giáo viên chủ nhiệm',
          )}`,
        },
        {
          label: 'Học sinh đang học',
          value: q.activeStudents,
          hint: problems([[q.studentsWithoutHomeroom.count, 'chưa xếp lớp chủ nhiệm']], 'Đã xếp lớp chủ nhiệm đủ'),
        },
        ...(await workloadStats(db, actor)),
      ];
    }
    case 'ACCOUNTANT': {
      const [load, pay] = await Promise.all([teachingLoadOf(db), payOverview(db)]);
      const run = pay.currentRun;
      return [
        {
          label: 'Giáo viên',
          value: load.teachers,
          hint: `${load.departments.filter((d) => d.departmentId !== null).length} tổ chuyên môn`,
        },
        {
          label: 'Giáo viên có giờ dạy',
          value: load.teaching,
          hint: `${moduleHint(load.module)} · ${num(load.courseClasses)} lớp học phần`,
        },
        run
          ? {
              label: 'Đợt tính hiện tại',
              value: formatMoney(run.amount),
              hint: `${run.name} · ${PAY_RUN_STATUS_LABELS[run.status]} · ${num(run.teachers)} giáo viên`,
              href: `/accountant/salary?run=${run.id}`,
            }
          : { label: 'Đợt tính hiện tại', value: 'Chưa có', hint: 'Chưa tạo đợt tính thù lao nào', href: '/accountant/salary' },
        {
          label: 'Giáo viên chưa có hệ số',
          value: pay.teachersWithoutCoefficients,
          hint: 'Chưa có hệ số lương hiệu lực hôm nay',
          href: '/accountant/coefficients?missing=1',
        },
      ];
    }
    case 'FACILITY_MANAGER': {
      const f = await facilitySummary(db);
      return [
        { label: 'Cơ sở', value: f.totals.campuses, href: '/facility/campus' },
        { label: 'Phòng học', value: f.totals.rooms, hint: `Sức chứa ${num(f.totals.seats)} chỗ`, href: '/facility/classrooms' },
        {
          label: 'Lớp học phần chưa có phòng',
          value: f.classesWithoutRoom.count,
          hint: `${moduleHint(f.module)} · ${num(f.roomsInUse)} phòng đang dùng`,
        },
      ];
    }
    case 'HEAD_DEPARTMENT':
    case 'TEACHER':
    case 'HOMEROOM_TEACHER':
    case 'DECLARATION':
      return teachingStats(db, actor);
    case 'STUDENT':
      return studentStats(db, actor);
  }
}

/** A teacher's own classes in the current module, their homeroom class, and (a head) their department's figures. */
async function teachingStats(db: Db, actor: Actor): Promise<Stat[]> {
  if (actor.teacherId === null)
    return [{ label: 'Hồ sơ giáo viên', value: 'Chưa liên kết', hint: 'Liên hệ quản trị viên để liên kết tài khoản.' }];
  const module = await overviewModule(db);
  const out: Stat[] = [];
  const own = module ? await ownTeaching(db, actor.teacherId, module.id) : { classes: 0, students: 0 };
  out.push(
    { label: 'Lớp học phần đang dạy', value: own.classes, hint: moduleHint(module) },
    { label: 'Học sinh đang dạy', value: own.students, hint: 'Trong các lớp học phần của học phần này' },
  );
  const homeroom = await ownHomeroom(db, actor.teacherId);
  if (homeroom)
    out.push({ label: 'Lớp chủ nhiệm', value: homeroom.name, hint: `${num(homeroom.students)} học sinh`, href: '/teacher/homeroom-class' });
  if (hasAnyRole(actor, ['HEAD_DEPARTMENT'])) {
    const dept = await headedDepartments(db, actor.teacherId, module?.id ?? null);
    if (dept)
      out.push({
        label: 'Giáo viên trong tổ',
        value: dept.teachers,
        hint: `${dept.names} · ${num(dept.classes)} lớp học phần`,
        href: '/department/teachers',
      });
  }
  return out;
}

/** A student's code, homeroom class and the surveys still to answer, with the nearest deadline. */
async function studentStats(db: Db, actor: Actor): Promise<Stat[]> {
  if (actor.studentId === null) return [{ label: 'Mã học sinh', value: 'Chưa liên kết hồ sơ' }];
  const student = await getStudent(db, actor.studentId);
  const notDone = (await studentSurveys(db, actor, actor.studentId)).filter((s) => !s.completed);
  const next = notDone
    .map((s) => s.endDate)
    .filter((d): d is string => !!d)
    .sort()[0];
  return [
    { label: 'Mã học sinh', value: student.studentCode, hint: `Khối ${student.grade} · ${student.campusName}` },
    { label: 'Lớp chủ nhiệm', value: student.homeroomClassName ?? 'Chưa xếp lớp' },
    {
      label: 'Khảo sát cần làm',
      value: notDone.length,
      hint: !notDone.length ? 'Em đã làm xong mọi khảo sát đang mở' : next ? `Hạn gần nhất ${formatDate(next)}` : 'Đang mở',
      href: '/student/surveys',
    },
  ];
}
