export interface Option<V extends string | number = string | number> {
  value: V;
  label: string;
  /** Secondary text (a code, a campus) shown beside the label in pickers. */
  hint?: string;
}

/**
 * A list filter. Values travel as strings (they live in the URL); '' is "all". A native select:
 * it is keyboard and screen-reader friendly and opens the phone's own picker.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = 'Tất cả',
  className = '',
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<Option>;
  /** The "no filter" entry; `null` leaves it out (a filter that always has a value). */
  allLabel?: string | null;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <label className={`flex min-w-0 flex-col gap-1 text-xs font-medium text-muted md:w-auto ${className}`}>
      {label}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        className="w-full min-w-36 rounded-lg border border-border bg-surface px-3 py-2 text-sm font-normal text-fg focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60 md:max-w-64"
      >
        {allLabel !== null ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.hint ? `${o.label} (${o.hint})` : o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
