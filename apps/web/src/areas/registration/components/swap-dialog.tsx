import { useState } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import type { MyOffer } from '../lib/offers';

/**
 * "Đổi lớp": the student picks the class to give up for `target`. The swap is one step on the server:
 * when the new class cannot be obtained, the old one is kept. A refusal stays in the dialog.
 */
export function SwapDialog({
  target,
  candidates,
  onClose,
  onSwap,
}: {
  target: MyOffer;
  /** The classes the student holds and may give up (registered, not compulsory). */
  candidates: MyOffer[];
  onClose: () => void;
  onSwap: (fromCourseClassId: number) => Promise<unknown>;
}) {
  // The class of the same subject is the likely one to give up.
  const [from, setFrom] = useState<number | null>(
    (candidates.find((c) => c.subjectId === target.subjectId) ?? candidates[0])?.courseClassId ?? null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (from === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSwap(from);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Không thể đổi lớp. Vui lòng thử lại sau.'));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={() => (busy ? undefined : onClose())}
      title={`Đổi sang lớp ${target.code}`}
      description="Lớp cũ chỉ bị hủy khi bạn nhận được chỗ ở lớp mới; nếu không nhận được, bạn vẫn giữ lớp cũ."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Hủy
          </Button>
          <Button onClick={() => void confirm()} disabled={busy || from === null}>
            {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {busy ? 'Đang đổi...' : 'Đổi lớp'}
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-fg">Chọn lớp muốn nhường lại</legend>
        {candidates.map((c) => (
          <label
            key={c.courseClassId}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-border p-2 text-sm hover:bg-surface-2"
          >
            <input
              type="radio"
              name="swap-from"
              className="mt-1"
              checked={from === c.courseClassId}
              onChange={() => setFrom(c.courseClassId)}
              disabled={busy}
            />
            <span>
              <span className="font-medium">{c.code}</span> · {c.name}
              <span className="block text-xs text-muted">{c.subjectName}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <div
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </div>
      ) : null}
    </Modal>
  );
}
