/**
 * Before/after of an audit entry, laid out for a side-by-side view. Audit snapshots are flat rows,
 * so changes are marked per top-level key; a key present on one side only counts as changed.
 */
export interface DiffLine {
  /** The top-level key this line belongs to; null for braces and non-object values. */
  key: string | null;
  text: string;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function changedKeys(before: unknown, after: unknown): Set<string> {
  const out = new Set<string>();
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (!(k in b) || !(k in a) || !same(b[k], a[k])) out.add(k);
  }
  return out;
}

/** Pretty JSON of one side, split into lines tagged with their key and whether it changed. */
export function diffLines(value: unknown, other: unknown): DiffLine[] {
  if (value === null || value === undefined) return [];
  if (!isRecord(value)) {
    const changed = !same(value, other);
    return JSON.stringify(value, null, 2)
      .split('\n')
      .map((text) => ({ key: null, text, changed }));
  }
  const changed = changedKeys(value, isRecord(other) ? other : {});
  const keys = Object.keys(value);
  const lines: DiffLine[] = [{ key: null, text: '{', changed: false }];
  keys.forEach((k, i) => {
    const comma = i < keys.length - 1 ? ',' : '';
    const body = JSON.stringify(value[k], null, 2) ?? 'null';
    const parts = `${JSON.stringify(k)}: ${body}${comma}`.split('\n');
    for (const p of parts) lines.push({ key: k, text: `  ${p}`, changed: changed.has(k) });
  });
  lines.push({ key: null, text: '}', changed: false });
  return lines;
}
