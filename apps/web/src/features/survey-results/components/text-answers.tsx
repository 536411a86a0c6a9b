import { useQueries } from '@tanstack/react-query';
import { MessageSquareText } from 'lucide-react';
import type { TTextResponses } from '@app/shared/survey-results';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { textResponsesQuery } from '../api/results-api';
import { fmtCount, fmtN, TOO_FEW } from '../lib/stats';
import { LoadError } from './results-common';

type TTextQuestion = TTextResponses['questions'][number];
type Merged = TTextQuestion & { hiddenClasses: number };

/**
 * One question's answers over several classes: counts add up, texts are put together newest first,
 * and a class too small to show stays hidden (counted, so the reader knows).
 */
export function mergeTextQuestions(answers: TTextResponses[]): Merged[] {
  const byId = new Map<number, Merged>();
  for (const a of answers) {
    for (const q of a.questions) {
      const m = byId.get(q.questionId);
      if (!m) {
        byId.set(q.questionId, { ...q, texts: q.hidden ? [] : [...q.texts], hiddenClasses: q.hidden ? 1 : 0 });
        continue;
      }
      m.answered += q.answered;
      m.approved += q.approved;
      m.pending += q.pending;
      m.rejected += q.rejected;
      if (q.hidden) m.hiddenClasses += 1;
      else m.texts.push(...q.texts);
      m.hidden = m.hidden && q.hidden;
    }
  }
  return [...byId.values()]
    .map((m) => ({ ...m, texts: [...m.texts].sort((x, y) => (y.submittedAt ?? '').localeCompare(x.submittedAt ?? '')) }))
    .sort((x, y) => x.position - y.position);
}

/**
 * Students' own words, only those review approved (the server sends no other text), for the given
 * course classes: one call per class, so the texts are always narrowed to classes the reader teaches
 * (the texts call has no teacher filter; a head of department would otherwise get the department's).
 */
export function TextAnswers({ surveyId, courseClassIds }: { surveyId: number; courseClassIds: number[] }) {
  const queries = useQueries({ queries: courseClassIds.map((id) => textResponsesQuery(surveyId, id)) });
  const failed = queries.find((q) => q.isError);
  if (failed) {
    return (
      <LoadError
        error={failed.error}
        onRetry={() => queries.forEach((q) => q.isError && void q.refetch())}
        retrying={queries.some((q) => q.isFetching)}
        fallback="Không thể tải ý kiến của học sinh. Vui lòng thử lại sau."
      />
    );
  }
  if (queries.some((q) => q.isPending))
    return (
      <div aria-busy="true">
        <Skeleton className="h-24 rounded-xl" />
        <span role="status" className="sr-only">
          Đang tải ý kiến của học sinh...
        </span>
      </div>
    );
  const questions = mergeTextQuestions(queries.map((q) => q.data as TTextResponses));
  if (!questions.length) return <EmptyState icon={MessageSquareText} title="Khảo sát này không có câu hỏi tự luận." />;
  return (
    <div className="space-y-4">
      {questions.map((tq) => (
        <article key={tq.questionId} aria-label={`Ý kiến: ${tq.content}`} className="rounded-xl border border-border p-4">
          <p className="text-xs text-muted">
            Câu {tq.position} · {tq.sectionTitle}
          </p>
          <h3 className="mt-0.5 text-sm font-medium break-words text-fg">{tq.content}</h3>
          <p className="mt-1 text-xs text-muted">
            {fmtN(tq.answered)} câu trả lời · {fmtCount(tq.approved)} đã duyệt · {fmtCount(tq.pending)} chờ duyệt · {fmtCount(tq.rejected)} không hiển thị
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
          {tq.hiddenClasses > 0 && !tq.hidden ? (
            <p className="mt-2 text-xs text-muted">
              {fmtCount(tq.hiddenClasses)} lớp: {TOO_FEW}.
            </p>
          ) : null}
          {tq.approved > tq.texts.length && !tq.hidden && tq.hiddenClasses === 0 ? (
            <p className="mt-2 text-xs text-muted">
              Đang hiện {fmtCount(tq.texts.length)} ý kiến mới nhất trên {fmtCount(tq.approved)} ý kiến đã duyệt.
            </p>
          ) : null}
        </article>
      ))}
    </div>
  );
}
