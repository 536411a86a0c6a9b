import { useMemo, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { SURVEY_STATUS_LABELS, SURVEY_TYPES, SURVEY_TYPE_LABELS, type TSurveyStatus } from '@app/shared/surveys';
import { FormContext, type FormContextValue } from '@/components/data/form-context';
import { DateField, SelectField, SwitchField, TextField } from '@/components/data/form-fields';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { Button } from '@/components/ui/button';
import { GRADES, type SurveyDraft } from '../lib/survey-draft';
import { useSurveyEditorContext } from '../survey-editor';
import { FieldError } from './builder-fields';
import { CoverImageField } from './cover-image-field';
import { RichTextEditor } from './rich-text-editor';
import { useVisibilityForAll } from './use-visibility';

/** decisions "Status": draft → active → closed, closed → active; a new survey is draft or active. */
const NEXT: Record<TSurveyStatus, TSurveyStatus[]> = {
  draft: ['draft', 'active'],
  active: ['active', 'closed'],
  closed: ['closed', 'active'],
};

/**
 * The survey's own fields. The kit's form fields (dd/mm/yyyy dates, selects) are reused by giving
 * them a form context whose values are the draft's fields.
 */
export function SurveySettings() {
  const ed = useSurveyEditorContext();
  const d = ed.draft;
  const modules = useOptions(SOURCES.modules, { enabled: !d.isTemplate });
  const subjects = useOptions(SOURCES.subjects, { enabled: d.surveyType === 'SUBJECT_SPECIFIC' && !d.isTemplate });
  const answered = (ed.survey?.responseCount ?? 0) > 0;
  const visibility = useVisibilityForAll();

  const ctx = useMemo(
    (): FormContextValue => ({
      values: d as unknown as Record<string, unknown>,
      setValue: (name, value) =>
        ed.setDraft((prev) => {
          const next = { ...prev, [name]: value } as SurveyDraft;
          if (name === 'surveyType' && value === 'GENERAL') next.subjectId = null;
          return next;
        }),
      errors: ed.errors.fields,
      disabled: ed.saving,
      registerLabel: () => {},
      formId: 'survey',
    }),
    [d, ed],
  );
  // Type, subject and module of an answered survey are fixed (decisions "Answered surveys").
  const lockedCtx = useMemo(() => ({ ...ctx, disabled: true }), [ctx]);

  const saved = ed.survey?.status ?? 'draft';
  const statusOptions = NEXT[saved].map((s) => ({ value: s, label: SURVEY_STATUS_LABELS[s] }));
  const typeOptions = SURVEY_TYPES.map((t) => ({ value: t, label: SURVEY_TYPE_LABELS[t] }));
  const gradeError = ed.errors.fields.allowedGrades;

  return (
    <FormContext.Provider value={ctx}>
      <section
        aria-labelledby="survey-settings-heading"
        className="space-y-4 rounded-xl border border-border bg-surface p-4 shadow-sm sm:p-5"
      >
        <h3 id="survey-settings-heading" className="text-base font-semibold text-fg">
          {d.isTemplate ? 'Thông tin mẫu khảo sát' : 'Thông tin khảo sát'}
        </h3>
        <TextField name="title" label="Tiêu đề khảo sát" required />
        <RichTextEditor
          id="survey-description"
          label="Mô tả (không bắt buộc)"
          value={d.description}
          onChange={(description) => ed.setDraft((p) => ({ ...p, description }))}
        />
        <CoverImageField />
        <Locked when={answered} ctx={lockedCtx} note="Khảo sát đã có phản hồi: không thể đổi loại khảo sát, môn học hoặc học phần.">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField name="surveyType" label="Loại khảo sát" required options={typeOptions} allowEmpty={false} />
            {d.surveyType === 'SUBJECT_SPECIFIC' && !d.isTemplate ? (
              <SelectField
                name="subjectId"
                label="Môn học"
                required
                options={subjects.options}
                placeholder="— Chọn môn học —"
                emptyValue={null}
              />
            ) : null}
            {!d.isTemplate ? (
              <SelectField
                name="moduleId"
                label="Học phần"
                required
                options={modules.options}
                placeholder="— Chọn học phần —"
                emptyValue={null}
              />
            ) : null}
          </div>
        </Locked>
        {d.isTemplate && d.surveyType === 'SUBJECT_SPECIFIC' ? (
          <p className="text-sm text-muted">
            Môn học được chọn khi áp dụng mẫu: mỗi môn một khảo sát; câu hỏi “Chỉ dành cho môn dùng LMS” bị bỏ qua với môn không dùng LMS.
          </p>
        ) : null}
        <fieldset aria-describedby={gradeError ? 'survey-allowedGrades-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-fg">
            Khối được tham gia
            {!d.isTemplate ? (
              <span aria-hidden="true" className="text-danger">
                {' '}
                *
              </span>
            ) : null}
          </legend>
          <div className="flex flex-wrap gap-4">
            {GRADES.map((g) => (
              <label key={g} className="inline-flex cursor-pointer items-center gap-2 text-sm text-fg">
                <input
                  id={g === 10 ? 'survey-allowedGrades' : undefined}
                  type="checkbox"
                  checked={d.allowedGrades.includes(g)}
                  disabled={ed.saving}
                  onChange={(e) =>
                    ed.setDraft((p) => ({
                      ...p,
                      allowedGrades: e.target.checked ? [...p.allowedGrades, g].sort() : p.allowedGrades.filter((x) => x !== g),
                    }))
                  }
                  className="size-4 accent-primary"
                />
                Khối {g}
              </label>
            ))}
          </div>
          {gradeError ? <FieldError id="survey-allowedGrades-error">{gradeError}</FieldError> : null}
        </fieldset>
        {!d.isTemplate ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <DateField name="startDate" label="Ngày bắt đầu" />
            <DateField name="endDate" label="Ngày kết thúc" />
            <SelectField
              name="status"
              label="Trạng thái"
              options={statusOptions}
              allowEmpty={false}
              hint="Mở khảo sát cần học phần, ngày bắt đầu, ngày kết thúc và ít nhất một câu hỏi."
            />
          </div>
        ) : (
          <p className="text-sm text-muted">
            Mẫu khảo sát không gắn với học phần và luôn ở trạng thái bản nháp; ngày và học phần được chọn khi áp dụng mẫu.
          </p>
        )}
        <SwitchField name="autoCalculate" label="Tự động tính kết quả" hint="Cho phép hệ thống tự động tính kết quả của khảo sát." />
        {d.isTemplate ? (
          <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
            <span className="text-sm text-muted">Quyền xem kết quả của giáo viên:</span>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => void visibility.setAll(true)}>
              <Eye aria-hidden="true" className="size-4" />
              Cho xem tất cả câu hỏi
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => void visibility.setAll(false)}>
              <EyeOff aria-hidden="true" className="size-4" />
              Ẩn tất cả câu hỏi
            </Button>
            {visibility.immediate ? (
              <span className="w-full text-xs text-muted">Với câu hỏi đã lưu, thay đổi quyền xem được ghi ngay.</span>
            ) : null}
          </div>
        ) : null}
      </section>
    </FormContext.Provider>
  );
}

function Locked({ when, ctx, note, children }: { when: boolean; ctx: FormContextValue; note: string; children: ReactNode }) {
  if (!when) return children;
  return (
    <div className="space-y-1.5">
      <FormContext.Provider value={ctx}>{children}</FormContext.Provider>
      <p className="text-xs text-muted">{note}</p>
    </div>
  );
}
