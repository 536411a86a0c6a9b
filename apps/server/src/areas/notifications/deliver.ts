import type { FastifyBaseLogger } from 'fastify';
import type { TNotificationKind } from '@app/shared/notifications';
import type { Db } from '@/db/client';
import type { EventBus } from '@/plugins/events';
import { noticeMail, type Mailer } from './mailer';
import { insertNotices, setEmailed, unsentEmails } from './notifications.repository';
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
  if (deps.mailer)
    await sendMails(
      deps,
      defaults.emailFrom,
      stored.flatMap((s) =>
        s.wantsEmail && s.address ? [{ id: s.id, address: s.address, title: n.title, body: n.body ?? '', link: n.link ?? null }] : [],
      ),
    );
  return stored.length;
}

interface MailOut {
  id: number;
  address: string;
  title: string;
  body: string;
  link: string | null;
}

/** Mails each notice to its address and records `emailed_at` for those sent; a failure is logged and left for the resend. */
async function sendMails(deps: DeliverDeps, from: string | null, mails: MailOut[]): Promise<number[]> {
  if (!deps.mailer) return [];
  const sent: number[] = [];
  for (const m of mails) {
    try {
      await deps.mailer.send({
        from,
        ...noticeMail({ to: m.address, title: m.title, body: m.body, link: m.link, appUrl: deps.appUrl, schoolName: deps.schoolName }),
      });
      sent.push(m.id);
    } catch (err) {
      deps.log?.warn({ err, notificationId: m.id }, 'notification e-mail failed');
    }
  }
  await setEmailed(deps.db, sent);
  return sent;
}

/** A notice's e-mail not sent this long after it was stored was lost (a crash, the mail server down): sent again. */
export const RESEND_AFTER_MINUTES = 10;
/** After a day an e-mail is no news any more: not sent again. */
export const RESEND_WITHIN_HOURS = 24;

/**
 * The e-mails a crash between storing a notice and sending it, or a mail server that refused it, left
 * unsent: those of the last day, older than a few minutes (the send right after the insert is not raced),
 * whose user still wants that kind by e-mail. Run by the sweep, once per school; answers how many were sent.
 */
export async function resendUnsent(deps: DeliverDeps, now = new Date()): Promise<number> {
  if (!deps.mailer) return 0;
  const defaults = await notificationDefaults(deps.db);
  const rows = await unsentEmails(deps.db, {
    before: new Date(now.getTime() - RESEND_AFTER_MINUTES * 60_000),
    after: new Date(now.getTime() - RESEND_WITHIN_HOURS * 3_600_000),
  });
  return (await sendMails(deps, defaults.emailFrom, rows)).length;
}
