import { SURVEY_STATUS_LABELS, type TSurveyListItem } from '@app/shared/surveys';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Modal } from '@/components/data/modal';
import { useDeleteMutation } from '@/components/data/use-api-mutation';
import { Button } from '@/components/ui/button';
import { formatValue } from '@/lib/format';
import { SURVEYS_PATH } from '../api/admin-surveys-api';
import { StatusDialog } from './status-dialog';

/**
 * "Xóa …?" for a list row. A survey with responses cannot be deleted (the server answers 409: results
 * must be kept), so instead of a "Xóa" that is sure to fail the dialog says so up front, with the
 * response count, and offers "Đóng khảo sát" when it is still open. The server's refusal still shows
 * when the count is stale (a response came in after the list was loaded).
 */
export function DeleteSurveyDialog({ target, onClose }: { target: TSurveyListItem | null; onClose: () => void }) {
  const remove = useDeleteMutation({ path: SURVEYS_PATH, invalidate: [SURVEYS_PATH] });
  if (!target) return null;
  const kind = target.isTemplate ? 'mẫu' : 'khảo sát';
  const responses = target.isTemplate ? 0 : target.responseCount;
  if (responses === 0) {
    return (
      <ConfirmDialog
        open
        onClose={onClose}
        title={`Xóa ${kind} “${target.title}”?`}
        message={`${target.isTemplate ? 'Mẫu' : 'Khảo sát'} và ${target.questionCount} câu hỏi của nó sẽ bị xóa. Thao tác này không thể hoàn tác.`}
        onConfirm={() => remove.mutateAsync(target.id)}
      />
    );
  }
  const title = `Không thể xóa khảo sát “${target.title}”`;
  const why = `Khảo sát đã có ${formatValue(responses)} phản hồi nên không thể xóa: kết quả khảo sát phải được giữ lại.`;
  if (target.status === 'active') return <StatusDialog target={target} onClose={onClose} title={title} lead={why} />;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <Button onClick={onClose} autoFocus>
          Đã hiểu
        </Button>
      }
    >
      <div className="space-y-2 text-sm text-fg">
        <p className="font-medium">{why}</p>
        <p>
          Khảo sát đang ở trạng thái “{SURVEY_STATUS_LABELS[target.status]}”
          {target.status === 'closed' ? ': học sinh không thể gửi thêm câu trả lời.' : '.'}
        </p>
      </div>
    </Modal>
  );
}
