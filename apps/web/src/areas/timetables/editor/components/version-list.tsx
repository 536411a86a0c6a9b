import { FilePlus2, LoaderCircle } from 'lucide-react';
import { TIMETABLE_STATUS_LABELS, type TTimetable } from '@app/shared/timetables';
import { formatDate } from '@app/shared/format';
import { Badge } from '@/components/data/badge';
import { Button } from '@/components/ui/button';

const TONE = { draft: 'neutral', published: 'primary', archived: 'neutral' } as const;

/** The module's versions (newest first) with their status; "Tạo bản nháp mới". */
export function VersionList({
  versions,
  selectedId,
  creating,
  onSelect,
  onCreate,
}: {
  versions: readonly TTimetable[];
  selectedId: number | null;
  creating: boolean;
  onSelect: (id: number) => void;
  onCreate: () => void;
}) {
  return (
    <section aria-labelledby="versions-title" className="rounded-xl border border-border bg-surface p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="versions-title" className="text-sm font-semibold text-fg">
          Phiên bản
        </h2>
        <Button variant="secondary" onClick={onCreate} disabled={creating}>
          {creating ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <FilePlus2 aria-hidden="true" className="size-4" />
          )}
          Tạo bản nháp mới
        </Button>
      </div>
      {versions.length ? (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {versions.map((v) => (
            <li key={v.id} className="shrink-0">
              <button
                type="button"
                aria-pressed={v.id === selectedId}
                onClick={() => onSelect(v.id)}
                className={`w-56 rounded-lg border px-3 py-2 text-left text-xs transition-colors ${
                  v.id === selectedId ? 'border-primary bg-primary/5' : 'border-border hover:bg-surface-2'
                }`}
              >
                <span className="block truncate text-sm font-medium text-fg">{v.name}</span>
                <span className="mt-1 flex flex-wrap items-center gap-1">
                  <Badge tone={TONE[v.status]}>{TIMETABLE_STATUS_LABELS[v.status]}</Badge>
                  {v.effectiveFrom ? <span className="text-muted">từ {formatDate(v.effectiveFrom)}</span> : null}
                </span>
                <span className="mt-1 block text-muted">
                  {v.lessonCount} tiết · {v.unplacedCount} chưa xếp · {v.hardClashCount} xung đột
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">Học phần này chưa có thời khóa biểu. Hãy tạo bản nháp đầu tiên.</p>
      )}
    </section>
  );
}
