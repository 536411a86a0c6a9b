import type { TWeekEntry, TWeekViewKind } from '@app/shared/timetables';
import { entryParts } from '../lib/entry-text';

/** One lesson, fixed event or tutoring session in a slot; fixed events (chào cờ, sinh hoạt lớp) and tutoring are tinted differently. */
export function EntryCard({ entry, view, compact = false }: { entry: TWeekEntry; view: TWeekViewKind; compact?: boolean }) {
  const { title, details } = entryParts(entry, view);
  const tint =
    entry.kind === 'fixed'
      ? 'border-amber-400/60 bg-amber-300/20 italic'
      : entry.kind === 'tutoring'
        ? 'border-emerald-500/50 bg-emerald-400/15'
        : 'border-primary/30 bg-primary/5';
  return (
    <div data-kind={entry.kind} className={`rounded-md border px-2 py-1 text-left text-xs leading-snug print:border-black ${tint}`}>
      <p className="font-semibold text-fg">{title}</p>
      {compact
        ? null
        : details.map((d) => (
            <p key={d} className="text-muted print:text-black">
              {d}
            </p>
          ))}
    </div>
  );
}
