import { useQuery } from '@tanstack/react-query';
import { REVIEW_STATUS_LABELS } from '@app/shared/surveys';
import { reasonLabel } from '@app/shared/text-reviews';
import { Modal } from '@/components/data/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@app/shared/format';
import { reviewDetailQuery } from '../api/text-reviews-api';
import { ReviewText } from './review-text';

/** One text's review and every state it has been in (GET /surveys/responses/reviews/{id}). */
export function HistoryDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery(reviewDetailQuery(id));
  const r = q.data;
  return (
    <Modal open={id !== null} onClose={onClose} title={`Lịch sử duyệt ý kiến #${id ?? ''}`} size="lg">
      {q.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-20" />
        </div>
      ) : q.isError || !r ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(q.error, 'Không thể tải lịch sử duyệt.')}
        </p>
      ) : (
        <div className="space-y-4 text-sm">
          <div className="rounded-lg border border-border bg-surface-2 p-3">
            <p className="mb-1 text-xs text-muted">{r.question.content}</p>
            <ReviewText text={r.text} spans={r.matchedSpans} />
          </div>
          <ol className="space-y-2" aria-label="Các lần duyệt">
            <li className="flex flex-wrap gap-x-2 text-muted">
              {/* Times that follow the submission reach ADMIN only (issue 11). */}
              {r.submittedAt ? <time dateTime={r.submittedAt}>{formatDateTime(r.submittedAt)}</time> : null}
              <span>Học sinh gửi ý kiến — {REVIEW_STATUS_LABELS.pending}</span>
            </li>
            {r.history.map((h) => (
              <li key={h.id} className="flex flex-wrap gap-x-2">
                {h.createdAt ? (
                  <time dateTime={h.createdAt} className="text-muted">
                    {formatDateTime(h.createdAt)}
                  </time>
                ) : null}
                <span className="font-medium">{REVIEW_STATUS_LABELS[h.status]}</span>
                <span className="text-muted">bởi {h.reviewer ? h.reviewer.name : 'kiểm duyệt tự động'}</span>
                {h.reasonCodes.length ? <span>· {h.reasonCodes.map((c) => reasonLabel(c.code)).join(', ')}</span> : null}
                {h.reason ? <span className="w-full text-muted">Lý do: {h.reason}</span> : null}
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}
