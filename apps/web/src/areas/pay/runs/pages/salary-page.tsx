import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { PAY_RUN_KIND_LABELS, PAY_RUN_STATUSES, PAY_RUN_STATUS_LABELS, type TPayRunSummary } from '@app/shared/pay';
import { PayRunStatusBadge } from '@/areas/pay/core/components/run-status-badge';
import { moneyColumn } from '@/areas/pay/core/lib/columns';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { useRouteTitle } from '@/components/data/use-route-title';
import { useUrlParams } from '@/components/data/url-params';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { usePayRunList } from '../api/list-runs';
import { CreateRunDialog, type CreateRunPreset } from '../components/create-run-dialog';
import { RunView } from '../components/run-view';
import { runScope } from '../lib/format';

const STATUS_OPTIONS = PAY_RUN_STATUSES.map((s) => ({ value: s, label: PAY_RUN_STATUS_LABELS[s] }));
/** The run's own list state (lines table) lives under "l_"; leaving a run drops it. */
const RUN_PARAMS = /^(run|l_)/;

/** The address of the same page with `run` set (or removed), the runs list's filters kept. */
function withRun(search: string, runId: number | null): string {
  const next = new URLSearchParams(search);
  for (const k of [...next.keys()]) if (RUN_PARAMS.test(k)) next.delete(k);
  if (runId !== null) next.set('run', String(runId));
  const s = next.toString();
  return s ? `?${s}` : '?';
}

/**
 * /accountant/salary (ACCOUNTANT): the pay runs, newest first, filtered by year and state, and "Tạo đợt tính";
 * a run opens in place (?run=ID: a reload or Back keeps it) with its header, blocking teachers, totals,
 * lines and the actions its state allows.
 */
export default function SalaryPage() {
  const title = useRouteTitle('Quản lý thù lao');
  const url = useUrlParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [create, setCreate] = useState<CreateRunPreset | null>(null);
  const runId = Number(url.get('run')) || null;
  const open = (id: number | null) => void navigate({ search: withRun(search, id) });

  return (
    <div className="space-y-4">
      {runId ? (
        <RunView runId={runId} mode="manage" onBack={() => open(null)} onCreateAdjustment={setCreate} onDeleted={() => open(null)} />
      ) : (
        <RunList title={title} search={search} onCreate={() => setCreate({})} />
      )}
      <CreateRunDialog
        open={create !== null}
        preset={create ?? undefined}
        onClose={() => setCreate(null)}
        onCreated={(run) => open(run.id)}
      />
    </div>
  );
}

function RunList({ title, search, onCreate }: { title: string; search: string; onCreate: () => void }) {
  const list = usePayRunList();
  const years = useOptions(SOURCES.years);
  const columns: Column<TPayRunSummary>[] = [
    {
      key: 'name',
      header: 'Đợt tính',
      primary: true,
      className: 'min-w-48',
      // The kind under the name: the list's columns fit 1280 px beside the menu.
      cell: (r) => (
        <>
          <Link
            to={{ search: withRun(search, r.id) }}
            className="font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            {r.name}
          </Link>
          <span className="block text-xs text-muted">{PAY_RUN_KIND_LABELS[r.kind]}</span>
        </>
      ),
    },
    { key: 'scope', header: 'Năm học / học kỳ', cell: (r) => runScope(r), className: 'whitespace-nowrap' },
    {
      key: 'status',
      header: 'Trạng thái',
      cell: (r) => <PayRunStatusBadge status={r.status} />,
      className: 'whitespace-nowrap',
    },
    { key: 'teachers', header: 'Giáo viên', cell: (r) => r.teachers, align: 'right' },
    {
      key: 'blockers',
      header: 'Chưa đủ điều kiện',
      align: 'right',
      cell: (r) => (r.blockers ? <Badge tone="danger">{r.blockers}</Badge> : '0'),
    },
    moneyColumn({ key: 'amount', header: 'Thành tiền', value: (r) => r.amount }),
  ];
  // "Còn phải chi" differs from the amount only after earlier runs paid part of it (adjustments).
  if (list.tableProps.rows?.some((r) => r.due !== r.amount))
    columns.push(moneyColumn({ key: 'due', header: 'Còn phải chi', value: (r) => r.due, hideOnMobile: true }));
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Các đợt tính tiền dạy thêm giờ theo Thông tư 21/2025: tính từ kê khai đã khóa, trình Hiệu trưởng duyệt, rồi chi trả."
        actions={
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" className="size-4" />
            Tạo đợt tính
          </Button>
        }
      />
      <ListToolbar
        filters={
          <>
            <FilterSelect
              label="Năm học"
              value={list.filters.academicYearId}
              onChange={(v) => list.setFilter('academicYearId', v)}
              options={years.options}
            />
            <FilterSelect
              label="Trạng thái"
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              options={STATUS_OPTIONS}
            />
          </>
        }
        activeFilters={list.activeFilters}
      />
      <DataTable
        label="Danh sách đợt tính tiền dạy thêm giờ"
        columns={columns}
        rowKey={(r) => r.id}
        emptyTitle="Chưa có đợt tính nào"
        emptyDescription="Bấm “Tạo đợt tính” để tính tiền dạy thêm giờ của một năm học hoặc tạm tính một học kỳ."
        {...list.tableProps}
      />
      <Pagination {...list.paginationProps} />
    </>
  );
}
