import type { TQuestionResult } from '@app/shared/survey-results';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { DASH, fmtCount, fmtN, fmtPercent, fmtScore, scoreAxisMax, TOO_FEW } from '../lib/stats';
import { COLORS, DistributionChart, GroupedHBarChart } from './charts';

const TEXT_TYPES = new Set(['short_text', 'long_text']);
const isTextQuestion = (q: Pick<TQuestionResult, 'questionType'>) => TEXT_TYPES.has(q.questionType);
const isNumbered = (q: TQuestionResult) =>
  q.mean !== null || q.answerN > 0 || q.questionType === 'grid' || q.questionType === 'linear_scale';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-sm font-medium text-fg tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * One question as an admin reads it: n, the share of each option, and for numbered answers the mean,
 * SD and median. "Không có ý kiến" is counted in n and in the bars but not in the mean.
 */
export function QuestionCard({ q }: { q: TQuestionResult }) {
  const title = `Câu ${q.position}`;
  return (
    <article aria-label={`${title}: ${q.content}`} className="rounded-xl border border-border bg-surface p-4">
      <header className="mb-3">
        <p className="text-xs text-muted">
          {title} · {q.sectionTitle}
        </p>
        <h3 className="mt-0.5 text-sm font-medium break-words text-fg">{q.content}</h3>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          {q.inScore ? <Badge tone="primary">Tính điểm</Badge> : null}
          {!q.visibleToTeacher ? <Badge>Giáo viên không xem</Badge> : null}
        </div>
      </header>
      {q.hidden ? (
        <p className="text-sm text-muted">
          {TOO_FEW} ({fmtN(q.answered)}).
        </p>
      ) : (
        <>
          <dl className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
            <Stat label="Số trả lời (n)" value={fmtCount(q.answered)} />
            {isNumbered(q) ? (
              <>
                <Stat label="Điểm TB" value={fmtScore(q.mean)} />
                <Stat label="Độ lệch chuẩn" value={fmtScore(q.stdDev)} />
                <Stat label="Trung vị" value={fmtScore(q.median)} />
                <Stat label="Không có ý kiến" value={fmtCount(q.noOpinion)} />
              </>
            ) : null}
          </dl>
          {isNumbered(q) && q.noOpinion > 0 ? (
            <p className="mb-2 text-xs text-muted">
              {fmtCount(q.noOpinion)} câu “Không có ý kiến” được tính vào n và biểu đồ nhưng không tính vào điểm trung bình (điểm TB trên{' '}
              {fmtCount(q.answerN)} câu trả lời có điểm).
            </p>
          ) : null}
          {isTextQuestion(q) ? (
            <p className="text-sm text-muted">
              Câu hỏi tự luận: {fmtCount(q.answered)} câu trả lời. Nội dung được xem sau khi duyệt ý kiến.
            </p>
          ) : q.options.length ? (
            <>
              <DistributionChart label={`Phân bố câu trả lời, ${title}`} options={q.options} />
              <ul className="sr-only">
                {q.options.map((o) => (
                  <li key={o.value}>
                    {o.label}: {fmtCount(o.count)} ({fmtPercent(o.percent)})
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-sm text-muted">Chưa có câu trả lời.</p>
          )}
        </>
      )}
    </article>
  );
}

interface CompareRow {
  q: TQuestionResult;
}

const mean = (hidden: boolean, m: number | null) => (hidden ? TOO_FEW : m === null ? DASH : fmtScore(m));

/**
 * The teacher's view: each numbered, teacher-visible question's mean beside the department's and the
 * school's (the server sends only the questions the teacher may see).
 */
export function QuestionComparison({ questions, ownLabel = 'Thầy cô' }: { questions: TQuestionResult[]; ownLabel?: string }) {
  const numbered = questions.filter((q) => !isTextQuestion(q) && isNumbered(q));
  if (!numbered.length) return <p className="text-sm text-muted">Khảo sát này không có câu hỏi có điểm để so sánh.</p>;
  const series = [
    { key: 'own', label: ownLabel, color: COLORS.own },
    { key: 'department', label: 'Tổ', color: COLORS.department },
    { key: 'school', label: 'Toàn trường', color: COLORS.school },
  ];
  const chartRows = numbered.map((q) => ({
    key: String(q.questionId),
    label: `Câu ${q.position}`,
    values: {
      own: q.hidden ? null : q.mean,
      department: q.comparison?.department && !q.comparison.department.hidden ? q.comparison.department.mean : null,
      school: q.comparison?.school && !q.comparison.school.hidden ? q.comparison.school.mean : null,
    },
    n: { own: q.answered, department: q.comparison?.department?.n ?? 0, school: q.comparison?.school?.n ?? 0 },
  }));
  const columns: Column<CompareRow>[] = [
    {
      key: 'q',
      header: 'Câu hỏi',
      primary: true,
      className: 'min-w-56',
      cell: ({ q }) => (
        <span>
          <span className="font-medium text-fg">Câu {q.position}.</span> {q.content}
        </span>
      ),
    },
    {
      key: 'own',
      header: `${ownLabel} (TB · ĐLC · n)`,
      align: 'right',
      cell: ({ q }) =>
        q.hidden ? (
          <span className="text-xs text-muted">{TOO_FEW}</span>
        ) : (
          <span className="tabular-nums">
            {fmtScore(q.mean)} · {fmtScore(q.stdDev)} · {fmtCount(q.answered)}
          </span>
        ),
    },
    {
      key: 'department',
      header: 'Tổ (TB · n)',
      align: 'right',
      cell: ({ q }) =>
        q.comparison?.department ? (
          <span className="tabular-nums">
            {mean(q.comparison.department.hidden, q.comparison.department.mean)} · {fmtCount(q.comparison.department.n)}
          </span>
        ) : (
          DASH
        ),
    },
    {
      key: 'school',
      header: 'Toàn trường (TB · n)',
      align: 'right',
      cell: ({ q }) =>
        q.comparison?.school ? (
          <span className="tabular-nums">
            {mean(q.comparison.school.hidden, q.comparison.school.mean)} · {fmtCount(q.comparison.school.n)}
          </span>
        ) : (
          DASH
        ),
    },
  ];
  const max = scoreAxisMax(chartRows.flatMap((r) => Object.values(r.values)));
  return (
    <div className="space-y-4">
      <GroupedHBarChart label="Điểm trung bình theo câu hỏi, so với tổ và toàn trường" rows={chartRows} series={series} max={max} />
      <DataTable label="Điểm theo câu hỏi" columns={columns} rows={numbered.map((q) => ({ q }))} rowKey={({ q }) => q.questionId} />
    </div>
  );
}
