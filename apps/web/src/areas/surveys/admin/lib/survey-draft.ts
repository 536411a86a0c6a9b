import {
  GRID_NONE_VALUE,
  htmlToPlainText,
  isChoiceType,
  LINEAR_SCALE_DEFAULTS,
  normalizeOptions,
  OTHER_VALUE,
  type TGridColumn,
  type TQuestionType,
  type TSurvey,
  type TSurveyQuestion,
  type TSurveyStatus,
  type TSurveyType,
} from '@app/shared/surveys';
import { foldVietnamese } from '@app/shared/vietnamese';

/**
 * The builder's working copy of a survey. It differs from the API shape in two ways that make
 * editing simple: a section holds *blocks* (one question, or one grid group with its rows, kept
 * together where its first row stood, as the student form shows it), and number fields keep the
 * text being typed. `toSurveyBody` turns it back into the body of POST/PUT /surveys (the shape GET
 * answers, ids kept for existing parts, none for new ones: decisions "Editing by id"); display
 * orders are renumbered 1, 2, 3 … from the order on screen.
 */
export interface DraftChoice {
  key: string;
  /** '' for a choice added here: the value is made from the label when saving. */
  value: string;
  label: string;
}
interface DraftScale {
  min: string;
  max: string;
  minLabel: string;
  maxLabel: string;
}
export interface DraftQuestion {
  key: string;
  id?: number;
  content: string;
  questionType: TQuestionType;
  required: boolean;
  visibleToTeacher: boolean;
  lmsOnly: boolean;
  /** Kept while the type changes back and forth; sent only for choice types. */
  choices: DraftChoice[];
  allowOther: boolean;
  scale: DraftScale;
}
export interface DraftColumn {
  key: string;
  id?: number;
  label: string;
  value: string;
  /** '' = no number ("Không có ý kiến"). */
  valueNumber: string;
  displayOrder: string;
}
export type DraftBlock =
  | { kind: 'question'; key: string; question: DraftQuestion }
  | { kind: 'grid'; key: string; groupId?: number; columns: DraftColumn[]; rows: DraftQuestion[] };
export type DraftGrid = Extract<DraftBlock, { kind: 'grid' }>;
export interface DraftSection {
  key: string;
  id?: number;
  title: string;
  description: string;
  blocks: DraftBlock[];
}
export interface SurveyDraft {
  title: string;
  description: string;
  coverImageUrl: string | null;
  surveyType: TSurveyType;
  status: TSurveyStatus;
  startDate: string;
  endDate: string;
  allowedGrades: number[];
  moduleId: number | null;
  subjectId: number | null;
  autoCalculate: boolean;
  isTemplate: boolean;
  sections: DraftSection[];
}

/** The school's grades (khối). */
export const GRADES = [10, 11, 12] as const;

let seq = 0;
/** Keys of parts made in the builder; saved parts use their id (`q12`). */
export const newKey = (prefix: string) => `n${prefix}${++seq}`;

const emptyScale = (): DraftScale => ({
  min: String(LINEAR_SCALE_DEFAULTS.min),
  max: String(LINEAR_SCALE_DEFAULTS.max),
  minLabel: '',
  maxLabel: '',
});

export function newQuestion(questionType: TQuestionType = 'multiple_choice'): DraftQuestion {
  return {
    key: newKey('q'),
    content: '',
    questionType,
    required: true,
    visibleToTeacher: true,
    lmsOnly: false,
    choices: isChoiceType(questionType) ? starterChoices() : [],
    allowOther: false,
    scale: emptyScale(),
  };
}
export const newChoice = (label = ''): DraftChoice => ({ key: newKey('o'), value: '', label });
/** Two, since a multiple-choice or dropdown question needs at least two choices (ZSurveyQuestionInput). */
export const starterChoices = (): DraftChoice[] => [newChoice('Lựa chọn 1'), newChoice('Lựa chọn 2')];
export const newSection = (n: number): DraftSection => ({ key: newKey('s'), title: `Phần ${n}`, description: '', blocks: [] });
export const newGrid = (): DraftGrid => ({ kind: 'grid', key: newKey('g'), columns: [], rows: [{ ...newQuestion('grid') }] });

/** A column added by hand: the next number after the numbered ones. */
export function newColumn(columns: DraftColumn[]): DraftColumn {
  const numbers = columns
    .filter((c) => c.valueNumber.trim() !== '')
    .map((c) => Number(c.valueNumber))
    .filter(Number.isFinite);
  const orders = columns
    .filter((c) => c.displayOrder.trim() !== '')
    .map((c) => Number(c.displayOrder))
    .filter(Number.isFinite);
  const next = numbers.length ? Math.max(...numbers) + 1 : 1;
  return {
    key: newKey('c'),
    label: '',
    value: String(next),
    valueNumber: String(next),
    displayOrder: String(orders.length ? Math.max(...orders) + 1 : 1),
  };
}

/**
 * The agreement scale the builder offers for a grid group: Rất không đồng ý (1) … Rất đồng ý (5), and
 * Không có ý kiến with value None and no number (not in the mean), shown last (display order 0).
 */
