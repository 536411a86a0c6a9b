import { useMemo } from 'react';
import { formatDate } from '@app/shared/format';
import { SURVEY_TYPE_LABELS } from '@app/shared/surveys';
import { Modal } from '@/components/data/modal';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { Button } from '@/components/ui/button';
import { QuestionContent } from '@/areas/surveys/core/components/question-content';
import { SurveyFormView } from '@/areas/surveys/core/components/survey-form-view';
import { draftToSurvey } from '../lib/draft-preview';
import { useSurveyEditorContext } from '../survey-editor';

const NO_ANSWERS = {};

/**
 * "Xem trước": the draft (saved or not) through the student form's renderer, inputs disabled, as
 * the teacher preview does; every grid column is shown (admins see "Không có ý kiến" too), and
 * LMS-only questions follow the chosen subject as students will see them.
 */
export function SurveyPreviewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ed = useSurveyEditorContext();
  const d = ed.draft;
  const subjects = useOptions(SOURCES.subjects, { enabled: open && d.subjectId !== null });
  const subjectRow = subjects.rows.find((s) => s.id === d.subjectId);
  const savedSubject = ed.survey?.subject;
  const subject = useMemo(
    () =>
      d.surveyType !== 'SUBJECT_SPECIFIC' || d.subjectId === null
        ? null
        : subjectRow
          ? { id: subjectRow.id, name: subjectRow.name, usesLms: subjectRow.usesLms }
          : savedSubject?.id === d.subjectId
            ? savedSubject
            : null,
    [d.surveyType, d.subjectId, subjectRow, savedSubject],
  );
  const survey = useMemo(
    () => (open ? draftToSurvey(d, { subject, id: ed.surveyId ?? undefined }) : null),
    [open, d, subject, ed.surveyId],
  );
  if (!open || !survey) return null;
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title="Xem trước khảo sát"
      description="Khảo sát như học sinh sẽ thấy (kể cả thay đổi chưa lưu); các ô trả lời bị khóa."
      footer={<Button onClick={onClose}>Đóng xem trước</Button>}
    >
      <div className="space-y-4">
        <div className="overflow-hidden rounded-xl border border-border bg-surface">
          {survey.coverImageUrl ? (
            <img src={survey.coverImageUrl} alt="" className="h-32 w-full object-cover sm:h-48" />
          ) : (
            <div aria-hidden="true" className="h-2 bg-primary" />
          )}
          <div className="space-y-2 p-4">
            <p className="text-xl font-semibold text-fg">{survey.title || 'Chưa có tiêu đề'}</p>
            {survey.description ? <QuestionContent html={survey.description} className="text-sm text-muted [&_p]:mb-1" /> : null}
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <PreviewItem label="Loại khảo sát" value={SURVEY_TYPE_LABELS[survey.surveyType]} />
              {subject ? <PreviewItem label="Môn học" value={subject.name} /> : null}
              <PreviewItem label="Ngày bắt đầu" value={formatDate(survey.startDate) || '—'} />
              <PreviewItem label="Ngày kết thúc" value={formatDate(survey.endDate) || '—'} />
            </dl>
          </div>
        </div>
        <SurveyFormView survey={survey} answers={NO_ANSWERS} mode="readonly" idPrefix="pv" />
      </div>
    </Modal>
  );
}

function PreviewItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-muted">{label}:</dt>
      <dd className="font-medium text-fg">{value}</dd>
    </div>
  );
}
