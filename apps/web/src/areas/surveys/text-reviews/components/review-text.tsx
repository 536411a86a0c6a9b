import { highlightParts, reasonLabel, type TReviewSpan } from '@app/shared/text-reviews';
import { HighlightedText } from '@/areas/surveys/core/components/highlighted-text';

/**
 * A student's answer with what the auto-review flagged marked, each mark titled with its reasons.
 * Line breaks the student typed are kept.
 */
export function ReviewText({ text, spans, className = '' }: { text: string; spans: readonly TReviewSpan[]; className?: string }) {
  const parts = highlightParts(text, spans).map((p) =>
    p.codes.length ? { text: p.text, marked: true, why: p.codes.map(reasonLabel).join(', ') } : { text: p.text, marked: false },
  );
  return (
    <p className={`break-words whitespace-pre-line ${className}`}>
      <HighlightedText parts={parts} tone="flag" />
    </p>
  );
}
