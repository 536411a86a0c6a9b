import type { TReviewReasonCode } from '@app/shared/text-reviews';
import { fold, type Word } from './text-words';
import type { NameList } from './word-lists';

export interface Hit {
  code: TReviewReasonCode;
  start: number;
  end: number;
}

/**
 * Vietnamese phone numbers: 0 or +84 / 84 / (+84) and 9–10 more digits, with single spaces, dots or
 * dashes anywhere between them ("0912 345 678", "+84 912.345.678", "0 9 1 2 3 4 5 6 7 8").
 */
const PHONE = /(?<![\p{N}\p{L}])(?:\(\s*\+?84\s*\)|\+\s?84|84|0)(?:[\s.-]?\d){9,10}(?!\d)/gu;
const EMAIL = /[\p{L}\p{N}._%+-]+\s?(?:@|\(at\)|\[at\])\s?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,}/giu;
const SOCIAL =
  /(?:https?:\/\/)?(?:www\.|m\.)?(?:facebook\.com|fb\.com|fb\.me|zalo\.me|instagram\.com|tiktok\.com|t\.me|twitter\.com|x\.com)\/[^\s,;]+/giu;

export function contactHits(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(PHONE)) {
    const digits = m[0].replace(/\D/g, '');
    // 0 + 9 digits (mobile) or 0 + 10 (landline); 84 + 9 or 10.
    const ok =
      digits.startsWith('84') && !m[0].trim().startsWith('0')
        ? digits.length === 11 || digits.length === 12
        : digits.length === 10 || digits.length === 11;
    if (ok) hits.push({ code: 'phone', start: m.index, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(EMAIL)) hits.push({ code: 'email', start: m.index, end: m.index + m[0].length });
  for (const m of text.matchAll(SOCIAL)) hits.push({ code: 'social', start: m.index, end: m.index + m[0].length });
  return hits;
}

/** A name word: "Lan", "Thị", "A" (title case); all-caps words are left alone (shouting is not naming). */
const TITLE = /^\p{Lu}[\p{Ll}\p{M}]*$/u;

export interface NameIndex {
  /** Lower case with diacritics, and without them for names written without ("Nguyen Van A"). */
  surnames: Set<string>;
  surnamesPlain: Set<string>;
  allowed: string[][];
  notGiven: Set<string>;
}

export function nameIndex(list: NameList): NameIndex {
  return {
    surnames: new Set(list.surnames.map((n) => n.normalize('NFC').toLowerCase())),
    surnamesPlain: new Set(list.surnames.map(fold)),
    allowed: list.allowed.map((n) => fold(n).split(' ')),
    notGiven: new Set(list.notGiven.map(fold)),
  };
}

/** An allowed name exactly, or a teacher's name in part that keeps the given name ("Nguyễn Hà", "Thu Hà" for "Nguyễn Thu Hà"). */
function isKnown(name: string[], teachers: string[][], allowed: string[][]): boolean {
  const key = name.join(' ');
  if (allowed.some((a) => a.join(' ') === key)) return true;
  return teachers.some((t) => name[name.length - 1] === t[t.length - 1] && name.every((w) => t.includes(w)));
}

/**
 * Full names of people: two to four title-case words in a row (single spaces), the first a Vietnamese
 * surname, not all of the rest subject words ("Lý Hóa"), and not a known name: a teacher of the class,
 * a famous person or a place on the allowed list ("Lê Quý Đôn", "Hà Nội").
 */
export function nameHits(text: string, words: Word[], idx: NameIndex, teacherNames: readonly string[]): Hit[] {
  const teachers = teacherNames.map((n) => fold(n).split(' ').filter(Boolean)).filter((n) => n.length);
  const hits: Hit[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    // "Đông" is not "Đồng": marked words compare with their marks.
    if (!TITLE.test(w.raw) || !(w.marks ? idx.surnames.has(w.acc) : idx.surnamesPlain.has(w.fold))) continue;
    let j = i;
    while (j + 1 < words.length && j - i < 3 && TITLE.test(words[j + 1].raw) && text.slice(words[j].end, words[j + 1].start) === ' ') j++;
    if (j === i) continue;
    const name = words.slice(i, j + 1).map((w) => w.fold);
    if (name.slice(1).every((w) => idx.notGiven.has(w))) continue;
    // A known name may be followed by more title-case words ("Lê Quý Đôn Hà Nội"): the longest known start clears those words.
    let known = 0;
    for (let k = name.length; k >= 2 && !known; k--) if (isKnown(name.slice(0, k), teachers, idx.allowed)) known = k;
    if (known) {
      i += known - 1;
      continue;
    }
    hits.push({ code: 'person_name', start: words[i].start, end: words[j].end });
    i = j;
  }
  return hits;
}
