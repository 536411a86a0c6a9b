import { z } from 'zod';
import { ZId } from './api';
import './zod-locale';

/**
 * Themes and codes (issue 6, spec section 7 "Theme-codes"): qualitative analysis of the approved
 * free-text answers. A code carries keywords; a text answer tagged with a code is a "response
 * detail" of this API (a row of `response_detail_codes`, `manual` or `auto`). The keyword matcher is
 * here so that the server tags and the web highlights with the same rule.
 */

const id = ZId;
const stamps = { createdAt: z.string(), updatedAt: z.string() };
const reqText = (label: string, max: number) =>
  z
    .string({ error: `${label} là bắt buộc.` })
    .trim()
    .min(1, `${label} là bắt buộc.`)
    .max(max, `${label} tối đa ${max} ký tự.`);
/** '' and blanks become null, so a cleared description is "none" rather than an empty string. */
const optText = (label: string, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().trim().max(max, `${label} tối đa ${max} ký tự.`).nullable().optional(),
    )
    .transform((v) => v ?? null);

// ---- Matching: diacritic-insensitive, whole words ----

/** A word of a text: folded (no marks, đ→d, lower case) with where it sits in the original text. */
export interface TextToken {
  word: string;
  start: number;
  end: number;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/u;

function foldChar(ch: string): string {
  if (ch === 'đ' || ch === 'Đ') return 'd';
  return ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Splits a text into folded words, keeping each word's span in the ORIGINAL string (composed or
 * decomposed Vietnamese alike: a combining mark stays with the letter before it), so a match can be
 * highlighted where the person typed it. Anything that is not a letter or digit separates words.
 */
export function tokenize(text: string): TextToken[] {
  const out: TextToken[] = [];
  let word = '';
  let start = -1;
  let end = -1;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const next = i + ch.length;
    if (MARK.test(ch)) {
      if (start >= 0) end = next;
    } else if (WORD_CHAR.test(ch)) {
      if (start < 0) start = i;
      word += foldChar(ch);
      end = next;
    } else if (start >= 0) {
      out.push({ word, start, end });
      word = '';
      start = -1;
    }
    i = next;
  }
  if (start >= 0) out.push({ word, start, end });
  return out;
}

/** A keyword as the words it matches: "Giảng dễ hiểu" → ["giang", "de", "hieu"]. */
export function keywordWords(keyword: string): string[] {
  return tokenize(keyword).map((t) => t.word);
}

export interface KeywordMatch {
  codeId: number;
  keyword: string;
  start: number;
  end: number;
}

/**
 * Builds a matcher for many codes at once: keywords are indexed by their first word, so a text is
 * read once whatever the number of codes. `match(text)` answers every occurrence (for highlighting);
 * `firstPerCode` keeps the first one of each code (for tagging).
 */
export function createKeywordMatcher(codes: ReadonlyArray<{ id: number; keywords: readonly string[] }>) {
  const byFirst = new Map<string, Array<{ codeId: number; keyword: string; words: string[] }>>();
  for (const c of codes)
    for (const keyword of c.keywords) {
      const words = keywordWords(keyword);
      if (!words.length) continue;
      const list = byFirst.get(words[0]) ?? [];
      list.push({ codeId: c.id, keyword, words });
      byFirst.set(words[0], list);
    }
  const match = (text: string): KeywordMatch[] => {
    const tokens = tokenize(text);
    const out: KeywordMatch[] = [];
    tokens.forEach((t, i) => {
      for (const k of byFirst.get(t.word) ?? []) {
        if (i + k.words.length > tokens.length) continue;
        if (k.words.every((w, j) => tokens[i + j].word === w)) {
          out.push({ codeId: k.codeId, keyword: k.keyword, start: t.start, end: tokens[i + k.words.length - 1].end });
        }
      }
    });
    return out;
  };
  const firstPerCode = (text: string): KeywordMatch[] => {
    const seen = new Map<number, KeywordMatch>();
    for (const m of match(text)) if (!seen.has(m.codeId)) seen.set(m.codeId, m);
    return [...seen.values()];
  };
  return { match, firstPerCode };
}

/** Non-overlapping spans of a text to highlight, earliest and longest first. */
export function highlightSpans(text: string, keywords: readonly string[]): Array<{ start: number; end: number }> {
  const all = createKeywordMatcher([{ id: 1, keywords }])
    .match(text)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Array<{ start: number; end: number }> = [];
  for (const m of all) if (!out.length || m.start >= out[out.length - 1].end) out.push({ start: m.start, end: m.end });
  return out;
}

// ---- Themes ----

export const ZThemeInput = z.object({ name: reqText('Tên chủ đề', 120), description: optText('Mô tả', 1000) });
export type TThemeInput = z.input<typeof ZThemeInput>;
export const ZTheme = z.object({ id, name: z.string(), description: z.string().nullable(), codeCount: z.number().int(), ...stamps });
export type TTheme = z.infer<typeof ZTheme>;
export const ZThemeRef = z.object({ id, name: z.string() });

// ---- Codes ----

