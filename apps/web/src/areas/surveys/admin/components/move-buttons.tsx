import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { IconAction } from '@/components/data/row-actions';
import type { Dir } from '../lib/draft-ops';

const cls =
  'inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Up/down buttons that reorder a part (no drag and drop: keyboard and screen readers use the same
 * buttons). After a move the focus returns to the moved part's button, which React has carried to
 * its new place, or to the other one when this direction is now at the end.
 */
export function MoveButtons({
  itemKey,
  name,
  canUp,
  canDown,
  onMove,
}: {
  itemKey: string;
  /** Completes the labels: "Chuyển {name} lên". */
  name: string;
  canUp: boolean;
  canDown: boolean;
  onMove: (dir: Dir) => void;
}) {
  const move = (dir: Dir) => {
    onMove(dir);
    requestAnimationFrame(() => {
      const find = (d: Dir) => document.querySelector<HTMLButtonElement>(`[data-move-key="${itemKey}"][data-move-dir="${d}"]`);
      const same = find(dir);
      (same && !same.disabled ? same : find((dir * -1) as Dir))?.focus();
    });
  };
  return (
    <span className="inline-flex items-center">
      <button
        type="button"
        className={cls}
        aria-label={`Chuyển ${name} lên`}
        title="Chuyển lên"
        disabled={!canUp}
        data-move-key={itemKey}
        data-move-dir={-1}
        onClick={() => move(-1)}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={cls}
        aria-label={`Chuyển ${name} xuống`}
        title="Chuyển xuống"
        disabled={!canDown}
        data-move-key={itemKey}
        data-move-dir={1}
        onClick={() => move(1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
    </span>
  );
}

/** The top line of a part (section, question, grid group): its heading, then move up/down and delete. */
export function PartHeader({
  heading,
  onDelete,
  ...move
}: Parameters<typeof MoveButtons>[0] & { heading: ReactNode; onDelete: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {heading}
      <div className="flex items-center">
        <MoveButtons {...move} />
        <IconAction icon={Trash2} label={`Xóa ${move.name}`} danger onClick={onDelete} />
      </div>
    </div>
  );
}
