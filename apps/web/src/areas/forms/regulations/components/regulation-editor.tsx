import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  CONTENT_KINDS,
  REGULATION_CATEGORIES,
  REGULATION_PDF_MAX_BYTES,
  ZRegulationInput,
  type TRegulationDetail,
} from '@app/shared/regulations';
import { RichTextEditor } from '@/areas/surveys/admin/public';
import { DateField, FieldShell, SelectField, SwitchField, TextField, describedBy, inputClass } from '@/components/data/form-fields';
import { FormDialog } from '@/components/data/form-dialog';
import { useField } from '@/components/data/form-context';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { REGULATIONS_ROOT } from '../api/keys';
import { saveRegulation, uploadRegulationPdf } from '../api/admin';

const KIND_LABELS: Record<(typeof CONTENT_KINDS)[number], string> = { html: 'Văn bản soạn trực tiếp', pdf: 'Tệp PDF' };
const MAX_MB = REGULATION_PDF_MAX_BYTES / 1024 / 1024;

/** Free text with the suggested categories (and those in use) offered by the browser's list. */
function CategoryField({ suggestions }: { suggestions: readonly string[] }) {
  const f = useField<string>('category');
  const listId = useId();
  return (
    <FieldShell id={f.id} label="Danh mục" required error={f.error} hint="Chọn trong danh sách hoặc nhập danh mục mới.">
      <input
        id={f.id}
        value={f.value ?? ''}
        list={listId}
        disabled={f.disabled}
        onChange={(e) => f.setValue(e.target.value)}
        className={inputClass}
        {...describedBy(f.id, f.error, 'hint')}
      />
      <datalist id={listId}>
        {suggestions.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </FieldShell>
  );
}

function BodyField() {
  const f = useField<string>('bodyHtml');
  return <RichTextEditor label="Nội dung" value={f.value ?? ''} onChange={f.setValue} invalid={Boolean(f.error)} disabled={f.disabled} />;
}

/**
 * Admin's create/edit dialog: title, category, content (rich text in the survey builder's box, or a PDF
 * ≤ 10 MB uploaded after the save), effective date, "students must acknowledge"; on a published document,
 * "Yêu cầu học sinh xác nhận lại" clears the acknowledgements given so far.
 */
export function RegulationEditor({
  doc,
  categories,
  onClose,
}: {
  /** The document edited; null for a new one. */
  doc: TRegulationDetail | null;
  categories: readonly string[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileId = useId();
  const suggestions = [...new Set([...REGULATION_CATEGORIES, ...categories])];
  const initial = {
    title: doc?.title ?? '',
    category: doc?.category ?? '',
    contentKind: doc?.contentKind ?? 'html',
    bodyHtml: doc?.bodyHtml ?? '',
    effectiveFrom: doc?.effectiveFrom ?? '',
    requiresAck: doc?.requiresAck ?? false,
    reacknowledge: false,
    ...(doc ? { version: doc.version } : {}),
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title={doc ? `Sửa văn bản: ${doc.title}` : 'Thêm văn bản'}
      schema={ZRegulationInput}
      initialValues={initial}
      size="xl"
      onSubmit={async (input) => {
        const saved = await saveRegulation(doc?.id ?? null, input);
        let message = saved.message;
        if (input.contentKind === 'pdf' && file) {
          const up = await uploadRegulationPdf(saved.data.id, saved.data.version, file);
          message = up.message ?? message;
        }
        if (message) toast.success(message);
        await invalidatePaths(client, [REGULATIONS_ROOT]);
      }}
    >
      {({ values }) => (
        <div className="flex flex-col gap-4">
          <TextField name="title" label="Tiêu đề" required />
          <div className="grid gap-4 md:grid-cols-2">
            <CategoryField suggestions={suggestions} />
            <DateField name="effectiveFrom" label="Áp dụng từ ngày" required />
          </div>
          <SelectField
            name="contentKind"
            label="Loại nội dung"
            options={CONTENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            allowEmpty={false}
          />
          {values.contentKind === 'pdf' ? (
            <FieldShell
              id={fileId}
              label="Tệp PDF"
              error={fileError ?? undefined}
              hint={
                doc?.pdfName ? `Đang dùng: ${doc.pdfName}. Chọn tệp khác để thay.` : `Tối đa ${MAX_MB} MB; cần có tệp trước khi ban hành.`
              }
            >
              <input
                id={fileId}
                type="file"
                accept="application/pdf,.pdf"
                className="text-sm"
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null;
                  setFileError(f && f.size > REGULATION_PDF_MAX_BYTES ? `Tệp PDF tối đa ${MAX_MB} MB.` : null);
                  setFile(f && f.size <= REGULATION_PDF_MAX_BYTES ? f : null);
                }}
              />
            </FieldShell>
          ) : (
            <BodyField />
          )}
          <SwitchField name="requiresAck" label="Học sinh phải xác nhận đã đọc và cam kết thực hiện" />
          {doc?.status === 'published' ? (
            <SwitchField
              name="reacknowledge"
              label="Yêu cầu học sinh xác nhận lại"
              hint={`Xóa ${doc.ackCount} xác nhận đã có: dùng khi nội dung thay đổi đáng kể.`}
            />
          ) : null}
        </div>
      )}
    </FormDialog>
  );
}
