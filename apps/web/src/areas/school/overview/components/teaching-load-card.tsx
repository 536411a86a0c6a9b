import { formatValue } from '@/lib/format';
import { CardEmpty, CardPanel } from '@/components/ui/card-panel';
import { useTeachingLoad } from '../api/overview-api';

/**
 * The accountant's teachers (issue 12): how many there are, and per department who teaches in the
 * header's module and how many course classes, the basis the pay runs of a later version will count.
 */
export function TeachingLoadCard() {
  const q = useTeachingLoad();
  const d = q.data;
  return (
    <CardPanel
      title="Giáo viên và giờ dạy"
      description={
        d ? `${formatValue(d.teachers)} giáo viên · ${d.module ? `học phần ${d.module.code}` : 'chưa có học phần hiện tại'}` : undefined
      }
      loading={q.isPending}
      error={q.isError && !d ? q.error : undefined}
      errorText="Không thể tải số liệu giáo viên. Vui lòng thử lại sau."
      onRetry={() => void q.refetch()}
    >
      {d && !d.teachers ? (
        <CardEmpty>Chưa có giáo viên nào. Khi quản trị viên nhập danh sách giáo viên, số giáo viên theo tổ sẽ hiện ở đây.</CardEmpty>
      ) : d ? (
        <>
          <p className="text-sm text-muted">
            <span className="mr-2 text-3xl font-semibold text-fg tabular-nums">{formatValue(d.teaching)}</span>
            giáo viên có giờ dạy · {formatValue(d.courseClasses)} lớp học phần
          </p>
          <ul aria-label="Theo tổ chuyên môn" className="mt-3 divide-y divide-border">
            {d.departments.map((dep) => (
              <li key={dep.departmentId ?? 'none'} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2 text-sm">
                <span className="font-medium text-fg">{dep.departmentName ?? 'Chưa thuộc tổ nào'}</span>
                <span className="text-muted tabular-nums">
                  {formatValue(dep.teaching)}/{formatValue(dep.teachers)} giáo viên có giờ dạy · {formatValue(dep.courseClasses)} lớp
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </CardPanel>
  );
}
