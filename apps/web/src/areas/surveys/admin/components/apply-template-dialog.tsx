import { useContext } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { SURVEY_TYPE_LABELS, ZApplyTemplateInput, ZSurveyListItem } from '@app/shared/surveys';
import { useField } from '@/components/data/form-context';
import { DateField, FieldShell, SelectField } from '@/components/data/form-fields';
import { FormDialog } from '@/components/data/form-dialog';
import { MultiSelectField } from '@/components/data/multi-select';
import { SOURCES } from '@/components/data/school-sources';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { useOptions, type OptionsSource } from '@/components/data/use-options';
import { CurrentModuleContext } from '@/areas/school/current-module/public';
import { SURVEYS_PATH, ZApplyTemplateResult } from '../api/admin-surveys-api';
import { GRADES } from '../lib/survey-draft';

const TEMPLATE_SOURCE = {
  path: SURVEYS_PATH,
  schema: ZSurveyListItem,
  params: { isTemplate: 'true' },
  sort: 'title',
  toOption: (t) => ({ value: t.id, label: t.title, hint: SURVEY_TYPE_LABELS[t.surveyType] }),
} satisfies OptionsSource<typeof ZSurveyListItem>;

/** Grades 10–12 as checkboxes inside a FormDialog (the form holds the array). */
function GradesField({ name, label }: { name: string; label: string }) {
  const f = useField<number[] | undefined>(name);
  const value = f.value ?? [];
  return (
    <FieldShell id={f.id} label={label} required error={f.error} asGroup>
      <fieldset aria-describedby={f.error ? `${f.id}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-fg">
          {label}
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-4">
          {GRADES.map((g) => (
            <label key={g} className="inline-flex cursor-pointer items-center gap-2 text-sm text-fg">
              <input
                id={g === 10 ? f.id : undefined}
                type="checkbox"
                checked={value.includes(g)}
                disabled={f.disabled}
                onChange={(e) => f.setValue(e.target.checked ? [...value, g].sort() : value.filter((x) => x !== g))}
                className="size-4 accent-primary"
              />
              Khối {g}
            </label>
          ))}
        </div>
      </fieldset>
    </FieldShell>
  );
}

/**
 * "Tạo từ mẫu": POST /surveys/apply-template. A subject template makes one survey per chosen
 * subject; one survey made opens in the builder, several stay listed.
 */
export function ApplyTemplateDialog({ open, onClose, templateId }: { open: boolean; onClose: () => void; templateId?: number }) {
  const navigate = useNavigate();
  const current = useContext(CurrentModuleContext);
  const templates = useOptions(TEMPLATE_SOURCE, { enabled: open });
  const modules = useOptions(SOURCES.modules, { enabled: open });
  const apply = useApiMutation<z.output<typeof ZApplyTemplateInput>, typeof ZApplyTemplateResult>({
    method: 'post',
    url: `${SURVEYS_PATH}/apply-template`,
    schema: ZApplyTemplateResult,
    invalidate: [SURVEYS_PATH],
  });
  // The header's module is the default: wait the moment it takes to load (it starts 500 ms late).
  const moduleReady = !current || current.status === 'success' || current.status === 'error';
  const isSubject = (id: unknown) => templates.rows.find((t) => t.id === Number(id))?.surveyType === 'SUBJECT_SPECIFIC';

  return (
    <FormDialog
      open={open && moduleReady}
      onClose={onClose}
      title="Tạo khảo sát từ mẫu"
      description="Khảo sát mới ở trạng thái bản nháp; mẫu theo môn học tạo một khảo sát cho mỗi môn được chọn."
      schema={ZApplyTemplateInput}
      size="lg"
      submitLabel="Tạo khảo sát"
      initialValues={{ templateId, moduleId: current?.module?.id, subjectIds: [], startDate: '', endDate: '', allowedGrades: [10, 11, 12] }}
      toInput={(v) => ({ ...v, subjectIds: isSubject(v.templateId) ? v.subjectIds : undefined })}
      onSubmit={async (input) => {
        const res = await apply.mutateAsync(input);
        if (res.data.length === 1) void navigate(`/admin/surveys/${res.data[0].id}`);
      }}
    >
      {({ values }) => (
        <>
          <SelectField name="templateId" label="Mẫu khảo sát" required options={templates.options} placeholder="— Chọn mẫu —" />
          <SelectField name="moduleId" label="Học phần" required options={modules.options} placeholder="— Chọn học phần —" />
          {isSubject(values.templateId) ? (
            <MultiSelectField
              name="subjectIds"
              label="Môn học"
              required
              source={SOURCES.subjects}
              hint="Mỗi môn một khảo sát. Môn không dùng LMS sẽ không có câu hỏi về LMS."
            />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField name="startDate" label="Ngày bắt đầu" required />
            <DateField name="endDate" label="Ngày kết thúc" required />
          </div>
          <GradesField name="allowedGrades" label="Khối được tham gia" />
        </>
      )}
    </FormDialog>
  );
}
