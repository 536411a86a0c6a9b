import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CircleAlert } from 'lucide-react';
import type { z } from 'zod';
import {
  SETTINGS_MSG,
  SETTINGS_SCHEMAS,
  SETTINGS_SECTION_LABELS,
  type TSettingsSection,
  type TSettingsSectionName,
} from '@app/shared/settings';
import { formatDateTime } from '@app/shared/format';
import { FormContext, uiMessage, type FormContextValue, type FormValues } from '@/components/data/form-context';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { SETTINGS_KEY } from '../api/get-settings';
import { SCHOOL_INFO_KEY } from '../api/get-school-info';
import { saveSection, staleSection } from '../api/save-section';

export interface SectionFormProps {
  section: TSettingsSectionName;
  data: TSettingsSection;
  description?: ReactNode;
  /** The form's values from the section's value, and back. */
  toForm: (value: Record<string, unknown>) => FormValues;
  toInput: (values: FormValues) => unknown;
  /** Says dirty/clean to the page (its leave warning). */
  onDirty: (section: TSettingsSectionName, dirty: boolean) => void;
  children: ReactNode;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One section of the settings page: its fields (the data kit's, through its form context), checked with the
 * shared schema, saved with the version it was read at. A stale save keeps what was typed and shows the
 * values someone else saved, with the new version, so the next Lưu is the admin's informed choice.
 */
export function SectionForm({ section, data, description, toForm, toInput, onDirty, children }: SectionFormProps) {
  const formId = `settings-${useId().replace(/:/g, '')}`;
  const qc = useQueryClient();
  const schema = SETTINGS_SCHEMAS[section] as z.ZodType;
  const [base, setBase] = useState(() => ({ version: data.version, values: toForm(data.value) }));
  const [values, setValues] = useState<FormValues>(base.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [newer, setNewer] = useState<TSettingsSection | null>(null);
  const [saving, setSaving] = useState(false);
  const labels = useRef<Record<string, string>>({});
  const dirty = !same(values, base.values);

  // A refetch (after this form's save, or another section's) brings a newer version: a clean form follows it.
  useEffect(() => {
    if (data.version > base.version && !dirty) {
      const next = { version: data.version, values: toForm(data.value) };
      setBase(next);
      setValues(next.values);
    }
  }, [data, base.version, dirty, toForm]);

  useEffect(() => onDirty(section, dirty), [section, dirty, onDirty]);

  const validate = useCallback(
    (vals: FormValues) => {
      const res = schema.safeParse(toInput(vals));
      if (res.success) return { ok: true as const, data: res.data as unknown };
      const out: Record<string, string> = {};
      for (const issue of res.error.issues) {
        const key = issue.path.length ? String(issue.path[0]) : '';
        out[key] ??= uiMessage(issue.message);
      }
      return { ok: false as const, errors: out };
    },
    [schema, toInput],
  );

  const setValue = useCallback((name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value })), []);
  const registerLabel = useCallback((name: string, label: string) => void (labels.current[name] = label), []);
  const ctx: FormContextValue = useMemo(
    () => ({ values, setValue, errors, disabled: saving, registerLabel, formId }),
    [values, setValue, errors, saving, registerLabel, formId],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const r = validate(values);
    if (!r.ok) {
      setErrors(r.errors);
      const first = Object.keys(r.errors)[0];
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const res = await saveSection(section, base.version, r.data);
      const next = { version: res.data.version, values: toForm(res.data.value) };
      setBase(next);
      setValues(next.values);
      setNewer(null);
      toast.success(res.message ?? SETTINGS_MSG.saved);
      await Promise.all([qc.invalidateQueries({ queryKey: SETTINGS_KEY }), qc.invalidateQueries({ queryKey: SCHOOL_INFO_KEY })]);
    } catch (err) {
      const current = staleSection(err);
      if (current) {
        // Keep the typing; the next save carries the newer version.
        setBase({ version: current.version, values: toForm(current.value) });
        setNewer(current);
        toast.error(SETTINGS_MSG.stale);
      } else toast.error(errorMessage(err, 'Không thể lưu cài đặt. Vui lòng thử lại sau.'));
    } finally {
      setSaving(false);
    }
  };

  const label = SETTINGS_SECTION_LABELS[section];
  return (
    <FormContext.Provider value={ctx}>
      <form id={formId} onSubmit={submit} noValidate aria-label={label} className="space-y-4">
        {description && <p className="text-sm text-muted">{description}</p>}
        {newer && (
          <div
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            <p className="flex items-center gap-2 font-medium">
              <CircleAlert className="size-4" aria-hidden /> {SETTINGS_MSG.stale}
            </p>
            <p className="mt-1">
              Giá trị mới nhất{newer.updatedByName ? ` (do ${newer.updatedByName} lưu` : ' ('}
              {newer.updatedAt ? ` lúc ${formatDateTime(newer.updatedAt)})` : ')'}:{' '}
              <span data-testid="newer-values">{describe(toForm(newer.value))}</span>
            </p>
            <Button
              variant="secondary"
              className="mt-2"
              onClick={() => {
                setValues(toForm(newer.value));
                setNewer(null);
              }}
            >
              Dùng giá trị mới nhất
            </Button>
          </div>
        )}
        {errors[''] && <p className="text-sm text-danger">{errors['']}</p>}
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? 'Đang lưu…' : 'Lưu'}
          </Button>
          {dirty && <span className="text-sm text-muted">Có thay đổi chưa lưu</span>}
        </div>
      </form>
    </FormContext.Provider>
  );
}

function describe(v: FormValues): string {
  return Object.values(v)
    .map((x) => (typeof x === 'boolean' ? (x ? 'bật' : 'tắt') : String(x ?? '')))
    .filter(Boolean)
    .join(' · ');
}
