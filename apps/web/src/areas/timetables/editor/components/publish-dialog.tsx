import { ZPublishInput, type TTimetable } from '@app/shared/timetables';
import type { TModule } from '@app/shared/school';
import { formatDate } from '@app/shared/format';
import { DateField } from '@/components/data/form-fields';
import { FormDialog } from '@/components/data/form-dialog';

/** Today (school time zone) if it lies in the module, else the module's first day. */
function defaultDate(module: TModule | null, today: string): string {
  if (!module) return today;
  return today >= module.startDate && today <= module.endDate ? today : module.startDate;
}

/**
 * "Công bố": the effective date (dd/mm/yyyy) and the confirmation in one dialog. `onPublish` resolves
 * when published or when the refusal was taken over by the page (the clash list); other errors stay
 * in the dialog.
 */
export function PublishDialog({
  open,
  timetable,
  module,
  today,
  onClose,
  onPublish,
}: {
  open: boolean;
  timetable: TTimetable;
  module: TModule | null;
  today: string;
  onClose: () => void;
  onPublish: (effectiveFrom: string) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Công bố thời khóa biểu"
      description={
        <>
          Công bố “{timetable.name}”? Học sinh và giáo viên sẽ thấy thời khóa biểu này từ ngày áp dụng
          {module ? ` (trong học phần, ${formatDate(module.startDate)} – ${formatDate(module.endDate)})` : ''}. Bản đã công bố cùng ngày áp
          dụng sẽ được thay thế.
        </>
      }
      schema={ZPublishInput}
      initialValues={{ effectiveFrom: defaultDate(module, today) }}
      onSubmit={(v) => onPublish(v.effectiveFrom)}
      submitLabel="Công bố"
      size="sm"
    >
      <DateField name="effectiveFrom" label="Áp dụng từ ngày" required />
    </FormDialog>
  );
}
