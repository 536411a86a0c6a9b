import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOk } from '@app/shared/api';
import {
  LOGO_MAX_BYTES,
  SETTINGS_MSG,
  SETTINGS_SCHEMAS,
  SETTINGS_SECTIONS,
  ZSchoolInfo,
  ZSettingsSave,
  ZSettingsSection,
  ZSettingsSummary,
  ZSettingsView,
  type TSectionValues,
} from '@app/shared/settings';
import { actorOf } from '@/plugins/auth';
import { badRequest } from '@/plugins/errors';
import { SETTINGS_ROLES } from './access';
import {
  logoFile,
  readSettingsView,
  removeLogo,
  saveLogo,
  saveSection,
  schoolInfo,
  settingsSummary,
  type SettingsDeps,
} from './settings.service';

const tags = ['settings'];

export function settingsRoutes(app: FastifyInstance, deps: SettingsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { roles: SETTINGS_ROLES };

  r.get('/settings', { config, schema: { tags, response: { 200: ZOk(ZSettingsView) } } }, async () => ({
    success: true as const,
    data: await readSettingsView(deps),
  }));

  r.get('/settings/summary', { config, schema: { tags, response: { 200: ZOk(ZSettingsSummary) } } }, async (req) => ({
    success: true as const,
    data: await settingsSummary(deps.db, actorOf(req)),
  }));

  // One route per section, each with its own schema (Vietnamese messages at the field).
  for (const section of SETTINGS_SECTIONS) {
    r.put(
      `/settings/${section}`,
      { config, schema: { tags, body: ZSettingsSave(SETTINGS_SCHEMAS[section]), response: { 200: ZOk(ZSettingsSection) } } },
      async (req) => {
        const { version, value } = req.body as { version: number; value: TSectionValues[typeof section] };
        return {
          success: true as const,
          data: await saveSection(deps, actorOf(req), { section, version, value }),
          message: SETTINGS_MSG.saved,
        };
      },
    );
  }

  r.put('/settings/logo', { config, schema: { tags, response: { 200: ZOk(ZSchoolInfo) } } }, async (req) => {
    if (!req.isMultipart()) throw badRequest(SETTINGS_MSG.logoMissing);
    const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
    if (!file) throw badRequest(SETTINGS_MSG.logoMissing);
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch {
      throw badRequest(SETTINGS_MSG.logoSize);
    }
    if (file.file.truncated || data.length > LOGO_MAX_BYTES) throw badRequest(SETTINGS_MSG.logoSize);
    if (!data.length) throw badRequest(SETTINGS_MSG.logoMissing);
    return {
      success: true as const,
      data: await saveLogo(deps, actorOf(req), { fileName: file.filename, data }),
      message: SETTINGS_MSG.logoSaved,
    };
  });

  r.delete('/settings/logo', { config, schema: { tags, response: { 200: ZOk(ZSchoolInfo) } } }, async (req) => ({
    success: true as const,
    data: await removeLogo(deps, actorOf(req)),
    message: SETTINGS_MSG.logoRemoved,
  }));

  // Public: the login page shows the school before anyone signs in.
  r.get('/school', { config: { public: true }, schema: { tags, response: { 200: ZOk(ZSchoolInfo) } } }, async () => ({
    success: true as const,
    data: schoolInfo(deps.store),
  }));

  r.get('/school/logo', { config: { public: true }, schema: { tags } }, async (_req, reply) => {
    const logo = await logoFile(deps.db);
    // The URL carries ?v=<change>: a new logo is a new URL, so this one may be cached.
    return reply
      .type(logo.mimeType)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(logo.data);
  });
}
