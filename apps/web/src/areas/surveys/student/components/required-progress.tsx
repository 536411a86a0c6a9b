import { useLayoutEffect, useRef } from 'react';
import { CheckCircle2 } from 'lucide-react';
import type { TRequiredProgress } from '@app/shared/survey-validation';

/** The shell's sticky header (h-16). */
const HEADER_PX = 64;

/**
 * "Đã trả lời X/Y câu bắt buộc" and a bar, kept under the header while the student scrolls a long
 * form (issue 12). The counts come from `requiredProgress`, the submit check's own rule. While it is
 * shown, the page's scroll padding grows by the bar's height, so a field reached with Tab or brought
 * into view is not left under the bar and the header.
 */
export function RequiredProgress({ progress }: { progress: TRequiredProgress }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingTop;
    root.style.scrollPaddingTop = `${HEADER_PX + el.offsetHeight + 8}px`;
    return () => {
      root.style.scrollPaddingTop = before;
    };
  }, []);

  const { answered, required } = progress;
  if (required === 0) return null;
  const done = answered === required;
  const text = `Đã trả lời ${answered}/${required} câu bắt buộc`;
  return (
    <div
      ref={ref}
      data-testid="required-progress"
      className="sticky top-16 z-10 -mx-4 mb-4 border-b border-border bg-bg/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-b-lg sm:border-x sm:px-4"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="flex items-center gap-1.5 font-medium text-fg">
          {done ? <CheckCircle2 aria-hidden="true" className="size-4 text-primary" /> : null}
          {text}
        </p>
        {done ? <span className="text-xs text-muted">Có thể gửi khảo sát</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label="Câu bắt buộc đã trả lời"
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={answered}
        aria-valuetext={text}
        className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-border"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${(answered / required) * 100}%` }}
        />
      </div>
    </div>
  );
}
