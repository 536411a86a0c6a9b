import {
  REVIEW_REASON_CODES,
  REVIEW_REASON_LABELS,
  type TAutoReviewDecision,
  type TReviewReasonCode,
  type TReviewSpan,
} from '@app/shared/text-reviews';
import { contactHits, nameHits, nameIndex, type Hit, type NameIndex } from './personal-data';
import { collapse, fold, hiddenWords, wordsOf, type Word } from './text-words';
import { WORD_LISTS, type SpamList, type TermList } from './word-lists';

/**
 * The auto-review of one free-text answer (issue 6): pure, no database. Rules of our own for
 * Vietnamese student comments:
 *  - profanity, insults and threats from the word lists (words/*.json), matched on whole words after
 *    lower-casing and NFC; repeated letters count once ("nguuu"), spaced or dotted letters are joined
 *    ("d.m", "đ m", "v.c.l"), digits and symbols read as letters ("l0n", "d!t"), `*` hides letters
 *    ("đ*t"). A second pass without diacritics only for the `plainTerms`, and only on words written
 *    without tone marks: "dit" is flagged, "đích" is not; "lồn" is flagged, "lon"/"lòng" are not.
 *  - disrespect by pronoun toward a teacher ("mày", "tao", "thằng thầy", "con mụ", "lão già").
 *  - personal data: phone numbers, e-mails, social links, home addresses, full names other than the
 *    class's teachers.
 *  - links: shorteners, bare domains, any address with a scheme or `www.`.
 *  - spam: only junk words (keyboard mash, one word repeated). Short or empty answers ("ok", "Không",
 *    "không có ý kiến", "...", emoji) are normal answers and are approved (issue 11).
 * Flagged → `pending` with reasons and spans for a person. Clean → `approved` when the setting says so,
 * else `pending`. The auto-review never rejects and never deletes.
 */

export interface AutoReviewOptions {
  /** Names the text may mention (the class's teachers): not personal data. */
  teacherNames?: readonly string[];
  /** Approve clean texts (app setting `text_review.auto_approve_clean`, default on). */
  autoApproveClean?: boolean;
}

interface Term {
  code: TReviewReasonCode;
  key: string;
  words: Array<{ acc: string; fold: string }>;
  plain: boolean;
  /** Words of the list that are everyday words as written ("đeo"): never a plain form of its terms. */
  everyday: Set<string>;
  prev: Set<string>;
  next: Set<string>;
}

function compileTerms(lists: TermList[]): Term[] {
  const out: Term[] = [];
  for (const list of lists) {
    const everyday = new Set(list.everyday.map((w) => w.normalize('NFC').toLowerCase()));
    const code = list.code as TReviewReasonCode;
    if (!REVIEW_REASON_CODES.includes(code)) throw new Error(`unknown reason code in word list: ${list.code}`);
    const add = (t: string, plain: boolean) => {
      const acc = t.normalize('NFC').toLowerCase().trim();
      const ex = list.exceptions[t] ?? list.exceptions[acc];
      out.push({
        code,
        key: acc,
        words: acc.split(/\s+/).map((w) => ({ acc: w, fold: fold(w) })),
        plain,
        everyday,
        prev: new Set((ex?.prev ?? []).map(fold)),
        next: new Set((ex?.next ?? []).map(fold)),
      });
    };
    for (const t of list.terms) add(t, false);
    for (const t of list.plainTerms) add(t, true);
  }
  return out;
}

/** Equal, or the word is the term with letters repeated ("nguuu", "đmmm", "vcllll"). */
const sameWord = (word: string, term: string) => word === term || (word.length > term.length && collapse(word) === collapse(term));

/** "đ*t" fits "địt": same length, the written letters equal (without diacritics), `*` any letter. */
function maskFits(word: string, term: string): boolean {
  const w = [...word];
  const t = [...term];
  return w.length === t.length && w.some((c) => c !== '*') && w.every((c, i) => c === '*' || c === t[i]);
}

function wordFits(w: Word, t: { acc: string; fold: string }, term: Pick<Term, 'plain' | 'everyday'>): boolean {
  if (sameWord(w.acc, t.acc)) return true;
  // Without tone marks only where the term allows it; "đit" (đ, no tone) still counts as unmarked, "đeo" (a word) does not.
  if (term.plain && !w.marks && !term.everyday.has(w.acc) && sameWord(w.fold, t.fold)) return true;
  // Letters replaced or hidden on purpose: any term, since nobody writes "l0n" for "lớn".
  if (w.leet && sameWord(w.leet, t.fold)) return true;
  if (w.masked && maskFits(w.fold, t.fold)) return true;
  return false;
}

/** Terms by their first word without diacritics and repeats: a word only meets the few terms it could start. */
interface TermIndex {
  byFirst: Map<string, Term[]>;
  all: Term[];
}

function indexTerms(terms: Term[]): TermIndex {
  const byFirst = new Map<string, Term[]>();
  for (const t of terms) {
    const key = collapse(t.words[0].fold);
    byFirst.set(key, [...(byFirst.get(key) ?? []), t]);
  }
  return { byFirst, all: terms };
}

function candidates(w: Word, idx: TermIndex): Iterable<Term> {
  if (w.masked) return idx.all;
  const a = idx.byFirst.get(collapse(w.fold)) ?? [];
  const b = w.leet ? (idx.byFirst.get(collapse(w.leet)) ?? []) : [];
  return b.length ? new Set([...a, ...b]) : a;
}

