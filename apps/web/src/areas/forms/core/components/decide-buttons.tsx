import { useState } from 'react';
import { FORM_DECISION_LABELS, type TFormDecisionAction, type TStudentForm } from '@app/shared/forms';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { decideForm } from '../api/decide-form';
import { useFormWrite } from './use-form-write';

const TEXT: Record<TFormDecisionAction, { title: string; message: string; comment: string; required: boolean }> = {
  approve: {
    title: 'Duyệt đơn?',
    message: 'Học sinh được báo ngay. Đơn xin nghỉ quá 3 ngày học được chuyển Hiệu trưởng quyết định sau khi giáo viên chủ nhiệm duyệt.',
    comment: 'Ý kiến (không bắt buộc)',
    required: false,
  },
  reject: { title: 'Không duyệt đơn?', message: 'Đơn kết thúc ở trạng thái không duyệt.', comment: 'Lý do không duyệt', required: true },
  return: { title: 'Trả lại đơn để sửa?', message: 'Học sinh sửa theo ý kiến rồi gửi lại.', comment: 'Điều cần sửa', required: true },
};

/** Approve, reject or return a form waiting for the caller, each through a confirmation that takes a comment. */
export function DecideButtons({
  form,
  onDone,
}: {
  form: Pick<TStudentForm, 'id' | 'version' | 'studentName' | 'kindName'>;
  onDone?: () => void;
}) {
  const [action, setAction] = useState<TFormDecisionAction | null>(null);
  const { run } = useFormWrite();
  const text = action ? TEXT[action] : null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setAction('approve')}>{FORM_DECISION_LABELS.approve}</Button>
      <Button variant="secondary" onClick={() => setAction('return')}>
        {FORM_DECISION_LABELS.return}
      </Button>
      <Button variant="secondary" onClick={() => setAction('reject')}>
        {FORM_DECISION_LABELS.reject}
      </Button>
      {action && text ? (
        <ConfirmDialog
          open
          onClose={() => setAction(null)}
          title={text.title}
          description={`${form.kindName} của ${form.studentName}.`}
          message={text.message}
          confirmLabel={FORM_DECISION_LABELS[action]}
          danger={action === 'reject'}
          comment={{ label: text.comment, required: text.required, maxLength: 1000 }}
          onConfirm={async (comment) => {
            await run(() => decideForm(form.id, { action, version: form.version, comment: comment ?? null }), 'Đã lưu quyết định.');
            setAction(null);
            onDone?.();
          }}
        />
      ) : null}
    </div>
  );
}
