import { Eye, Info } from 'lucide-react';
import type { TSurvey } from '@app/shared/surveys';

export const TEACHER_PREVIEW_MSG = {
  viewMode: 'Thầy cô đang xem khảo sát ở chế độ xem trước. Giáo viên không thể làm khảo sát này.',
  subjectTemplate:
    'Mẫu khảo sát này dùng cho các môn Toán, Ngữ văn, Tiếng Anh, các môn tự chọn và các môn chuyên. Các môn không sử dụng LMS sẽ không có các câu hỏi về LMS.',
} as const;

/** The notices above the teacher preview (spec section 2): view mode, and the subject-template note for subject surveys. */
export function TeacherPreviewNotice({ survey }: { survey: Pick<TSurvey, 'surveyType'> }) {
  return (
    <div className="mb-4 space-y-3">
      <p
        role="note"
        className="flex items-start gap-2 rounded-lg border border-primary/40 bg-primary/10 px-4 py-3 text-sm font-medium text-fg"
      >
        <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {TEACHER_PREVIEW_MSG.viewMode}
      </p>
      {survey.surveyType === 'SUBJECT_SPECIFIC' ? (
        <p role="note" className="flex items-start gap-2 rounded-lg border border-border bg-surface-2 px-4 py-3 text-sm text-fg">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {TEACHER_PREVIEW_MSG.subjectTemplate}
        </p>
      ) : null}
    </div>
  );
}
