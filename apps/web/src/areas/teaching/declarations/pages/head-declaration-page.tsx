import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { toast } from 'sonner';
import type { TDeclarationPeriod, TDeclarationSummary } from '@app/shared/declarations';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button } from '@/components/ui/button';
import { bulkApprove } from '../api/declarations';
import { DECLARATIONS_ROOT } from '../api/keys';
import { DeclarationList, PeriodPageFrame, usePeriodDeclarations } from '../components/declaration-list-page';
import { declarationColumns } from '../components/declarations-table';

/**
 * /department/teaching-declaration (HEAD_DEPARTMENT): the department's declarations of the period with
 * status, totals and overtime; one click opens a declaration (read-only for the head) with approve and
 * return (comment required); the submitted ones chosen are approved at once after a confirmation.
 */
export default function HeadDeclarationPage() {
  const title = useRouteTitle('Khai báo giảng dạy');
  return (
    <PeriodPageFrame title={title} subtitle="Duyệt bản kê khai giờ dạy của tổ.">
      {(period) => <PeriodContent key={period.id} period={period} />}
    </PeriodPageFrame>
  );
}

function PeriodContent({ period }: { period: TDeclarationPeriod }) {
  const client = useQueryClient();
  const list = usePeriodDeclarations(period);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [asking, setAsking] = useState(false);
  const rows = list.tableProps.rows ?? [];
  const submitted = rows.filter((r) => r.status === 'submitted');
  const chosen = submitted.filter((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = submitted.length > 0 && chosen.length === submitted.length;

  const select = {
    key: 'select',
    header: 'Chọn',
    cell: (r: TDeclarationSummary) =>
      r.status === 'submitted' ? (
        <input
          type="checkbox"
          checked={selected.has(r.id)}
          onChange={() => toggle(r.id)}
          aria-label={`Chọn bản kê khai của ${r.teacherName}`}
          className="size-4 accent-primary"
        />
      ) : null,
  };

  return (
    <DeclarationList
      list={list}
      columns={[select, ...declarationColumns({ comment: true })]}
      emptyTitle="Chưa có bản kê khai"
      emptyDescription="Giáo viên hoặc người kê khai của tổ chưa tạo bản kê khai nào trong kỳ này."
      above={
        submitted.length ? (
          <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
            <label className="flex items-center gap-2 text-fg">
              <input
                type="checkbox"
                checked={allChosen}
                onChange={() => setSelected(allChosen ? new Set() : new Set(submitted.map((r) => r.id)))}
                className="size-4 accent-primary"
              />
              Chọn tất cả bản đã nộp ({submitted.length})
            </label>
            <Button onClick={() => setAsking(true)} disabled={chosen.length === 0}>
              <CheckCheck aria-hidden="true" className="size-4" />
              Duyệt {chosen.length ? `${chosen.length} ` : ''}bản đã chọn
            </Button>
          </div>
        ) : null
      }
    >
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`Duyệt ${chosen.length} bản kê khai?`}
        message={`Các bản kê khai của ${chosen.map((r) => r.teacherName).join(', ')} sẽ được duyệt. Bản nào đã thay đổi sau khi nộp sẽ được bỏ qua.`}
        confirmLabel="Duyệt"
        danger={false}
        onConfirm={async () => {
          const res = await bulkApprove(chosen.map((r) => r.id));
          const { approved, skipped } = res.data;
          toast.success(res.message ?? `Đã duyệt ${approved.length} bản kê khai.`);
          for (const s of skipped) {
            const who = rows.find((r) => r.id === s.id)?.teacherName ?? `#${s.id}`;
            toast.warning(`Bỏ qua bản kê khai của ${who}: ${s.reason}`);
          }
          setSelected(new Set());
          await invalidatePaths(client, [DECLARATIONS_ROOT]);
        }}
      />
    </DeclarationList>
  );
}
