import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Check, LoaderCircle, X } from 'lucide-react';
import type { z } from 'zod';
import { foldVietnamese } from '@app/shared/vietnamese';
import type { Option } from './filter-select';
import { useField } from './form-context';
import { describedBy, FieldShell, inputClass, type FieldProps } from './form-fields';
import { useOptions, type OptionsSource } from './use-options';

type Value = string | number;

export interface MultiSelectProps {
  id: string;
  label: string;
  value: Value[];
  onChange: (value: Value[]) => void;
  /** The choices offered now (all of them, or the server's matches for `query`). */
  options: ReadonlyArray<Option>;
  /** Labels for values already chosen that may not be among `options` (editing a saved row). */
  knownOptions?: ReadonlyArray<Option>;
  query: string;
  onQueryChange: (q: string) => void;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
  invalid?: boolean;
  describedById?: string;
  max?: number;
}

/**
 * Several choices with a search box: chosen ones show as removable chips above the box; typing
 * narrows the list; Enter / click toggles an entry; Backspace in an empty box removes the last chip.
 */
export function MultiSelect({
  id,
  label,
  value,
  onChange,
  options,
  knownOptions = [],
  query,
  onQueryChange,
  loading,
  disabled,
  placeholder = 'Gõ để tìm...',
  invalid,
  describedById,
  max,
}: MultiSelectProps) {
  // Labels seen so far, so a chip keeps its name when the search no longer lists it.
  const seen = useRef(new Map<string, Option>());
  for (const o of [...knownOptions, ...options]) seen.current.set(String(o.value), o);
  const chosen = value.map((v) => seen.current.get(String(v)) ?? { value: v, label: `#${v}` });
  const full = max !== undefined && value.length >= max;

  return (
    <div className="space-y-2">
      {chosen.length ? (
        <ul aria-label={`${label} đã chọn`} className="flex flex-wrap gap-1.5">
          {chosen.map((o) => (
            <li key={String(o.value)} className="inline-flex items-center gap-1 rounded-full bg-surface-2 py-0.5 pr-1 pl-2.5 text-xs text-fg">
              <span>
                {o.label}
                {o.hint ? <span className="text-muted"> · {o.hint}</span> : null}
              </span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((v) => String(v) !== String(o.value)))}
                aria-label={`Bỏ chọn ${o.label}`}
                className="rounded-full p-0.5 text-muted hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Combobox
        multiple
        value={value}
        by={(a: Value, b: Value) => String(a) === String(b)}
        onChange={(next: Value[]) => {
          if (max !== undefined && next.length > max) return;
          onChange(next);
          onQueryChange('');
        }}
        disabled={disabled}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            id={id}
            aria-label={label}
            aria-invalid={invalid || undefined}
            aria-describedby={describedById}
            autoComplete="off"
            placeholder={full ? `Đã chọn tối đa ${max}` : placeholder}
            displayValue={() => query}
            onChange={(e) => onQueryChange(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Backspace' && !query && value.length) onChange(value.slice(0, -1));
            }}
            className={`${inputClass} pr-9 ${invalid ? 'border-danger' : 'border-border'}`}
          />
          {loading ? (
            <LoaderCircle aria-hidden="true" className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted" />
          ) : null}
          <ComboboxOptions
            anchor={{ to: 'bottom start', gap: 4 }}
            className="z-[60] max-h-64 w-[var(--input-width)] overflow-y-auto rounded-lg border border-border bg-surface p-1 text-sm text-fg shadow-lg empty:invisible"
          >
            {options.length === 0 ? (
              <div className="px-3 py-2 text-muted">{loading ? 'Đang tìm...' : 'Không tìm thấy kết quả phù hợp'}</div>
            ) : (
              options.map((o) => {
                const selected = value.some((v) => String(v) === String(o.value));
                return (
                  <ComboboxOption
                    key={String(o.value)}
                    value={o.value}
                    disabled={full && !selected}
                    className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:bg-surface-2"
                  >
                    <Check aria-hidden="true" className={`size-4 shrink-0 text-primary ${selected ? '' : 'invisible'}`} />
                    <span className="min-w-0 flex-1 truncate">{o.label}</span>
                    {o.hint ? <span className="shrink-0 text-xs text-muted">{o.hint}</span> : null}
                  </ComboboxOption>
                );
              })
            )}
          </ComboboxOptions>
        </div>
      </Combobox>
    </div>
  );
}

/** Local search over a fixed option list, accent-insensitive ("nguyen" finds "Nguyễn"). */
export function filterOptions(options: ReadonlyArray<Option>, query: string): Option[] {
  const q = foldVietnamese(query).trim();
  if (!q) return [...options];
  return options.filter((o) => foldVietnamese(`${o.label} ${o.hint ?? ''}`).includes(q));
}

/**
 * A multi-select form field. Give it `options` (searched locally) or `source` (searched on the
 * server, e.g. teachers from GET /v1/teachers?search=). The form holds the chosen values' array.
 */
export function MultiSelectField<S extends z.ZodType>({
  name,
  label,
  required,
  hint,
  className,
  options,
  source,
  knownOptions,
  max,
  placeholder,
}: FieldProps & {
  options?: ReadonlyArray<Option>;
  source?: OptionsSource<S>;
  knownOptions?: ReadonlyArray<Option>;
  max?: number;
  placeholder?: string;
}): ReactNode {
  const f = useField<Value[] | undefined>(name);
  const { registerLabel } = f;
  useEffect(() => registerLabel(name, label), [name, label, registerLabel]);
  const [query, setQuery] = useState('');
  const remote = useOptions(source ?? { path: '', schema: null as unknown as S, toOption: () => ({ value: 0, label: '' }) }, {
    search: query,
    enabled: Boolean(source),
  });
  const shown = useMemo(() => (source ? remote.options : filterOptions(options ?? [], query)), [source, remote.options, options, query]);
  const aria = describedBy(f.id, f.error, hint);
  return (
    <FieldShell id={f.id} label={label} required={required} hint={hint} error={f.error} className={className}>
      <MultiSelect
        id={f.id}
        label={label}
        value={f.value ?? []}
        onChange={(v) => f.setValue(v)}
        options={shown}
        knownOptions={knownOptions ?? options}
        query={query}
        onQueryChange={setQuery}
        loading={Boolean(source) && remote.isFetching}
        disabled={f.disabled}
        invalid={Boolean(f.error)}
        describedById={aria['aria-describedby']}
        max={max}
        placeholder={placeholder}
      />
    </FieldShell>
  );
}

/**
 * One choice out of a long list, with a search box (accent-insensitive, over the label and hint; the
 * first 50 matches listed): the MultiSelect holding one chip; the form holds the value itself (or undefined).
 */
export function SearchSelectField({
  name,
  label,
  required,
  hint,
  className,
  options,
  loading,
  placeholder,
}: FieldProps & { options: ReadonlyArray<Option>; loading?: boolean; placeholder?: string }): ReactNode {
  const f = useField<Value | undefined>(name);
  const { registerLabel } = f;
  useEffect(() => registerLabel(name, label), [name, label, registerLabel]);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterOptions(options, query).slice(0, 50), [options, query]);
  const aria = describedBy(f.id, f.error, hint);
  return (
    <FieldShell id={f.id} label={label} required={required} hint={hint} error={f.error} className={className}>
      <MultiSelect
        id={f.id}
        label={label}
        value={f.value === undefined || f.value === null ? [] : [f.value]}
        // A new choice replaces the old one; un-choosing it leaves none.
        onChange={(v) => f.setValue(v.length ? v[v.length - 1] : undefined)}
        options={shown}
        knownOptions={options}
        query={query}
        onQueryChange={setQuery}
        loading={loading}
        disabled={f.disabled}
        invalid={Boolean(f.error)}
        describedById={aria['aria-describedby']}
        placeholder={placeholder}
      />
    </FieldShell>
  );
}
