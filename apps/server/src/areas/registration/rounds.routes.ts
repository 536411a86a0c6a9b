import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZOk } from '@app/shared/api';
import {
  ZAdminRegistration,
  ZCloseReport,
  ZRegistration,
  ZRound,
  ZRoundDetail,
  ZRoundInput,
  ZRoundStudent,
} from '@app/shared/registration';
import type { Db } from '@/db/client';
import { runExclusive } from '@/lib/jobs';
import { ZIdParams } from '@/lib/params';
import { sendXlsx } from '@/lib/xlsx';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { CLASS_REGISTRATION_READERS, REGISTRATION_READERS, REGISTRATION_WRITERS } from './access';
import { roundExport } from './rounds.export';
import {
  adminAdd,
  adminRemove,
  closeDueRounds,
  closeRound,
  courseClassRegistrations,
  createRound,
  editRound,
  listRounds,
  readRound,
  remindUnmet,
  removeRound,
  reopenRound,
  roundStudentList,
} from './rounds.service';

const tags = ['registration'];
/** POST …/reopen: a new closing moment, required when the round's own has passed. */
export const ZReopenInput = z
  .object({ closesAt: z.iso.datetime({ offset: true, error: 'Thời điểm không hợp lệ.' }).optional() })
  .default({});
export const ZRoundStudentQuery = z.object({
  status: z.enum(['unmet', 'all']).default('all'),
  search: z.string().trim().max(100).optional(),
});
/** How often rounds past their closing moment are closed (also at start, and before an administrator's read). */
export const ROUND_CLOSE_SWEEP_SECONDS = 60;

/** Course registration: rounds for the administrator and the readers (issue 14). */
export function registrationRoundRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;
  startRoundCloser(app, deps);

  r.get(
    '/registration/rounds',
    {
      config: { roles: REGISTRATION_READERS },
      schema: { tags, querystring: z.object({ moduleId: ZIdText.optional() }), response: { 200: ZOk(z.array(ZRound)) } },
    },
    async (req) => ({ success: true as const, data: await listRounds(db, events, req.query.moduleId) }),
  );

  r.post(
    '/registration/rounds',
    { config: { roles: REGISTRATION_WRITERS }, schema: { tags, body: ZRoundInput, response: { 200: ZOk(ZRoundDetail) } } },
    async (req) => ({
      success: true as const,
      data: await createRound({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo đợt đăng ký.',
    }),
  );

  r.get(
    '/registration/rounds/:id',
    { config: { roles: REGISTRATION_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZRoundDetail) } } },
    async (req) => ({ success: true as const, data: await readRound(db, events, req.params.id) }),
  );

  r.put(
    '/registration/rounds/:id',
    {
      config: { roles: REGISTRATION_WRITERS },
      schema: { tags, params: ZIdParams, body: ZRoundInput, response: { 200: ZOk(ZRoundDetail) } },
    },
    async (req) => ({
      success: true as const,
      data: await editRound({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu đợt đăng ký.',
    }),
  );

  r.delete(
    '/registration/rounds/:id',
    { config: { roles: REGISTRATION_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeRound({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa đợt đăng ký.' };
    },
  );

  r.post(
    '/registration/rounds/:id/close',
    { config: { roles: REGISTRATION_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZCloseReport) } } },
    async (req) => {
      const data = await closeRound({ db, events, actor: actorOf(req), id: req.params.id });
      return {
        success: true as const,
        data,
        message: `Đã chốt đợt đăng ký: ${data.enrolled} lượt ghi danh mới, ${data.alreadyEnrolled} đã có từ trước, ${data.waitlistDropped} yêu cầu chờ bị hủy.`,
      };
    },
  );

  r.post(
    '/registration/rounds/:id/reopen',
    {
      config: { roles: REGISTRATION_WRITERS },
      schema: { tags, params: ZIdParams, body: ZReopenInput.nullish(), response: { 200: ZOk(ZRoundDetail) } },
    },
    async (req) => ({
      success: true as const,
      data: await reopenRound({ db, actor: actorOf(req), id: req.params.id, closesAt: req.body?.closesAt }),
      message: 'Đã mở lại đợt đăng ký.',
    }),
  );

  r.get(
    '/registration/rounds/:id/students',
    {
      config: { roles: REGISTRATION_READERS },
      schema: { tags, params: ZIdParams, querystring: ZRoundStudentQuery, response: { 200: ZOk(z.array(ZRoundStudent)) } },
    },
    async (req) => {
      const list = await roundStudentList(db, req.params.id, req.query);
      return { success: true as const, data: list.map(({ userId: _userId, ...s }) => s) };
    },
  );

  r.post(
    '/registration/rounds/:id/remind',
    {
      config: { roles: REGISTRATION_WRITERS },
      schema: { tags, params: ZIdParams, response: { 200: ZOk(z.object({ reminded: z.number().int() })) } },
    },
    async (req) => {
      const data = await remindUnmet({ db, events, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data, message: `Đã gửi nhắc nhở tới ${data.reminded} học sinh.` };
    },
  );

  r.post(
    '/registration/rounds/:id/admin-registrations',
    {
      config: { roles: REGISTRATION_WRITERS },
      schema: { tags, params: ZIdParams, body: ZAdminRegistration, response: { 200: ZOk(ZRegistration) } },
    },
    async (req) => ({
      success: true as const,
      data: await adminAdd({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã thêm học sinh vào lớp.',
    }),
  );

  r.delete(
    '/registration/rounds/:id/admin-registrations',
    {
      config: { roles: REGISTRATION_WRITERS },
      schema: { tags, params: ZIdParams, body: ZAdminRegistration, response: { 200: ZOk(z.null()) } },
    },
    async (req) => {
      await adminRemove({ db, events, actor: actorOf(req), id: req.params.id, input: req.body });
      return { success: true as const, data: null, message: 'Đã gỡ học sinh khỏi lớp.' };
    },
  );

  r.get(
    '/registration/rounds/:id/export',
    {
      config: { roles: REGISTRATION_READERS },
      schema: { tags, params: ZIdParams, querystring: z.object({ kind: z.enum(['class', 'student', 'unmet']).default('class') }) },
    },
    async (req, reply) => {
      const file = await roundExport(db, req.params.id, req.query.kind);
      return sendXlsx(reply, file.filename, file.body);
    },
  );

  r.get(
    '/registration/course-classes/:id/registrations',
    { config: { roles: CLASS_REGISTRATION_READERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZRegistration)) } } },
    async (req) => ({ success: true as const, data: await courseClassRegistrations(db, actorOf(req), req.params.id) }),
  );
}

/**
 * The automatic close: once the app is ready and every ROUND_CLOSE_SWEEP_SECONDS after, rounds past their
 * closing moment are closed by the system, one runner per school (`runExclusive`); stopped on close.
 */
function startRoundCloser(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closing = false;
  const sweep = async () => {
    try {
      const done = await runExclusive(deps.db, 'registration.auto-close', () => closeDueRounds(deps.db, deps.events));
      if (done.ran && done.value) app.log.info({ closed: done.value }, 'registration rounds closed at their closing time');
    } catch (err) {
      app.log.error({ err }, 'closing registration rounds failed: tried again at the next sweep');
    }
  };
  const tick = () => {
    if (closing) return;
    running = sweep().finally(() => {
      running = null;
      if (!closing) timer = setTimeout(tick, ROUND_CLOSE_SWEEP_SECONDS * 1000);
    });
  };
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearTimeout(timer);
    while (running) await running;
  });
}
