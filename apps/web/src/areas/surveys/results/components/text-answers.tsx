import { useQuery } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { textResponsesQuery } from '../api/results-api';
import { fmtCount, fmtN, TOO_FEW } from '../lib/stats';
import { LoadError } from './results-common';

/**
 * Students' own words, only those review approved (the server sends no other text): the answers of
 * text questions and the "Khác" texts of choice questions, about `teacherId` (the reader's own
 * classes) and optionally one class. The server leaves out classes too small to show (texts and
 * counts); `hiddenClasses` says how many there were.
 */
export function TextAnswers({
  surveyId,
  teacherId,
  courseClassId,
  hiddenClasses = 0,
}: {
  surveyId: number;
  teacherId?: number;
  courseClassId?: number;
  hiddenClasses?: number;
}) {
  const q = useQuery(textResponsesQuery(surveyId, { teacherId, courseClassId }));
  if (q.isError) {
    return (
      <LoadError
        error={q.error}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
        fallback="Không thể tải ý kiến của học sinh. Vui lòng thử lại sau."
      />
    );
  }
  if (q.isPending)
    return (
      <div aria-busy="true">
        <Skeleton className="h-24 rounded-xl" />
        <span role="status" className="sr-only">
          Đang tải ý kiến của học sinh...
        </span>
      </div>
    );
  const questions = q.data.questions;
  if (!questions.length) return <EmptyState icon={MessageSquareText} title="Khảo sát này không có câu hỏi tự luận hay lựa chọn “Khác”." />;
  return (
    <div className="space-y-4">
      {hiddenClasses > 0 ? (
        <p className="text-xs text-muted">
          {fmtCount(hiddenClasses)} lớp: {TOO_FEW} — ý kiến của lớp đó không hiện và không được đếm ở đây.
        </p>
      ) : null}
      {questions.map((tq) => (
        <article key={tq.questionId} aria-label={`Ý kiến: ${tq.content}`} className="rounded-xl border border-border p-4">
          <p className="text-xs text-muted">
            Câu {tq.position} · {tq.sectionTitle}
            {tq.otherText ? ' · ý kiến ghi ở lựa chọn “Khác”' : ''}
          </p>
          <h3 className="mt-0.5 text-sm font-medium break-words text-fg">{tq.content}</h3>
          <p className="mt-1 text-xs text-muted">
            {fmtN(tq.answered)} câu trả lời · {fmtCount(tq.approved)} đã duyệt · {fmtCount(tq.pending)} chờ duyệt · {fmtCount(tq.rejected)}{' '}
            không hiển thị
          </p>
          {tq.hidden ? (
            <p className="mt-3 text-sm text-muted">{TOO_FEW}</p>
          ) : tq.texts.length ? (
            <ul className="mt-3 space-y-2">
              {tq.texts.map((t, i) => (
                <li key={i} className="rounded-lg bg-surface-2 px-3 py-2 text-sm break-words whitespace-pre-line text-fg">
                  {t.text}
                  {t.courseClassName ? <span className="mt-1 block text-xs text-muted">{t.courseClassName}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-muted">Chưa có ý kiến nào được duyệt.</p>
          )}
          {tq.approved > tq.texts.length && !tq.hidden ? (
            <p className="mt-2 text-xs text-muted">
              Đang hiện {fmtCount(tq.texts.length)} ý kiến mới nhất trên {fmtCount(tq.approved)} ý kiến đã duyệt.
            </p>
          ) : null}
        </article>
      ))}
    </div>
  );
}
