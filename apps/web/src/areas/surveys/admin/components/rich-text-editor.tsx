import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Bold, Italic, Link2, Link2Off, List, ListOrdered, Underline, type LucideIcon } from 'lucide-react';

/**
 * A small rich-text box for question content and descriptions (stored as HTML; the server sanitizes
 * it before storing and again when serving: decisions "Rich text"). A contenteditable with the
 * browser's own editing commands: bold, italic, underline, lists and links; Ctrl+B/I/U work as
 * everywhere. No editor library. Pasted text arrives as plain text, so no foreign styles come in.
 */
type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList';
const TOOLS: Array<{ cmd: Command; label: string; icon: LucideIcon }> = [
  { cmd: 'bold', label: 'In đậm', icon: Bold },
  { cmd: 'italic', label: 'In nghiêng', icon: Italic },
  { cmd: 'underline', label: 'Gạch chân', icon: Underline },
  { cmd: 'insertUnorderedList', label: 'Danh sách dấu chấm', icon: List },
  { cmd: 'insertOrderedList', label: 'Danh sách đánh số', icon: ListOrdered },
];
const SAFE_URL = /^(https?:\/\/|mailto:)\S+$/i;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** document.execCommand is old but is what every browser's contenteditable still speaks (absent in jsdom). */
function exec(cmd: string, value?: string): boolean {
  const doc = document as Document & { execCommand?: (c: string, ui?: boolean, v?: string) => boolean };
  if (typeof doc.execCommand !== 'function') return false;
  return doc.execCommand(cmd, false, value);
}
function queryState(cmd: string): boolean {
  const doc = document as Document & { queryCommandState?: (c: string) => boolean };
  try {
    return typeof doc.queryCommandState === 'function' ? doc.queryCommandState(cmd) : false;
  } catch {
    return false;
  }
}

const btn =
  'inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary aria-pressed:bg-primary/10 aria-pressed:text-primary disabled:opacity-50';

