import { useId, useState } from 'react';
import type { TPayRunSummary, TPayTransitionAction } from '@app/shared/pay';
import { formatMoney } from '@app/shared/pay-calc';
import { ConfirmDialog } from '@/components/data/confirm-dialog';

const TEXT: Record<TPayTransitionAction, { title: string; button: string; what: string }> = {
  submit: {
    title: 'Trình Hiệu trưởng duyệt?',
    button: 'Trình duyệt',
    what: 'Sau khi trình, đợt tính không sửa hay tính lại được cho đến khi bị trả lại.',
  },
  approve: {
    title: 'Duyệt đợt thanh toán?',
    button: 'Duyệt',
    what: 'Sau khi duyệt, giáo viên xem được bảng kê của mình và kế toán có thể chi trả.',
  },
  return: { title: 'Trả lại đợt thanh toán', button: 'Trả lại', what: 'Đợt tính trở về nháp để kế toán sửa và tính lại.' },
  pay: {
    title: 'Xác nhận đã chi trả?',
    button: 'Xác nhận đã chi trả',
    what: 'Số liệu của đợt được giữ nguyên từ nay: thay đổi hệ số, quy định hay kê khai sau này không làm đổi đợt này.',
  },
};

export interface TransitionChoice {
  comment: string | undefined;
  proceedWithoutBlocked: boolean;
}

/**
 * A state change of a run: a required reason to return it, an optional comment otherwise; submitting
 * with blocking teachers asks to say explicitly that the run goes on without them. A refusal other than
 * a stale version (handled by the caller) stays in the dialog with the server's words.
 */
export function PayTransitionDialog({
  action,
  run,
  onClose,
  onConfirm,
}: {
  action: TPayTransitionAction | null;
  run: TPayRunSummary;
  onClose: () => void;
  onConfirm: (choice: TransitionChoice) => Promise<unknown>;
}) {
  if (!action) return null;
  return <Body action={action} run={run} onClose={onClose} onConfirm={onConfirm} />;
}

function Body({
  action,
  run,
  onClose,
  onConfirm,
}: {
  action: TPayTransitionAction;
  run: TPayRunSummary;
  onClose: () => void;
  onConfirm: (choice: TransitionChoice) => Promise<unknown>;
}) {
  const proceedId = useId();
  const text = TEXT[action];
  const needsComment = action === 'return';
  const needsProceed = action === 'submit' && run.blockers > 0;
  const [proceed, setProceed] = useState(false);

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={text.title}
      description={`${run.name}: ${run.teachers} giáo viên, ${formatMoney(run.amount)}.`}
      message={text.what}
      confirmLabel={text.button}
      danger={false}
      comment={
        action === 'pay'
          ? undefined
          : { label: needsComment ? 'Lý do trả lại' : 'Ý kiến (không bắt buộc)', required: needsComment, maxLength: 1000 }
      }
      check={() =>
        needsProceed && !proceed
          ? { error: `Hãy đánh dấu “Tiếp tục không gồm ${run.blockers} giáo viên chưa đủ điều kiện” để trình.`, focus: proceedId }
          : null
      }
      onConfirm={(comment) => onConfirm({ comment, proceedWithoutBlocked: needsProceed && proceed })}
    >
      {({ busy }) =>
        needsProceed ? (
          <label className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/5 px-3 py-2">
            <input
              id={proceedId}
              type="checkbox"
              checked={proceed}
              disabled={busy}
              onChange={(e) => setProceed(e.target.checked)}
              className="mt-0.5 size-4 accent-[var(--app-primary)]"
            />
            <span>Tiếp tục không gồm {run.blockers} giáo viên chưa đủ điều kiện</span>
          </label>
        ) : null
      }
    </ConfirmDialog>
  );
}
