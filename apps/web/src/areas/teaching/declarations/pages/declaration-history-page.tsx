import { useMemo, useRef, useState } from 'react';
import { Eye } from 'lucide-react';
import { DECLARATION_HISTORY_ACTIONS, DECLARATION_HISTORY_ACTION_LABELS, type TDeclarationHistoryRow } from '@app/shared/declarations';
import { displayToIso, formatDateTime, isoToDisplay, maskDateInput } from '@app/shared/format';
import { DataTable } from '@/components/data/data-table';
import { FilterSelect, type Option } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Modal } from '@/components/data/modal';
import { Pagination } from '@/components/data/pagination';
import { IconAction } from '@/components/data/row-actions';
import { SOURCES } from '@/components/data/school-sources';
import { useUrlParams } from '@/components/data/url-params';
import { useOptions } from '@/components/data/use-options';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useHistorySearch } from '../api/history';
import { useDeclarationPeriods } from '../api/periods';
import { ChangesDiff, changesCount } from '../components/changes-diff';
import { statusChange } from '../components/history-list';
import { periodLabel } from '../lib/periods';

const FILTERS = ['teacherId', 'departmentId', 'periodId', 'actorId', 'from', 'to', 'action'] as const;

/** A dd/mm/yyyy filter: the address gets YYYY-MM-DD once the day is whole, nothing while it is being typed. */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (iso: string) => void }) {
  const [text, setText] = useState(isoToDisplay(value));
  const invalid = text !== '' && displayToIso(text) === null;
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-muted">
      {label}
      <input
        type="text"
        inputMode="numeric"
        placeholder="dd/mm/yyyy"
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          const t = maskDateInput(e.target.value);
          setText(t);
          const iso = displayToIso(t);
          if (t === '') onChange('');
          else if (iso) onChange(iso);
        }}
        className={`w-full rounded-lg border bg-surface px-3 py-2 text-sm font-normal text-fg focus-visible:outline-2 focus-visible:outline-primary md:w-36 ${invalid ? 'border-danger' : 'border-border'}`}
      />
    </label>
  );
}

/**
 * /admin/declaration-history and /principal/declaration-history: the declaration history searched by
 * teacher, department, period, actor, date range and kind of change; a paged table; a row's changes as
 * a diff (lines added, removed, changed with before → after).
 */
