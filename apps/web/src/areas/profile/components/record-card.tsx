import { isoToDisplay } from '@app/shared/format';
import type { TProfileStudent, TProfileTeacher } from '@app/shared/profile';
import { CardPanel } from '@/components/ui/card-panel';
import { useProfileRecords } from '../api/get-profile';
import { Fields } from './fields';

function StudentFields({ s }: { s: TProfileStudent }) {
  return (
    <Fields
      rows={[
        ['Mã học sinh', s.studentCode],
        ['Họ và tên', s.fullName],
        ['Lớp', s.homeroomClassName],
        ['Khối', String(s.grade)],
        ['Cơ sở', s.campusName],
        ['Ngày sinh', isoToDisplay(s.dateOfBirth)],
        ['Giáo viên chủ nhiệm', s.homeroomTeacherName],
      ]}
    />
  );
}

function TeacherFields({ t }: { t: TProfileTeacher }) {
  return (
    <Fields
      rows={[
        ['Mã giáo viên', t.staffCode],
        ['Họ và tên', t.fullName],
        ['Tổ chuyên môn', t.departmentName ? `${t.departmentName}${t.isHead ? ' (tổ trưởng)' : ''}` : null],
        ['Môn dạy', t.subjects.map((s) => s.name).join(', ')],
        [
          'Lớp chủ nhiệm',
          t.homeroomClasses.length ? t.homeroomClasses.map((c) => `${c.name} (${c.academicYearName})`).join(', ') : 'Không có',
        ],
      ]}
    />
  );
}

/**
 * The school's record of the person (read-only: the office keeps it; a mistake is reported to them).
 * Office staff without a student or teacher record see nothing here.
 */
export function RecordCard() {
  const q = useProfileRecords();
  const r = q.data;
  if (r && !r.student && !r.teacher) return null;
  const title = r?.student ? 'Hồ sơ học sinh' : r?.teacher ? 'Hồ sơ giáo viên' : 'Hồ sơ';
  return (
    <CardPanel
      title={title}
      description="Chỉ xem. Nếu thông tin chưa đúng, hãy báo văn phòng nhà trường để chỉnh sửa."
      loading={q.isPending}
      error={q.isError ? q.error : undefined}
      errorText="Không thể tải hồ sơ. Vui lòng thử lại sau."
      onRetry={() => void q.refetch()}
    >
      {r?.student ? <StudentFields s={r.student} /> : null}
      {r?.teacher ? <TeacherFields t={r.teacher} /> : null}
    </CardPanel>
  );
}
