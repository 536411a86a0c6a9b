import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdText, ZListQuery, ZOk, ZPage } from '@app/shared/api';
import {
  ZAnalyzeResult,
  ZCode,
  ZCodeInput,
  ZResponseDetailCode,
  ZResponseDetailCodeInput,
  ZResponseDetailCodeUpdate,
  ZSurveyText,
  ZTagSource,
  ZTheme,
  ZThemeCode,
  ZThemeCodeInput,
  ZThemeInput,
  ZThemeSummary,
} from '@app/shared/theme-codes';
import type { Db } from '@/db/client';
import { actorOf } from '@/plugins/auth';
import { listQuery, zBoolFilter, zIdFilter } from '@/lib/list';
import { ZIdParams } from '@/lib/params';
import { analyzeSurvey, codeTagPage, createTag, editTag, getTag, removeTag, summary, surveyTextPage, tagPage } from './analysis.service';
import { TAG_SORTS } from './tags.repository';
import { CODE_SORTS, THEME_SORTS } from './theme-codes.repository';
import {
  assignCode,
  codePage,
  codeThemes,
  createCode,
  createTheme,
  editCode,
  editTheme,
  getCode,
  getTheme,
  removeCode,
  removeTheme,
  themeCodes,
  themePage,
  unassignCode,
} from './theme-codes.service';
import { THEME_READ, THEME_WRITE } from '../access';
import { codeExport, summaryExport, tagExport, themeExport } from './theme-codes.export';

/**
 * Spec section 7 "Theme-codes". The quality-assurance office and the administrator run the analysis
 * and keep the themes and codes; the principal reads the results. Texts are answered only while
 * approved, and never with the student.
 */
const tags = ['theme-codes'];
const BASE = '/theme-codes';

const ZPairParams = z.object({ themeId: ZIdText, codeId: ZIdText });
const ZThemeQuery = listQuery(THEME_SORTS);
const ZCodeQuery = listQuery(CODE_SORTS, { themeId: zIdFilter });
const scope = { surveyId: zIdFilter, moduleId: zIdFilter, teacherId: zIdFilter };
const ZTagQuery = listQuery(TAG_SORTS, { ...scope, codeId: zIdFilter, themeId: zIdFilter, source: ZTagSource.optional() });
const ZSurveyTextQuery = ZListQuery.extend({ codeId: zIdFilter, questionId: zIdFilter, untagged: zBoolFilter });
const ZSummaryQuery = z.object(scope);
const ZRemovedTag = z.object({ id: z.number().int(), responseDetailId: z.number().int(), codeId: z.number().int(), source: ZTagSource });

