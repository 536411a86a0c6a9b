import { MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { useReviewCounts } from '../api/text-reviews-api';

/**
 * A link to the review page with the number of texts waiting, for the survey pages and dashboards
 * of ADMIN (`/admin/text-reviews`) and QUALITY_ASSURANCE (`/quality/text-reviews`); the page is not
 * in the sidebar because the spec lists those menus exactly.
 */
export function TextReviewsLink({ area, surveyId }: { area: 'admin' | 'quality'; surveyId?: number }) {
  const counts = useReviewCounts(surveyId ? { surveyId: String(surveyId) } : {});
  const n = counts.data?.pending;
  const to = `/${area}/text-reviews${surveyId ? `?surveyId=${surveyId}` : ''}`;
  return (
    <Link to={to} className={buttonClass('secondary')}>
      <MessageSquareWarning aria-hidden="true" className="size-4" />
      Duyệt ý kiến{n !== undefined ? ` (${n} chờ duyệt)` : ''}
    </Link>
  );
}
