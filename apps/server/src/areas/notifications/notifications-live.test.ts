import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotificationPush } from '@app/shared/notifications';
import { isoDateInSchool } from '@app/shared/format';
import { fromPool, queryRows, type Database } from '@/db/client';
import { appOn, bearer, createTestApp, type TestApp } from '@/test/app';
import { testDbKind } from '@/test/db';
import { insertSession, revokeSession } from '@/areas/auth/sessions.repository';
import { RESEND_AFTER_MINUTES, resendUnsent, type DeliverDeps } from './deliver';
import { createMailer } from './mailer';
import { sweepOnce } from './sources';
import { createStreamHub } from './stream';

/*
 * The live side of notifications (issue 17): the SSE stream, across two app instances on one database
 * (on PostgreSQL each with its own pool and its own LISTEN link, as two processes); the sweep run by two
 * at once; e-mail to a local SMTP server.
 */

type App = TestApp['app'];

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A stream as the browser reads it (fetch with the Authorization header), collecting every push. */
async function openStream(base: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/v1/notifications/stream`, { headers: bearer(token), signal: ctrl.signal });
  const pushes: TNotificationPush[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
        const data = buf
          .slice(0, i)
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        buf = buf.slice(i + 2);
        if (data) pushes.push(JSON.parse(data) as TNotificationPush);
      }
    }
  })();
  const until = async (pred: (p: TNotificationPush) => boolean, ms = 8000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const hit = pushes.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no push matched in ${ms} ms: ${JSON.stringify(pushes)}`);
  };
  return { res, pushes, until, close: () => ctrl.abort() };
}

let t: TestApp;
/** The second instance: on PostgreSQL its own pool (another process's), on PGlite the same database. */
let other: App;
let otherDb: Database | null = null;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  t = await createTestApp();
  // The demo school's bells (seed/demo-notifications.ts) are left out: each test counts what its sources store.
  await t.database.db.execute(sql`delete from notifications`);
  if (testDbKind() === 'pg') {
    const url = (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on('error', () => {});
    otherDb = fromPool(pool);
  }
  other = await appOn(otherDb ?? t.database);
  baseA = await listen(t.app);
  baseB = await listen(other);
});
afterAll(async () => {
  await other?.close();
  await otherDb?.close();
  await t?.close();
});

describe('the live stream', () => {
  it('sends the count at once, then a push when a notification is stored for the user, and only theirs', async () => {
    const an = await t.userId('hs.an');
    const binh = await t.userId('hs.binh');
    const s = await openStream(baseA, await t.tokenFor('hs.an'));
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = await s.until(() => true);
    // Forms that do not exist: their notices are named from the event alone.
    await t.app.events.emitAndWait('form.decided', { formId: 900_001, status: 'approved', userIds: [binh] });
    await t.app.events.emitAndWait('form.decided', { formId: 900_002, status: 'approved', userIds: [an] });
    const pushed = await s.until((p) => p.unread === first.unread + 1);
    expect(pushed.latest).toMatchObject({ title: 'Đơn của bạn đã được duyệt', link: '/student/forms', readAt: null });
    s.close();
  });

  it('refuses a stream without a session (401), never taking a token from the address', async () => {
    const res = await fetch(`${baseA}/api/v1/notifications/stream?token=${await t.tokenFor('hs.an')}`);
    expect(res.status).toBe(401);
  });

  it.skipIf(testDbKind() !== 'pg')(
    'a notification stored in one instance reaches users connected to the other; a burst for different users reaches each',
    async () => {
      const users = ['gv.van', 'gv.anh', 'gvcn.hoa'];
      const ids = await Promise.all(users.map((u) => t.userId(u)));
      const streams = await Promise.all(users.map(async (u) => openStream(baseB, await t.tokenFor(u))));
      const firsts = await Promise.all(streams.map((s) => s.until(() => true)));
      // Three notices for three users within the relay's coalescing window, stored by instance A.
      await Promise.all(
        ids.map((id, i) => t.app.events.emitAndWait('declaration.changed', { declarationId: 100 + i, status: 'approved', userIds: [id] })),
      );
      for (const [i, s] of streams.entries()) {
        const p = await s.until((x) => x.unread === firsts[i].unread + 1);
        expect(p.latest?.title).toBe('Bản kê khai giảng dạy của bạn đã được duyệt');
      }
      for (const s of streams) s.close();
    },
  );
});

