import { useState, type ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { displayToIso, isoToDisplay, maskDateInput } from '@app/shared/format';
import { ZWorkloadRules, type TWorkloadRules, type TWorkloadRulesInput } from '@app/shared/workload';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/*
 * A version of the workload rules: every number a field, duties and activity kinds as editable rows.
 * Checked with the shared ZWorkloadRules before sending; each message (Vietnamese, from the contract)
 * shows under its field, named by the issue's path ("norms.TEACHER", "duties.2.reduction").
 */

type Draft = Omit<TWorkloadRules, 'effectiveFrom'> & { effectiveFrom: string; numbers: Record<string, string> };

const NUMBER_FIELDS = [
  ['teachingWeeks', 'Số tuần thực dạy'],
  ['reserveWeeks', 'Số tuần dự phòng'],
  ['norms.TEACHER', 'Định mức giáo viên (tiết/tuần)'],
  ['norms.PRINCIPAL', 'Định mức hiệu trưởng (tiết/tuần)'],
  ['norms.VICE_PRINCIPAL', 'Định mức phó hiệu trưởng (tiết/tuần)'],
  ['maxConcurrentDuties', 'Số nhiệm vụ kiêm nhiệm được tính'],
  ['overtimeCapPerYear', 'Số tiết vượt giờ tối đa một năm'],
] as const;

const numberOf = (s: string): number | string => {
  const t = s.trim().replace(',', '.');
  return t === '' || Number.isNaN(Number(t)) ? s : Number(t);
};

function draftOf(base: TWorkloadRules): Draft {
  return {
    ...base,
    effectiveFrom: isoToDisplay(base.effectiveFrom),
    numbers: {
      teachingWeeks: String(base.teachingWeeks),
      reserveWeeks: String(base.reserveWeeks),
      'norms.TEACHER': String(base.norms.TEACHER),
      'norms.PRINCIPAL': String(base.norms.PRINCIPAL),
      'norms.VICE_PRINCIPAL': String(base.norms.VICE_PRINCIPAL),
      maxConcurrentDuties: String(base.maxConcurrentDuties),
      overtimeCapPerYear: String(base.overtimeCapPerYear),
    },
  };
}

function inputOf(d: Draft): TWorkloadRulesInput {
  const n = (k: string) => numberOf(d.numbers[k]) as number;
  return {
    name: d.name,
    effectiveFrom: displayToIso(d.effectiveFrom) ?? d.effectiveFrom,
    teachingWeeks: n('teachingWeeks'),
    reserveWeeks: n('reserveWeeks'),
    norms: { TEACHER: n('norms.TEACHER'), PRINCIPAL: n('norms.PRINCIPAL'), VICE_PRINCIPAL: n('norms.VICE_PRINCIPAL') },
    duties: d.duties.map((x) => ({ ...x, reduction: numberOf(String(x.reduction)) as number })),
    maxConcurrentDuties: n('maxConcurrentDuties'),
    activityKinds: d.activityKinds,
    overtimeCapPerYear: n('overtimeCapPerYear'),
  };
}

const inputClass = 'w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm font-normal text-fg';

function Field({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  // The message sits outside the label, so the field's name stays its label alone.
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-fg">
        {label}
        {children}
      </label>
      {error ? <span className="text-xs text-danger">{error}</span> : null}
    </div>
  );
}

export function RuleSetForm({
  title,
  base,
  submitLabel,
  onClose,
  onSubmit,
}: {
  title: string;
  /** The values the form starts from (the version edited, or the one a new version copies). */
  base: TWorkloadRules;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (input: TWorkloadRulesInput) => Promise<void>;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(base));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  const submit = async () => {
    const input = inputOf(d);
    const parsed = ZWorkloadRules.safeParse(input);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) out[i.path.join('.')] ??= i.message;
      setErrors(out);
      setFormError('Hãy sửa các ô được đánh dấu.');
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await onSubmit(input);
    } catch (e) {
      setFormError(errorMessage(e, 'Không thể lưu quy định định mức.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      size="xl"
      onClose={() => !busy && onClose()}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Hủy
          </Button>
          <Button onClick={() => void submit()} disabled={busy}>
            {busy ? 'Đang lưu...' : submitLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Tên bộ quy định" error={errors.name}>
            <input className={inputClass} value={d.name} onChange={(e) => set({ name: e.target.value })} />
          </Field>
          <Field label="Ngày hiệu lực" error={errors.effectiveFrom}>
            <input
              className={inputClass}
              inputMode="numeric"
              placeholder="dd/mm/yyyy"
              value={d.effectiveFrom}
              onChange={(e) => set({ effectiveFrom: maskDateInput(e.target.value) })}
            />
          </Field>
          {NUMBER_FIELDS.map(([key, label]) => (
            <Field key={key} label={label} error={errors[key]}>
              <input
                className={inputClass}
                inputMode="decimal"
                value={d.numbers[key]}
                onChange={(e) => set({ numbers: { ...d.numbers, [key]: e.target.value } })}
              />
            </Field>
          ))}
        </div>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-fg">Nhiệm vụ giảm định mức</legend>
          {d.duties.map((x, i) => (
            <div key={i} className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_2fr_1fr_auto]">
              <Field label={`Mã nhiệm vụ ${i + 1}`} error={errors[`duties.${i}.code`]}>
                <input
                  className={inputClass}
                  value={x.code}
                  onChange={(e) => set({ duties: d.duties.map((y, j) => (j === i ? { ...y, code: e.target.value } : y)) })}
                />
              </Field>
              <Field label={`Tên nhiệm vụ ${i + 1}`} error={errors[`duties.${i}.name`]}>
                <input
                  className={inputClass}
                  value={x.name}
                  onChange={(e) => set({ duties: d.duties.map((y, j) => (j === i ? { ...y, name: e.target.value } : y)) })}
                />
              </Field>
              <Field label={`Số tiết giảm ${i + 1}`} error={errors[`duties.${i}.reduction`]}>
                <input
                  className={inputClass}
                  inputMode="decimal"
                  value={String(x.reduction)}
                  onChange={(e) =>
                    set({ duties: d.duties.map((y, j) => (j === i ? { ...y, reduction: e.target.value as unknown as number } : y)) })
                  }
                />
              </Field>
              <button
                type="button"
                aria-label={`Bỏ nhiệm vụ ${i + 1}`}
                onClick={() => set({ duties: d.duties.filter((_, j) => j !== i) })}
                className="mt-6 rounded p-2 text-muted hover:bg-surface-2 hover:text-danger"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          ))}
          <Button variant="ghost" className="text-xs" onClick={() => set({ duties: [...d.duties, { code: '', name: '', reduction: 0 }] })}>
            <Plus aria-hidden="true" className="size-3.5" />
            Thêm nhiệm vụ
          </Button>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-fg">Hệ số quy đổi hoạt động</legend>
          {d.activityKinds.map((x, i) => (
            <div key={i} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <Field label={`Mã hoạt động ${i + 1}`} error={errors[`activityKinds.${i}.code`]}>
                <input
                  className={inputClass}
                  value={x.code}
                  onChange={(e) => set({ activityKinds: d.activityKinds.map((y, j) => (j === i ? { ...y, code: e.target.value } : y)) })}
                />
              </Field>
              <Field label={`Tên hoạt động ${i + 1}`} error={errors[`activityKinds.${i}.name`]}>
                <input
                  className={inputClass}
                  value={x.name}
                  onChange={(e) => set({ activityKinds: d.activityKinds.map((y, j) => (j === i ? { ...y, name: e.target.value } : y)) })}
                />
              </Field>
              <Field label={`Hệ số ${x.name || i + 1}`} error={errors[`activityKinds.${i}.factor`]}>
                <input
                  className={inputClass}
                  value={x.factor}
                  onChange={(e) => set({ activityKinds: d.activityKinds.map((y, j) => (j === i ? { ...y, factor: e.target.value } : y)) })}
                />
              </Field>
              <Field label={`Hệ số tối đa ${x.name || i + 1}`} error={errors[`activityKinds.${i}.maxFactor`]}>
                <input
                  className={inputClass}
                  value={x.maxFactor}
                  onChange={(e) =>
                    set({ activityKinds: d.activityKinds.map((y, j) => (j === i ? { ...y, maxFactor: e.target.value } : y)) })
                  }
                />
              </Field>
            </div>
          ))}
        </fieldset>
        {formError ? (
          <p role="alert" className="text-sm text-danger">
            {formError}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
