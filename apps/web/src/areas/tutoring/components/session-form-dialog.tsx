import { ZClassroom } from '@app/shared/school';
import { ZTutoringSessionInput, type TTutoringGroupDetail, type TTutoringSession } from '@app/shared/tutoring';
import { isoDateInSchool } from '@app/shared/format';
import { FormDialog } from '@/components/data/form-dialog';
import type { FormValues } from '@/components/data/form-context';
import { DateField, NumberField, SelectField, TextField } from '@/components/data/form-fields';
import { useOptions } from '@/components/data/use-options';
import { useSaveSession } from '../api/sessions';

/** Classrooms are no shared picker source yet; the session's room picker reads the facilities list itself. */
const CLASSROOMS = {
  path: '/v1/classrooms',
  schema: ZClassroom,
  sort: 'code',
  toOption: (r: { id: number; code: string; name: string; campusName: string }) => ({
    value: r.id,
    label: `${r.code} – ${r.name}`,
    hint: r.campusName,
  }),
};

const STATUS_OPTIONS = [
  { value: 'planned', label: 'Dự kiến' },
  { value: 'cancelled', label: 'Đã hủy' },
];

function initialValues(group: TTutoringGroupDetail, session: TTutoringSession | null): FormValues {
  return session
    ? {
        onDate: session.onDate,
        period: session.period,
        length: session.length,
        classroomId: session.classroomId,
        teacherId: session.teacherId,
        status: session.status === 'cancelled' ? 'cancelled' : 'planned',
        note: session.note ?? '',
      }
    : {
        onDate: isoDateInSchool(),
        period: '',
        length: 2,
        classroomId: null,
        teacherId: group.teachers.length === 1 ? group.teachers[0].id : undefined,
        status: 'planned',
        note: '',
      };
}

/**
 * Add or edit a session (POST /tutoring/groups/{id}/sessions, PUT /tutoring/sessions/{id}). A clash answers
 * 409 with the server's Vietnamese sentence ("Trùng lịch: Phòng A101 đã có …"): FormDialog shows it and
 * keeps what was typed, so only the date, periods or room need changing.
 */
export function SessionFormDialog({
  open,
  onClose,
  group,
  session,
}: {
  open: boolean;
  onClose: () => void;
  group: TTutoringGroupDetail;
  session: TTutoringSession | null;
}) {
  const save = useSaveSession(group.id);
  const rooms = useOptions({ ...CLASSROOMS, params: { campusId: group.campusId } }, { enabled: open });
  const taught = session?.status === 'taught';
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={session ? 'Sửa buổi phụ đạo' : 'Thêm buổi phụ đạo'}
      description={group.name}
      schema={ZTutoringSessionInput}
      initialValues={initialValues(group, session)}
      toInput={(v) => ({
        ...v,
        period: v.period === '' ? undefined : v.period,
        length: v.length === '' ? undefined : v.length,
        classroomId: v.classroomId ?? null,
        note: typeof v.note === 'string' && v.note.trim() ? v.note : null,
      })}
      onSubmit={(input) => save.mutateAsync({ id: session?.id, input })}
    >
      <DateField name="onDate" label="Ngày học" required />
      <div className="grid grid-cols-2 gap-4">
        <NumberField name="period" label="Tiết bắt đầu" required min={1} max={15} />
        <NumberField name="length" label="Số tiết" required min={1} max={6} />
      </div>
      <SelectField
        name="teacherId"
        label="Giáo viên dạy"
        required
        options={group.teachers.map((t) => ({ value: t.id, label: t.name }))}
        placeholder="Chọn giáo viên"
      />
      <SelectField name="classroomId" label="Phòng học" options={rooms.options} emptyValue={null} allowEmpty placeholder="Chưa xếp phòng" />
      {taught ? (
        <p className="text-sm text-muted">Buổi học đã được điểm danh: trạng thái giữ là “Đã dạy”.</p>
      ) : (
        <SelectField name="status" label="Trạng thái" options={STATUS_OPTIONS} />
      )}
      <TextField name="note" label="Ghi chú" multiline />
    </FormDialog>
  );
}
