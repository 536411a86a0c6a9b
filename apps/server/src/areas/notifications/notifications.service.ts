import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MSG,
  type TNotificationKind,
  type TNotificationPreference,
  type TNotificationPreferences,
  type TNotificationPreferencesInput,
  type ZNotificationListQuery,
} from '@app/shared/notifications';
import type { z } from 'zod';
import type { Db, DbOrTx } from '@/db/client';
import { offsetOf, page } from '@/lib/list';
import { write } from '@/lib/write';
import type { Actor } from '@/plugins/actor';
import { AppError, notFound } from '@/plugins/errors';
import { MSG } from '@app/shared/messages';
import { notificationDefaults } from '@/areas/settings/settings.service';
import {
  markAllRead,
  markRead,
  notificationPage,
  preferenceRows,
  pushState,
  streamsAllowed,
  unreadCount,
  upsertPreferences,
  type PreferenceRow,
} from './notifications.repository';

/*
 * A user's own notifications (issue 17). Every call is scoped by the caller's account: nobody reads,
 * counts or marks another user's; a notification that is not the caller's answers 404 like one that
 * does not exist. Marking read is not audited (docs/decisions/technical.md, "Notifications"); a change
 * of preferences is.
 */

function ownerOf(actor: Actor): number {
  if (actor.userId === null) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  return actor.userId;
}

export async function listMine(db: DbOrTx, actor: Actor, q: z.output<typeof ZNotificationListQuery>) {
  const { items, total } = await notificationPage(db, {
    userId: ownerOf(actor),
    unread: q.unread,
    kind: q.kind,
    limit: q.limit,
    offset: offsetOf(q),
  });
  return page(items, total, q);
}

export async function countMine(db: DbOrTx, actor: Actor) {
  return { unread: await unreadCount(db, ownerOf(actor)) };
}

/** What the live stream sends a user: their unread count and newest notification. */
export function streamState(db: DbOrTx, userId: number) {
  return pushState(db, userId);
}

/** Which of the open streams may go on (one answer per stream, in order). */
export function streamsStillAllowed(db: DbOrTx, streams: Array<{ userId: number; sessionId: string | null }>) {
  return streamsAllowed(db, streams);
}

export async function readOne(db: DbOrTx, actor: Actor, id: number) {
  const userId = ownerOf(actor);
  if (!(await markRead(db, userId, id))) throw notFound(NOTIFICATION_MSG.notFound);
  return { unread: await unreadCount(db, userId) };
}

export async function readAll(db: DbOrTx, actor: Actor) {
  const marked = await markAllRead(db, ownerOf(actor));
  return { marked };
}

/** Each kind's choice: the user's own, else the school's default (in the app on unless the school turned it off; no e-mail). */
async function preferencesOf(db: DbOrTx, userId: number): Promise<TNotificationPreference[]> {
  const [rows, defaults] = await Promise.all([preferenceRows(db, userId), notificationDefaults(db)]);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => {
    const own = byKind.get(kind);
    return own
      ? { kind, inApp: own.inApp, email: own.email, isDefault: false }
      : { kind, inApp: !defaults.defaultOff.includes(kind), email: false, isDefault: true };
  });
}

export async function myPreferences(db: Db, actor: Actor, emailAvailable: boolean): Promise<TNotificationPreferences> {
  return { items: await preferencesOf(db, ownerOf(actor)), emailAvailable };
}

const said = (p: { kind: TNotificationKind; inApp: boolean; email: boolean }) =>
  `${NOTIFICATION_KIND_LABELS[p.kind]}: ${p.inApp ? 'nhận' : 'không nhận'} trong ứng dụng, ${p.email ? 'có' : 'không'} e-mail`;

/**
 * PUT /notifications/preferences: the kinds named get the user's choice (audited, the changed ones before
 * → after). E-mail goes with the in-app notice, so a kind off in the app is off by e-mail too.
 */
export async function savePreferences(opts: { db: Db; actor: Actor; input: TNotificationPreferencesInput; emailAvailable: boolean }) {
  const userId = ownerOf(opts.actor);
  const items: PreferenceRow[] = opts.input.items.map((i) => ({ kind: i.kind, inApp: i.inApp, email: i.inApp && i.email }));
  await write(opts.db, opts.actor, async (w) => {
    const current = new Map((await preferencesOf(w.tx, userId)).map((p) => [p.kind, p]));
    const changed = items.filter((i) => {
      const c = current.get(i.kind as TNotificationKind)!;
      return c.isDefault || c.inApp !== i.inApp || c.email !== i.email;
    });
    await upsertPreferences(w.tx, userId, items);
    const moved = changed.filter((i) => {
      const c = current.get(i.kind as TNotificationKind)!;
      return c.inApp !== i.inApp || c.email !== i.email;
    });
    if (moved.length)
      await w.log({
        action: 'update',
        entity: 'notification_preferences',
        entityId: userId,
        before: { preferences: moved.map((i) => said(current.get(i.kind as TNotificationKind)!)) },
        after: { preferences: moved.map((i) => said({ ...i, kind: i.kind as TNotificationKind })) },
      });
  });
  return myPreferences(opts.db, opts.actor, opts.emailAvailable);
}
