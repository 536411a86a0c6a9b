import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Code } from 'lucide-react';
import { ZSystemLogDetail, type TSystemLog } from '@app/shared/school';
import { changeRows } from '@app/shared/system-log';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { apiClient, unwrap } from '@/lib/api-client';
import { formatDateTime } from '@app/shared/format';
import { actionLabel, entityLabel } from '../log-labels';
import { LogActor } from './log-actor';
import { LogChangeTable } from './log-change-table';
import { LogDiffView } from './log-diff-view';

/** "Cơ sở Ba Đình (#3)", or "#3" when the entity has no name, or nothing. */
export function entityTarget(l: Pick<TSystemLog, 'entityName' | 'entityId'>): string {
  if (l.entityName && l.entityId) return `${l.entityName} (#${l.entityId})`;
  return l.entityName ?? (l.entityId ? `#${l.entityId}` : '');
}

export function logTitle(l: TSystemLog): string {
  const target = entityTarget(l);
  return `${actionLabel(l.action)} ${entityLabel(l.entity).toLowerCase()}${target ? `: ${target}` : ''}`;
}

/** The entry with the names of the records it refers to (campus, teachers, …), read when the dialog opens. */
function useLogDetail(id: number) {
  return useQuery({
    queryKey: ['system-logs', id],
    queryFn: async () => unwrap(ZSystemLogDetail, (await apiClient.get(`/v1/system-logs/${id}`)).data),
    staleTime: 60_000,
  });
}

function Details({ log }: { log: TSystemLog }) {
  const detail = useLogDetail(log.id);
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [raw, setRaw] = useState(false);
  const rawId = useId();
  const { sides, rows } = changeRows(log);
  const unchanged = sides === 'both' ? rows.filter((r) => !r.changed).length : 0;
  return (
    <>
      <dl className="mb-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted">Thời gian</dt>
          <dd className="tabular-nums">{formatDateTime(log.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Người thực hiện</dt>
          <dd className="break-words">
            <LogActor actor={log.actor} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Đối tượng</dt>
          <dd className="break-words">
            {entityLabel(log.entity)}
            {entityTarget(log) ? <span className="text-muted"> · {entityTarget(log)}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Địa chỉ IP</dt>
          <dd>{log.ip ?? '—'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-xs text-muted">Mã yêu cầu</dt>
          <dd className="font-mono text-xs break-all">{log.requestId ?? '—'}</dd>
        </div>
      </dl>

      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{sides === 'both' ? 'Thay đổi' : 'Nội dung'}</h3>
        {unchanged ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} className="size-4" />
            Chỉ hiện trường đã đổi (ẩn {unchanged} trường không đổi)
          </label>
        ) : null}
      </div>
      <LogChangeTable entry={log} names={detail.data?.names} onlyChanged={onlyChanged} />
      {detail.isError ? <p className="mt-2 text-xs text-muted">Không tải được tên của các mục liên quan; đang hiện mã số.</p> : null}

      <div className="mt-4">
        <Button variant="ghost" aria-expanded={raw} aria-controls={rawId} onClick={() => setRaw((r) => !r)}>
          <Code aria-hidden="true" className="size-4" />
          {raw ? 'Ẩn dữ liệu gốc' : 'Xem dữ liệu gốc'}
        </Button>
        {raw ? (
          <div id={rawId} className="mt-2">
            <LogDiffView before={log.before} after={log.after} />
            <p className="mt-2 text-xs text-muted">Dữ liệu đúng như đã ghi (JSON); các dòng tô đậm là trường đã thay đổi.</p>
          </div>
        ) : null}
      </div>
    </>
  );
}

/** One log entry in full: who, when, from where, and what changed, in words (the raw data on request). */
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
      <Details log={log} />
    </Modal>
  );
}
