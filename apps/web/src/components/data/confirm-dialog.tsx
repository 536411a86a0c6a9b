import { useId, useRef, useState, type ReactNode } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '../ui/button';
import { Modal } from './modal';

/** `text-bg` on `bg-danger` reads well in every theme (dark red on light, light red on dark). */
const DANGER = 'bg-danger! text-bg! hover:bg-danger! hover:opacity-90';

/** A comment typed with the action: a reason it requires (a return, an unlock) or a remark it allows. */
export interface ConfirmComment {
  label: string;
  required: boolean;
  maxLength: number;
}

/** What is still missing before the call, and the id of the field to focus; null when ready. */
export type ConfirmCheck = () => { error: string; focus: string } | null;

type ConfirmChildren = ReactNode | ((state: { busy: boolean }) => ReactNode);

/**
 * "Xóa … ?" before a delete (or any action that cannot be undone), or a state change with its comment
 * (`comment`) and choices (`children`, `check`). A refusal from the server ("Không thể xóa … vì đang được
 * sử dụng bởi …") stays in the dialog; success closes it.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  message,
  confirmLabel = 'Xóa',
  danger = true,
  comment,
  check,
  children,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Under the title (what the action applies to). */
  description?: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  /** Asks for a comment; `onConfirm` gets it trimmed, undefined when empty. */
  comment?: ConfirmComment;
  /** Runs after the comment's own check, before the call. */
  check?: ConfirmCheck;
  /** Between the message and the comment: a choice the action needs. */
  children?: ConfirmChildren;
  /** Resolve = done (closes); reject = the server's message is shown. */
  onConfirm: (comment: string | undefined) => Promise<unknown>;
}) {
  if (!open) return null;
  return <ConfirmBody {...{ onClose, title, description, message, confirmLabel, danger, comment, check, children, onConfirm }} />;
}

function ConfirmBody({
  onClose,
  title,
  description,
  message,
  confirmLabel,
  danger,
  comment,
  check,
  children,
  onConfirm,
}: {
  onClose: () => void;
  title: string;
  description?: ReactNode;
  message?: ReactNode;
  confirmLabel: string;
  danger: boolean;
  comment?: ConfirmComment;
  check?: ConfirmCheck;
  children?: ConfirmChildren;
  onConfirm: (comment: string | undefined) => Promise<unknown>;
}) {
  const commentId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The buttons are disabled while busy, which drops focus to <body>; a refusal puts it back.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (!busy) onClose();
  };
  const refuse = (message: string, focus: string) => {
    setError(message);
    document.getElementById(focus)?.focus();
  };
  const confirm = async () => {
    const typed = text.trim();
    if (comment?.required && !typed) return refuse(`Hãy nhập ${comment.label.toLowerCase()}.`, commentId);
    const missing = check?.();
    if (missing) return refuse(missing.error, missing.focus);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(typed || undefined);
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
      description={description}
      size="sm"
      footer={
        <>
          {/* With a comment to type, the focus stays where the dialog puts it (on the dialog itself). */}
          <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={busy} autoFocus={!comment}>
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
        {typeof children === 'function' ? children({ busy }) : children}
        {comment ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={commentId} className="font-medium text-fg">
              {comment.label}
              {comment.required ? (
                <span className="text-danger" aria-hidden="true">
                  {' '}
                  *
                </span>
              ) : null}
            </label>
            <textarea
              id={commentId}
              rows={3}
              value={text}
              maxLength={comment.maxLength}
              disabled={busy}
              required={comment.required}
              onChange={(e) => setText(e.target.value)}
              className="w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-primary"
            />
          </div>
        ) : null}
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
