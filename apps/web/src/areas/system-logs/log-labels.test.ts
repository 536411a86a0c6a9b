import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionLabel, entityLabel } from './log-labels';

const SERVER_SRC = join(__dirname, '../../../../server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The literal codes the server writes into the audit log (`entity: 'x'`, `action: 'y'`). */
function codes(key: 'entity' | 'action'): string[] {
  const re = new RegExp(`\\b${key}: '([a-z_-]+)'`, 'g');
  const found = new Set<string>();
  for (const file of sourceFiles(SERVER_SRC)) for (const m of readFileSync(file, 'utf8').matchAll(re)) found.add(m[1]);
  return [...found].sort();
}

describe('system log labels', () => {
  // The log page shows these in its filters and rows: a code without a label reaches the user raw
  // (e.g. "theme_codes_seed" in the "Đối tượng" filter).
  it('names every entity and action code the server writes in Vietnamese', () => {
    const entities = codes('entity');
    const actions = codes('action');
    expect(entities.length).toBeGreaterThan(20);
    expect(actions.length).toBeGreaterThan(10);
    expect(entities.filter((c) => entityLabel(c) === c)).toEqual([]);
    expect(actions.filter((c) => actionLabel(c) === c)).toEqual([]);
  });

  it('does not call a rejected free-text answer "Duyệt" (the review action covers approve and reject)', () => {
    expect(actionLabel('review')).toBe('Xét duyệt');
  });
});