export function RichTextEditor({
  id: idProp,
  label,
  value,
  onChange,
  placeholder,
  compact,
  invalid,
  describedBy,
  disabled,
  labelHidden,
}: {
  id?: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** One-line rows (grid statements). */
  compact?: boolean;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** The label is read by screen readers only (the surrounding card already says what it is). */
  labelHidden?: boolean;
}) {
  const auto = useId();
  const id = idProp ?? `rte${auto.replace(/:/g, '')}`;
  const ref = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('https://');
  const [urlError, setUrlError] = useState<string | null>(null);

  // The DOM is the source while typing; it is rewritten only when the value changes from outside.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== value) el.innerHTML = value;
  }, [value]);

  const valueRef = useRef(value);
  valueRef.current = value;
  const emit = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const html = el.innerHTML;
    // An emptied box leaves "<br>" behind: that is no content.
    const next = el.textContent?.trim() === '' && !/<(img|li)\b/i.test(html) ? '' : html;
    if (next !== valueRef.current) onChange(next);
  }, [onChange]);

  const refreshState = useCallback(() => {
    if (document.activeElement !== ref.current) return;
    setActive(Object.fromEntries(TOOLS.map((t) => [t.cmd, queryState(t.cmd)])));
  }, []);
  useEffect(() => {
    document.addEventListener('selectionchange', refreshState);
    return () => document.removeEventListener('selectionchange', refreshState);
  }, [refreshState]);

  const run = (cmd: Command) => {
    ref.current?.focus();
    exec(cmd);
    emit();
    refreshState();
  };

  const selectionInside = () => {
    const sel = window.getSelection();
    if (!sel || sel.rangeCount === 0) return null;
    const r = sel.getRangeAt(0);
    return ref.current?.contains(r.commonAncestorContainer) ? r.cloneRange() : null;
  };
  const openLink = () => {
    savedRange.current = selectionInside();
    setUrl('https://');
    setUrlError(null);
    setLinking(true);
  };
  const insertLink = () => {
    const href = url.trim();
    if (!SAFE_URL.test(href)) {
      setUrlError('Đường dẫn phải bắt đầu bằng http://, https:// hoặc mailto:');
      return;
    }
    const el = ref.current;
    if (!el) return;
    el.focus();
    const sel = window.getSelection();
    if (savedRange.current && sel) {
      sel.removeAllRanges();
      sel.addRange(savedRange.current);
    }
    const collapsed = !savedRange.current || savedRange.current.collapsed;
    const done = collapsed ? exec('insertHTML', `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`) : exec('createLink', href);
    if (!done) el.innerHTML += `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
    setLinking(false);
    emit();
  };

  const empty = value === '';
  return (
    <div className="flex flex-col gap-1.5">
      {/* Not a <label>: those only name form controls; the box is named by aria-labelledby. */}
      <span id={`${id}-label`} onClick={() => ref.current?.focus()} className={labelHidden ? 'sr-only' : 'text-sm font-medium text-fg'}>
        {label}
      </span>
      <div
        className={`rounded-lg border bg-surface focus-within:outline-2 focus-within:outline-primary ${invalid ? 'border-danger' : 'border-border'}`}
      >
        <div
          role="toolbar"
          aria-label={`Định dạng: ${label}`}
          className="flex flex-wrap items-center gap-0.5 border-b border-border px-1 py-0.5"
        >
          {TOOLS.map((t) => (
            <ToolButton
              key={t.cmd}
              label={t.label}
              icon={t.icon}
              pressed={Boolean(active[t.cmd])}
              disabled={disabled}
              onClick={() => run(t.cmd)}
            />
          ))}
          <ToolButton label="Chèn liên kết" icon={Link2} disabled={disabled} onClick={openLink} expanded={linking} />
          <ToolButton
            label="Bỏ liên kết"
            icon={Link2Off}
            disabled={disabled}
            onClick={() => {
              ref.current?.focus();
              exec('unlink');
              emit();
            }}
          />
        </div>
        {linking ? (
          <LinkForm id={id} url={url} error={urlError} onUrl={setUrl} onInsert={insertLink} onCancel={() => setLinking(false)} />
        ) : null}
        <div className="relative">
          {empty && placeholder ? (
            <span aria-hidden="true" className="pointer-events-none absolute top-2 left-3 text-sm text-muted">
              {placeholder}
            </span>
          ) : null}
          <div
            ref={ref}
            id={id}
            role="textbox"
            aria-multiline={!compact}
            aria-labelledby={`${id}-label`}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            aria-disabled={disabled || undefined}
            contentEditable={!disabled}
            suppressContentEditableWarning
            tabIndex={0}
            onFocus={() => {
              // Tags rather than inline styles, and paragraphs rather than <div>s for new lines.
              exec('styleWithCSS', 'false');
              exec('defaultParagraphSeparator', 'p');
            }}
            onBeforeInput={(e) => {
              // While the survey is being saved (its fieldset disabled) nothing may change.
              if (ref.current?.closest('fieldset:disabled')) e.preventDefault();
            }}
            onInput={emit}
            onBlur={emit}
            onKeyUp={refreshState}
            onMouseUp={refreshState}
            onPaste={(e) => {
              const text = e.clipboardData.getData('text/plain');
              e.preventDefault();
              if (ref.current?.closest('fieldset:disabled')) return;
              if (!exec('insertText', text)) ref.current?.append(text);
              emit();
            }}
            className={`survey-html px-3 py-2 text-sm break-words text-fg outline-none [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 ${compact ? 'min-h-9' : 'min-h-20'}`}
          />
        </div>
      </div>
    </div>
  );
}

function ToolButton({
  label,
  icon: Icon,
  pressed,
  disabled,
  onClick,
  expanded,
}: {
  label: string;
  icon: LucideIcon;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      aria-expanded={expanded}
      disabled={disabled}
      // Keep the text selection: a mouse press on a button would otherwise take it away.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={btn}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

function LinkForm({
  id,
  url,
  error,
  onUrl,
  onInsert,
  onCancel,
}: {
  id: string;
  url: string;
  error: string | null;
  onUrl: (s: string) => void;
  onInsert: () => void;
  onCancel: () => void;
}): ReactNode {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border px-2 py-2">
      <label htmlFor={`${id}-url`} className="text-xs font-medium text-muted">
        Đường dẫn
      </label>
      <input
        id={`${id}-url`}
        type="url"
        value={url}
        autoFocus
        onChange={(e) => onUrl(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onInsert();
          }
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-url-error` : undefined}
        className="min-w-0 flex-1 rounded-md border border-border bg-surface px-2 py-1 text-sm text-fg"
      />
      <button type="button" onClick={onInsert} className="rounded-md bg-primary px-2.5 py-1 text-xs font-medium text-primary-fg">
        Chèn
      </button>
      <button type="button" onClick={onCancel} className="rounded-md border border-border px-2.5 py-1 text-xs font-medium text-fg">
        Hủy
      </button>
      {error ? (
        <p id={`${id}-url-error`} className="w-full text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
