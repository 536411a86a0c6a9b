import { useState } from 'react';
import { ArrowLeft, Calculator, CheckCircle2, Lock, Printer, Send, Trash2, Undo2, WalletCards, FilePlus2 } from 'lucide-react';
import { toast } from 'sonner';
import { PAY_RUN_STATUS_LABELS, type TPayLine, type TPayRunDetail, type TPayTransitionAction } from '@app/shared/pay';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { blobErrorMessage } from '@/lib/download';
import { deleteRun } from '../api/delete-run';
import { exportRun } from '../api/export-run';
import { usePayRun } from '../api/get-run';
import { recomputeRun } from '../api/recompute-run';
import { transitionRun } from '../api/transition-run';
import { BlockersPanel } from './blockers-panel';
import type { CreateRunPreset } from './create-run-dialog';
import { DepartmentTotals } from './department-totals';
import { LineDialog } from './line-dialog';
import { LinesTable } from './lines-table';
import { PayrollPrintDialog } from './payroll-print';
import { RunSummary } from './run-summary';
import { PayTransitionDialog } from './transition-dialog';
import { useRunWrite } from './use-run-write';

/** 'manage': the accountant's actions; 'approve': the principal's, the rest read-only. */
export type RunViewMode = 'manage' | 'approve';

const DONE: Record<TPayTransitionAction, string> = {
  submit: 'Đã trình Hiệu trưởng duyệt.',
  approve: 'Đã duyệt đợt thanh toán.',
  return: 'Đã trả lại đợt thanh toán.',
  pay: 'Đã xác nhận chi trả.',
};

/**
 * One pay run: its header (state, who and when, the values used, totals), the blocking teachers, the
 * totals per department, the lines (each opening its explanation), and the actions its state and the
 * viewer allow, each behind a confirmation; "Xuất Excel" and "In bảng thanh toán" for everyone who reads it.
 */
export function RunView({
  runId,
  mode,
  onBack,
  backLabel,
  onCreateAdjustment,
  onDeleted,
}: {
  runId: number;
  mode: RunViewMode;
  onBack?: () => void;
  backLabel?: string;
  onCreateAdjustment?: (preset: CreateRunPreset) => void;
  onDeleted?: () => void;
}) {
  const q = usePayRun(runId);
  if (q.isPending) return <SectionSpinner label="Đang tải đợt tính..." />;
  if (q.isError)
    return (
      <div className="space-y-4">
        {onBack ? <BackButton onBack={onBack} label={backLabel} /> : null}
        <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} fallback="Không thể tải đợt tính." />
      </div>
    );
  return (
    <Loaded run={q.data} mode={mode} onBack={onBack} backLabel={backLabel} onCreateAdjustment={onCreateAdjustment} onDeleted={onDeleted} />
  );
}

