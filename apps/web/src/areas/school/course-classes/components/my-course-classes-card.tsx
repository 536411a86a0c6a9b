import { formatValue } from '@/lib/format';
import { CardEmpty, CardPanel } from '@/components/ui/card-panel';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { useMyCourseClasses } from '../api/get-my-course-classes';

/**
 * The teacher's dashboard card (issue 12): the course classes they teach in the header's module, with
 * their students. A teacher has no course-class page of their own yet (the timetable comes later), so
 * the card lists them all.
 */
export function MyCourseClassesCard() {
  const { module, status } = useCurrentModule();
  const classes = useMyCourseClasses(module?.id ?? null);
  const rows = classes.data ?? [];
  const students = rows.reduce((n, c) => n + c.enrolledCount, 0);
  const moduleLoading = !module && (status === 'idle' || status === 'loading');

  return (
    <CardPanel
      title="Lớp học phần của tôi"
      description={
        module ? `Học phần ${module.code}${rows.length ? ` · ${rows.length} lớp, ${formatValue(students)} học sinh` : ''}` : undefined
      }
      loading={moduleLoading || (!!module && classes.isPending)}
      error={classes.error ?? undefined}
      errorText="Không thể tải các lớp học phần. Vui lòng thử lại sau."
      onRetry={() => void classes.refetch()}
    >
      {!module ? (
        <CardEmpty>Chưa có học phần hiện tại. Khi nhà trường mở học phần, các lớp thầy cô dạy sẽ hiện ở đây.</CardEmpty>
      ) : rows.length === 0 ? (
        <CardEmpty>
          Thầy cô chưa được phân công lớp học phần nào trong học phần {module.code}. Khi phòng giáo vụ phân công, các lớp và sĩ số sẽ hiện ở
          đây.
        </CardEmpty>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={`Lớp học phần của tôi, học phần ${module.code}`}>
          {rows.map((c) => (
            <li key={c.id} className="rounded-lg border border-border bg-surface-2/50 px-3 py-2">
              <p className="font-medium break-words text-fg">{c.name}</p>
              <p className="text-sm text-muted">
                {c.subjectName} · Khối {c.grade} · {c.campusName}
              </p>
              <p className="mt-1 text-sm text-fg tabular-nums">
                {formatValue(c.enrolledCount)}/{formatValue(c.capacity)} học sinh
              </p>
            </li>
          ))}
        </ul>
      )}
    </CardPanel>
  );
}