describe('a stream of a signed-out device', () => {
  it('ends within a heartbeat once its session is revoked (signed out here, from another device, or everywhere)', async () => {
    const an = await t.userId('hs.an');
    const session = await insertSession(t.database.db, an, 'Chrome trên Windows');
    const hub = createStreamHub({ db: t.database.db, events: t.app.events, log: t.app.log, options: { heartbeatMs: 50 } });
    const server = createServer((req, res) => hub.attach(an, req, res, 'test', session.id));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const s = await openStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'unused');
      await s.until(() => true);
      await new Promise((r) => setTimeout(r, 200));
      expect(hub.connected(an)).toBe(1);
      await revokeSession(t.database.db, session.id);
      const end = Date.now() + 3000;
      while (hub.connected(an) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
      expect(hub.connected(an)).toBe(0);
      s.close();
    } finally {
      hub.close();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the sweep', () => {
  const depsOf = (db: Database['db'], app: App): DeliverDeps => ({ db, events: app.events, mailer: null, appUrl: '', schoolName: '' });

  it('runs once with two instances at once; a rerun stores nothing twice; survey closing in 2 days and rounds open', async () => {
    const db = t.database.db;
    const today = isoDateInSchool();
    // One open survey ends in two days; the others later (the demo's end on 06/12/2026: from 04/12 all of them would).
    await db.execute(sql`update surveys set end_date = ${today}::date + 30 where status = 'active' and end_date >= ${today}::date`);
    const [s] = await queryRows<{ id: number }>(
      db,
      sql`update surveys set end_date = ${today}::date + 2 where id = (select id from surveys where status = 'active'
          and start_date <= ${today}::date and end_date >= ${today}::date order by id limit 1) returning id`,
    );
    expect(s).toBeDefined();
    const results = await Promise.all([sweepOnce(depsOf(db, t.app)), sweepOnce(depsOf((otherDb ?? t.database).db, other))]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    const firstRun = results.find((r) => r.ran) as { ran: true; value: number };
    expect(firstRun.value).toBeGreaterThan(0);

    const counts = async () =>
      Object.fromEntries(
        (
          await queryRows<{ kind: string; n: number; dup: number }>(
            db,
            sql`select kind, count(*)::int as n, (count(*) - count(distinct (user_id, dedupe_key)))::int as dup from notifications
                where kind in ('survey.opened', 'survey.closing', 'registration.opened') group by kind`,
          )
        ).map((r) => [r.kind, r]),
      );
    const after = await counts();
    expect(after['survey.opened'].n).toBeGreaterThan(0);
    expect(after['survey.closing'].n).toBeGreaterThan(0);
    expect(after['registration.opened'].n).toBeGreaterThan(0);
    const an = await t.userId('hs.an');
    expect((await queryRows(db, sql`select 1 from notifications where user_id = ${an} and kind = 'survey.opened'`)).length).toBeGreaterThan(
      0,
    );
    const closing = await queryRows<{ dedupeKey: string }>(
      db,
      sql`select distinct dedupe_key as "dedupeKey" from notifications where kind = 'survey.closing'`,
    );
    expect(closing).toEqual([{ dedupeKey: `survey.closing:${s.id}` }]);

    const again = await sweepOnce(depsOf(db, t.app));
    expect(again).toEqual({ ran: true, value: 0 });
    expect(await counts()).toEqual(after);
  });
});

describe('e-mail', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: Array<{ to: string[]; raw: string }> = [];
  let mailApp: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    port = (smtp.server.address() as AddressInfo).port;
    mailApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_URL: 'https://truong.example.vn' });
    await mailApp.database.db.execute(sql`delete from notifications`);
  });
  afterAll(async () => {
    await mailApp?.close();
    await new Promise<void>((r) => smtp.close(r));
  });

  /** A header's value with its RFC 2047 encoded words decoded (nodemailer encodes a Vietnamese subject). */
  const header = (raw: string, name: string) => {
    const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
    return line
      .slice(name.length + 1)
      .trim()
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
        enc.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8'),
      );
  };

  it('sends the kinds a user wants by e-mail, to them, with a Vietnamese subject and a link; nothing when off', async () => {
    const call = (who: string, payload: unknown) =>
      mailApp.tokenFor(who).then((token) =>
        mailApp.app.inject({
          method: 'PUT',
          url: '/api/v1/notifications/preferences',
          headers: bearer(token),
          payload: payload as object,
        }),
      );
    const prefs = await mailApp.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/preferences',
      headers: bearer(await mailApp.tokenFor('gv.toan')),
    });
    expect(prefs.json().data.emailAvailable).toBe(true);
    expect((await call('gv.toan', { items: [{ kind: 'declaration.changed', inApp: true, email: true }] })).statusCode).toBe(200);
    expect((await call('gv.van', { items: [{ kind: 'declaration.changed', inApp: true, email: false }] })).statusCode).toBe(200);
    const toan = await mailApp.userId('gv.toan');
    const van = await mailApp.userId('gv.van');
    const [addr] = await queryRows<{ email: string }>(mailApp.database.db, sql`select email from users where id = ${toan}`);

    await mailApp.app.events.emitAndWait('declaration.changed', { declarationId: 5, status: 'returned', userIds: [toan, van] });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([addr.email]);
    expect(header(received[0].raw, 'Subject')).toBe('[Thông báo] Bản kê khai giảng dạy của bạn bị trả lại');
    expect(received[0].raw).toContain('https://truong.example.vn/teacher/teaching-declaration-results');
    expect(received[0].raw).toMatch(/Content-Type: text\/html/i);

    const rows = await queryRows<{ userId: number; emailed: boolean }>(
      mailApp.database.db,
      sql`select user_id as "userId", emailed_at is not null as emailed from notifications where kind = 'declaration.changed' order by user_id`,
    );
    expect(rows).toEqual(
      [
        { userId: toan, emailed: true },
        { userId: van, emailed: false },
      ].sort((a, b) => a.userId - b.userId),
    );
  });

  it('sends again, once, the e-mail a crash left unsent; not one of yesterday, not to who no longer wants it', async () => {
    const db = mailApp.database.db;
    const [toan, van] = [await mailApp.userId('gv.toan'), await mailApp.userId('gv.van')];
    await db.execute(sql`insert into notification_preferences (user_id, kind, in_app, email)
      values (${toan}, 'pay.run.changed', true, true), (${van}, 'pay.run.changed', true, false)
      on conflict (user_id, kind) do update set email = excluded.email`);
    const stored = (user: number, title: string, minutesAgo: number) =>
      queryRows<{ id: number }>(
        db,
        sql`insert into notifications (user_id, kind, title, body, created_at)
            values (${user}, 'pay.run.changed', ${title}, 'Nội dung', now() - make_interval(mins => ${minutesAgo}::int)) returning id`,
      );
    const [lost] = await stored(toan, 'Thư bị mất khi máy chủ dừng', RESEND_AFTER_MINUTES + 5);
    await stored(toan, 'Thư của hôm qua', 26 * 60);
    await stored(toan, 'Thư vừa gửi', 1);
    await stored(van, 'Thư người không muốn nhận', RESEND_AFTER_MINUTES + 5);
    const deps: DeliverDeps = {
      db,
      events: mailApp.app.events,
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'thongbao@truong.example.vn' }),
      appUrl: 'https://truong.example.vn',
      schoolName: 'Trường thử',
    };
    received.length = 0;
    expect(await resendUnsent(deps)).toBe(1);
    expect(received).toHaveLength(1);
    expect(header(received[0].raw, 'Subject')).toBe('[Thông báo] Thư bị mất khi máy chủ dừng');
    const [sent] = await queryRows<{ emailed: boolean }>(
      db,
      sql`select emailed_at is not null as emailed from notifications where id = ${lost.id}`,
    );
    expect(sent.emailed).toBe(true);
    // The next sweep finds nothing left to send.
    expect(await resendUnsent(deps)).toBe(0);
    expect(received).toHaveLength(1);
    deps.mailer?.close();
  });
});
