import type { TAggregate, TCourseResult } from '@app/shared/survey-results';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { fmtCount, fmtScore, gradeCampusLabel, scoreAxisMax } from '../lib/stats';
import { HBarChart } from './charts';
import { ScoreCell } from './results-common';

function status(r: TCourseResult) {
  if (r.excluded) return <Badge tone="danger">{r.excludedReason ?? 'Không tính khi lọc'}</Badge>;
  if (r.belowMinimum) return <Badge>Ít phản hồi</Badge>;
  return null;
}

/** Course classes with their score, SD and n; hidden and excluded classes say why. */
export function CourseTable({
  items,
  label,
  showTeachers = true,
  showSubject = true,
}: {
  items: TCourseResult[];
  label: string;
  showTeachers?: boolean;
  showSubject?: boolean;
}) {
  const columns: Column<TCourseResult>[] = [
    {
      key: 'class',
      header: 'Lớp học phần',
      primary: true,
      cell: (r) => (
        <span>
          <span className="font-medium text-fg">{r.courseClassName}</span>
          <span className="block text-xs text-muted">{r.courseClassCode}</span>
        </span>
      ),
    },
    ...(showSubject ? [{ key: 'subject', header: 'Môn', cell: (r: TCourseResult) => r.subjectName }] : []),
    ...(showTeachers
      ? [{ key: 'teachers', header: 'Giáo viên', cell: (r: TCourseResult) => r.teachers.map((t) => t.fullName).join(', ') || '—' }]
      : []),
    { key: 'where', header: 'Khối · Cơ sở', hideOnMobile: true, cell: (r) => gradeCampusLabel(r.grade, r.campusName) },
    {
      key: 'n',
      header: 'Phản hồi (n)',
      align: 'right',
      cell: (r) => (
        <span
          className="tabular-nums"
          title={`${r.totalResponses} phản hồi / ${r.enrolled} học sinh; ${r.straightLined} phản hồi chọn cùng một mức`}
        >
          {fmtCount(r.n)}
          <span className="text-xs text-muted"> / {fmtCount(r.enrolled)}</span>
        </span>
      ),
    },
    { key: 'score', header: 'Điểm TB', align: 'right', cell: (r) => <ScoreCell score={r.score} hidden={r.hidden} /> },
    { key: 'sd', header: 'ĐLC', align: 'right', cell: (r) => (r.hidden ? '—' : <span className="tabular-nums">{fmtScore(r.sd)}</span>) },
    { key: 'status', header: 'Ghi chú', cell: status },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={items}
      rowKey={(r) => `${r.surveyId}-${r.courseClassId}`}
      emptyTitle="Chưa có lớp học phần nào có kết quả."
      emptyDescription="Kết quả hiện ở đây khi học sinh của lớp đã trả lời khảo sát."
    />
  );
}

/** The classes' scores as bars (only those with something to show). */
export function CourseBars({ items, label }: { items: TCourseResult[]; label: string }) {
  const rows = items.filter((r) => !r.excluded || r.score !== null);
  if (!rows.length) return null;
  return (
    <HBarChart
      label={label}
      max={scoreAxisMax(rows.map((r) => r.score))}
      rows={rows.map((r) => ({ key: String(r.courseClassId), label: r.courseClassName, value: r.score, n: r.n, hidden: r.hidden }))}
    />
  );
}

/** "3 lớp" under an aggregate, and what the anonymity rule left out of it ("không tính 4 phản hồi của lớp quá ít phản hồi"). */
export const aggDetail = (a: TAggregate) =>
  `${fmtCount(a.classCount)} lớp${a.leftOut && !a.hidden ? ` · không tính ${fmtCount(a.leftOut)} phản hồi của lớp quá ít phản hồi` : ''}`;
