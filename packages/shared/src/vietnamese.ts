/** Vietnamese text helpers shared by the server (search and sort columns) and the web. */

/** Lower case without diacritics ("Nguyễn Đức" → "nguyen duc"), for search that ignores accents. */
export function foldVietnamese(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// Dictionary order of letters and of tones (ngang, huyền, hỏi, ngã, sắc, nặng).
const LETTERS = 'aăâbcdđeêfghijklmnoôơpqrstuưvwxyz';
const TONES: Record<string, number> = { '\u0300': 1, '\u0309': 2, '\u0303': 3, '\u0301': 4, '\u0323': 5 };
const BASE: Record<string, string> = { 'a\u0306': 'ă', 'a\u0302': 'â', 'e\u0302': 'ê', 'o\u0302': 'ô', 'o\u031b': 'ơ', 'u\u031b': 'ư' };

function wordKey(word: string): { letters: string; tones: string } {
  const chars = [...word.toLowerCase().normalize('NFD')];
  let letters = '';
  let tones = '';
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i];
    const next = chars[i + 1];
    if (next && BASE[c + next]) {
      c = BASE[c + next];
      i++;
    }
    if (TONES[c] !== undefined) {
      tones = tones.slice(0, -1) + String(TONES[c]);
      continue;
    }
    if (/[\u0300-\u036f]/.test(c)) continue;
    const rank = LETTERS.indexOf(c);
    letters += rank >= 0 ? String.fromCharCode(0x41 + rank) : c;
    tones += '0';
  }
  return { letters, tones };
}

/**
 * A key that sorts names as Vietnamese schools do: by given name (the last word), then the rest,
 * letters in Vietnamese order, tones only to break ties. Compare keys with a byte ("C") collation.
 */
export function vietnameseNameSortKey(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const ordered = [words[words.length - 1], ...words.slice(0, -1)];
  const keys = ordered.map(wordKey);
  return `${keys.map((k) => k.letters).join(' ')}|${keys.map((k) => k.tones).join(' ')}`;
}
