import { isAxiosError } from 'axios';
import { uiMessage } from '@/components/data/form-context';
import type { BodyMap } from './survey-draft';

type IssuePath = ReadonlyArray<PropertyKey>;
export interface DraftIssue {
  path: IssuePath;
  message: string;
}

/**
 * Messages of the shared schema (or of the server's 400 details) placed on the builder: `fields`
 * by the survey's own field name, `parts` by the key of the section, question or grid group they
 * are about, and `list` for the summary at the top ("Phần 2, câu 3: …").
 */
export interface DraftErrors {
  fields: Record<string, string>;
  parts: Record<string, string>;
  list: Array<{ where: string; message: string; target: string | null }>;
}
export const NO_ERRORS: DraftErrors = { fields: {}, parts: {}, list: [] };

export function placeIssues(issues: readonly DraftIssue[], map: BodyMap): DraftErrors {
  const out: DraftErrors = { fields: {}, parts: {}, list: [] };
  for (const issue of issues) {
    const message = uiMessage(issue.message);
    const [head, si, sub, qi, field] = issue.path;
    if (head !== 'sections') {
      const name = typeof head === 'string' ? head : null;
      if (name) out.fields[name] ??= message;
      out.list.push({ where: '', message, target: name });
      continue;
    }
    if (typeof si !== 'number' || map.sections[si] === undefined) {
      out.list.push({ where: '', message, target: null });
      continue;
    }
    if (sub === 'questions' && typeof qi === 'number' && map.questions[si]?.[qi]) {
      const at = map.questions[si][qi];
      const key = field === 'gridGroup' ? at.block : at.question;
      out.parts[key] ??= message;
      out.list.push({ where: `Phần ${si + 1}, câu ${qi + 1}`, message, target: key });
      continue;
    }
    out.parts[map.sections[si]] ??= message;
    out.list.push({ where: `Phần ${si + 1}`, message, target: map.sections[si] });
  }
  return out;
}

/** A 400's details (`[{path: 'body/sections/0/questions/2/content', message}]`) as issues. */
export function serverIssues(err: unknown): DraftIssue[] {
  if (!isAxiosError(err)) return [];
  const details: unknown = (err.response?.data as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((d): DraftIssue[] => {
    if (!d || typeof d !== 'object') return [];
    const { path, message } = d as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') return [];
    const parts = path
      .replace(/^body/, '')
      .split('/')
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    return [{ path: parts, message }];
  });
}
