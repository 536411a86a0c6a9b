import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Sparkles, Square } from 'lucide-react';
import { toast } from 'sonner';
import type { TGeneratorRun } from '@app/shared/timetables';
import { inputClass } from '@/components/data/form-fields';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { generatorQueryKey, startGenerator, stopGenerator, useGeneratorRun } from '../api/generator-run';

const RUN_STATUS: Record<TGeneratorRun['status'], string> = {
  running: 'Đang xếp',
  done: 'Đã xếp xong',
  stopped: 'Đã dừng (giữ kết quả tốt nhất)',
  failed: 'Lỗi',
};

function seconds(ms: number) {
  return `${Math.round(ms / 100) / 10} giây`;
}

/**
 * "Xếp tự động": starts the generator with a time limit, shows its progress every second (placed /
 * total, hard clashes, score, elapsed), "Dừng" keeps the best result; when a run ends the version is
 * reloaded (`onFinished`).
 */
export function GeneratePanel({ timetableId, readOnly, onFinished }: { timetableId: number; readOnly: boolean; onFinished: () => void }) {
  const client = useQueryClient();
  const run = useGeneratorRun(timetableId, !readOnly);
  const [limit, setLimit] = useState('30');
  const [busy, setBusy] = useState(false);
  const data = run.data ?? null;
  const running = data?.status === 'running';

  // A run that ends while the page watches reloads the timetable once.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current && data) {
      wasRunning.current = false;
      onFinished();
    }
  }, [running, data, onFinished]);

  const limitNumber = Number(limit);
  const limitValid = Number.isInteger(limitNumber) && limitNumber >= 1 && limitNumber <= 600;

  const start = async () => {
    setBusy(true);
    try {
      const r = await startGenerator(timetableId, { timeLimitSeconds: limitNumber });
      client.setQueryData(generatorQueryKey(timetableId), r);
      if (r.status === 'running') wasRunning.current = true;
      else onFinished();
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể bắt đầu xếp tự động. Vui lòng thử lại sau.'));
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    setBusy(true);
    try {
      const r = await stopGenerator(timetableId);
      client.setQueryData(generatorQueryKey(timetableId), r);
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể dừng. Vui lòng thử lại sau.'));
    } finally {
      setBusy(false);
    }
  };

  if (readOnly) return null;
  const pct = data && data.total > 0 ? Math.round((data.placed / data.total) * 100) : 0;
  return (
    <section aria-label="Xếp tự động" className="rounded-xl border border-border bg-surface p-3">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs font-medium text-muted">
          Thời gian tối đa (giây)
          <input
            type="number"
            min={1}
            max={600}
            value={limit}
            disabled={running || busy}
            onChange={(e) => setLimit(e.target.value)}
            aria-invalid={!limitValid || undefined}
            className={`${inputClass} w-28 ${limitValid ? 'border-border' : 'border-danger'}`}
          />
        </label>
        {running ? (
          <Button variant="secondary" onClick={() => void stop()} disabled={busy}>
            <Square aria-hidden="true" className="size-4" />
            Dừng
          </Button>
        ) : (
          <Button onClick={() => void start()} disabled={busy || !limitValid}>
            {busy ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" className="size-4" />
            )}
            Xếp tự động
          </Button>
        )}
      </div>
      {!limitValid ? <p className="mt-1 text-xs text-danger">Thời gian từ 1 đến 600 giây.</p> : null}
      {data ? (
        <div className="mt-3 space-y-1 text-xs" aria-live="polite">
          <p className="font-medium text-fg">{RUN_STATUS[data.status]}</p>
          <div
            role="progressbar"
            aria-label="Tiến độ xếp tự động"
            aria-valuemin={0}
            aria-valuemax={data.total}
            aria-valuenow={data.placed}
            aria-valuetext={`Đã xếp ${data.placed}/${data.total} tiết`}
            className="h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${pct}%` }} />
          </div>
          <p className="text-muted tabular-nums">
            Đã xếp {data.placed}/{data.total} tiết · Xung đột cứng: {data.hardClashes} · Điểm phạt: {Math.round(data.score * 100) / 100} ·
            Thời gian: {seconds(data.elapsedMs)}
          </p>
          {data.error ? <p className="text-danger">{data.error}</p> : null}
          {data.impossible ? (
            <div className="rounded-md border border-danger/40 bg-danger/5 p-2 text-danger" role="alert">
              <p className="font-semibold">Không thể xếp được mọi tiết mà không có xung đột:</p>
              <ul className="list-disc pl-4">
                {data.impossible.reasons.map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
