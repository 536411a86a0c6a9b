import { highlightParts, reasonLabel, type TReviewSpan } from '@app/shared/text-reviews';

/**
 * The answer with what the auto-review flagged marked (<mark>), each mark titled with its reasons so
 * a mouse or screen reader can tell why. Line breaks the student typed are kept.
 */
export function HighlightedText({ text, spans, className = '' }: { text: string; spans: readonly TReviewSpan[]; className?: string }) {
  const parts = highlightParts(text, spans);
  return (
    <p className={`break-words whitespace-pre-line ${className}`}>
      {parts.map((p, i) =>
        p.codes.length ? (
          <mark
            key={i}
            title={p.codes.map(reasonLabel).join(', ')}
            aria-label={`${p.text} (${p.codes.map(reasonLabel).join(', ')})`}
            className="rounded bg-amber-300/45 px-0.5 text-fg ring-1 ring-amber-500/70"
          >
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}
