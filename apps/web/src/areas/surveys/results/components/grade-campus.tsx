import type { TGradeCampusResult } from '@app/shared/survey-results';
import { DataTable, type Column } from '@/components/data/data-table';
import { fmtCount, fmtPercent, fmtScore, gradeCampusLabel, scoreAxisMax } from '../lib/stats';
import { HBarChart } from './charts';
import { ScoreCell } from './results-common';

const key = (r: TGradeCampusResult) => `${r.grade}:${r.campusId}`;

const COLUMNS: Column<TGradeCampusResult>[] = [
  {
    key: 'cell',
    header: 'Khối · Cơ sở',
    primary: true,
    cell: (r) => <span className="font-medium text-fg">{gradeCampusLabel(r.grade, r.campusName)}</span>,
  },
  { key: 'score', header: 'Điểm TB', align: 'right', cell: (r) => <ScoreCell score={r.score} hidden={r.hidden} /> },
  { key: 'sd', header: 'ĐLC', align: 'right', cell: (r) => (r.hidden ? '—' : <span className="tabular-nums">{fmtScore(r.sd)}</span>) },
  { key: 'n', header: 'Phản hồi (n)', align: 'right', cell: (r) => <span className="tabular-nums">{fmtCount(r.n)}</span> },
  {
    key: 'eligible',
    header: 'Học sinh cần trả lời',
    align: 'right',
    cell: (r) => <span className="tabular-nums">{fmtCount(r.eligible)}</span>,
  },
  {
    key: 'rate',
    header: 'Tỉ lệ phản hồi',
    align: 'right',
    cell: (r) => <span className="tabular-nums">{fmtPercent(r.responseRate)}</span>,
  },
];

/** Grade × campus: answers pooled per cell (they cut across classes), with how many were asked. */
export function GradeCampusView({ items, title = 'Kết quả theo khối và cơ sở' }: { items: TGradeCampusResult[]; title?: string }) {
  const sorted = [...items].sort((a, b) => a.grade - b.grade || a.campusName.localeCompare(b.campusName, 'vi'));
  return (
    <section aria-label={title} className="mb-5 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold text-fg">{title}</h2>
      {sorted.length ? (
        <HBarChart
          label="Điểm trung bình theo khối và cơ sở"
          max={scoreAxisMax(sorted.map((r) => r.score))}
          rows={sorted.map((r) => ({
            key: key(r),
            label: gradeCampusLabel(r.grade, r.campusName),
            value: r.score,
            n: r.n,
            hidden: r.hidden,
          }))}
        />
      ) : null}
      <div className="mt-3">
        <DataTable
          label="Bảng kết quả theo khối và cơ sở"
          columns={COLUMNS}
          rows={sorted}
          rowKey={key}
          emptyTitle="Chưa có kết quả theo khối và cơ sở."
        />
      </div>
    </section>
  );
}