export const AGREEMENT_SCALE: readonly Omit<TGridColumn, 'id'>[] = [
  { label: 'Rất không đồng ý', value: '1', valueNumber: 1, displayOrder: 1 },
  { label: 'Không đồng ý', value: '2', valueNumber: 2, displayOrder: 2 },
  { label: 'Phân vân', value: '3', valueNumber: 3, displayOrder: 3 },
  { label: 'Đồng ý', value: '4', valueNumber: 4, displayOrder: 4 },
  { label: 'Rất đồng ý', value: '5', valueNumber: 5, displayOrder: 5 },
  { label: 'Không có ý kiến', value: GRID_NONE_VALUE, valueNumber: null, displayOrder: 0 },
];

/**
 * A preset's columns (e.g. AGREEMENT_SCALE) for a group. Columns already there with the same value
 * keep their id, so an answered group keeps them.
 */
export function presetColumns(preset: readonly Omit<TGridColumn, 'id'>[], current: DraftColumn[]): DraftColumn[] {
  return preset.map((c) => {
    const same = current.find((x) => x.value.trim() === c.value);
    return {
      key: same?.key ?? newKey('c'),
      ...(same?.id !== undefined ? { id: same.id } : {}),
      label: c.label,
      value: c.value,
      valueNumber: c.valueNumber === null ? '' : String(c.valueNumber),
      displayOrder: String(c.displayOrder),
    };
  });
}

export function emptyDraft(opts: { isTemplate?: boolean; moduleId?: number | null } = {}): SurveyDraft {
  const isTemplate = opts.isTemplate ?? false;
  return {
    title: '',
    description: '',
    coverImageUrl: null,
    surveyType: 'GENERAL',
    status: 'draft',
    startDate: '',
    endDate: '',
    allowedGrades: [10, 11, 12],
    moduleId: isTemplate ? null : (opts.moduleId ?? null),
    subjectId: null,
    autoCalculate: false,
    isTemplate,
    sections: [newSection(1)],
  };
}

function draftQuestion(q: TSurveyQuestion): DraftQuestion {
  const n = normalizeOptions(q.questionType, q.options);
  const scale =
    q.questionType === 'linear_scale' && n.scale
      ? { min: String(n.scale.min), max: String(n.scale.max), minLabel: n.scale.minLabel, maxLabel: n.scale.maxLabel }
      : emptyScale();
  return {
    key: `q${q.id}`,
    id: q.id,
    content: q.content,
    questionType: q.questionType,
    required: q.required === 1,
    visibleToTeacher: q.visibleToTeacher,
    lmsOnly: q.lmsOnly,
    choices: n.choices.filter((c) => !c.isOther).map((c) => ({ key: newKey('o'), value: c.value, label: c.label })),
    allowOther: n.allowOther,
    scale,
  };
}

/** The survey as GET /surveys/{id} answers it → the builder's draft. */
export function draftFromSurvey(s: TSurvey): SurveyDraft {
  const sections = [...s.sections]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((sec): DraftSection => {
      const blocks: DraftBlock[] = [];
      const grids = new Map<number, DraftGrid>();
      for (const q of [...sec.questions].sort((a, b) => a.displayOrder - b.displayOrder)) {
        if (q.questionType !== 'grid') {
          blocks.push({ kind: 'question', key: `q${q.id}`, question: draftQuestion(q) });
          continue;
        }
        const gid = q.gridGroup?.id;
        const existing = gid !== undefined ? grids.get(gid) : undefined;
        if (existing) {
          existing.rows.push(draftQuestion(q));
          continue;
        }
        const grid: DraftGrid = {
          kind: 'grid',
          key: gid !== undefined ? `g${gid}` : newKey('g'),
          ...(gid !== undefined ? { groupId: gid } : {}),
          columns: [...(q.gridGroup?.columns ?? [])]
            .sort((a, b) => a.displayOrder - b.displayOrder)
            .map((c) => ({
              key: c.id !== undefined ? `c${c.id}` : newKey('c'),
              ...(c.id !== undefined ? { id: c.id } : {}),
              label: c.label,
              value: c.value,
              valueNumber: c.valueNumber === null ? '' : String(c.valueNumber),
              displayOrder: String(c.displayOrder),
            })),
          rows: [draftQuestion(q)],
        };
        if (gid !== undefined) grids.set(gid, grid);
        blocks.push(grid);
      }
      return { key: `s${sec.id}`, id: sec.id, title: sec.title, description: sec.description ?? '', blocks };
    });
  return {
    title: s.title,
    description: s.description ?? '',
    coverImageUrl: s.coverImageUrl,
    surveyType: s.surveyType,
    status: s.status,
    startDate: s.startDate ?? '',
    endDate: s.endDate ?? '',
    allowedGrades: [...s.allowedGrades].sort(),
    moduleId: s.moduleId,
    subjectId: s.subjectId,
    autoCalculate: s.autoCalculate,
    isTemplate: s.isTemplate,
    sections,
  };
}

// ---- Draft → request body ----

/** Rich text that shows nothing (an emptied editor leaves `<br>` or `<p></p>`) is no text. */
const richOrNull = (html: string): string | null => (htmlToPlainText(html) === '' && !/<img\b/i.test(html) ? null : html);

