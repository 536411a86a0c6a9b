import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, JOB_LABELS } from '@app/shared/system-log';
import { actionLabel, actionOptions, entityLabel, entityOptions, optionValue } from './log-labels';

const SERVER_SRC = join(__dirname, '../../../../server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every match of `re`'s first group in the server's source (tests left out), sorted. */
function found(re: RegExp, files = sourceFiles(SERVER_SRC)): string[] {
  const out = new Set<string>();
  for (const file of files) for (const m of readFileSync(file, 'utf8').matchAll(re)) out.add(m[1]);
  return [...out].sort();
}

/**
 * The literal codes the server writes into the audit log: `entity: 'x'`, `action: 'y'`, an action
 * parameter's type `action: 'a' | 'b'` or default `action = 'c'`.
 */
const entities = () => [
  ...found(/\bentity: '([a-z_-]+)'/g),
  // An import logs its kind as the entity (imports.service.ts: `entity: kind.kind`).
  ...found(
    /\bkind: '([a-z_-]+)'/g,
    sourceFiles(SERVER_SRC).filter((f) => f.endsWith('.import.ts')),
  ),
];
const actions = () =>
  found(/\baction(?:: | = )((?:'[a-z_-]+'(?: \| )?)+)/g).flatMap((union) => union.split(' | ').map((c) => c.slice(1, -1)));
const jobs = () => found(/systemActor\('([a-z_-]+)'\)/g);
/** Column names of the tables (their rows are the snapshots of before/after), audit_logs' own left out. */
const columns = () =>
  found(
    /^\s+([a-zA-Z0-9]+): [a-zA-Z]+\('[a-z_0-9]+'/gm,
    sourceFiles(join(SERVER_SRC, 'db/schema')).filter((f) => !f.endsWith('audit.ts')),
  );

describe('system log labels', () => {
  // The log page shows these in its filters and rows: a code without a label reaches the user raw
  // (e.g. "theme_codes_seed" in the "Đối tượng" filter).
  it('names every entity and action code the server writes in Vietnamese', () => {
    expect(entities().length).toBeGreaterThan(20);
    expect(entities()).toEqual(expect.arrayContaining(['students', 'course-classes', 'enrolments']));
    expect(actions().length).toBeGreaterThan(10);
    expect(actions()).toEqual(expect.arrayContaining(['logout', 'end_sessions', 'unpublish']));
    expect(entities().filter((c) => entityLabel(c) === c)).toEqual([]);
    expect(actions().filter((c) => actionLabel(c) === c)).toEqual([]);
  });

  it('names every background job and every table column (the fields of before/after)', () => {
    expect(jobs()).toEqual(expect.arrayContaining(['auto-review', 'publication', 'results']));
    expect(jobs().filter((j) => !JOB_LABELS[j])).toEqual([]);
    expect(columns().length).toBeGreaterThan(60);
    expect(columns()).toEqual(expect.arrayContaining(['fullName', 'studentCode', 'homeroomClassId']));
    expect(columns().filter((c) => !FIELD_LABELS[c])).toEqual([]);
  });

  it('does not call a rejected free-text answer "Duyệt" (the review action covers approve and reject)', () => {
    expect(actionLabel('review')).toBe('Xét duyệt');
  });

  it('offers each label once in the filters, standing for every code that has it, in Vietnamese order', () => {
    const options = entityOptions(['user', 'students', 'student', 'campus', 'users', 'something_new']);
    expect(options).toEqual([
      { value: 'campus', label: 'Cơ sở' },
      { value: 'student,students', label: 'Học sinh' },
      { value: 'something_new', label: 'something_new' },
      { value: 'user,users', label: 'Tài khoản' },
    ]);
    expect(new Set(options.map((o) => o.label)).size).toBe(options.length);
    expect(actionOptions(['update', 'create', 'delete']).map((o) => o.label)).toEqual(['Cập nhật', 'Tạo mới', 'Xóa']);
    // Every code the server writes: no label twice.
    const all = entityOptions(entities());
    expect(new Set(all.map((o) => o.label)).size).toBe(all.length);
  });

  it('maps one code in the address to the entry that stands for it', () => {
    const options = entityOptions(['student', 'students', 'campus']);
    expect(optionValue(options, 'students')).toBe('student,students');
    expect(optionValue(options, 'campus')).toBe('campus');
    expect(optionValue(options, '')).toBe('');
    expect(optionValue(options, 'other')).toBe('other');
  });
});
