import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { userSessions } from '@/db/schema/users';

export type SessionRow = typeof userSessions.$inferSelect;

/** A new signed-in device: its id (random, unguessable: it rides in the token) is what the token names. */
export async function insertSession(db: DbOrTx, userId: number, device: string): Promise<SessionRow> {
  const [row] = await db
    .insert(userSessions)
    .values({ id: randomBytes(18).toString('base64url'), userId, device })
    .returning();
  return row!;
}

/**
 * The user's devices still signed in: not revoked, and signed in within the token lifetime (an older
 * one has no working token left), most recently seen first.
 */
export async function activeSessions(db: DbOrTx, userId: number, ttlSeconds: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        gt(userSessions.createdAt, sql`now() - make_interval(secs => ${ttlSeconds})`),
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt))
    .limit(100);
}

/** One session of this user, locked for the revocation; undefined when it is not theirs or does not exist. */
export async function lockOwnSession(db: DbOrTx, userId: number, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.id, id), eq(userSessions.userId, userId)))
    .for('update');
  return row;
}

export async function revokeSession(db: DbOrTx, id: string): Promise<Date> {
  const [row] = await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, id), isNull(userSessions.revokedAt)))
    .returning({ revokedAt: userSessions.revokedAt });
  return row?.revokedAt ?? new Date();
}