/** A number field: '' stays '' (the schema says it is missing), text that is not a number is sent as typed. */
const numberOrRaw = (s: string): number | string => (s.trim() === '' ? '' : Number.isFinite(Number(s)) ? Number(s) : s);

/** Values for choices added here: the label without accents ("Thảo luận nhóm" → "thao_luan_nhom"), unique in the question. */
export function choiceValues(choices: DraftChoice[]): string[] {
  const taken = new Set<string>([OTHER_VALUE, ...choices.map((c) => c.value).filter(Boolean)]);
  return choices.map((c) => {
    if (c.value) return c.value;
    const base = foldVietnamese(c.label)
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40);
    if (!base) return '';
    let v = base;
    for (let i = 2; taken.has(v); i++) v = `${base}_${i}`;
    taken.add(v);
    return v;
  });
}

function optionsBody(q: DraftQuestion): unknown {
  if (isChoiceType(q.questionType)) {
    const values = choiceValues(q.choices);
    return { choices: q.choices.map((c, i) => ({ value: values[i], label: c.label.trim() })), allowOther: q.allowOther };
  }
  if (q.questionType === 'linear_scale') {
    return {
      min: numberOrRaw(q.scale.min),
      max: numberOrRaw(q.scale.max),
      minLabel: q.scale.minLabel.trim(),
      maxLabel: q.scale.maxLabel.trim(),
    };
  }
  return null;
}

function gridGroupBody(g: DraftGrid) {
  return {
    ...(g.groupId !== undefined ? { id: g.groupId } : {}),
    key: g.groupId !== undefined ? `g${g.groupId}` : g.key,
    columns: g.columns.map((c) => {
      const value = c.value.trim();
      const n = numberOrRaw(c.valueNumber);
      return {
        ...(c.id !== undefined ? { id: c.id } : {}),
        label: c.label.trim(),
        value,
        // "Không có ý kiến" (None) has no number whatever was typed; an empty field is no number.
        valueNumber: value === GRID_NONE_VALUE || n === '' ? null : n,
        displayOrder: numberOrRaw(c.displayOrder),
      };
    }),
  };
}

function questionBody(q: DraftQuestion, displayOrder: number, gridGroup: ReturnType<typeof gridGroupBody> | null) {
  return {
    ...(q.id !== undefined ? { id: q.id } : {}),
    content: q.content,
    questionType: gridGroup ? ('grid' as const) : q.questionType,
    required: q.required ? 1 : 0,
    displayOrder,
    options: gridGroup ? null : optionsBody(q),
    visibleToTeacher: q.visibleToTeacher,
    lmsOnly: q.lmsOnly,
    gridGroup,
  };
}

export type SurveyBody = ReturnType<typeof toSurveyBody>['body'];
/** Where each part of the body came from, to put a message next to the part it is about. */
export interface BodyMap {
  sections: string[];
  /** [section][question] → the question's key and its block's key. */
  questions: Array<Array<{ question: string; block: string }>>;
}

export function toSurveyBody(d: SurveyDraft): { body: ReturnType<typeof surveyBody>; map: BodyMap } {
  const map: BodyMap = { sections: [], questions: [] };
  const body = surveyBody(d, map);
  return { body, map };
}

function surveyBody(d: SurveyDraft, map: BodyMap) {
  return {
    title: d.title.trim(),
    description: richOrNull(d.description),
    coverImageUrl: d.coverImageUrl,
    surveyType: d.surveyType,
    status: d.status,
    startDate: d.startDate || null,
    endDate: d.endDate || null,
    allowedGrades: [...d.allowedGrades].sort(),
    moduleId: d.moduleId,
    subjectId: d.surveyType === 'GENERAL' ? null : d.subjectId,
    autoCalculate: d.autoCalculate,
    isTemplate: d.isTemplate,
    sections: d.sections.map((s, i) => {
      map.sections.push(s.key);
      const where: BodyMap['questions'][number] = [];
      map.questions.push(where);
      const questions: Array<ReturnType<typeof questionBody>> = [];
      for (const b of s.blocks) {
        if (b.kind === 'question') {
          where.push({ question: b.question.key, block: b.key });
          questions.push(questionBody(b.question, questions.length + 1, null));
        } else {
          const group = gridGroupBody(b);
          for (const r of b.rows) {
            where.push({ question: r.key, block: b.key });
            questions.push(questionBody(r, questions.length + 1, group));
          }
        }
      }
      return {
        ...(s.id !== undefined ? { id: s.id } : {}),
        title: s.title.trim(),
        description: richOrNull(s.description),
        displayOrder: i + 1,
        questions,
      };
    }),
  };
}

/** Same body, same survey: what "unsaved changes" compares. */
export const draftSignature = (d: SurveyDraft) => JSON.stringify(toSurveyBody(d).body);

/** How many questions the draft holds (grid rows count one each). */
export const questionCount = (d: SurveyDraft) =>
  d.sections.reduce((n, s) => n + s.blocks.reduce((m, b) => m + (b.kind === 'question' ? 1 : b.rows.length), 0), 0);
