import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BellRing, CheckCircle2, Lock, LockOpen } from 'lucide-react';
import { toast } from 'sonner';
import { type TDeclarationPeriod, type TDeclarationSummary, type TDeclarationTransition } from '@app/shared/declarations';
import { FilterSelect } from '@/components/data/filter-select';
import { IconAction } from '@/components/data/row-actions';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { transition, useAllDeclarations } from '../api/declarations';
import { DECLARATIONS_ROOT } from '../api/keys';
import { remindPeriod } from '../api/periods';
import { DepartmentCounts, overdueColumn } from '../components/department-counts';
import { DeclarationList, PeriodPageFrame, usePeriodDeclarations } from '../components/declaration-list-page';
import { declarationColumns } from '../components/declarations-table';
import { TRANSITION_TEXT, TransitionDialog } from '../components/transition-dialog';
import { WorkloadTabs } from '../components/workload-tabs';

/**
 * /academic/teaching-declaration (ACADEMIC_AFFAIR): every department's declarations of the period —
 * counts by status per department, the deadlines with late ones highlighted, confirm / lock / unlock
 * (with a reason) per declaration, and "Nhắc nộp" for the teachers who have not submitted; beside them,
 * every department's assignments and the workload rules (WorkloadTabs).
 */
export default function AcademicDeclarationPage() {
  const title = useRouteTitle('Khai báo giảng dạy');
  return (
    <WorkloadTabs
      declarations={
        <PeriodPageFrame
          title={title}
          subtitle="Xác nhận và khóa bản kê khai giờ dạy của các tổ."
          actions={(p) => <RemindButton period={p} />}
        >
          {(period) => <PeriodContent key={period.id} period={period} />}
        </PeriodPageFrame>
      }
    />
  );
}

function RemindButton({ period }: { period: TDeclarationPeriod }) {
  const [busy, setBusy] = useState(false);
  const remind = async () => {
    setBusy(true);
    try {
      const res = await remindPeriod(period.id);
      toast.success(res.data.reminded ? `Đã nhắc ${res.data.reminded} giáo viên chưa nộp.` : 'Không còn giáo viên nào cần nhắc.');
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể gửi nhắc nhở.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void remind()} disabled={busy}>
      <BellRing aria-hidden="true" className="size-4" />
      {busy ? 'Đang nhắc...' : 'Nhắc nộp'}
    </Button>
  );
}

/** The office's step of each status: approved → confirm, confirmed → lock, locked → unlock. */
const OFFICE_STEP: Partial<Record<TDeclarationSummary['status'], { action: TDeclarationTransition; icon: typeof Lock }>> = {
  approved: { action: 'confirm', icon: CheckCircle2 },
  confirmed: { action: 'lock', icon: Lock },
  locked: { action: 'unlock', icon: LockOpen },
};

function PeriodContent({ period }: { period: TDeclarationPeriod }) {
  const client = useQueryClient();
  const list = usePeriodDeclarations(period);
  const [pending, setPending] = useState<{ row: TDeclarationSummary; action: TDeclarationTransition } | null>(null);
  const all = useAllDeclarations(period.id);
  const departments = [...new Map((all.data ?? []).filter((r) => r.departmentId).map((r) => [r.departmentId, r.departmentName])).entries()];
  return (
    <>
      <DepartmentCounts period={period} />
      <DeclarationList
        list={list}
        columns={declarationColumns({ department: true, extra: [overdueColumn(period)] })}
        emptyTitle="Chưa có bản kê khai"
        emptyDescription="Chưa tổ nào tạo bản kê khai trong kỳ này."
        extraFilters={
          <FilterSelect
            label="Tổ"
            value={list.filters.departmentId}
            onChange={(v) => list.setFilter('departmentId', v)}
            options={departments.map(([id, name]) => ({ value: id as number, label: name ?? '' }))}
          />
        }
        rowActions={(r) => {
          const step = OFFICE_STEP[r.status];
          return step ? (
            <IconAction
              icon={step.icon}
              label={`${TRANSITION_TEXT[step.action].button} bản kê khai của ${r.teacherName}`}
              onClick={() => setPending({ row: r, action: step.action })}
            />
          ) : null;
        }}
      >
        <TransitionDialog
          action={pending?.action ?? null}
          who={pending ? `của ${pending.row.teacherName} (${pending.row.teacherCode})` : ''}
          onClose={() => setPending(null)}
          onConfirm={async (comment) => {
            if (!pending) return;
            const res = await transition(pending.row.id, pending.action, { version: pending.row.version, ...(comment ? { comment } : {}) });
            toast.success(res.message ?? TRANSITION_TEXT[pending.action].done);
            await invalidatePaths(client, [DECLARATIONS_ROOT]);
          }}
        />
      </DeclarationList>
    </>
  );
}
