import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FilePlus2, FolderOpen } from 'lucide-react';
import { toast } from 'sonner';
import { DECLARATION_HISTORY_ACTION_LABELS, type TDeclarationSummary } from '@app/shared/declarations';
import { formatDateTime } from '@app/shared/format';
import { MyPayStatements } from '@/areas/pay/runs/public';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button } from '@/components/ui/button';
import { CardPanel } from '@/components/ui/card-panel';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { errorMessage } from '@/lib/api-client';
import { createDeclaration, useDeclaration, useDeclarations } from '../api/declarations';
import { DECLARATIONS_ROOT } from '../api/keys';
import { useDeclarationPeriods } from '../api/periods';
import { usePeriodTeachers } from '../api/teachers';
import { DeclarationEditorDialog } from '../components/declaration-editor';
import { useOpenDeclaration } from '../components/declarations-table';
import { DeclarationStatusBadge } from '../components/status-badge';
import { WorkloadSteps, WorkloadTotals } from '../components/workload-figures';

/**
 * /teacher/teaching-declaration-results (TEACHER): the teacher's own declarations, one per semester, with
 * status, totals and the calculator's explanation, overtime, and every review comment of the history; a
 * draft or returned one opens in the editor, where they may edit and submit it (as `can` allows); then
 * their overtime pay of each approved or paid run (issue 16), from the pay area.
 */
export default function MyDeclarationsPage() {
  const title = useRouteTitle('Kết quả khai báo cá nhân');
  // Only the caller's own: a head's or a clerk's scope holds their colleagues' declarations too.
  const q = useDeclarations({ limit: '100', mine: '1' });
  const editor = useOpenDeclaration();
  return (
    <div className="space-y-4">
      <PageHeader title={title} subtitle="Bản kê khai giờ dạy của bạn theo từng học kỳ, số tiết được tính và nhận xét khi duyệt." />
      <StartOwn onOpen={editor.open} />
      {q.isPending ? (
        <SectionSpinner label="Đang tải bản kê khai..." />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} fallback="Không thể tải bản kê khai của bạn." />
      ) : q.data.items.length === 0 ? (
        <EmptyState
          title="Chưa có bản kê khai"
          description="Khi kỳ kê khai mở, bản kê khai của bạn sẽ được tạo (điền sẵn từ thời khóa biểu) và hiện ở đây."
        />
      ) : (
        q.data.items.map((d) => <DeclarationCard key={d.id} summary={d} onOpen={() => editor.open(d.id)} />)
      )}
      <MyPayStatements />
      <DeclarationEditorDialog id={editor.openId} onClose={editor.close} />
    </div>
  );
}

/**
 * A period open now in which the teacher has no declaration yet: "Tạo bản kê khai của tôi" (the server
 * prefills it from the timetable, tutoring and duties) opens it in the editor.
 */
function StartOwn({ onOpen }: { onOpen: (id: number) => void }) {
  const periods = useDeclarationPeriods();
  const now = Date.now();
  const open = (periods.data ?? []).find((p) => Date.parse(p.opensAt) <= now && now <= Date.parse(p.closesAt)) ?? null;
  const me = usePeriodTeachers(open?.id ?? null);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const self = me.data?.length === 1 ? me.data[0] : null;
  if (!open || !self || self.declarationId !== null) return null;
  const start = async () => {
    setBusy(true);
    try {
      const res = await createDeclaration(open.id, self.teacherId);
      toast.success(res.message ?? 'Đã tạo bản kê khai (điền sẵn từ thời khóa biểu và phân công).');
      await invalidatePaths(client, [DECLARATIONS_ROOT]);
      onOpen(res.data.id);
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể tạo bản kê khai.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <CardPanel
      title={`Kỳ kê khai ${open.semesterName} ${open.yearName} đang mở`}
      description={`Hạn nộp ${formatDateTime(open.closesAt)}. Bạn chưa có bản kê khai trong kỳ này.`}
      action={
        <Button onClick={() => void start()} disabled={busy}>
          <FilePlus2 aria-hidden="true" className="size-4" />
          {busy ? 'Đang tạo...' : 'Tạo bản kê khai của tôi'}
        </Button>
      }
    >
      <p className="text-sm text-muted">
        Các dòng được điền sẵn từ thời khóa biểu, buổi phụ đạo đã dạy và nhiệm vụ kiêm nhiệm; bạn sửa rồi nộp.
      </p>
    </CardPanel>
  );
}

function DeclarationCard({ summary, onOpen }: { summary: TDeclarationSummary; onOpen: () => void }) {
  const q = useDeclaration(summary.id);
  const d = q.data;
  const reviews = (d?.history ?? []).filter((h) => h.comment);
  return (
    <CardPanel
      title={`${summary.semesterName} ${summary.academicYearName}`}
      description={<DeclarationStatusBadge status={summary.status} />}
      action={
        <Button variant="secondary" onClick={onOpen} aria-label={`Mở bản kê khai ${summary.semesterName} ${summary.academicYearName}`}>
          <FolderOpen aria-hidden="true" className="size-4" />
          {d?.can.edit || d?.can.submit ? 'Mở để sửa, nộp' : 'Xem chi tiết'}
        </Button>
      }
      loading={q.isPending}
      error={q.isError ? q.error : undefined}
      onRetry={() => void q.refetch()}
    >
      {d ? (
        <div className="space-y-3">
          <WorkloadTotals result={d.result} />
          <details>
            <summary className="cursor-pointer rounded text-sm text-primary focus-visible:outline-2 focus-visible:outline-primary">
              Cách tính
            </summary>
            <div className="mt-2">
              <WorkloadSteps result={d.result} />
            </div>
          </details>
          <div>
            <h3 className="mb-1 text-sm font-medium text-fg">Nhận xét khi duyệt</h3>
            {reviews.length === 0 ? (
              <p className="text-sm text-muted">Chưa có nhận xét.</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {reviews.map((h) => (
                  <li key={h.id} className="rounded-lg border border-border px-3 py-2">
                    <p className="text-xs text-muted">
                      {DECLARATION_HISTORY_ACTION_LABELS[h.action]} · {h.actorName ?? 'Hệ thống'} · {formatDateTime(h.at)}
                    </p>
                    <p className="break-words whitespace-pre-line text-fg">{h.comment}</p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </CardPanel>
  );
}
