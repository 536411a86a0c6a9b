import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Eye, FilterX } from 'lucide-react';
import { ZSystemLog, ZSystemLogFacets, type TSystemLog } from '@app/shared/school';
import { DataTable, type Column } from '@/components/data/data-table';
import { ExportButton } from '@/components/data/export-button';
import { FilterSelect } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { IconAction } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useUrlParams } from '@/components/data/url-params';
import { useListQuery } from '@/components/data/use-list-query';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { apiClient, unwrap } from '@/lib/api-client';
import { formatDateTime, SCHOOL_TZ } from '@app/shared/format';
import { ActorFilter } from '../components/actor-filter';
import { DateFilter } from '../components/date-filter';
import { LogActor } from '../components/log-actor';
import { entityTarget, LogDetailDialog } from '../components/log-detail-dialog';
import { actionLabel, actionOptions, entityLabel, entityOptions, optionValue } from '../log-labels';

/**
 * Kept in the address, so a link can open the log filtered: `?from=YYYY-MM-DD&to=YYYY-MM-DD` (whole
 * days in the school's time zone, inclusive), `entity`/`action` (codes, several joined by commas),
 * `actorId`, `search`.
 */
const FILTERS = ['actorId', 'entity', 'action', 'from', 'to'] as const;

/** Today in the school's time zone, YYYY-MM-DD. */
const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TZ }).format(new Date());

function useLogFacets() {
  return useQuery({
    queryKey: ['options', '/v1/system-logs/entities'],
    queryFn: async () => unwrap(ZSystemLogFacets, (await apiClient.get('/v1/system-logs/entities')).data),
    staleTime: 60_000,
  });
}

const columns: Column<TSystemLog>[] = [
  {
    key: 'time',
    header: 'Thời gian',
    sortKey: 'createdAt',
    className: 'whitespace-nowrap tabular-nums',
    cell: (l) => <time dateTime={l.createdAt}>{formatDateTime(l.createdAt)}</time>,
  },
  {
    key: 'actor',
    header: 'Người thực hiện',
    sortKey: 'actorName',
    cell: (l) => <LogActor actor={l.actor} />,
  },
  {
    key: 'action',
    header: 'Hành động',
    sortKey: 'action',
    primary: true,
    cell: (l) => <span className="font-medium">{actionLabel(l.action)}</span>,
  },
  {
    key: 'entity',
    header: 'Đối tượng',
    sortKey: 'entity',
    cell: (l) => (
      <div className="min-w-0">
        <p>{entityLabel(l.entity)}</p>
        {entityTarget(l) ? <p className="text-xs break-words text-muted">{entityTarget(l)}</p> : null}
      </div>
    ),
  },
];

export default function SystemLogsPage() {
  const facets = useLogFacets();
  const list = useListQuery({
    path: '/v1/system-logs',
    schema: ZSystemLog,
    filterKeys: FILTERS,
    defaults: { sort: 'createdAt', order: 'desc', limit: 20 },
  });
  const [open, setOpen] = useState<TSystemLog | null>(null);
  const params = useUrlParams();
  // One address change for all filters (several setFilter calls in a row would each start from the old address).
  const clearFilters = () => params.update(Object.fromEntries([...FILTERS, 'search', 'page'].map((k) => [k, null])));
  const { filters } = list;
  const rangeWrong = Boolean(filters.from && filters.to && filters.from > filters.to);
  const anyFilter = FILTERS.some((k) => filters[k]) || Boolean(list.search);

  // One entry per label: "Học sinh" stands for `student` and an import's `students`.
  const entities = entityOptions(facets.data?.entities ?? []);
  const actions = actionOptions(facets.data?.actions ?? []);
  const today = schoolToday();
  const isToday = filters.from === today && filters.to === today;

  return (
    <div>
      <PageHeader title="Nhật ký hệ thống" subtitle="Mọi thay đổi dữ liệu: ai làm, lúc nào, trước và sau khi thay đổi." />
      <ListToolbar actions={<ExportButton path="/v1/system-logs" params={list.exportParams} filename="nhat-ky-he-thong.xlsx" />}>
        <SearchInput
          value={list.searchText}
          onChange={list.setSearch}
          placeholder="Tìm theo đối tượng, người thực hiện..."
          label="Tìm trong nhật ký"
        />
        <ActorFilter value={filters.actorId} onChange={(v) => list.setFilter('actorId', v)} />
        <FilterSelect
          label="Đối tượng"
          value={optionValue(entities, filters.entity)}
          onChange={(v) => list.setFilter('entity', v)}
          options={entities}
        />
        <FilterSelect
          label="Hành động"
          value={optionValue(actions, filters.action)}
          onChange={(v) => list.setFilter('action', v)}
          options={actions}
        />
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <DateFilter label="Từ ngày" value={filters.from} onChange={(v) => list.setFilter('from', v)} />
          <DateFilter label="Đến ngày" value={filters.to} onChange={(v) => list.setFilter('to', v)} />
          <Button
            variant="secondary"
            className="col-span-2 sm:col-span-1"
            aria-pressed={isToday}
            onClick={() => params.update({ from: today, to: today, page: null })}
          >
            <CalendarCheck aria-hidden="true" className="size-4" />
            Hôm nay
          </Button>
        </div>
        {anyFilter ? (
          <Button variant="ghost" onClick={clearFilters}>
            <FilterX aria-hidden="true" className="size-4" />
            Bỏ lọc
          </Button>
        ) : null}
      </ListToolbar>
      {rangeWrong ? (
        <p role="alert" className="mb-3 text-sm text-danger">
          “Từ ngày” đang sau “Đến ngày”, nên không có bản ghi nào khớp.
        </p>
      ) : null}

      <DataTable
        label="Nhật ký hệ thống"
        columns={columns}
        rowKey={(l) => l.id}
        {...list.tableProps}
        emptyTitle="Chưa có bản ghi nào"
        actions={(l) => <IconAction icon={Eye} label={`Xem chi tiết thay đổi #${l.id}`} onClick={() => setOpen(l)} />}
      />
      <Pagination {...list.paginationProps} />
      <LogDetailDialog log={open} onClose={() => setOpen(null)} />
    </div>
  );
}
