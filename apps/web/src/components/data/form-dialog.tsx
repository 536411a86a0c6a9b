import { useCallback, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { z } from 'zod';
import { isAxiosError } from 'axios';
import { errorMessage } from '@/lib/api-client';
import { Button } from '../ui/button';
import { FormContext, fieldOfPath, uiMessage, type FormContextValue, type FormValues } from './form-context';
import { Modal } from './modal';

export interface FormDialogProps<S extends z.ZodType> {
  open: boolean;
  /** Cancel, Escape, X, and after a successful save. What was typed is dropped. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** The shared input schema (ZCampusInput …): the same rules the server applies. */
  schema: S;
  /** The form's starting values (an empty record, or the row being edited). Read when the dialog opens. */
  initialValues: FormValues;
  /** Shapes the values before validation (e.g. '' → null); default: as they are. */
  toInput?: (values: FormValues) => unknown;
  /** Sends the parsed input. Resolve = saved (the dialog closes); reject = shown in the dialog. */
  onSubmit: (data: z.output<S>) => Promise<unknown>;
  submitLabel?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Fields; a function gets the current values for fields that depend on each other. */
  children: ReactNode | ((form: { values: FormValues; setValue: (name: string, value: unknown) => void }) => ReactNode);
}

/**
 * A create/edit dialog. Checks the input with the shared zod schema before sending and shows each
 * field's Vietnamese message under it; server refusals (400, 409 …) appear in the dialog and the
 * typed values stay, so nothing has to be typed again.
 */
export function FormDialog<S extends z.ZodType>(props: FormDialogProps<S>) {
  // Mounting the body only while open gives every opening fresh values.
  if (!props.open) return null;
  return <FormDialogBody {...props} />;
}

function isEmpty(v: unknown) {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function FormDialogBody<S extends z.ZodType>({
  onClose,
  title,
  description,
  schema,
  initialValues,
  toInput,
  onSubmit,
  submitLabel = 'Lưu',
  size = 'md',
  children,
}: FormDialogProps<S>) {
  const formId = useId().replace(/:/g, '');
  const [values, setValues] = useState<FormValues>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const labels = useRef<Record<string, string>>({});

  const validate = useCallback(
    (vals: FormValues): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string>; form: string | null } => {
      const res = schema.safeParse(toInput ? toInput(vals) : vals);
      if (res.success) return { ok: true, data: res.data };
      const out: Record<string, string> = {};
      let form: string | null = null;
      for (const issue of res.error.issues) {
        const key = issue.path.length ? String(issue.path[0]) : null;
        // An empty field fails for being empty, whatever rule zod tripped on ("expected number", a date
        // pattern): say that. Lists keep the schema's own words ("ít nhất một giáo viên").
        const label = key ? labels.current[key] : undefined;
        const blank = key !== null && isEmpty(vals[key]) && !Array.isArray(vals[key]);
        const msg = blank && label ? `${label} là bắt buộc.` : uiMessage(issue.message);
        if (key === null) form ??= msg;
        else out[key] ??= msg;
      }
      return { ok: false, errors: out, form };
    },
    [schema, toInput],
  );

  const valuesRef = useRef(values);
  const setValue = useCallback(
    (name: string, value: unknown) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      // After a first try, errors follow the typing (and clear as soon as a field is right).
      if (attempted) {
        const r = validate(next);
        setErrors(r.ok ? {} : r.errors);
      }
    },
    [attempted, validate],
  );

  const registerLabel = useCallback((name: string, label: string) => {
    labels.current[name] = label;
  }, []);

  const ctx: FormContextValue = useMemo(
    () => ({ values, setValue, errors, disabled: submitting, registerLabel, formId }),
    [values, setValue, errors, submitting, registerLabel, formId],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setAttempted(true);
    setFormError(null);
    const r = validate(values);
    if (!r.ok) {
      setErrors(r.errors);
      setFormError(r.form);
      // Take the keyboard to the first field to fix.
      const first = Object.keys(r.errors)[0];
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(r.data);
      onClose();
    } catch (err) {
      setFormError(errorMessage(err, 'Không thể lưu. Vui lòng thử lại sau.'));
      setErrors(serverFieldErrors(err, values));
      setSubmitting(false);
    }
  };

  const cancel = () => {
    if (!submitting) onClose();
  };

  return (
    <Modal
      open
      onClose={cancel}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={submitting}>
            Hủy
          </Button>
          <Button type="submit" form={formId} disabled={submitting}>
            {submitting ? (
              <>
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                <span role="status">Đang lưu...</span>
              </>
            ) : (
              submitLabel
            )}
          </Button>
        </>
      }
    >
      <FormContext.Provider value={ctx}>
        <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          {formError ? (
            <div role="alert" className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{formError}</span>
            </div>
          ) : null}
          {typeof children === 'function' ? children({ values, setValue }) : children}
        </form>
      </FormContext.Provider>
    </Modal>
  );
}

/** A 400's details ([{path:'body/name', message}]) put under the fields they name. */
function serverFieldErrors(err: unknown, values: FormValues): Record<string, string> {
  if (!isAxiosError(err)) return {};
  const details: unknown = (err.response?.data as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return {};
  const out: Record<string, string> = {};
  for (const d of details) {
    if (!d || typeof d !== 'object') continue;
    const field = fieldOfPath((d as { path?: unknown }).path);
    const message = (d as { message?: unknown }).message;
    if (field && field in values && typeof message === 'string') out[field] ??= uiMessage(message);
  }
  return out;
}
