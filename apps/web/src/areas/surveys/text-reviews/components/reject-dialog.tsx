import { ZRejectInput } from '@app/shared/text-reviews';
import { FormDialog } from '@/components/data/form-dialog';
import { TextField } from '@/components/data/form-fields';

/**
 * "Từ chối" for one or many texts: a reason is required (it stays in the review's history), prefilled
 * with the auto-review's reasons so a reviewer who agrees only confirms.
 */
export function RejectDialog({
  target,
  onClose,
  onReject,
}: {
  target: { ids: number[]; reason: string } | null;
  onClose: () => void;
  onReject: (ids: number[], reason: string) => Promise<unknown>;
}) {
  const n = target?.ids.length ?? 0;
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title={n > 1 ? `Từ chối ${n} ý kiến` : 'Từ chối ý kiến'}
      description="Ý kiến bị từ chối không hiển thị cho giáo viên. Lý do được lưu trong lịch sử duyệt."
      schema={ZRejectInput}
      initialValues={{ reason: target?.reason ?? '' }}
      onSubmit={(input) => onReject(target!.ids, input.reason)}
      submitLabel="Từ chối"
    >
      <TextField name="reason" label="Lý do từ chối" required multiline autoFocus />
    </FormDialog>
  );
}
