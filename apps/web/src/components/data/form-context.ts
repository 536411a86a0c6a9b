import { createContext, useContext } from 'react';

export type FormValues = Record<string, unknown>;

export interface FormContextValue {
  values: FormValues;
  setValue: (name: string, value: unknown) => void;
  errors: Record<string, string>;
  disabled: boolean;
  /** Fields tell the form their label, so a missing choice reads "Cơ sở là bắt buộc." */
  registerLabel: (name: string, label: string) => void;
  formId: string;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const ctx = useContext(FormContext);
  if (!ctx) throw new Error('Form fields must be inside <FormDialog>');
  return ctx;
}

/** One field's value, setter and error. */
export function useField<V = unknown>(name: string) {
  const ctx = useFormContext();
  return {
    value: ctx.values[name] as V,
    setValue: (v: V) => ctx.setValue(name, v),
    error: ctx.errors[name] as string | undefined,
    disabled: ctx.disabled,
    id: `${ctx.formId}-${name}`,
    registerLabel: ctx.registerLabel,
  };
}

/** Server 400 details name fields as "body/name" (or "/name"); the part after the last slash is ours. */
export function fieldOfPath(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const m = /(?:^|\/)([A-Za-z0-9_]+)(?:\/\d+)?$/.exec(path);
  return m ? m[1] : null;
}

/** The API's messages say YYYY-MM-DD; people here type dd/mm/yyyy. */
export function uiMessage(message: string): string {
  return message.replace('(YYYY-MM-DD)', '(dd/mm/yyyy)');
}
