import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZActionResult, ZDropInput, ZMyRegistration, ZRegisterInput, ZSeat, ZSwapInput } from '@app/shared/registration';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import type { EventBus } from '@/plugins/events';
import { REGISTRATION_STUDENTS, SEAT_READERS } from './access';
import { drop, myRegistration, register, roundSeats, swap } from './me.service';

const tags = ['registration'];

/** Course registration: the student's own registration (GET /registration/me, register, drop, swap) and the live seats. */
export function registrationMeRoutes(app: FastifyInstance, deps: { db: Db; events: EventBus }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, events } = deps;

  r.get(
    '/registration/me',
    { config: { roles: REGISTRATION_STUDENTS, cachedCaller: true }, schema: { tags, response: { 200: ZOk(ZMyRegistration) } } },
    async (req) => ({ success: true as const, data: await myRegistration(db, actorOf(req)) }),
  );

  r.get(
    '/registration/rounds/:id/seats',
    { config: { roles: SEAT_READERS, cachedCaller: true }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZSeat)) } } },
    async (req) => ({ success: true as const, data: await roundSeats(db, actorOf(req), req.params.id) }),
  );

  r.post(
    '/registration/me/rounds/:id/register',
    {
      config: { roles: REGISTRATION_STUDENTS, cachedCaller: true },
      schema: { tags, params: ZIdParams, body: ZRegisterInput, response: { 200: ZOk(ZActionResult) } },
    },
    async (req) => ({ success: true as const, data: await register(db, events, actorOf(req), req.params.id, req.body) }),
  );

  r.post(
    '/registration/me/rounds/:id/drop',
    {
      config: { roles: REGISTRATION_STUDENTS, cachedCaller: true },
      schema: { tags, params: ZIdParams, body: ZDropInput, response: { 200: ZOk(ZActionResult) } },
    },
    async (req) => ({ success: true as const, data: await drop(db, events, actorOf(req), req.params.id, req.body) }),
  );

  r.post(
    '/registration/me/rounds/:id/swap',
    {
      config: { roles: REGISTRATION_STUDENTS, cachedCaller: true },
      schema: { tags, params: ZIdParams, body: ZSwapInput, response: { 200: ZOk(ZActionResult) } },
    },
    async (req) => ({ success: true as const, data: await swap(db, events, actorOf(req), req.params.id, req.body) }),
  );
}
