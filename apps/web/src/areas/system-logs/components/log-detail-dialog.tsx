import type { TSystemLog } from '@app/shared/school';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@app/shared/format';
import { actionLabel, entityLabel } from '../log-labels';
import { LogDiffView } from './log-diff-view';

export function logTitle(l: TSystemLog): string {
  return `${actionLabel(l.action)} ${entityLabel(l.entity).toLowerCase()}${l.entityId ? ` #${l.entityId}` : ''}`;
}

/** One log entry in full: who, when, from where, and before/after side by side. */
export function LogDetailDialog({ log, onClose }: { log: TSystemLog | null; onClose: () => void }) {
  if (!log) return null;
  return (
    <Modal
      open
      onClose={onClose}
      title={logTitle(log)}
      size="xl"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Đóng
        </Button>
      }
    >
      <dl className="mb-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted">Thời gian</dt>
          <dd>{formatDateTime(log.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Người thực hiện</dt>
          <dd className="break-all">
            {log.actorName ?? (log.actorId ? `#${log.actorId}` : 'Hệ thống')}
            {log.actorEmail ? <span className="text-muted"> · {log.actorEmail}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Địa chỉ IP</dt>
          <dd>{log.ip ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Mã yêu cầu</dt>
          <dd className="font-mono text-xs break-all">{log.requestId ?? '—'}</dd>
        </div>
      </dl>
      <LogDiffView before={log.before} after={log.after} />
      <p className="mt-2 text-xs text-muted">Các dòng tô đậm là trường đã thay đổi.</p>
    </Modal>
  );
}