export function themeCodeRoutes(app: FastifyInstance, deps: { db: Db; results: { minGroupSize: number } }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // An open survey's texts reach readers other than ADMIN in steps of MIN_GROUP_SIZE (core/live-release.repository.ts).
  const reader = (req: FastifyRequest) => ({ actor: actorOf(req), k: deps.results.minGroupSize });
  const ok = <T>(data: T, message?: string) => ({ success: true as const, data, message });

  // ---- Themes ----
  r.get(
    `${BASE}/themes`,
    { config: { roles: THEME_READ }, schema: { tags, querystring: ZThemeQuery, response: { 200: ZOk(ZPage(ZTheme)) } } },
    async (req) => ok(await themePage(db, req.query)),
  );
  r.get(`${BASE}/themes/export`, { config: { roles: THEME_READ }, schema: { tags, querystring: ZThemeQuery } }, async (req, reply) =>
    themeExport(db, req.query, reply),
  );
  r.get(
    `${BASE}/themes/:id`,
    { config: { roles: THEME_READ }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTheme) } } },
    async (req) => ok(await getTheme(db, req.params.id)),
  );
  r.post(
    `${BASE}/themes`,
    { config: { roles: THEME_WRITE }, schema: { tags, body: ZThemeInput, response: { 200: ZOk(ZTheme) } } },
    async (req) => ok(await createTheme({ db, actor: actorOf(req), input: req.body }), 'Đã tạo chủ đề.'),
  );
  r.put(
    `${BASE}/themes/:id`,
    { config: { roles: THEME_WRITE }, schema: { tags, params: ZIdParams, body: ZThemeInput, response: { 200: ZOk(ZTheme) } } },
    async (req) => ok(await editTheme({ db, actor: actorOf(req), id: req.params.id, input: req.body }), 'Đã cập nhật chủ đề.'),
  );
  r.delete(
    `${BASE}/themes/:id`,
    { config: { roles: THEME_WRITE }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZTheme) } } },
    async (req) => ok(await removeTheme({ db, actor: actorOf(req), id: req.params.id }), 'Đã xóa chủ đề.'),
  );
  r.get(
    `${BASE}/themes/:id/codes`,
    { config: { roles: THEME_READ }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZCode)) } } },
    async (req) => ok(await themeCodes(db, req.params.id)),
  );
  r.delete(
    `${BASE}/themes/:themeId/codes/:codeId`,
    {
      config: { roles: THEME_WRITE },
      schema: { tags, params: ZPairParams, response: { 200: ZOk(ZThemeCode) } },
    },
    async (req) => ok(await unassignCode({ db, actor: actorOf(req), ...req.params }), 'Đã gỡ mã khỏi chủ đề.'),
  );

  // ---- Codes ----
  r.get(
    `${BASE}/codes`,
    { config: { roles: THEME_READ }, schema: { tags, querystring: ZCodeQuery, response: { 200: ZOk(ZPage(ZCode)) } } },
    async (req) => ok(await codePage(db, req.query)),
  );
  r.get(`${BASE}/codes/export`, { config: { roles: THEME_READ }, schema: { tags, querystring: ZCodeQuery } }, async (req, reply) =>
    codeExport(db, req.query, reply),
  );
  r.get(
    `${BASE}/codes/:id`,
    { config: { roles: THEME_READ }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZCode) } } },
    async (req) => ok(await getCode(db, req.params.id)),
  );
  r.post(
    `${BASE}/codes`,
    { config: { roles: THEME_WRITE }, schema: { tags, body: ZCodeInput, response: { 200: ZOk(ZCode) } } },
    async (req) => ok(await createCode({ db, actor: actorOf(req), input: req.body }), 'Đã tạo mã.'),
  );
  r.put(
    `${BASE}/codes/:id`,
    { config: { roles: THEME_WRITE }, schema: { tags, params: ZIdParams, body: ZCodeInput, response: { 200: ZOk(ZCode) } } },
    async (req) => ok(await editCode({ db, actor: actorOf(req), id: req.params.id, input: req.body }), 'Đã cập nhật mã.'),
  );
  r.delete(
    `${BASE}/codes/:id`,
    { config: { roles: THEME_WRITE }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZCode) } } },
    async (req) => ok(await removeCode({ db, actor: actorOf(req), id: req.params.id }), 'Đã xóa mã.'),
  );
  r.get(
    `${BASE}/codes/:id/themes`,
    { config: { roles: THEME_READ }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.array(ZTheme)) } } },
    async (req) => ok(await codeThemes(db, req.params.id)),
  );
  r.get(
    `${BASE}/codes/:id/response-details`,
    {
      config: { roles: THEME_READ },
      schema: { tags, params: ZIdParams, querystring: ZTagQuery, response: { 200: ZOk(ZPage(ZResponseDetailCode)) } },
    },
    async (req) => ok(await codeTagPage(db, reader(req), req.params.id, req.query)),
  );

  // ---- Assignments ----
  r.post(
    `${BASE}/theme-codes`,
    { config: { roles: THEME_WRITE }, schema: { tags, body: ZThemeCodeInput, response: { 200: ZOk(ZThemeCode) } } },
    async (req) => ok(await assignCode({ db, actor: actorOf(req), ...req.body }), 'Đã gắn mã vào chủ đề.'),
  );

  // ---- Tagged texts ("response details") ----
  r.get(
    `${BASE}/response-details`,
    {
      config: { roles: THEME_READ },
      schema: { tags, querystring: ZTagQuery, response: { 200: ZOk(ZPage(ZResponseDetailCode)) } },
    },
    async (req) => ok(await tagPage(db, reader(req), req.query)),
  );
  r.get(
    `${BASE}/response-details/export`,
    { config: { roles: THEME_READ }, schema: { tags, querystring: ZTagQuery } },
    async (req, reply) => tagExport(db, reader(req), req.query, reply),
  );
  r.get(
    `${BASE}/response-details/:id`,
    { config: { roles: THEME_READ }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZResponseDetailCode) } } },
    async (req) => ok(await getTag(db, reader(req), req.params.id)),
  );
  r.post(
    `${BASE}/response-details`,
    {
      config: { roles: THEME_WRITE },
      schema: { tags, body: ZResponseDetailCodeInput, response: { 200: ZOk(ZResponseDetailCode) } },
    },
    async (req) => ok(await createTag({ db, actor: actorOf(req), input: req.body }), 'Đã gắn mã cho câu trả lời.'),
  );
  r.put(
    `${BASE}/response-details/:id`,
    {
      config: { roles: THEME_WRITE },
      schema: { tags, params: ZIdParams, body: ZResponseDetailCodeUpdate, response: { 200: ZOk(ZResponseDetailCode) } },
    },
    async (req) => ok(await editTag({ db, actor: actorOf(req), id: req.params.id, input: req.body }), 'Đã đổi mã của câu trả lời.'),
  );
  r.delete(
    `${BASE}/response-details/:id`,
    { config: { roles: THEME_WRITE }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZRemovedTag) } } },
    async (req) => ok(await removeTag({ db, actor: actorOf(req), id: req.params.id }), 'Đã bỏ mã khỏi câu trả lời.'),
  );
  r.get(
    `${BASE}/survey/:id/response-details`,
    {
      config: { roles: THEME_READ },
      schema: { tags, params: ZIdParams, querystring: ZSurveyTextQuery, response: { 200: ZOk(ZPage(ZSurveyText)) } },
    },
    async (req) => ok(await surveyTextPage(db, reader(req), req.params.id, req.query)),
  );

  // ---- Analysis and counts ----
  r.post(
    `${BASE}/analyze-survey/:id`,
    { config: { roles: THEME_WRITE }, schema: { tags, params: ZIdParams, response: { 200: ZOk(ZAnalyzeResult) } } },
    async (req) => {
      const result = await analyzeSurvey({ db, actor: actorOf(req), surveyId: req.params.id, k: deps.results.minGroupSize });
      return ok(result, `Đã phân tích ${result.totalTexts} câu trả lời đã duyệt; ${result.taggedTexts} câu được gắn mã.`);
    },
  );
  r.get(
    `${BASE}/summary`,
    { config: { roles: THEME_READ }, schema: { tags, querystring: ZSummaryQuery, response: { 200: ZOk(ZThemeSummary) } } },
    async (req) => ok(await summary(db, reader(req), req.query)),
  );
  r.get(`${BASE}/summary/export`, { config: { roles: THEME_READ }, schema: { tags, querystring: ZSummaryQuery } }, async (req, reply) =>
    summaryExport(db, reader(req), req.query, reply),
  );
}
