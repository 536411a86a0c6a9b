import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FilePlus2 } from 'lucide-react';
import { toast } from 'sonner';
import type { TDeclarationPeriod } from '@app/shared/declarations';
import type { Option } from '@/components/data/filter-select';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button } from '@/components/ui/button';
import { CardPanel } from '@/components/ui/card-panel';
import { errorMessage } from '@/lib/api-client';
import { createDeclaration } from '../api/declarations';
import { DECLARATIONS_ROOT } from '../api/keys';
import { usePeriodTeachers } from '../api/teachers';
import { DeclarationList, PeriodPageFrame, usePeriodDeclarations } from '../components/declaration-list-page';
import { declarationColumns, useOpenDeclaration } from '../components/declarations-table';

/**
 * /teacher/department-teaching-declaration (the DECLARATION role, and heads): the department's
 * declarations of the chosen period with status and totals; "Tạo kê khai" (prefilled by the server)
 * for a teacher without one; each opens in the editor, where the holder edits and submits.
 */
export default function DepartmentDeclarationPage() {
  const title = useRouteTitle('Khai báo giảng dạy của tổ');
  return (
    <PeriodPageFrame title={title} subtitle="Kê khai giờ dạy của giáo viên trong tổ.">
      {(period) => <PeriodContent key={period.id} period={period} />}
    </PeriodPageFrame>
  );
}

function PeriodContent({ period }: { period: TDeclarationPeriod }) {
  const list = usePeriodDeclarations(period);
  const teachers = usePeriodTeachers(period.id);
  const rows = teachers.data ?? [];
  const missing = rows
    .filter((t) => t.declarationId === null)
    .map((t) => ({ id: t.teacherId, fullName: t.fullName, staffCode: t.staffCode }));
  const teacherOptions: Option[] = rows.map((t) => ({ value: t.teacherId, label: t.fullName, hint: t.staffCode }));
  const declaredCount = rows.length - missing.length;

  return (
    <>
      <MissingTeachers
        period={period}
        missing={missing}
        loading={teachers.isPending}
        unknown={teachers.isError}
        declaredCount={declaredCount}
      />
      <DeclarationList
        list={list}
        columns={declarationColumns({ comment: true })}
        teachers={teacherOptions}
        emptyTitle="Chưa có bản kê khai"
        emptyDescription="Tạo bản kê khai cho giáo viên của tổ: các dòng được điền sẵn từ thời khóa biểu và phân công."
      />
    </>
  );
}

/** Teachers of the department without a declaration in the period, each with "Tạo kê khai". */
function MissingTeachers({
  period,
  missing,
  loading,
  unknown,
  declaredCount,
}: {
  period: TDeclarationPeriod;
  missing: { id: number; fullName: string; staffCode: string }[];
  loading: boolean;
  /** The teachers' list could not be read: only the count is known. */
  unknown: boolean;
  declaredCount: number;
}) {
  const client = useQueryClient();
  const editor = useOpenDeclaration();
  const [busy, setBusy] = useState<number | null>(null);
  const create = async (teacherId: number) => {
    setBusy(teacherId);
    try {
      const res = await createDeclaration(period.id, teacherId);
      toast.success(res.message ?? 'Đã tạo bản kê khai (điền sẵn từ thời khóa biểu và phân công).');
      await invalidatePaths(client, [DECLARATIONS_ROOT]);
      editor.open(res.data.id);
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể tạo bản kê khai.'));
    } finally {
      setBusy(null);
    }
  };
  if (!loading && missing.length === 0 && !unknown) return null;
  return (
    <CardPanel
      title="Giáo viên chưa có bản kê khai"
      description={`${declaredCount}/${period.teacherCount} giáo viên của tổ đã có bản kê khai trong kỳ này.`}
      loading={loading}
    >
      {missing.length ? (
        <ul className="divide-y divide-border">
          {missing.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="text-fg">
                {t.fullName} <span className="text-xs text-muted">{t.staffCode}</span>
              </span>
              <Button
                variant="secondary"
                disabled={busy !== null}
                onClick={() => void create(t.id)}
                aria-label={`Tạo kê khai cho ${t.fullName}`}
              >
                <FilePlus2 aria-hidden="true" className="size-4" />
                {busy === t.id ? 'Đang tạo...' : 'Tạo kê khai'}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">
          Không đọc được danh sách giáo viên của tổ; còn {Math.max(0, period.teacherCount - declaredCount)} giáo viên chưa có bản kê khai.
        </p>
      )}
    </CardPanel>
  );
}
