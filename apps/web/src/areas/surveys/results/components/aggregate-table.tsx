import type { ReactNode } from 'react';
import type { TAggregate } from '@app/shared/survey-results';
import { DataTable, type Column } from '@/components/data/data-table';
import { fmtCount, fmtScore, scoreAxisMax } from '../lib/stats';
import { HBarChart } from './charts';
import { ScoreCell } from './results-common';

export interface NamedAggregate extends TAggregate {
  key: string;
  name: string;
  /** A second line under the name (the department of a teacher, a survey's subject). */
  sub?: string | null;
}

/**
 * Teachers, subjects, departments, surveys: a score over course classes, its SD between classes,
 * how many classes and responses. Hidden rows say so instead of a number.
 */
export function AggregateTable({
  rows,
  label,
  nameHeader,
  extra,
  actions,
  emptyTitle = 'Chưa có kết quả.',
}: {
  rows: NamedAggregate[];
  label: string;
  nameHeader: string;
  extra?: Column<NamedAggregate>[];
  actions?: (row: NamedAggregate) => ReactNode;
  emptyTitle?: string;
}) {
  const columns: Column<NamedAggregate>[] = [
    {
      key: 'name',
      header: nameHeader,
      primary: true,
      cell: (r) => (
        <span>
          <span className="font-medium text-fg">{r.name}</span>
          {r.sub ? <span className="block text-xs text-muted">{r.sub}</span> : null}
        </span>
      ),
    },
    { key: 'score', header: 'Điểm TB', align: 'right', cell: (r) => <ScoreCell score={r.score} hidden={r.hidden} /> },
    { key: 'sd', header: 'ĐLC', align: 'right', cell: (r) => (r.hidden ? '—' : <span className="tabular-nums">{fmtScore(r.sd)}</span>) },
    // A general survey is about no class: "—" rather than a misleading 0.
    {
      key: 'classes',
      header: 'Số lớp',
      align: 'right',
      cell: (r) => <span className="tabular-nums">{r.classCount || r.n === 0 ? fmtCount(r.classCount) : '—'}</span>,
    },
    {
      key: 'n',
      header: 'Phản hồi (n)',
      align: 'right',
      cell: (r) => (
        <span className="tabular-nums">
          {fmtCount(r.n)}
          {/* Teachers and heads: responses of classes too small to show are not in the figure. */}
          {r.leftOut && !r.hidden ? <span className="block text-xs text-muted">không tính {fmtCount(r.leftOut)}</span> : null}
        </span>
      ),
    },
    ...(extra ?? []),
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      actions={actions}
      emptyTitle={emptyTitle}
      emptyDescription="Số liệu hiện ở đây khi đã có phản hồi khảo sát."
    />
  );
}

/** The same rows as bars, best first, so the spread is seen at a glance. */
export function AggregateBars({ rows, label, limit }: { rows: NamedAggregate[]; label: string; limit?: number }) {
  if (!rows.length) return null;
  const sorted = [...rows].sort((a, b) => Number(a.hidden) - Number(b.hidden) || (b.score ?? -1) - (a.score ?? -1));
  const shown = limit ? sorted.slice(0, limit) : sorted;
  return (
    <HBarChart
      label={label}
      max={scoreAxisMax(shown.map((r) => r.score))}
      rows={shown.map((r) => ({ key: r.key, label: r.name, value: r.score, n: r.n, hidden: r.hidden }))}
    />
  );
}
