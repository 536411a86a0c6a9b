import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The auto-review's word lists are data (words/*.json), so a school can extend them without
 * touching code; they are checked here once at start so a broken list fails loudly, not silently.
 */
const ZTermList = z.object({
  note: z.string().optional(),
  code: z.string(),
  /** Matched only when written with diacritics (without them they collide with everyday words). */
  terms: z.array(z.string().min(1)),
  /** Also matched when written without diacritics. */
  plainTerms: z.array(z.string().min(1)),
  /** Per term: skip when the word before (`prev`) or after (`next`), written without diacritics, is listed. */
  exceptions: z.record(z.string(), z.object({ prev: z.array(z.string()).optional(), next: z.array(z.string()).optional() })).default({}),
  /** Words that, written exactly so, are everyday words ("đeo"): never read as a plain term without its tone ("đéo"). */
  everyday: z.array(z.string()).default([]),
});
export type TermList = z.infer<typeof ZTermList>;

const ZSpamList = z.object({
  note: z.string().optional(),
  nonAnswers: z.array(z.string()),
  politeHead: z.array(z.string()),
  politeTail: z.array(z.string()),
  keyboardMash: z.array(z.string()),
});
export type SpamList = z.infer<typeof ZSpamList>;

const ZNameList = z.object({
  note: z.string().optional(),
  surnames: z.array(z.string()),
  allowed: z.array(z.string()),
  notGiven: z.array(z.string()),
});
export type NameList = z.infer<typeof ZNameList>;

function load<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  const raw: unknown = JSON.parse(readFileSync(new URL(`./words/${file}`, import.meta.url), 'utf8'));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`text-reviews/words/${file}: ${parsed.error.message}`);
  return parsed.data;
}

export const WORD_LISTS = {
  terms: [load('profanity.json', ZTermList), load('insults.json', ZTermList), load('threats.json', ZTermList)],
  spam: load('spam.json', ZSpamList),
  names: load('names.json', ZNameList),
};
