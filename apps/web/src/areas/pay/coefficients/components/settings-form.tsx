import { ZPaySettingsInput, type TPaySettings } from '@app/shared/pay';
import { ALLOWANCE_LABELS, ALLOWANCES } from '@app/shared/pay-calc';
import { FormDialog } from '@/components/data/form-dialog';
import { DateField, NumberField, SwitchField, TextField } from '@/components/data/form-fields';
import type { FormValues } from '@/components/data/form-context';

const switchName = (a: string) => `counted_${a}`;

/** The form's flat values from a version (the switches stand for `countedAllowances`). */
function valuesOf(base: TPaySettings): FormValues {
  return {
    effectiveFrom: base.effectiveFrom,
    baseSalary: base.baseSalary,
    overtimeRatePercent: base.overtimeRatePercent,
    note: base.note ?? '',
    ...Object.fromEntries(ALLOWANCES.map((a) => [switchName(a), base.countedAllowances[a]])),
  };
}

function toInput(v: FormValues) {
  return {
    effectiveFrom: v.effectiveFrom,
    baseSalary: v.baseSalary === '' ? undefined : v.baseSalary,
    overtimeRatePercent: v.overtimeRatePercent === '' ? undefined : v.overtimeRatePercent,
    note: v.note,
    countedAllowances: Object.fromEntries(ALLOWANCES.map((a) => [a, Boolean(v[switchName(a)])])),
  };
}

/** Create or edit a version of the pay settings, checked with the shared ZPaySettingsInput. */
export function SettingsForm({
  title,
  base,
  submitLabel,
  onClose,
  onSubmit,
}: {
  title: string;
  base: TPaySettings;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (input: TPaySettings) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      description="Các giá trị áp dụng từ ngày hiệu lực đến khi có phiên bản mới."
      schema={ZPaySettingsInput}
      initialValues={valuesOf(base)}
      toInput={toInput}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
    >
      <DateField name="effectiveFrom" label="Ngày hiệu lực" required />
      <NumberField
        name="baseSalary"
        label="Lương cơ sở (đồng/tháng)"
        required
        min={1}
        hint="Nghị định 73/2024/NĐ-CP: 2.340.000 đ từ 01/07/2024."
      />
      <NumberField name="overtimeRatePercent" label="Tỷ lệ trả lương dạy thêm giờ (%)" required min={100} max={400} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Phụ cấp được tính vào lương tháng</legend>
        {ALLOWANCES.map((a) => (
          <SwitchField key={a} name={switchName(a)} label={ALLOWANCE_LABELS[a]} />
        ))}
      </fieldset>
      <TextField name="note" label="Ghi chú" multiline />
    </FormDialog>
  );
}
