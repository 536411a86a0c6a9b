import { useState } from 'react';
import { formatDate } from '@app/shared/format';
import { Badge } from '@/components/data/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { useHomeroomAck } from '../api/report';
import { AckReport } from './ack-report';

/**
 * For /teacher/homeroom-class (read-only): each published document students must acknowledge, with how
 * many of the teacher's class have and have not; "Xem học sinh" opens the class's list and its XLSX.
 */
export function HomeroomRegulationsStatus() {
  const q = useHomeroomAck();
  const [open, setOpen] = useState<{ id: number; title: string } | null>(null);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} fallback="Không tải được dữ liệu. Vui lòng thử lại." />;
  if (!q.data) return <p className="text-sm text-muted">Đang tải…</p>;
  return (
    <section aria-label="Xác nhận nội quy, quy chế của lớp" className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-fg">Xác nhận nội quy, quy chế</h2>
      {q.data.length === 0 ? (
        <p className="text-sm text-muted">Không có văn bản nào cần học sinh xác nhận.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {q.data.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-surface px-4 py-3"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <span className="font-medium text-fg">{d.title}</span>
                <span className="text-xs text-muted">
                  {d.category} · ban hành {formatDate(d.publishedAt)}
                </span>
                {d.classes.map((c) => (
                  <span key={c.classId} className="flex flex-wrap items-center gap-2 text-sm text-fg">
                    Lớp {c.className}: {c.acknowledged}/{c.studentCount} đã xác nhận
                    {c.missing ? <Badge tone="danger">{`${c.missing} chưa xác nhận`}</Badge> : <Badge>Đủ</Badge>}
                  </span>
                ))}
              </div>
              <Button variant="secondary" onClick={() => setOpen({ id: d.id, title: d.title })} aria-label={`Xem học sinh: ${d.title}`}>
                Xem học sinh
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open ? <AckReport id={open.id} title={open.title} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
