import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ZCloneSurveyInput, ZSurvey, type TSurveyListItem } from '@app/shared/surveys';
import { SelectField, TextField } from '@/components/data/form-fields';
import { FormDialog } from '@/components/data/form-dialog';
import { SOURCES } from '@/components/data/school-sources';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { useOptions } from '@/components/data/use-options';
import { SURVEYS_PATH } from '../api/admin-surveys-api';

/**
 * "Nhân bản": POST /surveys/clone, a draft copy (decisions "Copying"). A survey may move to another
 * module; a template stays a template (a survey is made from it with "Tạo từ mẫu"). The copy opens
 * in the builder.
 */
export function CloneDialog({ source, onClose }: { source: TSurveyListItem | null; onClose: () => void }) {
  const navigate = useNavigate();
  const modules = useOptions(SOURCES.modules, { enabled: source !== null && !source.isTemplate });
  const clone = useApiMutation<z.output<typeof ZCloneSurveyInput>, typeof ZSurvey>({
    method: 'post',
    url: `${SURVEYS_PATH}/clone`,
    schema: ZSurvey,
    invalidate: [SURVEYS_PATH],
  });
  return (
    <FormDialog
      open={source !== null}
      onClose={onClose}
      title={source?.isTemplate ? 'Nhân bản mẫu khảo sát' : 'Nhân bản khảo sát'}
      description="Bản sao ở trạng thái bản nháp, giữ nguyên các phần và câu hỏi."
      schema={ZCloneSurveyInput}
      submitLabel="Nhân bản"
      initialValues={{ surveyId: source?.id, title: source ? `${source.title} (bản sao)` : '', moduleId: source?.moduleId ?? undefined }}
      onSubmit={async (input) => {
        const res = await clone.mutateAsync(input);
        void navigate(`/admin/surveys/${res.data.id}`);
      }}
    >
      <TextField name="title" label="Tiêu đề bản sao" required />
      {source && !source.isTemplate ? (
        <SelectField
          name="moduleId"
          label="Học phần"
          required
          options={modules.options}
          allowEmpty={false}
          hint="Có thể chuyển bản sao sang học phần khác."
        />
      ) : null}
    </FormDialog>
  );
}
