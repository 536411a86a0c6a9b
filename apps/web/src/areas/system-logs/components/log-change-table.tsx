import { useState } from 'react';
import { ArrowRight } from 'lucide-react';
import { changeRows, type ChangeRow, type RefNames } from '@app/shared/system-log';

/** Longer values show their start and a "Xem thêm" button. */
export const VALUE_PREVIEW = 160;

function Value({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (!text) return <span className="text-muted italic">(trống)</span>;
  if (text.length <= VALUE_PREVIEW) return <span className="break-words whitespace-pre-wrap">{text}</span>;
  return (
    <span className="break-words whitespace-pre-wrap">
      {open ? text : `${text.slice(0, VALUE_PREVIEW)}…`}{' '}
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="text-xs font-medium whitespace-nowrap text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        {open ? 'Thu gọn' : `Xem thêm (${text.length.toLocaleString('vi-VN')} ký tự)`}
      </button>
    </span>
  );
}

// On a phone each row is a card: the field's name, then its values each under its own small heading.
const cell = 'px-3 py-2 align-top max-sm:block max-sm:px-0 max-sm:py-1';
const valueCell = `${cell} max-sm:before:block max-sm:before:text-xs max-sm:before:text-muted max-sm:before:content-[attr(data-label)]`;

/**
 * Before/after as a table a person reads: one row per field with its Vietnamese name, values in
 * words (dates dd/mm/yyyy, yes/no, coded values and referenced records by name), changed rows marked.
 * An entry with one side (a creation, a deletion, a sign-in) is one column of values.
 */
export function LogChangeTable(props: {
  entry: { entity: string; before: unknown; after: unknown };
  names?: RefNames;
  onlyChanged?: boolean;
}) {
  const { sides, rows: all } = changeRows(props.entry, props.names);
  if (sides === 'none' || !all.length) {
    return (
      <p className="rounded-lg border border-dashed border-border px-3 py-4 text-sm text-muted">Bản ghi này không có dữ liệu chi tiết.</p>
    );
  }
  const rows = props.onlyChanged && sides === 'both' ? all.filter((r) => r.changed) : all;
  const two = sides === 'both';
  const one = (r: ChangeRow) => (sides === 'before' ? r.before : r.after);
  const oneTitle = sides === 'before' ? 'Giá trị trước khi thay đổi' : 'Giá trị';
  return (
    <table aria-label="Chi tiết thay đổi" className="w-full table-fixed border-collapse text-sm max-sm:block">
      <thead className="max-sm:sr-only">
        <tr className="border-b border-border text-left text-xs text-muted">
          <th scope="col" className="w-1/4 px-3 py-2 font-semibold">
            Trường
          </th>
          {two ? (
            <>
              <th scope="col" className="px-3 py-2 font-semibold">
                Trước
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Sau
              </th>
            </>
          ) : (
            <th scope="col" className="px-3 py-2 font-semibold">
              {oneTitle}
            </th>
          )}
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {rows.map((r) => (
          <tr
            key={r.key}
            data-changed={r.changed || undefined}
            className="border-b border-border last:border-0 data-changed:bg-primary/10 max-sm:block max-sm:px-3 max-sm:py-2"
          >
            <th scope="row" className={`${cell} text-left font-medium text-fg`}>
              {r.label}
              {r.changed ? <span className="ml-1 text-xs font-normal text-primary">(đã đổi)</span> : null}
            </th>
            {two ? (
              <>
                {/* On a phone a field that did not change shows its value once. */}
                <td data-label={r.changed ? 'Trước' : 'Không đổi'} className={`${valueCell} ${r.changed ? 'text-muted' : ''}`}>
                  <Value text={r.before} />
                </td>
                <td data-label="Sau" className={`${valueCell} ${r.changed ? 'font-medium' : 'max-sm:hidden'}`}>
                  {r.changed ? <ArrowRight aria-hidden="true" className="mr-1 inline size-3.5 text-primary max-sm:hidden" /> : null}
                  <Value text={r.after} />
                </td>
              </>
            ) : (
              <td data-label={oneTitle} className={valueCell}>
                <Value text={one(r)} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
