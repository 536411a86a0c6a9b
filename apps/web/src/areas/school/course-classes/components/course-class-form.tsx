import { GRADES, ZCourseClassInput, type TCourseClass } from '@app/shared/school';
import { FormDialog } from '@/components/data/form-dialog';
import { NumberField, SelectField, TextField } from '@/components/data/form-fields';
import { MultiSelectField } from '@/components/data/multi-select';
import { personOption, SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';

export const GRADE_OPTIONS = GRADES.map((g) => ({ value: g, label: `Khối ${g}` }));

/** Create or edit a course class; a new one starts in the module the list shows. */
export function CourseClassForm({
  open,
  row,
  defaultModuleId,
  onClose,
  onSubmit,
}: {
  open: boolean;
  row: TCourseClass | null;
  defaultModuleId?: number;
  onClose: () => void;
  onSubmit: (input: unknown) => Promise<unknown>;
}) {
  const subjects = useOptions(SOURCES.subjects, { enabled: open });
  const modules = useOptions(SOURCES.modules, { enabled: open });
  const campuses = useOptions(SOURCES.campuses, { enabled: open });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={row ? `Sửa lớp học phần ${row.code}` : 'Thêm lớp học phần'}
      size="lg"
      schema={ZCourseClassInput}
      initialValues={{
        code: row?.code ?? '',
        name: row?.name ?? '',
        subjectId: row?.subjectId,
        moduleId: row?.moduleId ?? defaultModuleId,
        campusId: row?.campusId ?? (campuses.options.length === 1 ? campuses.options[0].value : undefined),
        grade: row?.grade,
        teacherIds: row?.teachers.map((t) => t.id) ?? [],
        capacity: row?.capacity ?? 40,
      }}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="code" label="Mã lớp học phần" required autoFocus />
        <TextField name="name" label="Tên lớp học phần" required />
        <SelectField name="subjectId" label="Môn học" required options={subjects.options} placeholder="— Chọn môn học —" />
        <SelectField name="moduleId" label="Học phần" required options={modules.options} placeholder="— Chọn học phần —" />
        <SelectField name="campusId" label="Cơ sở" required options={campuses.options} placeholder="— Chọn cơ sở —" />
        <SelectField name="grade" label="Khối" required options={GRADE_OPTIONS} placeholder="— Chọn khối —" />
      </div>
      <MultiSelectField
        name="teacherIds"
        label="Giáo viên"
        required
        source={SOURCES.teachers}
        knownOptions={row?.teachers.map(personOption)}
        placeholder="Gõ tên hoặc mã giáo viên..."
      />
      <NumberField name="capacity" label="Sĩ số tối đa" required min={1} max={500} className="sm:w-1/2" />
    </FormDialog>
  );
}
