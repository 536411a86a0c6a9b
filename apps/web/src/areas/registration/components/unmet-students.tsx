import { useMemo, useState } from 'react';
import type { TRoundStudent } from '@app/shared/registration';
import { foldVietnamese } from '@app/shared/vietnamese';
import { DataTable, type Column } from '@/components/data/data-table';
import { Pagination } from '@/components/data/pagination';
import { SearchInput } from '@/components/data/search-input';

const columns: Column<TRoundStudent>[] = [
  { key: 'name', header: 'Học sinh', primary: true, cell: (s) => `${s.fullName} (${s.studentCode})` },
  { key: 'class', header: 'Lớp', cell: (s) => s.homeroomClassName ?? '—' },
  {
    key: 'registered',
    header: 'Đã đăng ký',
    align: 'right',
    cell: (s) => `${s.registered}${s.waitlisted ? ` (+${s.waitlisted} chờ)` : ''}`,
  },
  { key: 'problems', header: 'Còn thiếu', cell: (s) => s.rules.problems.join('; ') },
];

/**
 * The students of a round who have not met its rules (a whole grade while a round opens: hundreds),
 * searched by name, code or class and paged here, from the one list the page already holds (the
 * reminder and the export take them all).
 */
export function UnmetStudents(props: {
  rows: TRoundStudent[] | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const found = useMemo(() => {
    const q = foldVietnamese(search.trim());
    if (!q) return props.rows;
    return props.rows?.filter((s) => foldVietnamese(`${s.fullName} ${s.studentCode} ${s.homeroomClassName ?? ''}`).includes(q));
  }, [props.rows, search]);
  const total = found?.length ?? 0;
  // The list shrinks as students meet the rules (it is polled): stay on a page that still exists.
  const shown = Math.min(page, Math.max(1, Math.ceil(total / limit)));
  const rows = found?.slice((shown - 1) * limit, shown * limit);
  return (
    <>
      {(props.rows?.length ?? 0) > limit || search ? (
        <div className="mb-3">
          <SearchInput
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(1);
            }}
            placeholder="Tên, mã học sinh hoặc lớp"
            label="Tìm học sinh chưa đạt quy tắc"
          />
        </div>
      ) : null}
      <DataTable
        label="Học sinh chưa đạt quy tắc"
        columns={columns}
        rows={rows}
        rowKey={(s) => s.studentId}
        loading={props.loading}
        error={props.error}
        onRetry={props.onRetry}
        fetching={props.fetching}
        searching={!!search}
        emptyTitle="Mọi học sinh đã đáp ứng quy tắc"
      />
      <Pagination
        page={shown}
        limit={limit}
        total={total}
        onPageChange={setPage}
        onLimitChange={(l) => {
          setLimit(l);
          setPage(1);
        }}
        hidden={total <= limit}
      />
    </>
  );
}
