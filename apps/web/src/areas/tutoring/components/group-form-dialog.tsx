import { TUTORING_KINDS, ZTutoringGroupInput, tutoringKindLabel, type TTutoringGroupDetail } from '@app/shared/tutoring';
import { FormDialog } from '@/components/data/form-dialog';
import type { FormValues } from '@/components/data/form-context';
import { SelectField, TextField } from '@/components/data/form-fields';
import { MultiSelectField } from '@/components/data/multi-select';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { useSaveGroup } from '../api/groups';

const KIND_OPTIONS = TUTORING_KINDS.map((code) => ({ value: code, label: tutoringKindLabel(code) }));

function initialValues(semesterId: number, group: TTutoringGroupDetail | null): FormValues {
  return group
    ? {
        semesterId,
        name: group.name,
        kind: group.kind,
        subjectId: group.subjectId,
        campusId: group.campusId,
        note: group.note ?? '',
        teacherIds: group.teachers.map((t) => t.id),
        studentIds: group.students.map((s) => s.id),
      }
    : { semesterId, name: '', kind: undefined, subjectId: undefined, campusId: null, note: '', teacherIds: [], studentIds: [] };
}

/** Create or edit a group (POST/PUT /tutoring/groups): the server's refusals stay in the dialog with what was typed. */
export function GroupFormDialog({
  open,
  onClose,
  semesterId,
  group,
}: {
  open: boolean;
  onClose: () => void;
  semesterId: number;
  /** The group being edited (with its students), or null to create one. */
  group: TTutoringGroupDetail | null;
}) {
  const save = useSaveGroup();
  const subjects = useOptions(SOURCES.subjects, { enabled: open });
  const campuses = useOptions(SOURCES.campuses, { enabled: open });
  // The chosen people keep their names while the search shows others.
  const knownTeachers = group?.teachers.map((t) => ({ value: t.id, label: t.name })) ?? [];
  const knownStudents = group?.students.map((s) => ({ value: s.id, label: s.name, hint: s.code })) ?? [];
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={group ? `Sửa nhóm ${group.name}` : 'Tạo nhóm phụ đạo'}
      schema={ZTutoringGroupInput}
      size="lg"
      initialValues={initialValues(semesterId, group)}
      toInput={(v) => ({ ...v, note: typeof v.note === 'string' && v.note.trim() ? v.note : null, campusId: v.campusId ?? null })}
      onSubmit={(input) => save.mutateAsync({ id: group?.id, input })}
    >
      <TextField name="name" label="Tên nhóm" required autoFocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="kind" label="Loại hoạt động" required options={KIND_OPTIONS} placeholder="Chọn loại" />
        <SelectField name="subjectId" label="Môn học" required options={subjects.options} placeholder="Chọn môn" />
      </div>
      <MultiSelectField name="teacherIds" label="Giáo viên" required source={SOURCES.teachers} knownOptions={knownTeachers} max={20} />
      <MultiSelectField
        name="studentIds"
        label="Học sinh"
        source={SOURCES.students}
        knownOptions={knownStudents}
        max={300}
        placeholder="Gõ tên hoặc mã học sinh..."
      />
      <SelectField name="campusId" label="Cơ sở" options={campuses.options} emptyValue={null} allowEmpty placeholder="Không chọn" />
      <TextField name="note" label="Ghi chú" multiline />
    </FormDialog>
  );
}
