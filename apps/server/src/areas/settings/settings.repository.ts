import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { appSettings, schoolAssets } from '@/db/schema/settings';
import { users } from '@/db/schema/users';

/* The SQL of system settings: one app_settings row per section (`settings.<section>`), the school's logo. */

export interface SettingRow {
  key: string;
  value: unknown;
  version: number;
  updatedAt: Date;
  updatedByName: string | null;
}

const columns = {
  key: appSettings.key,
  value: appSettings.value,
  version: appSettings.version,
  updatedAt: appSettings.updatedAt,
  updatedByName: sql<string | null>`coalesce(${users.displayName}, ${users.email})`,
};

export async function settingRows(db: DbOrTx, keys: string[]): Promise<SettingRow[]> {
  return db.select(columns).from(appSettings).leftJoin(users, eq(users.id, appSettings.updatedBy)).where(inArray(appSettings.key, keys));
}

/** A section's row, locked for the save that reads it. */
export async function lockedRow(tx: DbOrTx, key: string): Promise<{ value: unknown; version: number } | undefined> {
  const [row] = await tx
    .select({ value: appSettings.value, version: appSettings.version })
    .from(appSettings)
    .where(eq(appSettings.key, key))
    .for('update');
  return row;
}

/** First start: the rows that are missing get their defaults; rows present (another process, an earlier start) are kept. */
export async function insertMissing(db: DbOrTx, rows: { key: string; value: unknown }[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(appSettings).values(rows).onConflictDoNothing({ target: appSettings.key });
}

/** Writes a section when its version is still `version`; the new version, or null when someone saved first. */
export async function updateRow(
  tx: DbOrTx,
  o: { key: string; value: unknown; version: number; userId: number | null },
): Promise<number | null> {
  const [row] = await tx
    .update(appSettings)
    .set({ value: o.value, version: sql`${appSettings.version} + 1`, updatedBy: o.userId, updatedAt: sql`now()` })
    .where(and(eq(appSettings.key, o.key), eq(appSettings.version, o.version)))
    .returning({ version: appSettings.version });
  return row?.version ?? null;
}

export interface AssetMeta {
  fileName: string;
  mimeType: string;
  size: number;
  updatedAt: Date;
}

const assetMeta = {
  fileName: schoolAssets.fileName,
  mimeType: schoolAssets.mimeType,
  size: schoolAssets.size,
  updatedAt: schoolAssets.updatedAt,
};

export async function assetMetaOf(db: DbOrTx, key: string): Promise<AssetMeta | undefined> {
  const [row] = await db.select(assetMeta).from(schoolAssets).where(eq(schoolAssets.key, key));
  return row;
}

export async function assetOf(db: DbOrTx, key: string): Promise<(AssetMeta & { data: Buffer }) | undefined> {
  const [row] = await db
    .select({ ...assetMeta, data: schoolAssets.data })
    .from(schoolAssets)
    .where(eq(schoolAssets.key, key));
  return row;
}

export async function putAsset(
  tx: DbOrTx,
  a: { key: string; fileName: string; mimeType: string; data: Buffer; userId: number | null },
): Promise<void> {
  const set = { fileName: a.fileName, mimeType: a.mimeType, size: a.data.length, data: a.data, updatedBy: a.userId, updatedAt: sql`now()` };
  await tx
    .insert(schoolAssets)
    .values({ key: a.key, ...set })
    .onConflictDoUpdate({ target: schoolAssets.key, set });
}

export async function deleteAsset(tx: DbOrTx, key: string): Promise<boolean> {
  const rows = await tx.delete(schoolAssets).where(eq(schoolAssets.key, key)).returning({ key: schoolAssets.key });
  return rows.length > 0;
}
