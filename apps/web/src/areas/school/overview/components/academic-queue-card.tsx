import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, ChevronRight } from 'lucide-react';
import { canAccess, findRoute } from '@app/shared/routes';
import type { TAcademicQueue, TQueueCourseClass } from '@app/shared/school-overview';
import { useAuth } from '@/areas/auth/public';
import { formatValue } from '@/lib/format';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { useAcademicQueue } from '../api/overview-api';

/** Where each kind of problem is fixed; linked only for a user who may open the page (today the admin). */
const FIX = {
  courseClasses: { path: '/admin/course-classes', to: '/admin/course-classes', label: 'Mở Quản lý lớp học' },
  homeroomClasses: { path: '/admin/students', to: '/admin/students?tab=homeroom-classes', label: 'Mở danh sách lớp chủ nhiệm' },
  students: { path: '/admin/students', to: '/admin/students', label: 'Mở Quản lý học sinh' },
} as const;

function useFixLink(kind: keyof typeof FIX): ReactNode {
  const { user } = useAuth();
  const fix = FIX[kind];
  const route = findRoute(fix.path);
  const roles = (user?.roles ?? []).map((r) => r.role);
  if (!route || !canAccess(roles, route.roles)) return null;
  return (
    <Link to={fix.to} className={`${cardLinkClass} text-sm`}>
      {fix.label}
    </Link>
  );
}

const classLine = (c: TQueueCourseClass) =>
  `${c.code} – ${c.name} · ${c.subjectName} · Khối ${c.grade} · ${c.campusName} · ${c.enrolledCount}/${c.capacity} học sinh` +
  (c.teacherNames.length ? ` · ${c.teacherNames.join(', ')}` : '');

/** One kind of problem: its count, and (when there are any) the first rows inline with the way to fix them. */
function QueueItem({ label, count, lines, fix }: { label: string; count: number; lines: string[]; fix: ReactNode }) {
  if (count === 0)
    return (
      <li className="flex items-start gap-2 py-2.5 text-sm text-muted">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>
          {label}: <span className="font-medium text-fg">không có</span>
        </span>
      </li>
    );
  return (
    <li className="py-2.5">
      <details className="group">
        <summary className="flex cursor-pointer list-none items-start gap-2 rounded text-sm focus-visible:outline-2 focus-visible:outline-primary">
          <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted transition-transform group-open:rotate-90" />
          <span className="flex-1 font-medium text-fg">{label}</span>
          <span className="rounded-full bg-danger/10 px-2 text-sm font-semibold text-danger tabular-nums">{formatValue(count)}</span>
        </summary>
        <ul className="mt-2 space-y-1 pl-6 text-sm text-fg">
          {lines.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
          {count > lines.length ? <li className="text-muted">và {formatValue(count - lines.length)} mục khác</li> : null}
        </ul>
        {fix ? <div className="mt-2 pl-6">{fix}</div> : null}
      </details>
    </li>
  );
}

function problemsOf(q: TAcademicQueue) {
  return (
    q.withoutTeacher.count +
    q.withoutStudents.count +
    q.overCapacity.count +
    q.homeroomWithoutTeacher.count +
    q.studentsWithoutHomeroom.count
  );
}

/**
 * The academic office's work queue (issue 12): the header module's course classes without a teacher,
 * without students or over capacity; the current year's homeroom classes without a homeroom teacher;
 * active students without a homeroom class. Each kind with its count and first rows inline, and a
 * link to the page that fixes it for a user who may open that page.
 */
export function AcademicQueueCard() {
  const q = useAcademicQueue();
  const d = q.data;
  const courseFix = useFixLink('courseClasses');
  const homeroomFix = useFixLink('homeroomClasses');
  const studentFix = useFixLink('students');
  const where = d
    ? [d.module ? `Học phần ${d.module.code}` : 'Chưa có học phần', d.academicYear ? `năm học ${d.academicYear.name}` : null]
        .filter(Boolean)
        .join(' · ')
    : undefined;
  return (
    <CardPanel
      title="Việc cần xử lý"
      description={where}
      loading={q.isPending}
      error={q.isError && !d ? q.error : undefined}
      errorText="Không thể tải danh sách việc cần xử lý. Vui lòng thử lại sau."
      onRetry={() => void q.refetch()}
    >
      {d ? (
        <>
          {problemsOf(d) === 0 ? (
            <CardEmpty>
              Không có việc nào cần xử lý. Lớp học phần thiếu giáo viên hoặc học sinh, lớp vượt sĩ số, lớp chủ nhiệm chưa có giáo viên chủ
              nhiệm và học sinh chưa xếp lớp sẽ hiện ở đây.
            </CardEmpty>
          ) : null}
          <ul className="mt-2 divide-y divide-border">
            <QueueItem
              label={`Lớp học phần chưa có giáo viên (trên ${formatValue(d.courseClasses)} lớp)`}
              count={d.withoutTeacher.count}
              lines={d.withoutTeacher.items.map(classLine)}
              fix={courseFix}
            />
            <QueueItem
              label="Lớp học phần chưa có học sinh"
              count={d.withoutStudents.count}
              lines={d.withoutStudents.items.map(classLine)}
              fix={courseFix}
            />
            <QueueItem
              label="Lớp học phần vượt sĩ số"
              count={d.overCapacity.count}
              lines={d.overCapacity.items.map(classLine)}
              fix={courseFix}
            />
            <QueueItem
              label={`Lớp chủ nhiệm chưa có giáo viên chủ nhiệm (trên ${formatValue(d.homeroomClasses)} lớp)`}
              count={d.homeroomWithoutTeacher.count}
              lines={d.homeroomWithoutTeacher.items.map(
                (h) => `${h.name} · Khối ${h.grade} · ${h.campusName} · ${h.studentCount} học sinh`,
              )}
              fix={homeroomFix}
            />
            <QueueItem
              label={`Học sinh chưa xếp lớp chủ nhiệm (trên ${formatValue(d.activeStudents)} học sinh đang học)`}
              count={d.studentsWithoutHomeroom.count}
              lines={d.studentsWithoutHomeroom.items.map(
                (s) =>
                  `${s.studentCode} – ${s.fullName} · Khối ${s.grade} · ${s.campusName}` +
                  (s.homeroomClassName ? ` · đang ở lớp ${s.homeroomClassName} của năm học khác` : ''),
              )}
              fix={studentFix}
            />
          </ul>
          {problemsOf(d) > 0 && !courseFix ? (
            <p className="mt-3 text-xs text-muted">Quản trị viên sửa các mục này trong Quản lý lớp học và Quản lý học sinh.</p>
          ) : null}
        </>
      ) : null}
    </CardPanel>
  );
}