export default function DeclarationHistoryPage() {
  const title = useRouteTitle('Lịch sử khai báo');
  const url = useUrlParams();
  const filters = Object.fromEntries(FILTERS.map((k) => [k, url.get(k) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const page = Math.max(1, Number(url.get('page')) || 1);
  const limit = Math.min(100, Math.max(1, Number(url.get('limit')) || 20));
  const params = useMemo(() => {
    const p: Record<string, string> = { page: String(page), limit: String(limit) };
    for (const k of FILTERS) if (filters[k]) p[k] = filters[k];
    return p;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, limit, ...FILTERS.map((k) => filters[k])]);
  const q = useHistorySearch(params);
  const set = (key: string, value: string) => url.update({ [key]: value || null, page: null });
  const [shown, setShown] = useState<TDeclarationHistoryRow | null>(null);

  const teachers = useOptions(SOURCES.teachers);
  const departments = useOptions(SOURCES.departments);
  const periods = useDeclarationPeriods();
  // Actors are people who acted in declarations: the ones the search has met so far (the history names them).
  const actors = useRef(new Map<number, string>());
  for (const r of q.data?.items ?? []) if (r.actorId !== null) actors.current.set(r.actorId, r.actorName ?? `#${r.actorId}`);
  const actorOptions: Option[] = [...actors.current.entries()].map(([value, label]) => ({ value, label }));
  const active = FILTERS.filter((k) => filters[k]).length;

  return (
    <div>
      <PageHeader title={title} subtitle="Mọi thay đổi và chuyển trạng thái của bản kê khai giờ dạy: ai, khi nào, thay đổi gì." />
      <ListToolbar
        activeFilters={active}
        filters={
          <>
            <FilterSelect label="Giáo viên" value={filters.teacherId} onChange={(v) => set('teacherId', v)} options={teachers.options} />
            <FilterSelect label="Tổ" value={filters.departmentId} onChange={(v) => set('departmentId', v)} options={departments.options} />
            <FilterSelect
              label="Kỳ kê khai"
              value={filters.periodId}
              onChange={(v) => set('periodId', v)}
              options={(periods.data ?? []).map((p) => ({ value: p.id, label: periodLabel(p) }))}
            />
            <FilterSelect label="Người thực hiện" value={filters.actorId} onChange={(v) => set('actorId', v)} options={actorOptions} />
            <FilterSelect
              label="Thao tác"
              value={filters.action}
              onChange={(v) => set('action', v)}
              options={DECLARATION_HISTORY_ACTIONS.map((a) => ({ value: a, label: DECLARATION_HISTORY_ACTION_LABELS[a] }))}
            />
            <DateFilter label="Từ ngày" value={filters.from} onChange={(v) => set('from', v)} />
            <DateFilter label="Đến ngày" value={filters.to} onChange={(v) => set('to', v)} />
          </>
        }
        actions={
          active ? (
            <Button variant="ghost" onClick={() => url.update(Object.fromEntries([...FILTERS, 'page'].map((k) => [k, null])))}>
              Xóa bộ lọc
            </Button>
          ) : null
        }
      />
      <DataTable
        label="Lịch sử khai báo"
        rows={q.data?.items}
        rowKey={(r) => r.id}
        loading={q.isPending}
        fetching={q.isFetching}
        error={q.isError && !q.data ? q.error : null}
        onRetry={() => void q.refetch()}
        searching={active > 0}
        emptyTitle="Chưa có lịch sử"
        emptyDescription="Các thao tác trên bản kê khai sẽ hiện ở đây."
        columns={[
          { key: 'at', header: 'Thời điểm', cell: (r) => formatDateTime(r.at) },
          {
            key: 'teacher',
            header: 'Giáo viên',
            primary: true,
            cell: (r) => (
              <span>
                <span className="font-medium">{r.teacherName}</span> <span className="text-xs text-muted">{r.teacherCode}</span>
              </span>
            ),
          },
          { key: 'department', header: 'Tổ', cell: (r) => r.departmentName ?? '—' },
          { key: 'period', header: 'Học kỳ', cell: (r) => r.semesterName },
          {
            key: 'action',
            header: 'Thao tác',
            cell: (r) => (
              <span>
                {DECLARATION_HISTORY_ACTION_LABELS[r.action]}
                {statusChange(r) ? <span className="block text-xs text-muted">{statusChange(r)}</span> : null}
              </span>
            ),
          },
          { key: 'actor', header: 'Người thực hiện', cell: (r) => r.actorName ?? 'Hệ thống' },
          {
            key: 'detail',
            header: 'Nội dung',
            className: 'max-w-72 break-words',
            cell: (r) => [changesCount(r.changes), r.comment ? `“${r.comment}”` : ''].filter(Boolean).join(' · ') || '—',
          },
        ]}
        actions={(r) => (
          <IconAction icon={Eye} label={`Xem thay đổi lúc ${formatDateTime(r.at)} của ${r.teacherName}`} onClick={() => setShown(r)} />
        )}
      />
      <Pagination
        page={page}
        limit={limit}
        total={q.data?.total ?? 0}
        onPageChange={(p) => url.update({ page: p > 1 ? String(p) : null })}
        onLimitChange={(l) => url.update({ limit: String(l), page: null })}
        hidden={!q.data || q.data.total === 0}
      />
      <Modal
        open={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? `${DECLARATION_HISTORY_ACTION_LABELS[shown.action]} – ${shown.teacherName}` : ''}
        description={
          shown
            ? `${shown.actorName ?? 'Hệ thống'} · ${formatDateTime(shown.at)} · ${shown.semesterName}${statusChange(shown) ? ` · ${statusChange(shown)}` : ''}`
            : undefined
        }
        size="lg"
      >
        {shown ? (
          <div className="space-y-3">
            {shown.comment ? <p className="text-sm break-words whitespace-pre-line text-fg">Nhận xét: {shown.comment}</p> : null}
            <ChangesDiff changes={shown.changes} />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
