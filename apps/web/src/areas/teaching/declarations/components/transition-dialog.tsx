import { TRANSITIONS_NEEDING_COMMENT, type TDeclarationTransition } from '@app/shared/declarations';
import { ConfirmDialog } from '@/components/data/confirm-dialog';

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
  const label = action === 'return' ? 'Lý do trả lại' : action === 'unlock' ? 'Lý do mở khóa' : 'Nhận xét (không bắt buộc)';
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={TRANSITION_TEXT[action].title}
      description={`Bản kê khai ${who}.`}
      confirmLabel={TRANSITION_TEXT[action].button}
      danger={false}
      comment={{ label, required: TRANSITIONS_NEEDING_COMMENT.includes(action), maxLength: 2000 }}
      onConfirm={onConfirm}
    />
  );
}
