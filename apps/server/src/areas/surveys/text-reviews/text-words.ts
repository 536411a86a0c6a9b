import { foldVietnamese } from '@app/shared/vietnamese';

/**
 * The text cut into words that remember where they came from, so every match can be reported as a
 * span of the stored text (UTF-16 offsets, `end` exclusive) whatever normalisation found it.
 */
export interface Word {
  start: number;
  end: number;
  /** As written (original case), for the name check. */
  raw: string;
  /** Lower case, NFC. */
  acc: string;
  /** Without diacritics (đ → d). */
  fold: string;
  /** Carries a tone or vowel mark (đ alone does not count). */
  marks: boolean;
  /** Digits or symbols stand for letters ("l0n", "c4c", "d!t"): the letters they stand for, else null. */
  leet: string | null;
  /** Written with `*` in place of letters ("đ*t"). */
  masked: boolean;
  /** Made by joining spaced or dotted letters ("d.m", "đ m", "v.c.l"); has no neighbours for exceptions. */
  virtual?: boolean;
}

const MARK = /[\u0300-\u036f]/;
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
/** Inside a word these stand for letters or hide them; at its edges they are punctuation. */
const WORD_SYMBOL = /[*@$!|]/;
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};
/** What may stand between spaced-out letters of one word ("d.m", "đ - m", "v_c_l"); not a comma (lists of letters). */
const LETTER_GAP = /^[\s.\-_*'/+~]{1,3}$/;

export const fold = (s: string) => foldVietnamese(s);
export const hasMarks = (s: string) => MARK.test(s.normalize('NFD'));
/** Repeated letters count once ("nguuuu" → "ngu", "đmmm" → "đm"). */
export const collapse = (s: string) => [...s].filter((c, i, a) => i === 0 || c !== a[i - 1]).join('');

interface Unit {
  ch: string;
  start: number;
  end: number;
}

/** One unit per character with its combining marks, lower-cased and NFC (a decomposed "ồ" is one unit). */
function units(text: string): Unit[] {
  const out: Unit[] = [];
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    let j = i + (cp > 0xffff ? 2 : 1);
    while (j < text.length && /\p{M}/u.test(text[j])) j++;
    out.push({ ch: text.slice(i, j).normalize('NFC').toLowerCase(), start: i, end: j });
    i = j;
  }
  return out;
}

const isWordUnit = (ch: string) => LETTER.test(ch) || DIGIT.test(ch) || WORD_SYMBOL.test(ch);

function makeWord(text: string, us: Unit[]): Word | null {
  // Symbols at the edges are punctuation ("ngu!", "*chú ý*"), not letters.
  let a = 0;
  let b = us.length;
  while (a < b && WORD_SYMBOL.test(us[a].ch)) a++;
  while (b > a && WORD_SYMBOL.test(us[b - 1].ch)) b--;
  const part = us.slice(a, b);
  if (!part.length) return null;
  const acc = part.map((u) => u.ch).join('');
  const hasLetter = part.some((u) => LETTER.test(u.ch));
  if (!hasLetter && !part.some((u) => DIGIT.test(u.ch))) return null;
  const f = fold(acc);
  const leetChars = [...f].some((c) => LEET[c] !== undefined);
  const leet = hasLetter && leetChars ? [...f].map((c) => LEET[c] ?? c).join('') : null;
  return {
    start: part[0].start,
    end: part[part.length - 1].end,
    raw: text.slice(part[0].start, part[part.length - 1].end),
    acc,
    fold: f,
    marks: hasMarks(acc),
    leet: leet && /^[\p{L}*]+$/u.test(leet) ? leet : null,
    masked: acc.includes('*') && hasLetter,
  };
}

export function wordsOf(text: string): Word[] {
  const us = units(text);
  const words: Word[] = [];
  let run: Unit[] = [];
  const flush = () => {
    const w = run.length ? makeWord(text, run) : null;
    if (w) words.push(w);
    run = [];
  };
  for (const u of us) {
    if (isWordUnit(u.ch)) run.push(u);
    else flush();
  }
  flush();
  return words;
}

function joined(text: string, parts: Word[]): Word {
  const acc = parts.map((p) => p.acc).join('');
  const f = fold(acc);
  return {
    start: parts[0].start,
    end: parts[parts.length - 1].end,
    raw: text.slice(parts[0].start, parts[parts.length - 1].end),
    acc,
    fold: f,
    marks: hasMarks(acc),
    leet: null,
    masked: false,
    virtual: true,
  };
}

/**
 * Words hidden by spacing or dots: runs of single letters ("d.m", "đ m", "v . c . l", "n g u") and
 * short pieces glued by dots or dashes without spaces ("vc.l", "đ.mm", "l-ồn"). Every sub-run of
 * two to six pieces is offered, so "e đ m" still yields "đm".
 */
export function hiddenWords(text: string, words: Word[]): Word[] {
  const out: Word[] = [];
  const gap = (a: Word, b: Word) => text.slice(a.end, b.start);
  // Runs of single letters.
  for (let i = 0; i < words.length; i++) {
    if ([...words[i].acc].length !== 1 || !LETTER.test(words[i].acc)) continue;
    let j = i;
    while (
      j + 1 < words.length &&
      [...words[j + 1].acc].length === 1 &&
      LETTER.test(words[j + 1].acc) &&
      LETTER_GAP.test(gap(words[j], words[j + 1])) &&
      j - i < 6
    )
      j++;
    for (let a = i; a <= j; a++) for (let b = a + 1; b <= j && b - a < 6; b++) out.push(joined(text, words.slice(a, b + 1)));
    i = j;
  }
  // Short pieces glued by punctuation without spaces.
  for (let i = 0; i < words.length; i++) {
    let j = i;
    while (j + 1 < words.length && /^[.\-_'~]{1,2}$/.test(gap(words[j], words[j + 1])) && j - i < 4) j++;
    if (j > i && words.slice(i, j + 1).every((w) => [...w.acc].length <= 4)) out.push(joined(text, words.slice(i, j + 1)));
    i = j;
  }
  return out;
}
