import { DECLARATION_ENTRY_KIND_LABELS, DECLARATION_ENTRY_KINDS, ZDeclarationLineInput } from '@app/shared/declarations';
import { formatFactor, type TWorkloadRules } from '@app/shared/workload';
import type { Option } from '@/components/data/filter-select';
import { FormDialog } from '@/components/data/form-dialog';
import type { FormValues } from '@/components/data/form-context';
import { DateField, NumberField, SelectField, TextField } from '@/components/data/form-fields';
import type { DraftLine } from '../lib/lines';

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** The form's values → the line input the schema checks ('' of an optional field is null). */
function toInput(v: FormValues) {
  return {
    ...v,
    weeks: blankToNull(v.weeks),
    onDate: blankToNull(v.onDate),
    untilDate: blankToNull(v.untilDate),
    note: typeof v.note === 'string' && v.note.trim() === '' ? null : v.note,
    activityCode: v.kind === 'activity' ? blankToNull(v.activityCode) : null,
    dutyCode: v.kind === 'duty' ? blankToNull(v.dutyCode) : null,
    forTeacherId: v.kind === 'substitution' ? blankToNull(v.forTeacherId) : null,
    periods: v.kind === 'duty' && (v.periods === '' || v.periods === undefined) ? 0 : v.periods,
  };
}

/**
 * Add or edit one line, with the fields of its kind: a substitution's date, class and the absent teacher;
 * an activity's kind (its factor); leave's dates; a duty's weeks. Checked with the contract's line schema;
 * the line goes to the editor's state (saved with the others by "Lưu").
 */
export function LineDialog({
  line,
  isNew,
  rules,
  teachers,
  onClose,
  onDone,
}: {
  line: DraftLine | null;
  isNew: boolean;
  rules: TWorkloadRules | null;
  /** Who a substitution may be for (the department's teachers known to the page). */
  teachers: Option[];
  onClose: () => void;
  onDone: (line: DraftLine) => void;
}) {
  if (!line) return null;
  const activityOptions: Option[] = (rules?.activityKinds ?? []).map((k) => ({
    value: k.code,
    label: `${k.name} (hệ số ${formatFactor(k.factor)})`,
  }));
  const dutyOptions: Option[] = (rules?.duties ?? []).map((d) => ({ value: d.code, label: `${d.name} (giảm ${d.reduction} tiết/tuần)` }));
  // A stored code the rules no longer list stays choosable, so editing another field does not drop it.
  if (line.activityCode && !activityOptions.some((o) => o.value === line.activityCode))
    activityOptions.push({ value: line.activityCode, label: line.activityCode });
  if (line.dutyCode && !dutyOptions.some((o) => o.value === line.dutyCode))
    dutyOptions.push({ value: line.dutyCode, label: line.dutyCode });
  const teacherOptions = [...teachers];
  if (line.forTeacherId !== null && !teacherOptions.some((o) => o.value === line.forTeacherId))
    teacherOptions.push({ value: line.forTeacherId, label: line.forTeacherName ?? `Giáo viên #${line.forTeacherId}` });

  return (
    <FormDialog
      open
      onClose={onClose}
      title={isNew ? 'Thêm dòng kê khai' : 'Sửa dòng kê khai'}
      schema={ZDeclarationLineInput}
      initialValues={{
        kind: line.kind,
        label: line.label,
        periods: line.periods,
        activityCode: line.activityCode,
        dutyCode: line.dutyCode,
        weeks: line.weeks ?? '',
        onDate: line.onDate ?? '',
        untilDate: line.untilDate ?? '',
        forTeacherId: line.forTeacherId,
        note: line.note ?? '',
        moduleId: line.moduleId,
        courseClassId: line.courseClassId,
        tutoringGroupId: line.tutoringGroupId,
        source: line.source,
      }}
      toInput={toInput}
      submitLabel={isNew ? 'Thêm dòng' : 'Cập nhật dòng'}
      onSubmit={async (data) => {
        const teacher = teacherOptions.find((o) => o.value === data.forTeacherId);
        onDone({
          ...line,
          ...data,
          forTeacherName: data.forTeacherId === null ? null : (teacher?.label ?? line.forTeacherName),
        });
      }}
    >
      {({ values }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="kind"
            label="Loại dòng"
            required
            allowEmpty={false}
            options={DECLARATION_ENTRY_KINDS.map((k) => ({ value: k, label: DECLARATION_ENTRY_KIND_LABELS[k] }))}
            className="sm:col-span-2"
          />
          <TextField
            name="label"
            label="Nội dung"
            required
            className="sm:col-span-2"
            placeholder={values.kind === 'substitution' ? 'Dạy thay lớp 10A1 – Toán' : values.kind === 'duty' ? 'Chủ nhiệm lớp 10A1' : ''}
          />
          {values.kind === 'duty' ? (
            <>
              <SelectField name="dutyCode" label="Nhiệm vụ" required options={dutyOptions} emptyValue={null} />
              <NumberField name="weeks" label="Số tuần" min={0} max={60} hint="Để trống: cả kỳ kê khai." />
            </>
          ) : (
            <NumberField name="periods" label="Số tiết" required min={0} step={0.5} />
          )}
          {values.kind === 'activity' ? (
            <SelectField name="activityCode" label="Loại hoạt động quy đổi" required options={activityOptions} emptyValue={null} />
          ) : null}
          {values.kind === 'substitution' ? (
            <>
              <DateField name="onDate" label="Ngày dạy thay" required />
              <SelectField name="forTeacherId" label="Dạy thay cho" required options={teacherOptions} emptyValue={null} />
            </>
          ) : null}
          {values.kind === 'leave' ? (
            <>
              <DateField name="onDate" label="Nghỉ từ ngày" required />
              <DateField name="untilDate" label="Đến ngày" />
            </>
          ) : null}
          <TextField name="note" label="Ghi chú" multiline className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}
