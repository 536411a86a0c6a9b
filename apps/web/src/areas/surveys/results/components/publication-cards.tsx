import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@app/shared/format';
import { formatValue } from '@/lib/format';
import { Badge } from '@/components/data/badge';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { publicationOverviewQuery } from '../api/results-api';

/*
 * The dashboards' publication cards (issue 12): what the reviewing offices still have to publish, and
 * the results the principal can read. Both read GET /surveys/publication-overview.
 */

const itemClass = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5';

/**
 * Closed surveys whose results teachers cannot read yet: each with its pending texts (reviewing them
 * comes first) or "ready to publish", linked to where the office publishes it.
 */
function PublicationQueueCard({ surveyLink, reviewLink }: { surveyLink: (id: number) => string; reviewLink: (id: number) => string }) {
  const q = useQuery(publicationOverviewQuery());
  const waiting = q.data?.waiting ?? [];
  return (
    <CardPanel
      title="Khảo sát chờ công bố kết quả"
      description="Khảo sát đã đóng; giáo viên và tổ trưởng chỉ xem được kết quả sau khi công bố."
      loading={q.isPending}
      error={q.isError ? q.error : undefined}
      errorText="Không thể tải danh sách khảo sát chờ công bố. Vui lòng thử lại sau."
      onRetry={() => void q.refetch()}
    >
      {waiting.length ? (
        <ul className="divide-y divide-border">
          {waiting.map((s) => (
            <li key={s.surveyId} className={itemClass}>
              <span className="min-w-0">
                <Link to={surveyLink(s.surveyId)} className={cardLinkClass}>
                  {s.title}
                </Link>
                <span className="block text-xs text-muted">
                  {[s.moduleCode, s.endDate ? `Đóng ${formatDate(s.endDate)}` : null, `${formatValue(s.responses)} phản hồi`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              {s.pendingTexts > 0 ? (
                <Link to={reviewLink(s.surveyId)} className="text-sm font-medium text-danger hover:underline">
                  Còn {formatValue(s.pendingTexts)} ý kiến chờ duyệt
                </Link>
              ) : (
                <Badge tone="primary">Sẵn sàng công bố</Badge>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <CardEmpty>
          Không có khảo sát nào chờ công bố. Khi một khảo sát đóng lại, nó sẽ hiện ở đây cho đến khi kết quả được công bố (tự động khi mọi ý
          kiến đã được duyệt, nếu cài đặt bật).
        </CardEmpty>
      )}
    </CardPanel>
  );
}

export const AdminPublicationQueueCard = () => (
  <PublicationQueueCard surveyLink={(id) => `/admin/surveys/${id}?tab=results`} reviewLink={(id) => `/admin/text-reviews?surveyId=${id}`} />
);
export const QualityPublicationQueueCard = () => (
  <PublicationQueueCard
    surveyLink={(id) => `/quality/surveys?surveyId=${id}`}
    reviewLink={(id) => `/quality/text-reviews?surveyId=${id}`}
  />
);

/** PRINCIPAL: the published results, newest first, and the way to the school's reports. */
export function PublishedResultsCard() {
  const q = useQuery(publicationOverviewQuery());
  const d = q.data;
  return (
    <CardPanel
      title="Kết quả khảo sát đã công bố"
      loading={q.isPending}
      error={q.isError ? q.error : undefined}
      errorText="Không thể tải kết quả đã công bố. Vui lòng thử lại sau."
      onRetry={() => void q.refetch()}
      action={
        <Link to="/principal/reports" className={cardLinkClass}>
          Xem báo cáo kết quả
        </Link>
      }
    >
      {d?.published.count ? (
        <>
          <p className="text-sm text-muted">
            {formatValue(d.published.count)} khảo sát đã công bố
            {d.waiting.length ? ` · ${formatValue(d.waiting.length)} khảo sát đã đóng đang chờ duyệt ý kiến và công bố` : ''}
          </p>
          <ul className="mt-2 divide-y divide-border">
            {d.published.recent.map((s) => (
              <li key={s.surveyId} className={itemClass}>
                <span className="min-w-0 text-sm font-medium text-fg">{s.title}</span>
                <span className="text-xs text-muted">
                  {[s.moduleCode, `Công bố ${formatDate(s.publishedAt)}`, `${formatValue(s.responses)} phản hồi`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <CardEmpty>
          Chưa có kết quả nào được công bố. Khi một khảo sát đóng và các ý kiến tự do đã được duyệt, kết quả sẽ được công bố và hiện ở đây.
        </CardEmpty>
      )}
    </CardPanel>
  );
}
