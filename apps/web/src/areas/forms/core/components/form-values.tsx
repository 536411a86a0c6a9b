import { formatDate } from '@app/shared/format';
import { valueText, type TFormField, type TFormValues } from '@app/shared/forms';
import { downloadFormFile } from '../api/download-file';

/** A form's values as the kind lays them out, read-only; an attachment downloads. */
export function FormValues({
  formId,
  fields,
  values,
  holidays,
}: {
  formId: number;
  fields: readonly TFormField[];
  values: TFormValues;
  /** The school's holidays in the form's days: not sessions of its leave. */
  holidays: readonly string[];
}) {
  const daysOff = new Set(holidays);
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {fields.map((f) => {
        const v = values[f.key];
        const file = v && typeof v === 'object' && 'fileId' in v ? v : null;
        return (
          <div key={f.key} className="contents">
            <dt className="font-medium text-muted">{f.label}</dt>
            <dd className="whitespace-pre-wrap">
              {file ? (
                <button
                  type="button"
                  className="text-primary underline"
                  onClick={() => void downloadFormFile(formId, file.fileId, file.name)}
                >
                  {file.name}
                </button>
              ) : (
                valueText(f, v, formatDate, daysOff) || <span className="text-muted">(trống)</span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
