import { Fragment } from 'react';

/** A piece of a text, marked or not; a marked piece may say why (e.g. the auto-review's reasons). */
export interface TextPart {
  text: string;
  marked: boolean;
  why?: string;
}

const TONES = {
  /** What the auto-review flagged, for a person to look at. */
  flag: 'rounded bg-amber-300/45 px-0.5 text-fg ring-1 ring-amber-500/70',
  /** What a theme code's keyword matched. */
  match: 'rounded bg-primary/15 px-0.5 text-fg',
} as const;

/**
 * A text with some of its parts marked (<mark>): a mark that says why is titled with it and read out
 * with it, so a mouse or a screen reader can tell why.
 */
export function HighlightedText({ parts, tone }: { parts: readonly TextPart[]; tone: keyof typeof TONES }) {
  return (
    <>
      {parts.map((p, i) =>
        p.marked ? (
          <mark key={i} title={p.why} aria-label={p.why === undefined ? undefined : `${p.text} (${p.why})`} className={TONES[tone]}>
            {p.text}
          </mark>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
