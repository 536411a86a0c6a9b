import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { appSettings } from '@/db/schema/settings';

/**
 * app_settings key: e-mail → one line on what that demo account shows (issue 12). The demo seed writes
 * it with the accounts it makes; a school without the demo has none, and its accounts show no line.
 */
export const DEMO_HINTS_KEY = 'demo_account_hints';

export async function demoAccountHints(db: DbOrTx): Promise<Map<string, string>> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, DEMO_HINTS_KEY)).limit(1);
  const value = row?.value;
  if (!value || typeof value !== 'object') return new Map();
  return new Map(
    Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'string' ? [[k.toLowerCase(), v]] : [])),
  );
}
