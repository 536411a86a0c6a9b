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

/**
 * Links: a scheme or `www.`, a shortener, or a bare domain ("abc.xyz", "hocmai.vn/bai-1"). Labels are
 * ASCII letters, digits and dashes, so "0.5", "v.v", "Tp.HCM" and a word glued to the next sentence
 * ("bài.Thầy") are not links; top-level domains that are also Vietnamese words written without
 * diacritics ("co", "me", "top") count only with a path ("abc.co/x"). Not the domain of an e-mail
 * address (after "@"): that is the e-mail rule's.
 */
const STRONG_TLD = 'com|net|org|vn|edu|gov|info|biz|io|xyz|asia|online|site|store|shop|club|app|dev';
const WEAK_TLD = 'co|me|ly|gl|tv|cc|top|link|live|ru|cn|gg|ai|to|at|id|in|so';
const LABELS = String.raw`(?<![\p{L}\p{N}@._%+-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+`;
const PATH = String.raw`\/[^\s<>"',;]*`;
const LINK = new RegExp(
  [
    String.raw`(?:https?:\/\/|www\.)[^\s<>"']+`,
    String.raw`${LABELS}(?:${STRONG_TLD})(?:\.vn)?(?![\p{L}\p{N}-])(?:${PATH})?`,
    String.raw`${LABELS}(?:${WEAK_TLD})(?:\.vn)?${PATH}`,
  ].join('|'),
  'giu',
);
/** The short host names of link shorteners without a path ("bit.ly", "goo.gl"): flagged alone too. */
const SHORTENER =
  /(?<![\p{L}\p{N}@._%+-])(?:bit\.ly|goo\.gl|t\.co|is\.gd|ow\.ly|cutt\.ly|rb\.gy|tiny\.cc|s\.id|v\.gd|bom\.so)(?![\p{L}\p{N}])/giu;
const hasLetter = (link: string) => /[a-z]/i.test(link.split('.')[0]);

/**
 * A home address: a numbered alley ("ngõ 42", "hẻm 12/3", "kiệt 5"), a house number before a street
 * ("số 15 đường Láng", "12 phố Huế"), or a number right after "nhà em ở", "địa chỉ", "số nhà".
 */
const ADDRESS = [
  /(?<![\p{L}\p{N}])(?:ngõ|ngách|hẻm|kiệt|ngo|ngach|hem|kiet)\s*(?:số\s*)?\d{1,4}[a-z]?(?:\/\d{1,4}[a-z]?)*(?![\p{N}])/giu,
  // Case matters here: "số 15 đường Láng" is an address, "2 đường thẳng" and "Bài 5 Đường tròn" are geometry.
  /(?<![\p{L}\p{N}])(?:[Ss]ố\s+(?:nhà\s+)?)?\d{1,4}[a-z]?(?:\/\d{1,4}[a-z]?)*\s*,?\s+(?:đường|phố|duong|pho)\s+\p{Lu}\p{Ll}*/gu,
  /(?<![\p{L}\p{N}])(?:số nhà|so nha|địa chỉ(?: nhà)?|dia chi(?: nha)?|nhà (?:em|mình|tôi|tớ|tui) (?:ở|tại)|nha (?:em|minh|toi|to|tui) o)\s*:?\s*(?:số\s*)?\d{1,4}/giu,
];

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
  const social: Hit[] = [];
  for (const m of text.matchAll(SOCIAL)) social.push({ code: 'social', start: m.index, end: m.index + m[0].length });
  hits.push(...social);
  for (const m of [...text.matchAll(LINK), ...text.matchAll(SHORTENER)]) {
    const end = m.index + m[0].replace(/[.,;:!?)\]]+$/, '').length;
    // A social profile is already flagged as such; the same text is not a second reason.
    if (social.some((h) => h.start < end && m.index < h.end) || !hasLetter(m[0])) continue;
    hits.push({ code: 'link', start: m.index, end });
  }
  for (const m of ADDRESS.flatMap((re) => [...text.matchAll(re)]))
    hits.push({ code: 'address', start: m.index, end: m.index + m[0].length });
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
