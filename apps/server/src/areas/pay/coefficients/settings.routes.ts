import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZPaySettingsInput, ZPaySettingsList, ZPaySettingsVersion } from '@app/shared/pay';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { PAY_MANAGERS, PAY_READERS } from '../access';
import { createPaySettings, editPaySettings, listPaySettings, removePaySettings } from './settings.service';

const tags = ['pay'];

/** The school-wide pay settings (issue 16 "Coefficients"): every version, create, edit, delete. */
export function paySettingsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('/pay/settings', { config: { roles: PAY_READERS }, schema: { tags, response: { 200: ZOk(ZPaySettingsList) } } }, async () => ({
    success: true as const,
    data: await listPaySettings(db),
  }));

  r.post(
    '/pay/settings',
    { config: { roles: PAY_MANAGERS }, schema: { tags, body: ZPaySettingsInput, response: { 200: ZOk(ZPaySettingsVersion) } } },
    async (req) => ({
      success: true as const,
      data: await createPaySettings({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo phiên bản cấu hình lương.',
    }),
  );

  r.put(
    '/pay/settings/:id',
    {
      config: { roles: PAY_MANAGERS },
      schema: { tags, params: ZIdParams, body: ZPaySettingsInput, response: { 200: ZOk(ZPaySettingsVersion) } },
    },
    async (req) => ({
      success: true as const,
      data: await editPaySettings({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu cấu hình lương.',
    }),
  );

  r.delete(
    '/pay/settings/:id',
    { config: { roles: PAY_MANAGERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removePaySettings({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa phiên bản cấu hình lương.' };
    },
  );
}
