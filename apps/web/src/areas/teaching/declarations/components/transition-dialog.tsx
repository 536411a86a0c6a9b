import { useId, useState } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { TRANSITIONS_NEEDING_COMMENT, type TDeclarationTransition } from '@app/shared/declarations';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/** The button's words and the dialog's title of each state change. */
export const TRANSITION_TEXT: Record<TDeclarationTransition, { button: string; title: string; done: string }> = {
  submit: { button: 'Nộp', title: 'Nộp bản kê khai?', done: 'Đã nộp bản kê khai.' },
  approve: { button: 'Duyệt', title: 'Duyệt bản kê khai?', done: 'Đã duyệt bản kê khai.' },
  return: { button: 'Trả lại', title: 'Trả lại bản kê khai', done: 'Đã trả lại bản kê khai.' },
  confirm: { button: 'Xác nhận', title: 'Xác nhận bản kê khai?', done: 'Đã xác nhận bản kê khai.' },
  lock: { button: 'Khóa', title: 'Khóa bản kê khai?', done: 'Đã khóa bản kê khai.' },
  unlock: { button: 'Mở khóa', title: 'Mở khóa bản kê khai', done: 'Đã mở khóa bản kê khai.' },
};

/**
 * A state change with its comment: required for a return (what to fix) and an unlock (why), optional
 * otherwise. A refusal (409: changed meanwhile, wrong state) stays in the dialog with the server's words.
 */
export function TransitionDialog({
  action,
  who,
  onClose,
  onConfirm,
}: {
  action: TDeclarationTransition | null;
  /** Whose declaration ("của Nguyễn Văn An"). */
  who: string;
  onClose: () => void;
  onConfirm: (comment: string | undefined) => Promise<unknown>;
}) {
  if (!action) return null;
  return <Body action={action} who={who} onClose={onClose} onConfirm={onConfirm} />;
}

function Body({
  action,
  who,
  onClose,
  onConfirm,
}: {
  action: TDeclarationTransition;
  who: string;
  onClose: () => void;
  onConfirm: (c: string | undefined) => Promise<unknown>;
}) {
  const id = useId();
  const needed = TRANSITIONS_NEEDING_COMMENT.includes(action);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = TRANSITION_TEXT[action];
  const label = action === 'return' ? 'Lý do trả lại' : action === 'unlock' ? 'Lý do mở khóa' : 'Nhận xét (không bắt buộc)';

  const confirm = async () => {
    const c = comment.trim();
    if (needed && !c) {
      setError(`Hãy nhập ${label.toLowerCase()}.`);
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(c || undefined);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Không thể thực hiện. Vui lòng thử lại sau.'));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      title={text.title}
      description={`Bản kê khai ${who}.`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Hủy
          </Button>
          <Button onClick={() => void confirm()} disabled={busy}>
            {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {busy ? 'Đang xử lý...' : text.button}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="font-medium text-fg">
            {label}
            {needed ? (
              <span className="text-danger" aria-hidden="true">
                {' '}
                *
              </span>
            ) : null}
          </label>
          <textarea
            id={id}
            rows={3}
            value={comment}
            maxLength={2000}
            disabled={busy}
            required={needed}
            onChange={(e) => setComment(e.target.value)}
            className="w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-primary"
          />
        </div>
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
