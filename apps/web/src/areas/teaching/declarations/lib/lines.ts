import {
  DECLARATION_ENTRY_KINDS,
  lineFields,
  type TDeclarationAttachment,
  type TDeclarationEntryKind,
  type TDeclarationLine,
  type TDeclarationLineInput,
} from '@app/shared/declarations';
import { computeWorkload, type TWorkloadResult } from '@app/shared/workload-calc';
import type { TPosition, TWorkloadRules } from '@app/shared/workload';

/** A line while it is edited: a stored line keeps its id (and attachments); a new one has id null. `key` is stable for React. */
export type DraftLine = Omit<TDeclarationLine, 'id' | 'attachments'> & {
  key: string;
  id: number | null;
  attachments: TDeclarationAttachment[];
};

let seq = 0;
const newKey = () => `new-${++seq}`;

export function draftOf(lines: readonly TDeclarationLine[]): DraftLine[] {
  return lines.map((l) => ({ ...l, key: `line-${l.id}` }));
}

/** An empty line of a kind, as the "add" dialog starts it. */
export function emptyLine(kind: TDeclarationEntryKind): DraftLine {
  return {
    key: newKey(),
    id: null,
    kind,
    label: '',
    periods: 0,
    moduleId: null,
    courseClassId: null,
    activityCode: null,
    dutyCode: null,
    weeks: null,
    onDate: null,
    untilDate: null,
    forTeacherId: null,
    forTeacherName: null,
    tutoringGroupId: null,
    source: 'manual',
    note: null,
    attachments: [],
  };
}

/** The line as PUT …/lines takes it (the id only for a stored line). */
export function toLineInput(l: DraftLine): TDeclarationLineInput {
  return { ...(l.id !== null ? { id: l.id } : {}), ...lineFields(l) };
}

/** Lines grouped by kind, in the contract's order (class, substitution, activity, leave, duty); empty kinds left out. */
export function groupByKind<T extends { kind: TDeclarationEntryKind }>(lines: readonly T[]): { kind: TDeclarationEntryKind; lines: T[] }[] {
  return DECLARATION_ENTRY_KINDS.map((kind) => ({ kind, lines: lines.filter((l) => l.kind === kind) })).filter((g) => g.lines.length > 0);
}

export type LiveFigures = { ok: true; result: TWorkloadResult } | { ok: false; error: string };

/** The calculator the server uses, run on the lines being edited: duties are reductions, the rest are counted lines. */
export function liveFigures(opts: { rules: TWorkloadRules; position: TPosition; weeks: number; lines: readonly DraftLine[] }): LiveFigures {
  try {
    const result = computeWorkload({
      rules: opts.rules,
      position: opts.position,
      weeks: opts.weeks,
      lines: opts.lines
        .filter((l) => l.kind !== 'duty')
        .map((l) => ({
          kind: l.kind as Exclude<TDeclarationEntryKind, 'duty'>,
          label: l.label,
          periods: l.periods,
          activityCode: l.activityCode ?? undefined,
        })),
      duties: opts.lines
        .filter((l) => l.kind === 'duty')
        .map((l) => ({ code: l.dutyCode ?? '', label: l.label, ...(l.weeks !== null ? { weeks: l.weeks } : {}) })),
    });
    return { ok: true, result };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : 'Không tính được số tiết.' };
  }
}
