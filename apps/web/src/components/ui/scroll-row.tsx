import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

type Edges = { start: boolean; end: boolean };

/** Room kept beside a tab brought into view, so the fade does not cover it. */
const EDGE_ROOM = 40;

/**
 * A row wider than the screen (a tab bar at 360 px) that scrolls sideways and shows that it does: at
 * each edge with more behind it, the content fades out under a chevron that scrolls one view further
 * (issue 12: survey-detail tabs ran off a phone screen with no hint). The chevrons are for pointer and
 * touch; the keyboard moves through the tabs with the arrow keys, and the selected one (the
 * `selectedIndex`th `role="tab"` inside) is brought into view when it changes, without scrolling the page.
 */
export function ScrollRow({
  children,
  selectedIndex,
  className = '',
}: {
  children: ReactNode;
  selectedIndex?: number;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    const next = { start: el.scrollLeft > 1, end: el.scrollLeft < max - 1 };
    setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    if (el.firstElementChild) resize.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [measure]);

  useEffect(() => {
    const el = ref.current;
    const tab = selectedIndex === undefined ? null : el?.querySelectorAll<HTMLElement>('[role="tab"]')[selectedIndex];
    if (!el || !tab || el.scrollWidth <= el.clientWidth) return;
    const box = el.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.left < box.left + EDGE_ROOM) el.scrollLeft -= box.left + EDGE_ROOM - t.left;
    else if (t.right > box.right - EDGE_ROOM) el.scrollLeft += t.right - (box.right - EDGE_ROOM);
    measure();
  }, [selectedIndex, measure]);

  const page = (dir: -1 | 1) => {
    const el = ref.current;
    if (el) el.scrollBy({ left: dir * Math.max(80, el.clientWidth * 0.7), behavior: 'smooth' });
  };

  return (
    <div
      className={`relative ${className}`}
      data-overflow={[edges.start && 'start', edges.end && 'end'].filter(Boolean).join(' ') || 'none'}
    >
      <div ref={ref} className="overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {children}
      </div>
      {edges.start ? <EdgeHint side="start" onClick={() => page(-1)} /> : null}
      {edges.end ? <EdgeHint side="end" onClick={() => page(1)} /> : null}
    </div>
  );
}

function EdgeHint({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  const Icon = side === 'start' ? ChevronLeft : ChevronRight;
  return (
    // Not a tab stop and hidden from screen readers: the tabs themselves are reachable with the arrow keys.
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={`scroll-hint-${side}`}
      title={side === 'start' ? 'Xem các mục bên trái' : 'Xem thêm các mục bên phải'}
      onClick={onClick}
      className={`absolute inset-y-0 flex w-10 items-center text-muted hover:text-fg ${
        side === 'start' ? 'left-0 justify-start bg-linear-to-r' : 'right-0 justify-end bg-linear-to-l'
      } from-bg from-45% to-transparent`}
    >
      <Icon className="size-5" />
    </button>
  );
}
