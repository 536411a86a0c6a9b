import { DECLARATION_HISTORY_ACTION_LABELS, DECLARATION_STATUS_LABELS, type TDeclarationHistoryEntry } from '@app/shared/declarations';
import { formatDateTime } from '@app/shared/format';
import { ChangesDiff, changesCount, hasChanges } from './changes-diff';

/** "Nháp → Đã nộp" when an entry changed the status. */
export function statusChange(e: Pick<TDeclarationHistoryEntry, 'fromStatus' | 'toStatus'>): string {
  if (!e.toStatus || e.fromStatus === e.toStatus) return '';
  return e.fromStatus
    ? `${DECLARATION_STATUS_LABELS[e.fromStatus]} → ${DECLARATION_STATUS_LABELS[e.toStatus]}`
    : DECLARATION_STATUS_LABELS[e.toStatus];
}

/** A declaration's history, newest first: who, when, what (from → to), the comment, and the changed lines on demand. */
export function HistoryList({ entries }: { entries: readonly TDeclarationHistoryEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted">Chưa có lịch sử.</p>;
  return (
    <ol className="space-y-2">
      {entries.map((e) => (
        <li key={e.id} className="rounded-lg border border-border px-3 py-2 text-sm">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium text-fg">{DECLARATION_HISTORY_ACTION_LABELS[e.action]}</span>
            {statusChange(e) ? <span className="text-muted">({statusChange(e)})</span> : null}
            <span className="text-muted">
              · {e.actorName ?? 'Hệ thống'} · {formatDateTime(e.at)}
            </span>
          </div>
          {e.comment ? <p className="mt-1 break-words whitespace-pre-line text-fg">Nhận xét: {e.comment}</p> : null}
          {hasChanges(e.changes) ? (
            <details className="mt-1">
              <summary className="cursor-pointer rounded text-primary focus-visible:outline-2 focus-visible:outline-primary">
                Xem thay đổi ({changesCount(e.changes)})
              </summary>
              <div className="mt-2">
                <ChangesDiff changes={e.changes} />
              </div>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
