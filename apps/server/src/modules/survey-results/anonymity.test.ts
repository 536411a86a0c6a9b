import { describe, expect, it } from 'vitest';
import { remainderSafe, siblingsToHide, tooSmall } from './anonymity';

/** The anonymity rule (MIN_GROUP_SIZE 5) on hand-made sibling lists. */
describe('siblingsToHide', () => {
  const hide = (sizes: Record<string, number>) => [...siblingsToHide(new Map(Object.entries(sizes)), 5)].sort();

  it('hides nothing when every sibling has at least 5 responses', () => {
    expect(hide({ a: 5, b: 30, c: 12 })).toEqual([]);
  });
  it('hides a small sibling and, when it alone is under 5, the smallest shown one too', () => {
    // 3 alone could be worked out as total − the others; hiding the 6 makes the hidden part 9.
    expect(hide({ a: 6, b: 3, c: 40 })).toEqual(['a', 'b']);
  });
  it('stops once the hidden ones reach 5 together', () => {
    expect(hide({ a: 2, b: 3, c: 7, d: 8 })).toEqual(['a', 'b']);
  });
  it('hides everything when even all of them together stay under 5', () => {
    expect(hide({ a: 1, b: 2 })).toEqual(['a', 'b']);
  });
  it('leaves empty siblings alone (nothing to hide)', () => {
    expect(hide({ a: 0, b: 9 })).toEqual([]);
  });
});

describe('remainderSafe and tooSmall', () => {
  it('shows a containing figure only when the others are none or at least 5', () => {
    expect(remainderSafe(14, 9, 5)).toBe(true); // 5 others
    expect(remainderSafe(12, 9, 5)).toBe(false); // 3 others could be singled out
    expect(remainderSafe(9, 9, 5)).toBe(true); // nobody else
    expect(remainderSafe(4, 4, 5)).toBe(false); // too small itself
  });
  it('a figure of 1–4 responses is too small; 0 and 5 are not', () => {
    expect([0, 1, 4, 5].map((n) => tooSmall(n, 5))).toEqual([false, true, true, false]);
  });
});
