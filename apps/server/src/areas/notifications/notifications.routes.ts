import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk, ZPage } from '@app/shared/api';
import {
  NOTIFICATION_MSG,
  ZNotification,
  ZNotificationCount,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZNotificationPreferencesInput,
} from '@app/shared/notifications';
import { z } from 'zod';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { NOTIFICATION_USERS } from './access';
import type { DeliverDeps } from './deliver';
import { createMailer } from './mailer';
import { countMine, listMine, myPreferences, readAll, readOne, savePreferences } from './notifications.service';
import { listen, sweepOnce } from './sources';
import { createStreamHub, type StreamOptions } from './stream';

const tags = ['notifications'];

export interface NotificationRouteDeps {
  db: Db;
  events: EventBus;
  schoolName: string;
  /** SMTP, the sender, the app's address for mail links, the sweep's period (config.ts). */
  notifications: AppConfig['notifications'];
  /** Tests shorten the stream's heartbeat and lifetime. */
  stream?: Partial<StreamOptions>;
}

/**
 * The bell (issue 17), registered by routes.ts under /api/v1: each user's own list, count, read marks and
 * preferences; the live stream; and, started and stopped with the app, the sources and the sweep.
 */
export function notificationRoutes(app: FastifyInstance, deps: NotificationRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const cfg = deps.notifications;
  const mailer = createMailer({ smtpUrl: cfg.smtpUrl, from: cfg.emailFrom });
  const emailAvailable = mailer !== null;
  const delivering: DeliverDeps = {
    db,
    events: deps.events,
    mailer,
    appUrl: cfg.appUrl,
    // The name in force at each mail (the settings page may change it without a restart).
    get schoolName() {
      return deps.schoolName;
    },
    log: app.log,
  };
  const hub = createStreamHub({ db, events: deps.events, log: app.log, options: deps.stream });
  const stopSources = listen(delivering);
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const runSweep = () => {
    sweeping = sweepOnce(delivering).catch((err) => app.log.warn({ err }, 'notification sweep failed'));
  };
  app.addHook('onReady', async () => {
    if (cfg.sweepMinutes <= 0) return;
    runSweep();
    timer = setInterval(runSweep, cfg.sweepMinutes * 60_000);
    timer.unref();
  });
  // Open streams end before the server closes (it would wait for them otherwise).
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopSources();
    await sweeping;
    mailer?.close();
  });

  const roles = NOTIFICATION_USERS;
  r.get(
    '/notifications',
    { config: { roles }, schema: { tags, querystring: ZNotificationListQuery, response: { 200: ZOk(ZPage(ZNotification)) } } },
    async (req) => ({ success: true as const, data: await listMine(db, actorOf(req), req.query) }),
  );
  r.get(
    '/notifications/unread-count',
    { config: { roles }, schema: { tags, response: { 200: ZOk(ZNotificationCount) } } },
    async (req) => ({ success: true as const, data: await countMine(db, actorOf(req)) }),
  );
  r.post(
    '/notifications/:id/read',
    { config: { roles }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZNotificationCount) } } },
    async (req) => ({ success: true as const, data: await readOne(db, actorOf(req), req.params.id) }),
  );
  r.post(
    '/notifications/read-all',
    { config: { roles }, schema: { tags, response: { 200: ZOk(z.object({ marked: z.number().int() })) } } },
    async (req) => {
      const data = await readAll(db, actorOf(req));
      return { success: true as const, data, message: NOTIFICATION_MSG.markedAll(data.marked) };
    },
  );
  r.get(
    '/notifications/preferences',
    { config: { roles }, schema: { tags, response: { 200: ZOk(ZNotificationPreferences) } } },
    async (req) => ({ success: true as const, data: await myPreferences(db, actorOf(req), emailAvailable) }),
  );
  r.put(
    '/notifications/preferences',
    { config: { roles }, schema: { tags, body: ZNotificationPreferencesInput, response: { 200: ZOk(ZNotificationPreferences) } } },
    async (req) => ({
      success: true as const,
      data: await savePreferences({ db, actor: actorOf(req), input: req.body, emailAvailable }),
      message: NOTIFICATION_MSG.preferencesSaved,
    }),
  );
  // The live stream (text/event-stream): the browser reads it with fetch and its Authorization header,
  // so no token ever sits in a URL (docs/decisions/technical.md, "Notifications").
  r.get('/notifications/stream', { config: { roles }, schema: { tags } }, async (req, reply) => {
    const actor = actorOf(req);
    reply.hijack();
    hub.attach(actor.userId!, req.raw, reply.raw, req.id, req.sessionId ?? null);
  });
}
