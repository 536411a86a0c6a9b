import { REVIEW_STATUS_LABELS } from '@app/shared/surveys';
import { reasonLabel, type TTextReview } from '@app/shared/text-reviews';
import type { Column } from '@/components/data/data-table';
import { Badge } from '@/components/data/badge';
import { formatDate, formatDateTime } from '@app/shared/format';
import { ReviewText } from './review-text';

const STATUS_TONE = { pending: 'neutral', approved: 'primary', rejected: 'danger' } as const;

/**
 * The queue's columns: selection, the text (flagged parts marked) with its question, where it comes
 * from (survey, module, class, teachers — never the student), why it was flagged, and its state.
 */
export function reviewColumns(opts: {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  /** Inside one survey's tab the survey column is left out. */
  showSurvey: boolean;
  /** A general survey's answers have no course class: no class column then. */
  showClass: boolean;
  /** Only ADMIN's rows carry when a text was sent (issue 11: quality assurance reads it without when). */
  showSubmitted: boolean;
}): Column<TTextReview>[] {
  const cols: Column<TTextReview>[] = [
    {
      key: 'select',
      header: 'Chọn',
      className: 'w-10',
      cell: (r) => (
        <input
          type="checkbox"
          aria-label={`Chọn ý kiến #${r.id}`}
          checked={opts.selected.has(r.id)}
          onChange={() => opts.toggle(r.id)}
          className="size-4 cursor-pointer accent-primary"
        />
      ),
    },
    {
      key: 'text',
      header: 'Ý kiến',
      primary: true,
      // Narrow minimums keep the row actions on screen at 1280 px (the table must fit ~958 px).
      className: 'min-w-44 max-w-xl break-words',
      cell: (r) => (
        <div className="space-y-1">
          <ReviewText text={r.text} spans={r.matchedSpans} className="text-fg" />
          <p className="text-xs text-muted">
            {r.isOther ? 'Lựa chọn “Khác” — ' : ''}
            {r.question.content}
          </p>
        </div>
      ),
    },
  ];
  if (opts.showSurvey)
    cols.push({
      key: 'survey',
      header: 'Khảo sát',
      sortKey: 'surveyTitle',
      className: 'min-w-36',
      cell: (r) => (
        <div className="space-y-0.5">
          <p>{r.survey.title}</p>
          <p className="text-xs text-muted">{[r.module?.code, r.courseClass?.name].filter(Boolean).join(' · ')}</p>
          {r.teacherNames.length ? <p className="text-xs text-muted">GV: {r.teacherNames.join(', ')}</p> : null}
        </div>
      ),
    });
  else if (opts.showClass)
    cols.push({
      key: 'class',
      header: 'Lớp',
      cell: (r) => (
        <div className="space-y-0.5">
          <p>{r.courseClass?.name ?? '—'}</p>
          {r.teacherNames.length ? <p className="text-xs text-muted">GV: {r.teacherNames.join(', ')}</p> : null}
        </div>
      ),
    });
  cols.push(
    {
      key: 'reasons',
      header: 'Lý do',
      className: 'min-w-36',
      cell: (r) =>
        r.reasonCodes.length || r.reason ? (
          <div className="flex flex-wrap gap-1">
            {r.reasonCodes.map((c) => (
              <Badge key={c.code} tone="danger" wrap>
                {reasonLabel(c.code)}
              </Badge>
            ))}
            {r.reason ? <p className="w-full text-xs text-muted">“{r.reason}”</p> : null}
          </div>
        ) : (
          <span className="text-muted">{r.decidedBy === 'auto' ? 'Không phát hiện vi phạm' : '—'}</span>
        ),
    },
    {
      key: 'status',
      header: 'Trạng thái',
      sortKey: 'status',
      cell: (r) => (
        <div className="space-y-0.5">
          <Badge tone={STATUS_TONE[r.status]}>{REVIEW_STATUS_LABELS[r.status]}</Badge>
          {r.decidedBy ? (
            <p className="text-xs text-muted">
              {r.decidedBy === 'auto' ? 'Tự động' : r.reviewer?.name}
              {r.reviewedAt ? ` · ${formatDateTime(r.reviewedAt)}` : ''}
            </p>
          ) : null}
        </div>
      ),
    },
  );
  if (opts.showSubmitted)
    cols.push({
      key: 'submitted',
      header: 'Ngày gửi',
      sortKey: 'submittedAt',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => (r.submittedAt ? <time dateTime={r.submittedAt}>{formatDate(r.submittedAt)}</time> : '—'),
    });
  return cols;
}
