import { ZCoefficientInput, type TCoefficient, type TCoefficientVersion } from '@app/shared/pay';
import { formatRatio, parseDecimal, SALARY_RANK_LABELS, SALARY_RANKS, SALARY_SCALES, type TSalaryRank } from '@app/shared/pay-calc';
import { FormDialog } from '@/components/data/form-dialog';
import { DateField, SelectField, TextField } from '@/components/data/form-fields';
import type { FormValues } from '@/components/data/form-context';
import { Button } from '@/components/ui/button';

const RANK_OPTIONS = SALARY_RANKS.map((r) => ({ value: r, label: SALARY_RANK_LABELS[r] }));
const SENIORITY_OPTIONS = [
  { value: 'auto', label: 'Tính theo ngày bắt đầu công tác' },
  { value: 'fixed', label: 'Nhập tỷ lệ cố định' },
];
/** The preferential allowance's usual values: 30% (THPT), 70% (teachers of gifted classes). */
const PREFERENTIAL_CHOICES = ['30', '70'];

const decimalText = (s: string) => s.replace('.', ',');

/** The steps of a rank with each one's coefficient ("Bậc 3 – hệ số 4,68"). */
export const stepOptions = (rank: TSalaryRank | undefined) =>
  rank ? SALARY_SCALES[rank].map((c, i) => ({ value: i + 1, label: `Bậc ${i + 1} – hệ số ${formatRatio(parseDecimal(c, 'Hệ số'))}` })) : [];

function valuesOf(v: TCoefficientVersion | null): FormValues {
  return {
    effectiveFrom: v?.effectiveFrom ?? '',
    rank: v?.rank,
    step: v?.step,
    leadershipCoefficient: decimalText(v?.leadershipCoefficient ?? '0'),
    preferentialPercent: decimalText(v?.preferentialPercent ?? '30'),
    seniorityMode: v && v.seniorityPercent !== null ? 'fixed' : 'auto',
    seniorityPercent: v?.seniorityPercent ? decimalText(v.seniorityPercent) : '',
    serviceStartDate: v?.serviceStartDate ?? '',
    otherCoefficient: decimalText(v?.otherCoefficient ?? '0'),
    note: v?.note ?? '',
  };
}

/**
 * A teacher's coefficient version: hạng, then bậc (each step with its coefficient from the published
 * scale — the server stores that coefficient, never a typed one), the allowances, seniority computed
 * from the start of service or a fixed percentage. Checked with the shared ZCoefficientInput.
 */
export function CoefficientForm({
  teacherId,
  teacherName,
  version,
  onClose,
  onSubmit,
}: {
  teacherId: number;
  teacherName: string;
  /** The version edited; null for a new one. */
  version: TCoefficientVersion | null;
  onClose: () => void;
  onSubmit: (input: TCoefficient) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open
      onClose={onClose}
      title={version ? `Sửa hệ số lương – ${teacherName}` : `Thêm hệ số lương – ${teacherName}`}
      schema={ZCoefficientInput}
      initialValues={valuesOf(version)}
      toInput={(v) => ({
        teacherId,
        effectiveFrom: v.effectiveFrom,
        rank: v.rank,
        step: v.step,
        leadershipCoefficient: v.leadershipCoefficient,
        preferentialPercent: v.preferentialPercent,
        seniorityPercent: v.seniorityMode === 'fixed' ? v.seniorityPercent : null,
        serviceStartDate: v.serviceStartDate,
        otherCoefficient: v.otherCoefficient,
        note: v.note,
      })}
      onSubmit={onSubmit}
      submitLabel={version ? 'Lưu' : 'Thêm'}
      size="lg"
    >
      {({ values, setValue }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="effectiveFrom" label="Ngày hiệu lực" required className="sm:col-span-2" />
          <SelectField
            name="rank"
            label="Hạng"
            required
            options={RANK_OPTIONS}
            allowEmpty={false}
            onChanged={(rank) => {
              const steps = rank ? SALARY_SCALES[rank as TSalaryRank].length : 0;
              if (typeof values.step === 'number' && values.step > steps) setValue('step', undefined);
            }}
          />
          <SelectField
            name="step"
            label="Bậc"
            required
            options={stepOptions(values.rank as TSalaryRank | undefined)}
            placeholder={values.rank ? '— Chọn bậc —' : '— Chọn hạng trước —'}
          />
          <div className="space-y-1">
            <TextField name="preferentialPercent" label="Phụ cấp ưu đãi (%)" required />
            <div className="flex gap-1" role="group" aria-label="Chọn nhanh phụ cấp ưu đãi">
              {PREFERENTIAL_CHOICES.map((p) => (
                <Button
                  key={p}
                  type="button"
                  variant={values.preferentialPercent === p ? 'primary' : 'secondary'}
                  className="px-2! py-1! text-xs"
                  onClick={() => setValue('preferentialPercent', p)}
                  aria-pressed={values.preferentialPercent === p}
                >
                  {p}%{p === '70' ? ' (lớp chuyên)' : ' (THPT)'}
                </Button>
              ))}
            </div>
          </div>
          <TextField name="leadershipCoefficient" label="Hệ số phụ cấp chức vụ" hint="0 nếu không có." />
          <SelectField name="seniorityMode" label="Phụ cấp thâm niên" options={SENIORITY_OPTIONS} allowEmpty={false} />
          {values.seniorityMode === 'fixed' ? (
            <TextField name="seniorityPercent" label="Phụ cấp thâm niên (%)" />
          ) : (
            <p className="self-end pb-2 text-xs text-muted">5% khi đủ 5 năm công tác, thêm 1% mỗi năm sau đó, tính theo từng tháng.</p>
          )}
          <DateField name="serviceStartDate" label="Ngày bắt đầu công tác" />
          <TextField name="otherCoefficient" label="Hệ số phụ cấp khác" hint="0 nếu không có." />
          <TextField name="note" label="Ghi chú" multiline className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}
