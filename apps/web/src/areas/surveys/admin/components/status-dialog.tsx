import type { ReactNode } from 'react';
import { Lock, Play, RotateCcw, type LucideIcon } from 'lucide-react';
import { ZSurvey, type TSurvey, type TSurveyStatus } from '@app/shared/surveys';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { SURVEYS_PATH } from '../api/admin-surveys-api';

/** The one status step each status offers (decisions "Status"): draft → active → closed → active. */
export const STATUS_ACTIONS: Record<TSurveyStatus, { to: TSurveyStatus; label: string; icon: LucideIcon; message: string }> = {
  draft: {
    to: 'active',
    label: 'Mở khảo sát',
    icon: Play,
    message:
      'Học sinh thuộc các khối được chọn sẽ thấy và trả lời khảo sát trong thời gian từ ngày bắt đầu đến ngày kết thúc. Khảo sát đã mở không thể trở lại bản nháp.',
  },
  active: {
    to: 'closed',
    label: 'Đóng khảo sát',
    icon: Lock,
    message: 'Học sinh sẽ không thể gửi thêm câu trả lời. Có thể mở lại khảo sát sau.',
  },
  closed: {
    to: 'active',
    label: 'Mở lại khảo sát',
    icon: RotateCcw,
    message: 'Học sinh có thể tiếp tục trả lời trong thời gian khảo sát.',
  },
};

export interface StatusTarget {
  id: number;
  title: string;
  status: TSurveyStatus;
}

/** PATCH /surveys/{id}/status after a confirmation; the server's refusal ("Ngày bắt đầu là bắt buộc." …) stays in the dialog. */
export function StatusDialog({
  target,
  onClose,
  onDone,
  note,
  title,
  lead,
}: {
  target: StatusTarget | null;
  onClose: () => void;
  onDone?: (survey: TSurvey) => void;
  /** Extra words (e.g. unsaved changes are not part of this step). */
  note?: string;
  /** Instead of "{action} “title”?" when the step is offered for another reason (a refused delete). */
  title?: string;
  /** Words before the step's own message: why it is offered. */
  lead?: ReactNode;
}) {
  const change = useApiMutation<{ id: number; status: TSurveyStatus }, typeof ZSurvey>({
    method: 'patch',
    url: (v) => `${SURVEYS_PATH}/${v.id}/status`,
    body: (v) => ({ status: v.status }),
    schema: ZSurvey,
    invalidate: [SURVEYS_PATH],
  });
  const action = target ? STATUS_ACTIONS[target.status] : null;
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      danger={action?.to === 'closed'}
      title={title ?? (action && target ? `${action.label} “${target.title}”?` : '')}
      message={
        action ? (
          <div className="space-y-2">
            {lead ? <p className="font-medium">{lead}</p> : null}
            <p>{action.message}</p>
            {note ? <p className="text-muted">{note}</p> : null}
          </div>
        ) : null
      }
      confirmLabel={action?.label ?? 'Xác nhận'}
      onConfirm={async () => {
        const res = await change.mutateAsync({ id: target!.id, status: action!.to });
        onDone?.(res.data);
      }}
    />
  );
}