export const KEYWORDS_MAX = 50;
const ZKeyword = z
  .string({ error: 'Từ khóa phải là chữ.' })
  .trim()
  .min(1, 'Từ khóa không được để trống.')
  .max(100, 'Từ khóa tối đa 100 ký tự.')
  .refine((k) => keywordWords(k).length > 0, 'Từ khóa phải có chữ hoặc số.');

/** Keywords that fold to the same words ("nói nhanh", "noi nhanh") are one keyword: the first is kept. */
export function uniqueKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of keywords) {
    const key = keywordWords(k).join(' ');
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(k.trim().replace(/\s+/g, ' '));
  }
  return out;
}

export const ZCodeInput = z.object({
  name: reqText('Tên mã', 120),
  description: optText('Mô tả', 1000),
  keywords: z.array(ZKeyword).max(KEYWORDS_MAX, `Tối đa ${KEYWORDS_MAX} từ khóa.`).default([]).transform(uniqueKeywords),
  /** When given, the code belongs to exactly these themes afterwards. */
  themeIds: z.array(id).max(20, 'Tối đa 20 chủ đề.').optional(),
});
export type TCodeInput = z.input<typeof ZCodeInput>;
export const ZCode = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  keywords: z.array(z.string()),
  themes: z.array(ZThemeRef),
  /** Approved texts tagged with it. */
  tagCount: z.number().int(),
  ...stamps,
});
export type TCode = z.infer<typeof ZCode>;

export const ZThemeCodeInput = z.object({ themeId: id, codeId: id });
export const ZThemeCode = z.object({ themeId: id, themeName: z.string(), codeId: id, codeName: z.string(), createdAt: z.string() });
export type TThemeCode = z.infer<typeof ZThemeCode>;

// ---- Tagged texts ("response details") ----

export const TAG_SOURCES = ['manual', 'auto'] as const;
export type TTagSource = (typeof TAG_SOURCES)[number];
export const TAG_SOURCE_LABELS: Record<TTagSource, string> = { manual: 'Thủ công', auto: 'Tự động' };
export const ZTagSource = z.enum(TAG_SOURCES, { error: 'Nguồn gắn mã phải là thủ công hoặc tự động.' });

export const ZResponseDetailCodeInput = z.object({ responseDetailId: id, codeId: id });
export const ZResponseDetailCodeUpdate = z.object({ codeId: id });

/** Where an approved text comes from, without the student (never shown with a text). */
const textContext = {
  /** An opaque token, the same one the review queue gives the answer (issue 11); tag ids are opaque too. */
  responseDetailId: id,
  text: z.string(),
  /** `answer`: a short or long text answer; `other`: the "Khác" text of a choice question. */
  kind: z.enum(['answer', 'other']),
  questionId: id,
  questionContent: z.string(),
  surveyId: id,
  surveyTitle: z.string(),
  courseClassName: z.string().nullable(),
  teacherNames: z.array(z.string()),
};

export const ZResponseDetailCode = z.object({
  id,
  codeId: id,
  codeName: z.string(),
  source: ZTagSource,
  matchedKeyword: z.string().nullable(),
  ...textContext,
  createdAt: z.string(),
});
export type TResponseDetailCode = z.infer<typeof ZResponseDetailCode>;

export const ZTextTag = z.object({ id, codeId: id, codeName: z.string(), source: ZTagSource });
/** One approved text of a survey with its codes (`GET /theme-codes/survey/{id}/response-details`). */
export const ZSurveyText = z.object({ ...textContext, tags: z.array(ZTextTag) });
export type TSurveyText = z.infer<typeof ZSurveyText>;

// ---- Counts ----

export const ZCodeCount = z.object({
  codeId: id,
  codeName: z.string(),
  count: z.number().int(),
  /** A few approved texts tagged with the code (newest first), never with the student. */
  examples: z.array(z.string()),
});
export const ZThemeCount = z.object({
  /** Null for the codes that belong to no theme. */
  themeId: id.nullable(),
  themeName: z.string(),
  /** Texts tagged with any code of the theme, each counted once. */
  count: z.number().int(),
  codes: z.array(ZCodeCount),
});
export type TThemeCount = z.infer<typeof ZThemeCount>;
export const NO_THEME_LABEL = 'Chưa thuộc chủ đề';

export const ZThemeSummary = z.object({
  /** Approved texts in scope. */
  totalTexts: z.number().int(),
  /** Of those, the ones tagged with at least one code. */
  taggedTexts: z.number().int(),
  themes: z.array(ZThemeCount),
});
export type TThemeSummary = z.infer<typeof ZThemeSummary>;

export const ZAnalyzeResult = ZThemeSummary.extend({
  surveyId: id,
  surveyTitle: z.string(),
  /** Automatic tags on the survey's approved texts after the run; of those, the ones new in this run. */
  autoTags: z.number().int(),
  newAutoTags: z.number().int(),
  /** Earlier automatic tags that no longer match (or whose text is no longer approved), removed. */
  removedAutoTags: z.number().int(),
  /** Tags a person made, kept as they were. */
  manualTags: z.number().int(),
});
export type TAnalyzeResult = z.infer<typeof ZAnalyzeResult>;