function BackButton({ onBack, label = 'Danh sách đợt tính' }: { onBack: () => void; label?: string }) {
  return (
    <Button variant="ghost" onClick={onBack} className="-ml-2">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}

function Loaded({
  run,
  mode,
  onBack,
  backLabel,
  onCreateAdjustment,
  onDeleted,
}: {
  run: TPayRunDetail;
  mode: RunViewMode;
  onBack?: () => void;
  backLabel?: string;
  onCreateAdjustment?: (preset: CreateRunPreset) => void;
  onDeleted?: () => void;
}) {
  const write = useRunWrite();
  const [transition, setTransition] = useState<TPayTransitionAction | null>(null);
  const [confirm, setConfirm] = useState<'recompute' | 'delete' | null>(null);
  const [printing, setPrinting] = useState(false);
  const [line, setLine] = useState<TPayLine | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await exportRun(run.id);
    } catch (err) {
      toast.error(await blobErrorMessage(err, 'Không thể xuất bảng thanh toán. Vui lòng thử lại sau.'));
    } finally {
      setExporting(false);
    }
  };

  const manage = mode === 'manage';
  const actions = (
    <div className="flex flex-wrap gap-2">
      {manage && run.status === 'draft' ? (
        <>
          <Button variant="secondary" onClick={() => setConfirm('recompute')}>
            <Calculator aria-hidden="true" className="size-4" />
            Tính lại
          </Button>
          <Button onClick={() => setTransition('submit')}>
            <Send aria-hidden="true" className="size-4" />
            Trình duyệt
          </Button>
          <Button variant="secondary" onClick={() => setConfirm('delete')}>
            <Trash2 aria-hidden="true" className="size-4" />
            Xóa
          </Button>
        </>
      ) : null}
      {manage && run.status === 'approved' ? (
        <Button onClick={() => setTransition('pay')}>
          <WalletCards aria-hidden="true" className="size-4" />
          Xác nhận đã chi trả
        </Button>
      ) : null}
      {manage && run.status === 'paid' && onCreateAdjustment ? (
        <Button
          variant="secondary"
          onClick={() => onCreateAdjustment({ kind: 'adjustment', academicYearId: run.academicYearId, adjustsRunId: run.id })}
        >
          <FilePlus2 aria-hidden="true" className="size-4" />
          Tạo đợt điều chỉnh
        </Button>
      ) : null}
      {mode === 'approve' && run.status === 'submitted' ? (
        <>
          <Button onClick={() => setTransition('approve')}>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Duyệt
          </Button>
          <Button variant="secondary" onClick={() => setTransition('return')}>
            <Undo2 aria-hidden="true" className="size-4" />
            Trả lại
          </Button>
        </>
      ) : null}
      <Button variant="secondary" onClick={() => void exportXlsx()} disabled={exporting} aria-busy={exporting}>
        {exporting ? 'Đang xuất...' : 'Xuất Excel'}
      </Button>
      <Button variant="secondary" onClick={() => setPrinting(true)} disabled={run.departments.length === 0}>
        <Printer aria-hidden="true" className="size-4" />
        In bảng thanh toán
      </Button>
    </div>
  );

  const departments = run.departments
    .filter((d) => d.departmentId !== null)
    .map((d) => ({ value: d.departmentId as number, label: d.departmentName }));
  const showPaid = run.kind === 'adjustment' || run.due !== run.amount;

  return (
    <div className="space-y-5">
      {onBack ? <BackButton onBack={onBack} label={backLabel} /> : null}
      <PageHeader title={run.name} />
      {actions}
      {run.status === 'paid' ? (
        <p role="note" className="flex items-start gap-2 rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Đợt đã chi trả: số liệu được giữ nguyên, thay đổi hệ số, quy định hay kê khai sau này không làm đổi đợt này. Cần sửa thì tạo đợt
          điều chỉnh.
        </p>
      ) : !manage && run.status !== 'submitted' ? (
        <p role="note" className="rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg">
          Đợt tính đang ở trạng thái “{PAY_RUN_STATUS_LABELS[run.status]}”: không có việc chờ Hiệu trưởng duyệt.
        </p>
      ) : manage && run.status === 'submitted' ? (
        <p role="note" className="rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg">
          Đợt tính đang chờ Hiệu trưởng duyệt; nếu bị trả lại, đợt trở về nháp để sửa và tính lại.
        </p>
      ) : null}
      <RunSummary run={run} />
      <BlockersPanel blockers={run.blockerList} />
      <section aria-labelledby="pay-departments" className="space-y-3">
        <h2 id="pay-departments" className="text-base font-semibold text-fg">
          Tổng theo tổ chuyên môn
        </h2>
        <DepartmentTotals rows={run.departments} showDue={showPaid} />
      </section>
      <section aria-labelledby="pay-lines" className="space-y-3">
        <h2 id="pay-lines" className="text-base font-semibold text-fg">
          Bảng tiền dạy thêm giờ ({run.teachers} giáo viên)
        </h2>
        <LinesTable
          runId={run.id}
          departments={departments}
          showPaid={showPaid}
          capLabel={`vượt ${run.ruleSet.overtimeCapPerYear} tiết`}
          onOpen={setLine}
        />
      </section>

      <LineDialog runId={run.id} teacherId={line?.teacherId ?? null} name={line?.fullName ?? ''} onClose={() => setLine(null)} />
      <PayrollPrintDialog run={run} open={printing} onClose={() => setPrinting(false)} />
      <PayTransitionDialog
        action={transition}
        run={run}
        onClose={() => setTransition(null)}
        onConfirm={(c) =>
          write.run(
            () =>
              transitionRun(run.id, {
                action: transition as TPayTransitionAction,
                version: run.version,
                comment: c.comment,
                ...(c.proceedWithoutBlocked ? { proceedWithoutBlocked: true } : {}),
              }),
            DONE[transition as TPayTransitionAction],
          )
        }
      />
      <ConfirmDialog
        open={confirm === 'recompute'}
        onClose={() => setConfirm(null)}
        title="Tính lại đợt tính?"
        message="Số liệu được tính lại từ kê khai đã khóa, hệ số và quy định hiện hành; giáo viên vừa đủ điều kiện được thêm vào."
        confirmLabel="Tính lại"
        danger={false}
        onConfirm={() => write.run(() => recomputeRun(run.id, run.version), 'Đã tính lại đợt tính.')}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onClose={() => setConfirm(null)}
        title={`Xóa ${run.name}?`}
        message="Đợt tính nháp và mọi dòng đã tính sẽ bị xóa. Thao tác này không hoàn tác được."
        onConfirm={() => write.run(() => deleteRun(run.id), 'Đã xóa đợt tính.', onDeleted)}
      />
    </div>
  );
}
