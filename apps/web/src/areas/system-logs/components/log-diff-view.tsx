import { diffLines, type DiffLine } from '../log-diff';

function Side({ title, lines }: { title: string; lines: DiffLine[] }) {
  return (
    <section aria-label={title} className="min-w-0 flex-1">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {lines.length ? (
        <pre className="max-h-96 overflow-auto rounded-lg border border-border bg-bg py-2 font-mono text-xs leading-5 text-fg">
          {lines.map((l, i) => (
            <span
              key={i}
              data-changed={l.changed || undefined}
              className="block px-3 whitespace-pre data-changed:bg-primary/15 data-changed:font-semibold"
            >
              {l.text}
            </span>
          ))}
        </pre>
      ) : (
        <p className="rounded-lg border border-dashed border-border px-3 py-4 text-sm text-muted">Không có dữ liệu</p>
      )}
    </section>
  );
}

/** Before and after side by side (stacked on a phone); changed keys are highlighted on both sides. */
export function LogDiffView({ before, after }: { before: unknown; after: unknown }) {
  return (
    <div className="flex flex-col gap-3 md:flex-row">
      <Side title="Trước" lines={diffLines(before, after)} />
      <Side title="Sau" lines={diffLines(after, before)} />
    </div>
  );
}
