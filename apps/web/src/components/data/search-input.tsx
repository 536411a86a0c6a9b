import { useRef } from 'react';
import { Search, X } from 'lucide-react';

/** The list's search box; `value` is what is typed (the list debounces the request itself). */
export function SearchInput({
  value,
  onChange,
  placeholder = 'Tìm kiếm...',
  label = 'Tìm kiếm',
  className = '',
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div className={`relative w-full md:w-72 ${className}`}>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
      <input
        ref={ref}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && value) {
            e.preventDefault();
            onChange('');
          }
        }}
        placeholder={placeholder}
        aria-label={label}
        className="w-full rounded-lg border border-border bg-surface py-2 pr-9 pl-9 text-sm text-fg placeholder:text-muted focus-visible:outline-2 focus-visible:outline-primary [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          onClick={() => {
            onChange('');
            ref.current?.focus();
          }}
          aria-label="Xóa tìm kiếm"
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
