import { z } from 'zod';

/** Response envelopes of docs/architecture.md "API conventions". */
export function ZOk<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}
export const ZErrorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
  details: z.unknown().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** Ids are PostgreSQL `integer` (serial): 1 … 2³¹−1; anything outside is a 400, never a database error. */
const ID_MAX = 2_147_483_647;
export const ZId = z.number().int().positive().max(ID_MAX);
/** An id in a path or query string ("12"). */
export const ZIdText = z.coerce.number().int().positive().max(ID_MAX);

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
}

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(ID_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;
