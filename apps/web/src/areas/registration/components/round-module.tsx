import type { TModule } from '@app/shared/school';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { FilterSelect } from '@/components/data/filter-select';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { useUrlParams } from '@/components/data/url-params';
import { formatDateTime } from '@app/shared/format';
import type { ReactNode } from 'react';
import type { TRound, TRoundDetail } from '@app/shared/registration';
import { DataTable, type Column } from '@/components/data/data-table';
import { LoadError } from '@/components/ui/load-error';
import { SectionSpinner } from '@/components/ui/spinner';
import { useRound } from '../api/get-round';
import { useAllRounds, useRounds } from '../api/list-rounds';
import { RoundStateBadge } from './round-state-badge';
import { SeatBar } from './seat-bar';

/**
 * The module whose rounds a staff page shows: the one picked on the page (`?moduleId=`), else the module
 * of a round that is open or about to open, else of the latest round (registration is usually for the
 * next module, which the header's picker of the current semester does not list), else the header's
 * module; and its picker.
 */
export function useRoundModule(): { module: TModule | null; loading: boolean; picker: React.ReactNode } {
  const { module: headerModule, status } = useCurrentModule();
  const { get, update } = useUrlParams();
  const all = useAllRounds();
  const modules = useOptions(SOURCES.modules);
  const asked = Number(get('moduleId')) || null;
  // A round open now, else one about to open, else the latest (a round just closed stays in view).
  const latest = [...(all.data ?? [])].sort((a, b) => b.opensAt.localeCompare(a.opensAt))[0];
  const live = all.data?.find((r) => r.state === 'open') ?? all.data?.find((r) => r.state === 'upcoming') ?? latest;
  const id = asked ?? live?.moduleId ?? headerModule?.id ?? null;
  const module = modules.rows.find((m) => m.id === id) ?? (headerModule && headerModule.id === id ? headerModule : null);
  const loading = status === 'loading' || status === 'idle' || all.isPending || (modules.isLoading && !module);
  const picker = (
    <FilterSelect
      label="Học phần"
      value={id === null ? '' : String(id)}
      allLabel={null}
      onChange={(v) => update({ moduleId: v || null, round: null })}
      options={modules.options}
    />
  );
  return { module, loading, picker };
}

/**
 * What the staff pages share: the module and its picker, its rounds, the round chosen (`?round=`, else
 * the first) with its detail, and the rounds table's columns (the name selects the round).
 */
export function useRoundsPage() {
  const { module, loading, picker } = useRoundModule();
  const { get, update } = useUrlParams();
  const rounds = useRounds(module?.id ?? null);
  const asked = Number(get('round')) || null;
  const selectedId = rounds.data?.some((r) => r.id === asked) ? asked : (rounds.data?.[0]?.id ?? null);
  const detail = useRound(selectedId);
  const columns: Column<TRound>[] = [
    {
      key: 'name',
      header: 'Đợt đăng ký',
      primary: true,
      cell: (r) => (
        <button
          type="button"
          className="text-left font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          aria-current={r.id === selectedId ? 'true' : undefined}
          onClick={() => update({ round: String(r.id) })}
        >
          {r.name}
        </button>
      ),
    },
    { key: 'state', header: 'Trạng thái', cell: (r) => <RoundStateBadge state={r.state} /> },
    { key: 'time', header: 'Thời gian', cell: (r) => `${formatDateTime(r.opensAt)} – ${formatDateTime(r.closesAt)}`, hideOnMobile: true },
    { key: 'grades', header: 'Khối', cell: (r) => r.grades.join(', ') },
    {
      key: 'fill',
      header: 'Đã đăng ký',
      className: 'min-w-40',
      cell: (r) => <SeatBar taken={r.taken} capacity={r.seats} waiting={r.waiting} label={`${r.name}: chỗ đã đăng ký`} />,
    },
  ];
  return { module, loading, picker, rounds, selectedId, detail, columns, update };
}

/** The rounds table and, below it, the chosen round once loaded (`children`), with its loading and error states. */
export function RoundsPanel({
  page,
  emptyDescription,
  children,
}: {
  page: ReturnType<typeof useRoundsPage>;
  emptyDescription: string;
  children: (round: TRoundDetail) => ReactNode;
}) {
  const { rounds, columns, selectedId, detail } = page;
  return (
    <>
      <DataTable
        label="Danh sách đợt đăng ký"
        columns={columns}
        rows={rounds.data}
        rowKey={(r) => r.id}
        loading={rounds.isPending}
        error={rounds.error}
        onRetry={() => void rounds.refetch()}
        fetching={rounds.isFetching}
        emptyTitle="Chưa có đợt đăng ký"
        emptyDescription={emptyDescription}
      />
      {selectedId === null ? null : detail.isPending ? (
        <SectionSpinner label="Đang tải đợt đăng ký..." />
      ) : detail.isError ? (
        <LoadError
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
          fallback="Không thể tải đợt đăng ký."
        />
      ) : (
        children(detail.data)
      )}
    </>
  );
}
