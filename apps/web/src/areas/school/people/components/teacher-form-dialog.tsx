import type { z } from 'zod';
import { ZSubject, ZTeacherInput, type TTeacher } from '@app/shared/school';
import type { Option } from '@/components/data/filter-select';
import { FormDialog } from '@/components/data/form-dialog';
import { SelectField, TextField } from '@/components/data/form-fields';
import { MultiSelectField } from '@/components/data/multi-select';

export type TTeacherInput = z.output<typeof ZTeacherInput>;

const SUBJECT_SOURCE = {
  path: '/v1/subjects',
  schema: ZSubject,
  sort: 'name',
  toOption: (s: z.output<typeof ZSubject>) => ({ value: s.id, label: s.name, hint: s.code }),
};

export function TeacherFormDialog({
  open,
  onClose,
  teacher,
  departments,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  teacher: TTeacher | null;
  departments: ReadonlyArray<Option>;
  onSubmit: (input: TTeacherInput) => Promise<unknown>;
}) {
  const initialValues = teacher
    ? {
        staffCode: teacher.staffCode,
        fullName: teacher.fullName,
        email: teacher.email ?? '',
        departmentId: teacher.departmentId,
        subjectIds: teacher.subjects.map((s) => s.id),
      }
    : { staffCode: '', fullName: '', email: '', departmentId: null, subjectIds: [] };
  const known: Option[] = teacher?.subjects.map((s) => ({ value: s.id, label: s.name, hint: s.code })) ?? [];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={teacher ? `Sửa giáo viên ${teacher.staffCode}` : 'Thêm giáo viên'}
      schema={ZTeacherInput}
      initialValues={initialValues}
      onSubmit={onSubmit}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField name="staffCode" label="Mã giáo viên" required autoFocus />
        <TextField name="fullName" label="Họ và tên" required />
        <TextField name="email" label="E-mail" type="email" hint="Dùng để đăng nhập bằng Google; có thể để trống." />
        <SelectField name="departmentId" label="Tổ chuyên môn" options={departments} emptyValue={null} placeholder="— Chưa có tổ —" />
        <MultiSelectField
          className="sm:col-span-2"
          name="subjectIds"
          label="Môn dạy"
          source={SUBJECT_SOURCE}
          knownOptions={known}
          placeholder="Gõ tên hoặc mã môn..."
        />
      </div>
    </FormDialog>
  );
}
