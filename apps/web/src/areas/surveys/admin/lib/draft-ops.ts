import { isChoiceType, type TQuestionType } from '@app/shared/surveys';
import {
  newQuestion,
  newSection,
  starterChoices,
  type DraftBlock,
  type DraftGrid,
  type DraftQuestion,
  type DraftSection,
  type SurveyDraft,
} from './survey-draft';

/**
 * Edits of the draft, each returning a new draft (React state). Parts are found by key, so a
 * handler never holds a stale index. Parts an edit does not touch keep their identity, so the
 * builder's memoised editors of untouched questions skip re-rendering while one is typed in.
 */
export type Dir = -1 | 1;

const swap = <T>(xs: T[], i: number, j: number): T[] => {
  const out = [...xs];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
};

const mapSections = (d: SurveyDraft, f: (s: DraftSection) => DraftSection): SurveyDraft => ({ ...d, sections: d.sections.map(f) });
const mapBlocks = (d: SurveyDraft, f: (b: DraftBlock) => DraftBlock | null): SurveyDraft =>
  mapSections(d, (s) => {
    const mapped = s.blocks.map(f);
    if (mapped.every((b, i) => b === s.blocks[i])) return s;
    return { ...s, blocks: mapped.filter((b): b is DraftBlock => b !== null) };
  });

// ---- Sections ----
export const addSection = (d: SurveyDraft): SurveyDraft => ({ ...d, sections: [...d.sections, newSection(d.sections.length + 1)] });
export const updateSection = (d: SurveyDraft, key: string, patch: Partial<Omit<DraftSection, 'key' | 'id' | 'blocks'>>): SurveyDraft =>
  mapSections(d, (s) => (s.key === key ? { ...s, ...patch } : s));
export const removeSection = (d: SurveyDraft, key: string): SurveyDraft => ({ ...d, sections: d.sections.filter((s) => s.key !== key) });
export function moveSection(d: SurveyDraft, key: string, dir: Dir): SurveyDraft {
  const i = d.sections.findIndex((s) => s.key === key);
  const j = i + dir;
  if (i < 0 || j < 0 || j >= d.sections.length) return d;
  return { ...d, sections: swap(d.sections, i, j) };
}

// ---- Blocks (a question, or a grid group with its rows) ----
export const addBlock = (d: SurveyDraft, sectionKey: string, block: DraftBlock): SurveyDraft =>
  mapSections(d, (s) => (s.key === sectionKey ? { ...s, blocks: [...s.blocks, block] } : s));
export const removeBlock = (d: SurveyDraft, key: string): SurveyDraft => mapBlocks(d, (b) => (b.key === key ? null : b));

/** Where a block stands: section index and index in it. */
function findBlock(d: SurveyDraft, key: string): { si: number; bi: number } | null {
  for (const [si, s] of d.sections.entries()) {
    const bi = s.blocks.findIndex((b) => b.key === key);
    if (bi >= 0) return { si, bi };
  }
  return null;
}

/** Whether a block can move: inside its section, or past its edge into the next/previous section. */
function canMoveBlock(d: SurveyDraft, key: string, dir: Dir): boolean {
  const at = findBlock(d, key);
  if (!at) return false;
  const j = at.bi + dir;
  return (j >= 0 && j < d.sections[at.si].blocks.length) || (at.si + dir >= 0 && at.si + dir < d.sections.length);
}

/** Up/down in its section; at the section's edge it moves to the end (up) or start (down) of the neighbour. */
export function moveBlock(d: SurveyDraft, key: string, dir: Dir): SurveyDraft {
  const at = findBlock(d, key);
  if (!at || !canMoveBlock(d, key, dir)) return d;
  const sections = [...d.sections];
  const src = sections[at.si];
  const j = at.bi + dir;
  if (j >= 0 && j < src.blocks.length) {
    sections[at.si] = { ...src, blocks: swap(src.blocks, at.bi, j) };
    return { ...d, sections };
  }
  const block = src.blocks[at.bi];
  const dst = sections[at.si + dir];
  sections[at.si] = { ...src, blocks: src.blocks.filter((b) => b.key !== key) };
  sections[at.si + dir] = { ...dst, blocks: dir < 0 ? [...dst.blocks, block] : [block, ...dst.blocks] };
  return { ...d, sections };
}

// ---- Questions (standalone or grid rows) ----
export function updateQuestion(d: SurveyDraft, key: string, patch: Partial<Omit<DraftQuestion, 'key' | 'id'>>): SurveyDraft {
  return mapBlocks(d, (b) => {
    if (b.kind === 'question') return b.question.key === key ? { ...b, question: { ...b.question, ...patch } } : b;
    return b.rows.some((r) => r.key === key) ? { ...b, rows: b.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) } : b;
  });
}

/** Every question of the draft, with its block (for lookups by key). */
export function allQuestions(d: SurveyDraft): DraftQuestion[] {
  return d.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'question' ? [b.question] : b.rows)));
}

/**
 * A standalone question's type. Choosing "Lưới trắc nghiệm" turns it into a grid group whose first
 * row it is; a choice type starts with one choice.
 */
export function changeQuestionType(d: SurveyDraft, key: string, questionType: TQuestionType): SurveyDraft {
  return mapBlocks(d, (b) => {
    if (b.kind !== 'question' || b.question.key !== key) return b;
    const q = { ...b.question, questionType };
    if (isChoiceType(questionType) && q.choices.length === 0) q.choices = starterChoices();
    if (questionType === 'grid') return { kind: 'grid', key: `${q.key}-grid`, columns: [], rows: [q] } satisfies DraftGrid;
    return { ...b, question: q };
  });
}

// ---- Grid groups ----
export const updateGrid = (d: SurveyDraft, key: string, patch: Partial<Pick<DraftGrid, 'columns' | 'rows'>>): SurveyDraft =>
  mapBlocks(d, (b) => (b.kind === 'grid' && b.key === key ? { ...b, ...patch } : b));

/** `rowKey`: the new row's key, chosen by the caller so it can focus the row once it is drawn. */
export function addRow(d: SurveyDraft, gridKey: string, rowKey?: string): SurveyDraft {
  return mapBlocks(d, (b) => {
    if (b.kind !== 'grid' || b.key !== gridKey) return b;
    const last = b.rows.at(-1);
    // A new row takes the flags of the row above: rows of one table usually share them.
    const row: DraftQuestion = {
      ...newQuestion('grid'),
      ...(rowKey ? { key: rowKey } : {}),
      ...(last ? { required: last.required, visibleToTeacher: last.visibleToTeacher, lmsOnly: last.lmsOnly } : {}),
    };
    return { ...b, rows: [...b.rows, row] };
  });
}
export function removeRow(d: SurveyDraft, gridKey: string, rowKey: string): SurveyDraft {
  // The last row gone, the group goes with it.
  return mapBlocks(d, (b) =>
    b.kind !== 'grid' || b.key !== gridKey ? b : b.rows.length <= 1 ? null : { ...b, rows: b.rows.filter((r) => r.key !== rowKey) },
  );
}
export function moveRow(d: SurveyDraft, gridKey: string, rowKey: string, dir: Dir): SurveyDraft {
  return mapBlocks(d, (b) => {
    if (b.kind !== 'grid' || b.key !== gridKey) return b;
    const i = b.rows.findIndex((r) => r.key === rowKey);
    const j = i + dir;
    if (i < 0 || j < 0 || j >= b.rows.length) return b;
    return { ...b, rows: swap(b.rows, i, j) };
  });
}
