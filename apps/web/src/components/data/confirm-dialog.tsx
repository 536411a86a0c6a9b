import { useRef, useState, type ReactNode } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '../ui/button';
import { Modal } from './modal';

/** `text-bg` on `bg-danger` reads well in every theme (dark red on light, light red on dark). */
const DANGER = 'bg-danger! text-bg! hover:bg-danger! hover:opacity-90';

/**
 * "Xóa … ?" before a delete (or any action that cannot be undone). A refusal from the server
 * ("Không thể xóa … vì đang được sử dụng bởi …") stays in the dialog; success closes it.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  message,
  confirmLabel = 'Xóa',
  danger = true,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  /** Resolve = done (closes); reject = the server's message is shown. */
  onConfirm: () => Promise<unknown>;
}) {
  if (!open) return null;
  return <ConfirmBody {...{ onClose, title, message, confirmLabel, danger, onConfirm }} />;
}

function ConfirmBody({
  onClose,
  title,
  message,
  confirmLabel,
  danger,
  onConfirm,
}: {
  onClose: () => void;
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  danger: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The buttons are disabled while busy, which drops focus to <body>; a refusal puts it back.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (!busy) onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Không thể thực hiện. Vui lòng thử lại sau.'));
      setBusy(false);
      requestAnimationFrame(() => cancelRef.current?.focus());
    }
  };
  return (
    <Modal
      open
      onClose={cancel}
      title={title}
      size="sm"
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={busy} autoFocus>
            Hủy
          </Button>
          <Button onClick={() => void confirm()} disabled={busy} variant={danger ? 'ghost' : 'primary'} className={danger ? DANGER : ''}>
            {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {busy ? 'Đang xử lý...' : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm">
        {message ? <div className="text-fg">{message}</div> : null}
        {error ? (
          <div role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