function termHits(words: Word[], hidden: Word[], idx: TermIndex): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < words.length; i++) {
    for (const term of candidates(words[i], idx)) {
      const n = term.words.length;
      if (i + n > words.length) continue;
      let ok = true;
      for (let k = 0; k < n && ok; k++) ok = wordFits(words[i + k], term.words[k], term);
      if (!ok) continue;
      if (i > 0 && term.prev.has(words[i - 1].fold)) continue;
      if (i + n < words.length && term.next.has(words[i + n].fold)) continue;
      hits.push({ code: term.code, start: words[i].start, end: words[i + n - 1].end });
    }
  }
  for (const w of hidden)
    for (const term of candidates(w, idx))
      if (term.words.length === 1 && wordFits(w, term.words[0], term)) hits.push({ code: term.code, start: w.start, end: w.end });
  return hits;
}

const VOWEL = /[aeiouy]/;

function canonical(text: string, spam: SpamList): string {
  let s = ` ${fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  const strip = (list: string[], head: boolean) => {
    for (let again = true; again;) {
      again = false;
      for (const p of list) {
        const edge = head ? ` ${p} ` : ` ${p} `;
        if (head ? s.startsWith(edge) : s.endsWith(edge)) {
          s = head ? ` ${s.slice(edge.length)}` : `${s.slice(0, s.length - edge.length)} `;
          if (s.trim()) again = true;
        }
      }
    }
  };
  const whole = s.trim();
  strip(spam.politeHead, true);
  strip(spam.politeTail, false);
  return s.trim() || whole;
}

/** Junk words: "aaaa", "hahaha", "hihi", "kkkk", "sdfghj", "asdf". */
function isJunk(w: string, mash: Set<string>): boolean {
  const chars = [...w];
  if (mash.has(w)) return true;
  if (chars.length >= 3 && new Set(chars).size === 1) return true;
  if (chars.length >= 4 && new Set(chars).size <= 2) return true;
  return chars.length >= 6 && !VOWEL.test(w) && !/\d/.test(w);
}

/** Keyboard rows: a long word typed along one of them is mash ("asdkjaslkd", "qwertyuiop"). */
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const oneRow = (w: string) => w.length >= 7 && ROWS.some((row) => [...w].every((c) => row.includes(c)));

/**
 * Spam: nothing but junk words, or one word repeated. A short or empty answer ("ok", "Không", "không
 * có ý kiến", "...", an emoji) is NOT flagged (issue 11): it is a normal answer and harms nobody.
 */
function spamHits(text: string, spam: SpamList, nonAnswers: Set<string>, mash: Set<string>): Hit[] {
  const all = { start: 0, end: text.length };
  if (!/[\p{L}\p{N}]/u.test(text)) return [];
  const canon = canonical(text, spam);
  if (nonAnswers.has(canon) || canon.replace(/ /g, '').length <= 1) return [];
  const words = canon.split(' ');
  if (words.every((w) => isJunk(w, mash) || oneRow(w))) return [{ code: 'spam', ...all }];
  if (words.length >= 4 && words.every((w) => w === words[0])) return [{ code: 'spam', ...all }];
  return [];
}

export interface AutoReviewer {
  review(text: string, opts?: AutoReviewOptions): TAutoReviewDecision;
}

/** Builds a reviewer from word lists (the module's JSON files by default; tests may pass their own). */
export function createAutoReviewer(lists: typeof WORD_LISTS = WORD_LISTS): AutoReviewer {
  const terms = indexTerms(compileTerms(lists.terms));
  const names: NameIndex = nameIndex(lists.names);
  const nonAnswers = new Set(
    lists.spam.nonAnswers.map((s) =>
      fold(s)
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim(),
    ),
  );
  const mash = new Set(lists.spam.keyboardMash.map(fold));
  return {
    review(text, opts = {}) {
      const words = wordsOf(text);
      const hits = [
        ...termHits(words, hiddenWords(text, words), terms),
        ...contactHits(text),
        ...nameHits(text, words, names, opts.teacherNames ?? []),
      ];
      // Spam means "nothing to read"; a text that says something rude is not that.
      if (!hits.length) hits.push(...spamHits(text, lists.spam, nonAnswers, mash));
      const spans = mergeSpans(hits);
      const codes = REVIEW_REASON_CODES.filter((c) => spans.some((s) => s.code === c));
      const flagged = codes.length > 0;
      return {
        flagged,
        status: flagged || opts.autoApproveClean === false ? 'pending' : 'approved',
        reasons: codes.map((code) => ({ code, text: REVIEW_REASON_LABELS[code] })),
        spans,
      };
    },
  };
}

/** Per code, overlapping spans become one (a phrase and its word); ordered by position. */
function mergeSpans(hits: Hit[]): TReviewSpan[] {
  const out: TReviewSpan[] = [];
  for (const code of REVIEW_REASON_CODES) {
    const mine = hits.filter((h) => h.code === code).sort((a, b) => a.start - b.start || b.end - a.end);
    const merged: TReviewSpan[] = [];
    for (const h of mine) {
      const last = merged[merged.length - 1];
      if (last && h.start < last.end) last.end = Math.max(last.end, h.end);
      else merged.push({ code, start: h.start, end: h.end });
    }
    out.push(...merged);
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

let shared: AutoReviewer | null = null;
/** The reviewer with the module's word lists (built once). */
export function autoReview(text: string, opts?: AutoReviewOptions): TAutoReviewDecision {
  shared ??= createAutoReviewer();
  return shared.review(text, opts);
}
