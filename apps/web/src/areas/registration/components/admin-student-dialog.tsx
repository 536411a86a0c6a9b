import { ZAdminRegistration, type TRoundDetail } from '@app/shared/registration';
import { useField } from '@/components/data/form-context';
import { FieldShell, SelectField, TextField } from '@/components/data/form-fields';
import { FormDialog } from '@/components/data/form-dialog';
import { SearchSelectField } from '@/components/data/multi-select';
import { useRoundStudents } from '../api/round-students';

/**
 * The admin adds a student to a class, or removes one, with a reason (audited). The rules (capacity,
 * clash, group, maximum) are bypassed only when "Bỏ qua quy tắc" is ticked.
 */
export function AdminStudentDialog({
  mode,
  round,
  onClose,
  onSubmit,
}: {
  mode: 'add' | 'remove' | null;
  round: TRoundDetail;
  onClose: () => void;
  onSubmit: (
    mode: 'add' | 'remove',
    input: { studentId: number; courseClassId: number; reason: string; bypassRules: boolean },
  ) => Promise<unknown>;
}) {
  const students = useRoundStudents(round.id, 'all', mode !== null);
  const studentOptions = (students.data ?? []).map((s) => ({
    value: s.studentId,
    label: s.fullName,
    hint: `${s.studentCode}${s.homeroomClassName ? ` · ${s.homeroomClassName}` : ''}`,
  }));
  const classOptions = round.offers.map((o) => ({ value: o.courseClassId, label: `${o.code} · ${o.name}` }));
  return (
    <FormDialog
      open={mode !== null}
      onClose={onClose}
      title={mode === 'remove' ? 'Bỏ học sinh khỏi lớp' : 'Thêm học sinh vào lớp'}
      description="Thao tác được ghi vào nhật ký hệ thống cùng lý do."
      schema={ZAdminRegistration}
      initialValues={{ studentId: undefined, courseClassId: undefined, reason: '', bypassRules: false }}
      onSubmit={(input) => onSubmit(mode ?? 'add', input)}
      submitLabel={mode === 'remove' ? 'Bỏ khỏi lớp' : 'Thêm vào lớp'}
    >
      <SearchSelectField
        name="studentId"
        label="Học sinh"
        required
        options={studentOptions}
        loading={students.isPending}
        hint="Gõ tên, mã học sinh hoặc lớp chủ nhiệm để tìm."
        placeholder={students.isPending ? 'Đang tải học sinh...' : 'Gõ để tìm học sinh...'}
      />
      <SelectField name="courseClassId" label="Lớp học phần" required options={classOptions} />
      <TextField name="reason" label="Lý do" required multiline />
      <BypassField />
    </FormDialog>
  );
}

function BypassField() {
  const f = useField<boolean>('bypassRules');
  return (
    <FieldShell
      id={f.id}
      label="Bỏ qua quy tắc"
      asGroup
      hint="Chỉ đánh dấu khi cố ý vượt sức chứa, trùng lịch, quy tắc nhóm hoặc số lớp tối đa."
    >
      <label className="flex items-center gap-2 text-sm text-fg">
        <input id={f.id} type="checkbox" checked={Boolean(f.value)} disabled={f.disabled} onChange={(e) => f.setValue(e.target.checked)} />
        Bỏ qua quy tắc
      </label>
    </FieldShell>
  );
}
