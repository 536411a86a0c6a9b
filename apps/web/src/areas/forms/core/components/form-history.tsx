import { formatDateTime } from '@app/shared/format';
import { FORM_STATUS_LABELS, type TFormHistory, type TFormStatus } from '@app/shared/forms';
import { HISTORY_LABELS } from '../lib/history';

/** Every step of a form, oldest first: who, when, the state it reached, the comment. */
export function FormHistory({ history }: { history: TFormHistory[] }) {
  return (
    <ol className="space-y-2 text-sm">
      {history.map((h, i) => (
        <li key={i} className="border-l-2 border-border pl-3">
          <p>
            <span className="font-medium">{HISTORY_LABELS[h.action] ?? h.action}</span>
            {h.toStatus ? ` → ${FORM_STATUS_LABELS[h.toStatus as TFormStatus] ?? h.toStatus}` : ''}
          </p>
          <p className="text-xs text-muted">
            {h.actorName ?? 'Hệ thống'} · {formatDateTime(h.at)}
          </p>
          {h.comment ? <p className="mt-1 whitespace-pre-wrap">“{h.comment}”</p> : null}
        </li>
      ))}
    </ol>
  );
}
