import { Link } from 'react-router';
import { reasonLabel } from '@app/shared/text-reviews';
import { formatValue } from '@/lib/format';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { useReviewCounts } from '../api/text-reviews-api';

const PENDING = { status: 'pending' };

/**
 * The dashboards' review card (ADMIN, QUALITY_ASSURANCE): free texts waiting for a person, what the
 * auto-review flagged them for (each reason opens the queue filtered to it), and the way to the queue
 * and to the theme analysis. Counts as the queue shows them to the caller.
 */
function PendingReviewsCard({ area }: { area: 'admin' | 'quality' }) {
  const counts = useReviewCounts(PENDING);
  const queue = `/${area}/text-reviews`;
  const d = counts.data;
  const reasons = Object.entries(d?.byReason ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return (
    <CardPanel
      title="Ý kiến chờ duyệt"
      description="Ý kiến tự do của học sinh chỉ đến giáo viên sau khi được duyệt."
      loading={counts.isPending}
      error={counts.isError ? counts.error : undefined}
      errorText="Không thể tải số ý kiến chờ duyệt. Vui lòng thử lại sau."
      onRetry={() => void counts.refetch()}
      action={
        <>
          <Link to={queue} className={cardLinkClass}>
            Mở hàng đợi duyệt
          </Link>
          <Link to={`/${area}/themes`} className={cardLinkClass}>
            Phân tích ý kiến theo chủ đề
          </Link>
        </>
      }
    >
      {d ? (
        <div className="space-y-3">
          <p className="text-sm text-muted">
            <span className="mr-2 text-3xl font-semibold text-fg tabular-nums">{formatValue(d.pending)}</span>ý kiến chờ duyệt ·{' '}
            {formatValue(d.approved)} đã duyệt · {formatValue(d.rejected)} bị từ chối
          </p>
          {d.pending === 0 ? (
            <CardEmpty>
              Không có ý kiến nào chờ duyệt. Ý kiến mà bộ lọc tự động không tự duyệt được (từ ngữ thô tục, số điện thoại, đường liên kết…)
              sẽ xuất hiện ở đây.
            </CardEmpty>
          ) : reasons.length ? (
            <ul aria-label="Lý do bộ lọc tự động đánh dấu" className="flex flex-wrap gap-2">
              {reasons.map(([code, n]) => (
                <li key={code}>
                  <Link
                    to={`${queue}?status=pending&reason=${code}`}
                    className="inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-1 text-sm hover:border-primary/60 hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    {reasonLabel(code)}
                    <span className="font-semibold tabular-nums">{formatValue(n)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </CardPanel>
  );
}

export const AdminPendingReviewsCard = () => <PendingReviewsCard area="admin" />;
export const QualityPendingReviewsCard = () => <PendingReviewsCard area="quality" />;
