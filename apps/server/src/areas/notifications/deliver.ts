import type { FastifyBaseLogger } from 'fastify';
import type { TNotificationKind } from '@app/shared/notifications';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';
import { noticeMail, type Mailer } from './mailer';
import { insertNotices, setEmailed } from './notifications.repository';
import { notificationDefaults } from '@/areas/settings/settings.service';

/** What delivering needs: the database, the bus, the mailer (null: e-mail off) and the words of a mail. */
export interface DeliverDeps {
  db: Db;
  events: EventBus;
  mailer: Mailer | null;
  appUrl: string;
  schoolName: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** One notice to a set of users. `dedupeKey`: at most one per user, however often the source runs. */
export interface Notice {
  kind: TNotificationKind;
  userIds: number[];
  title: string;
  body?: string;
  link?: string | null;
  dedupeKey?: string | null;
}

/** Ids per relayed event: a PostgreSQL NOTIFY payload holds 8,000 bytes at most. */
const IDS_PER_EVENT = 500;

/**
 * Stores a notice for the users who receive its kind (their choice, else the school's default), tells
 * every process (`notification.created`, so each pushes to its connected users), then e-mails those who
 * asked for it when SMTP is configured, recording `emailed_at`. Answers how many were stored. Only this
 * area's sources call it: other areas emit events and never notify anyone directly.
 */
export async function deliver(deps: DeliverDeps, n: Notice): Promise<number> {
  if (!n.userIds.length) return 0;
  const defaults = await notificationDefaults(deps.db);
  const stored = await insertNotices(deps.db, {
    userIds: n.userIds,
    kind: n.kind,
    title: n.title,
    body: n.body ?? '',
    link: n.link ?? null,
    dedupeKey: n.dedupeKey ?? null,
    defaultOn: !defaults.defaultOff.includes(n.kind),
  });
  for (let i = 0; i < stored.length; i += IDS_PER_EVENT)
    deps.events.emit('notification.created', { userIds: stored.slice(i, i + IDS_PER_EVENT).map((s) => s.userId) });
  if (deps.mailer) {
    const sent: number[] = [];
    for (const s of stored) {
      if (!s.wantsEmail || !s.address) continue;
      try {
        await deps.mailer.send({
          from: defaults.emailFrom,
          ...noticeMail({
            to: s.address,
            title: n.title,
            body: n.body ?? '',
            link: n.link ?? null,
            appUrl: deps.appUrl,
            schoolName: deps.schoolName,
          }),
        });
        sent.push(s.id);
      } catch (err) {
        deps.log?.warn({ err, notificationId: s.id }, 'notification e-mail failed');
      }
    }
    await setEmailed(deps.db, sent);
  }
  return stored.length;
}
