import { describe, expect, it } from 'vitest';
import { changedKeys, diffLines } from './log-diff';

describe('log diff', () => {
  it('marks keys that differ, appear or disappear', () => {
    expect([...changedKeys({ a: 1, b: 2, c: 3 }, { a: 1, b: 5, d: 4 })].sort()).toEqual(['b', 'c', 'd']);
    expect([...changedKeys(null, { a: 1 })]).toEqual(['a']);
    expect([...changedKeys({ x: [1, 2] }, { x: [1, 2] })]).toEqual([]);
  });

  it('lays out pretty JSON with changed lines tagged', () => {
    const lines = diffLines({ name: 'A', tags: ['x'] }, { name: 'B', tags: ['x'] });
    expect(lines.map((l) => l.text)).toEqual(['{', '  "name": "A",', '  "tags": [', '    "x"', '  ]', '}']);
    expect(lines.filter((l) => l.changed).map((l) => l.key)).toEqual(['name']);
    expect(diffLines(null, { a: 1 })).toEqual([]);
    expect(diffLines('text', 'other')).toEqual([{ key: null, text: '"text"', changed: true }]);
  });
});
