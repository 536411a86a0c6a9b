import type { ReactNode } from 'react';
import { Clock, Filter, Hourglass, Info } from 'lucide-react';
import { formatDateTime } from '@app/shared/format';
import { RESULTS_MSG, type TFilterInfo } from '@app/shared/survey-results';
import { LoadError as SectionLoadError } from '@/components/ui/load-error';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { DASH, fmtCount, fmtN, fmtScore, TOO_FEW } from '../lib/stats';
import { isNotPublished } from '../api/results-api';

/** Two pressed-state buttons: "Chưa lọc" / "Đã lọc". */
export function FilterToggle({ filtered, onChange }: { filtered: boolean; onChange: (v: boolean) => void }) {
  const item = (on: boolean, text: string) => (
    <button
      type="button"
      aria-pressed={filtered === on}
      onClick={() => onChange(on)}
      className={`px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary ${
        filtered === on ? 'bg-primary text-primary-fg' : 'bg-surface text-fg hover:bg-surface-2'
      }`}
    >
      {text}
    </button>
  );
  return (
    <div role="group" aria-label="Cách tính số liệu" className="inline-flex overflow-hidden rounded-lg border border-border">
      {item(false, 'Chưa lọc')}
      {item(true, 'Đã lọc')}
    </div>
  );
}

/**
 * Says which figures are filtered and why (issue 5): what "lọc" leaves out, how much it left out
 * here, and the anonymity rule that hides small groups from teachers and heads of department.
 */
export function FilterNote({ filter, audience }: { filter: TFilterInfo; audience: 'school' | 'restricted' }) {
  const privacy =
    audience === 'school'
      ? `Giáo viên và tổ trưởng không xem được lớp có ít hơn ${filter.minGroupSize} phản hồi (hiện “${TOO_FEW}”), và các số liệu tổng hợp họ xem không tính các lớp đó, để không ai suy ra ý kiến của từng học sinh.`
      : `Lớp có ít hơn ${filter.minGroupSize} phản hồi hiện “${TOO_FEW}” và không được tính vào các số liệu tổng hợp (điểm chung, trung bình tổ, toàn trường, từng câu hỏi), để không ai suy ra ý kiến của từng học sinh.`;
  return (
    <div
      role="note"
      aria-label="Giải thích cách lọc"
      className="mb-4 flex gap-3 rounded-xl border border-border bg-surface p-4 text-sm text-fg"
    >
      {filter.filtered ? (
        <Filter aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      ) : (
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
      )}
      <div className="space-y-1.5">
        {filter.filtered ? (
          <p>
            <strong>Số liệu đã lọc.</strong> Đã bỏ {fmtCount(filter.straightLinedExcluded)} phản hồi chọn cùng một mức cho mọi câu tính điểm
            (thường là trả lời cho xong, không phản ánh ý kiến thật) và {fmtCount(filter.classesExcluded)} lớp học phần có ít hơn{' '}
            {filter.minResponses} phản hồi hợp lệ (quá ít phản hồi để điểm của lớp đáng tin). Các lớp bị loại vẫn được liệt kê kèm lý do.
          </p>
        ) : (
          <p>
            <strong>Số liệu chưa lọc:</strong> tính mọi phản hồi. Chọn “Đã lọc” để bỏ các phản hồi chọn cùng một mức cho mọi câu tính điểm
            và các lớp học phần có ít hơn {filter.minResponses} phản hồi hợp lệ.
          </p>
        )}
        <p className="text-muted">{privacy}</p>
      </div>
    </div>
  );
}

/** When the figures were computed; a warning when newer answers came after a stored calculation. */
export function Freshness({
  computedAt,
  stored,
  stale,
  canRecalculate,
}: {
  computedAt: string;
  stored?: boolean;
  stale?: boolean;
  canRecalculate?: boolean;
}) {
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
      <Clock aria-hidden="true" className="size-3.5" />
      <span>
        {stored ? 'Kết quả đã tính lúc' : 'Số liệu tính lúc'} {formatDateTime(computedAt)}
      </span>
      {stale ? (
        <span className="font-medium text-danger">
          Đã có phản hồi mới sau lần tính này
          {canRecalculate ? ' — bấm “Tính lại kết quả” để cập nhật.' : '; số liệu sẽ cập nhật khi nhà trường tính lại.'}
        </span>
      ) : null}
    </p>
  );
}

export function LoadError({
  error,
  onRetry,
  retrying,
  fallback = 'Không thể tải kết quả khảo sát. Vui lòng thử lại sau.',
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  fallback?: string;
}) {
  // A teacher or head reading a survey not published yet: not an error, a state to explain (issue 11).
  if (isNotPublished(error)) return <EmptyState icon={Hourglass} title={RESULTS_MSG.notPublished} />;
  return <SectionLoadError error={error} onRetry={onRetry} retrying={retrying} fallback={fallback} />;
}

export function LoadingBlock({ label = 'Đang tải kết quả...' }: { label?: string }) {
  return (
    <div aria-busy="true" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
      </div>
      <Skeleton className="h-64 rounded-xl" />
      <span role="status" className="sr-only">
        {label}
      </span>
    </div>
  );
}

/** A headed card of the results pages. */
export function Panel({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = id ?? `panel-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="mb-5 rounded-xl border border-border bg-surface p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap items-end gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * One headline figure: the score with its SD and n, the hidden message when the group is too small,
 * or "chưa có" when nobody answered.
 */
export function FigureCard({
  label,
  score,
  sd,
  n,
  hidden,
  detail,
  classCount,
  tone = 'own',
}: {
  label: string;
  score: number | null;
  sd: number | null;
  n: number;
  hidden: boolean;
  detail?: string;
  /** For a score over course classes (its SD is between classes). */
  classCount?: number;
  tone?: 'own' | 'other';
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={`rounded-xl border p-4 ${tone === 'own' ? 'border-primary/40 bg-primary/5' : 'border-border bg-surface'}`}
    >
      <p className="text-xs font-medium text-muted">{label}</p>
      {hidden ? (
        <p className="mt-2 text-sm font-medium text-fg">{TOO_FEW}</p>
      ) : (
        <p className="mt-1 text-2xl font-semibold text-fg">{score === null ? DASH : fmtScore(score)}</p>
      )}
      <p className="mt-1 text-xs text-muted">
        {hidden || score === null ? '' : sd === null ? 'ĐLC — · ' : `ĐLC ${fmtScore(sd)} · `}
        {fmtN(n)} phản hồi{detail ? ` · ${detail}` : ''}
      </p>
      {/* A score over course classes has its SD between classes: one class has none to show. */}
      {!hidden && score !== null && sd === null && classCount === 1 ? (
        <p className="mt-1 text-xs text-muted">ĐLC giữa các lớp cần ít nhất 2 lớp.</p>
      ) : null}
      {!hidden && score === null ? <p className="mt-1 text-xs text-muted">Chưa có phản hồi có điểm.</p> : null}
    </div>
  );
}

/** A score cell: "4,12" or the hidden message. */
export function ScoreCell({ score, hidden }: { score: number | null; hidden: boolean }) {
  if (hidden) return <span className="text-xs text-muted">{TOO_FEW}</span>;
  return <span className="font-medium tabular-nums">{fmtScore(score)}</span>;
}
