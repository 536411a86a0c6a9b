import type { TCloseReport } from '@app/shared/registration';
import { formatValue } from '@/lib/format';

/** What closing did: enrolments made, students already enrolled, waitlist places dropped, students still unmet. */
export function CloseReport({ report }: { report: TCloseReport }) {
  const rows = [
    ['Ghi danh mới vào lớp', report.enrolled],
    ['Đã có trong lớp từ trước', report.alreadyEnrolled],
    ['Chỗ trong danh sách chờ bị hủy', report.waitlistDropped],
    ['Học sinh chưa đáp ứng quy tắc', report.unmetStudents],
  ] as const;
  return (
    <section aria-label="Kết quả chốt đăng ký" className="rounded-xl border border-primary/40 bg-primary/5 p-4">
      <h3 className="text-base font-semibold text-fg">Kết quả chốt đăng ký</h3>
      <dl className="mt-2 grid gap-2 sm:grid-cols-4">
        {rows.map(([label, n]) => (
          <div key={label} className="rounded-lg bg-surface p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-xl font-semibold text-fg tabular-nums">{formatValue(n)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
