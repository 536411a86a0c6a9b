import { Fragment } from 'react';
import { highlightSpans } from '@app/shared/theme-codes';

/** A text with the keywords that matched marked, found by the same matcher the server tags with. */
export function HighlightedText({ text, keywords }: { text: string; keywords: readonly string[] }) {
  const spans = keywords.length ? highlightSpans(text, keywords) : [];
  if (!spans.length) return <>{text}</>;
  const parts: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  for (const s of spans) {
    if (s.start > at) parts.push({ text: text.slice(at, s.start), mark: false });
    parts.push({ text: text.slice(s.start, s.end), mark: true });
    at = s.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return (
    <>
      {parts.map((p, i) =>
        p.mark ? (
          <mark key={i} className="rounded bg-primary/15 px-0.5 text-fg">
            {p.text}
          </mark>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
