import type { z } from 'zod';
import { ZHomeroomClassInput, ZTeacher, type THomeroomClass } from '@app/shared/school';
import type { Option } from '@/components/data/filter-select';
import { FormDialog } from '@/components/data/form-dialog';
import type { FormValues } from '@/components/data/form-context';
import { SelectField, TextField } from '@/components/data/form-fields';
import { MultiSelectField } from '@/components/data/multi-select';
import { GRADE_OPTIONS } from '../api/people-options';

export type THomeroomClassInput = z.output<typeof ZHomeroomClassInput>;

const TEACHER_SOURCE = {
  path: '/v1/teachers',
  schema: ZTeacher,
  sort: 'fullName',
  toOption: (t: z.output<typeof ZTeacher>) => ({ value: t.id, label: t.fullName, hint: t.staffCode }),
};

/**
 * The homeroom teacher is picked with the kit's searchable picker limited to one choice (a school
 * has more teachers than a plain select should hold); the form keeps it as a one-item array.
 */
const toInput = (v: FormValues) => ({ ...v, homeroomTeacherId: (v.homeroomTeacherId as number[] | undefined)?.[0] ?? null });

export function HomeroomClassFormDialog({
  open,
  onClose,
  row,
  years,
  defaultYearId,
  campuses,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  row: THomeroomClass | null;
  years: ReadonlyArray<Option>;
  defaultYearId: number | undefined;
  campuses: ReadonlyArray<Option>;
  onSubmit: (input: THomeroomClassInput) => Promise<unknown>;
}) {
  const initialValues = row
    ? {
        name: row.name,
        academicYearId: row.academicYearId,
        grade: row.grade,
        campusId: row.campusId,
        homeroomTeacherId: row.homeroomTeacherId ? [row.homeroomTeacherId] : [],
      }
    : { name: '', academicYearId: defaultYearId, grade: undefined, campusId: undefined, homeroomTeacherId: [] };
  const known: Option[] =
    row?.homeroomTeacherId && row.homeroomTeacherName ? [{ value: row.homeroomTeacherId, label: row.homeroomTeacherName }] : [];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={row ? `Sửa lớp ${row.name}` : 'Thêm lớp chủ nhiệm'}
      schema={ZHomeroomClassInput}
      initialValues={initialValues}
      toInput={toInput}
      onSubmit={onSubmit}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField name="name" label="Tên lớp" required autoFocus placeholder="VD: 10 Toán 1" />
        <SelectField name="academicYearId" label="Năm học" required options={years} />
        <SelectField name="grade" label="Khối" required options={GRADE_OPTIONS} />
        <SelectField name="campusId" label="Cơ sở" required options={campuses} />
        <MultiSelectField
          className="sm:col-span-2"
          name="homeroomTeacherId"
          label="Giáo viên chủ nhiệm"
          source={TEACHER_SOURCE}
          knownOptions={known}
          max={1}
          placeholder="Gõ tên hoặc mã giáo viên..."
          hint="Có thể để trống và phân công sau."
        />
      </div>
    </FormDialog>
  );
}
