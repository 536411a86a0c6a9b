import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Megaphone, Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '@app/shared/format';
import { RESULTS_MSG } from '@app/shared/survey-results';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/areas/auth/public';
import { publicationQuery, publishSurvey, unpublishSurvey, useRefreshResults } from '../api/results-api';

/**
 * Publication of a survey's results to teachers and heads (issue 11): the state as a badge ("Đã công bố
 * dd/mm/yyyy"), and "Công bố kết quả" / "Thu hồi công bố" with a confirmation; publishing is disabled,
 * with the server's reason, while the survey is open or free text waits for review. The server decides.
 */
export function PublicationBar({ surveyId }: { surveyId: number }) {
  const { user } = useAuth();
  // Publishing is ADMIN's and QUALITY_ASSURANCE's; the principal sees the state only.
  const canWrite = (user?.roles ?? []).some((r) => r.role === 'ADMIN' || r.role === 'QUALITY_ASSURANCE');
  const pub = useQuery(publicationQuery(surveyId));
  const refresh = useRefreshResults();
  const [asking, setAsking] = useState<'publish' | 'unpublish' | null>(null);
  const act = useMutation({
    mutationFn: (what: 'publish' | 'unpublish') => (what === 'publish' ? publishSurvey(surveyId) : unpublishSurvey(surveyId)),
    onSuccess: async (res, what) => {
      toast.success(res.message ?? (what === 'publish' ? RESULTS_MSG.published : RESULTS_MSG.unpublished));
      await refresh();
    },
    onError: (err) => toast.error(errorMessage(err, 'Không thể đổi trạng thái công bố. Vui lòng thử lại sau.')),
  });
  const p = pub.data;
  if (!p) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface p-3" data-testid="publication-bar">
      {p.publishedAt ? (
        <span className="rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary">
          Đã công bố {formatDate(p.publishedAt)}
        </span>
      ) : (
        <span className="rounded-full bg-surface-2 px-3 py-1 text-sm font-medium text-muted">Chưa công bố cho giáo viên</span>
      )}
      {!canWrite ? null : p.publishedAt ? (
        <Button variant="secondary" onClick={() => setAsking('unpublish')} disabled={act.isPending}>
          <Undo2 aria-hidden="true" className="size-4" />
          Thu hồi công bố
        </Button>
      ) : (
        <Button onClick={() => setAsking('publish')} disabled={!p.canPublish || act.isPending} title={p.reason ?? undefined}>
          <Megaphone aria-hidden="true" className="size-4" />
          Công bố kết quả
        </Button>
      )}
      {!p.publishedAt && p.reason && <span className="text-sm text-muted">{p.reason}</span>}
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'unpublish' ? 'Thu hồi công bố kết quả?' : 'Công bố kết quả khảo sát?'}
        message={
          asking === 'unpublish'
            ? 'Giáo viên và tổ trưởng sẽ không xem được kết quả khảo sát này cho đến khi công bố lại.'
            : 'Giáo viên và tổ trưởng chuyên môn sẽ xem được kết quả và các ý kiến đã duyệt của khảo sát này.'
        }
        confirmLabel={asking === 'unpublish' ? 'Thu hồi công bố' : 'Công bố kết quả'}
        danger={asking === 'unpublish'}
        onConfirm={async () => {
          if (asking) await act.mutateAsync(asking);
        }}
      />
    </div>
  );
}
