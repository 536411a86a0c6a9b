import { describe, expect, it } from 'vitest';
import { opaqueIdsWith, type OpaqueKind } from './opaque-id';

const MAX = 2 ** 31 - 1;
const KINDS: OpaqueKind[] = ['review', 'review-history', 'detail', 'tag'];
const a = opaqueIdsWith('a'.repeat(64));
const b = opaqueIdsWith('b'.repeat(64));

/** Share of neighbouring pairs in increasing order: ~1/2 for a random order, 1 for a sequence. */
const inOrder = (xs: number[]) => xs.slice(1).filter((x, i) => x > xs[i]).length / (xs.length - 1);

describe('opaque ids (a keyed permutation of 1 … 2³¹−1)', () => {
  it('decodes what it encodes, at the edges and over a run of sequential ids, and stays in range', () => {
    const ids = [1, 2, 3, MAX, MAX - 1, 2 ** 15, 2 ** 16, 2 ** 30, ...Array.from({ length: 5000 }, (_, i) => 1000 + i)];
    for (const kind of KINDS)
      for (const id of ids) {
        const token = a.encode(kind, id);
        expect(Number.isInteger(token) && token >= 1 && token <= MAX, `${kind} ${id} → ${token}`).toBe(true);
        expect(a.decode(kind, token)).toBe(id);
      }
    // Decoding any number gives an id that encodes back to it: every token is some id (a permutation).
    for (const token of [1, 2, MAX, 999_999, 123_456_789]) expect(a.encode('review', a.decode('review', token))).toBe(token);
  });

  it('is one to one over a block of ids (no two ids share a token)', () => {
    const tokens = new Set(Array.from({ length: 20_000 }, (_, i) => a.encode('detail', i + 1)));
    expect(tokens.size).toBe(20_000);
  });

  it('gives sequential ids in no order: sorted tokens do not give back the sequence', () => {
    const seq = Array.from({ length: 200 }, (_, i) => 500 + i);
    for (const kind of KINDS) {
      const tokens = seq.map((id) => a.encode(kind, id));
      expect(inOrder(tokens)).toBeLessThan(0.75);
      expect(inOrder(tokens)).toBeGreaterThan(0.25);
      // Neighbouring ids land far apart (the low bits do not just follow).
      expect(tokens.slice(1).filter((x, i) => Math.abs(x - tokens[i]) < 1000).length).toBeLessThan(5);
    }
  });

  it('depends on the key and on the kind of id', () => {
    const seq = Array.from({ length: 100 }, (_, i) => i + 1);
    const same = (f: (id: number) => number, g: (id: number) => number) => seq.filter((id) => f(id) === g(id)).length;
    expect(
      same(
        (id) => a.encode('review', id),
        (id) => b.encode('review', id),
      ),
    ).toBeLessThan(3);
    expect(
      same(
        (id) => a.encode('review', id),
        (id) => a.encode('detail', id),
      ),
    ).toBeLessThan(3);
    expect(
      same(
        (id) => a.encode('review', id),
        (id) => id,
      ),
    ).toBeLessThan(3);
    // Another key decodes a token to another id.
    expect(seq.filter((id) => b.decode('review', a.encode('review', id)) === id).length).toBeLessThan(3);
  });

  it('refuses what is not an id (the routes’ schemas keep those out before)', () => {
    for (const bad of [0, -1, MAX + 1, 1.5, Number.NaN]) {
      expect(() => a.encode('review', bad)).toThrow(RangeError);
      expect(() => a.decode('review', bad)).toThrow(RangeError);
    }
  });
});
