import {
  DECLARATION_ENTRY_KIND_LABELS,
  DECLARATION_LINE_SOURCE_LABELS,
  type TDeclarationChanges,
  type TDeclarationLineSnapshot,
} from '@app/shared/declarations';
import { isoToDisplay } from '@app/shared/format';
import { formatPeriods } from '@app/shared/workload-calc';

/** The fields of a line a person reads in a diff, with how each value is written. */
const FIELDS: { key: keyof TDeclarationLineSnapshot; label: string; show: (l: TDeclarationLineSnapshot) => string }[] = [
  { key: 'kind', label: 'Loại', show: (l) => DECLARATION_ENTRY_KIND_LABELS[l.kind] },
  { key: 'label', label: 'Nội dung', show: (l) => l.label },
  { key: 'periods', label: 'Số tiết', show: (l) => formatPeriods(l.periods) },
  { key: 'activityCode', label: 'Loại hoạt động', show: (l) => l.activityCode ?? '' },
  { key: 'dutyCode', label: 'Nhiệm vụ', show: (l) => l.dutyCode ?? '' },
  { key: 'weeks', label: 'Số tuần', show: (l) => (l.weeks === null ? '' : String(l.weeks)) },
  { key: 'onDate', label: 'Ngày', show: (l) => isoToDisplay(l.onDate) },
  { key: 'untilDate', label: 'Đến ngày', show: (l) => isoToDisplay(l.untilDate) },
  { key: 'forTeacherId', label: 'Dạy thay cho (mã GV)', show: (l) => (l.forTeacherId === null ? '' : String(l.forTeacherId)) },
  { key: 'source', label: 'Nguồn', show: (l) => DECLARATION_LINE_SOURCE_LABELS[l.source] },
  { key: 'note', label: 'Ghi chú', show: (l) => l.note ?? '' },
];

function lineSummary(l: TDeclarationLineSnapshot) {
  const date = l.onDate ? ` · ${isoToDisplay(l.onDate)}${l.untilDate ? ` – ${isoToDisplay(l.untilDate)}` : ''}` : '';
  return `${DECLARATION_ENTRY_KIND_LABELS[l.kind]}: ${l.label} · ${formatPeriods(l.periods)} tiết${date}`;
}

/** Nothing changed in the lines (a state change): say so. */
export const hasChanges = (c: TDeclarationChanges | null) => Boolean(c && c.added.length + c.removed.length + c.changed.length > 0);

/** "+2 · −1 · ~3": how many lines an entry added, removed, changed. */
export function changesCount(c: TDeclarationChanges | null): string {
  if (!hasChanges(c) || !c) return '';
  const parts = [
    c.added.length ? `thêm ${c.added.length}` : '',
    c.removed.length ? `xóa ${c.removed.length}` : '',
    c.changed.length ? `sửa ${c.changed.length}` : '',
  ];
  return `${parts.filter(Boolean).join(', ')} dòng`;
}

/** Lines added (green), removed (red, struck), changed (each changed field: before → after). */
export function ChangesDiff({ changes }: { changes: TDeclarationChanges | null }) {
  if (!changes || !hasChanges(changes)) return <p className="text-sm text-muted">Không có thay đổi dòng kê khai.</p>;
  return (
    <div className="space-y-3 text-sm">
      {changes.added.length ? (
        <section aria-label="Dòng được thêm">
          <h4 className="mb-1 font-medium text-fg">Thêm {changes.added.length} dòng</h4>
          <ul className="space-y-1">
            {changes.added.map((l, i) => (
              <li key={i} className="rounded-md border border-emerald-500/40 bg-emerald-500/10 px-2 py-1 break-words text-fg">
                <span aria-hidden="true">+ </span>
                <ins className="no-underline">{lineSummary(l)}</ins>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {changes.removed.length ? (
        <section aria-label="Dòng bị xóa">
          <h4 className="mb-1 font-medium text-fg">Xóa {changes.removed.length} dòng</h4>
          <ul className="space-y-1">
            {changes.removed.map((l, i) => (
              <li key={i} className="rounded-md border border-danger/40 bg-danger/10 px-2 py-1 break-words text-fg">
                <span aria-hidden="true">− </span>
                <del>{lineSummary(l)}</del>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {changes.changed.length ? (
        <section aria-label="Dòng được sửa">
          <h4 className="mb-1 font-medium text-fg">Sửa {changes.changed.length} dòng</h4>
          <ul className="space-y-2">
            {changes.changed.map(({ before, after }, i) => (
              <li key={i} className="rounded-md border border-border px-2 py-1">
                <p className="font-medium break-words text-fg">{after.label}</p>
                <ul className="mt-1 space-y-0.5">
                  {FIELDS.filter((f) => f.show(before) !== f.show(after)).map((f) => (
                    <li key={f.key} className="flex flex-wrap items-baseline gap-x-1.5 break-words">
                      <span className="text-muted">{f.label}:</span>
                      <del className="rounded bg-danger/10 px-1 text-danger">{f.show(before) || '(trống)'}</del>
                      <span aria-label="thành">→</span>
                      <ins className="rounded bg-emerald-500/10 px-1 text-emerald-700 no-underline dark:text-emerald-300">
                        {f.show(after) || '(trống)'}
                      </ins>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
