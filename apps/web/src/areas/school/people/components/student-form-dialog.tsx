import type { z } from 'zod';
import { ZHomeroomClass, ZStudentInput, type TStudent } from '@app/shared/school';
import type { Option } from '@/components/data/filter-select';
import { DateField, SelectField, TextField } from '@/components/data/form-fields';
import { FormDialog } from '@/components/data/form-dialog';
import { useOptions } from '@/components/data/use-options';
import { GENDER_OPTIONS, GRADE_OPTIONS, STATUS_OPTIONS } from '../api/people-options';

export type TStudentInput = z.output<typeof ZStudentInput>;

/**
 * Homeroom classes of the current year for the chosen grade and campus. A student's saved class
 * from another year stays listed so editing other fields does not silently drop it.
 */
function HomeroomClassField({
  grade,
  campusId,
  academicYearId,
  saved,
}: {
  grade: unknown;
  campusId: unknown;
  academicYearId: number | undefined;
  saved: Option | null;
}) {
  const ready = typeof grade === 'number' && typeof campusId === 'number' && academicYearId !== undefined;
  const classes = useOptions(
    {
      path: '/v1/homeroom-classes',
      schema: ZHomeroomClass,
      sort: 'name',
      params: { academicYearId, grade: ready ? grade : undefined, campusId: ready ? campusId : undefined },
      toOption: (c) => ({ value: c.id, label: c.name }),
    },
    { enabled: ready },
  );
  const options = ready ? classes.options : [];
  const withSaved = saved && !options.some((o) => o.value === saved.value) ? [saved, ...options] : options;
  return (
    <SelectField
      name="homeroomClassId"
      label="Lớp chủ nhiệm"
      options={withSaved}
      emptyValue={null}
      placeholder={ready ? '— Chưa xếp lớp —' : '— Chọn khối và cơ sở trước —'}
      hint={
        ready && !classes.isLoading && options.length === 0
          ? 'Chưa có lớp chủ nhiệm nào của khối và cơ sở này trong năm học hiện tại.'
          : undefined
      }
    />
  );
}

export function StudentFormDialog({
  open,
  onClose,
  student,
  campuses,
  academicYearId,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  /** The row being edited; null to create. */
  student: TStudent | null;
  campuses: ReadonlyArray<Option>;
  academicYearId: number | undefined;
  onSubmit: (input: TStudentInput) => Promise<unknown>;
}) {
  const saved =
    student?.homeroomClassId && student.homeroomClassName ? { value: student.homeroomClassId, label: student.homeroomClassName } : null;
  const initialValues = student
    ? {
        studentCode: student.studentCode,
        fullName: student.fullName,
        email: student.email ?? '',
        dateOfBirth: student.dateOfBirth ?? '',
        gender: student.gender,
        grade: student.grade,
        campusId: student.campusId,
        homeroomClassId: student.homeroomClassId,
        status: student.status,
      }
    : {
        studentCode: '',
        fullName: '',
        email: '',
        dateOfBirth: '',
        gender: undefined,
        grade: undefined,
        campusId: undefined,
        homeroomClassId: null,
        status: 'active',
      };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={student ? `Sửa học sinh ${student.studentCode}` : 'Thêm học sinh'}
      schema={ZStudentInput}
      initialValues={initialValues}
      onSubmit={onSubmit}
      size="lg"
    >
      {({ values, setValue }) => (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField name="studentCode" label="Mã học sinh" required autoFocus />
          <TextField name="fullName" label="Họ và tên" required />
          <TextField name="email" label="E-mail" type="email" hint="Dùng để đăng nhập bằng Google; có thể để trống." />
          <DateField name="dateOfBirth" label="Ngày sinh" />
          <SelectField name="gender" label="Giới tính" options={GENDER_OPTIONS} />
          <SelectField name="status" label="Trạng thái" options={STATUS_OPTIONS} allowEmpty={false} />
          <SelectField name="grade" label="Khối" required options={GRADE_OPTIONS} onChanged={() => setValue('homeroomClassId', null)} />
          <SelectField name="campusId" label="Cơ sở" required options={campuses} onChanged={() => setValue('homeroomClassId', null)} />
          <div className="sm:col-span-2">
            <HomeroomClassField
              grade={values.grade}
              campusId={values.campusId}
              academicYearId={academicYearId}
              saved={saved && values.grade === student?.grade && values.campusId === student?.campusId ? saved : null}
            />
          </div>
        </div>
      )}
    </FormDialog>
  );
}
