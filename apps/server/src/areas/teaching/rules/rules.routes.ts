import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOk } from '@app/shared/api';
import { ZRuleSet, ZRuleSetList } from '@app/shared/teaching';
import { ZWorkloadRules } from '@app/shared/workload';
import type { Db } from '@/db/client';
import { ZIdParams } from '@/lib/params';
import { actorOf } from '@/plugins/auth';
import { RULE_SET_READERS, RULE_SET_WRITERS } from './access';
import { createRuleSet, editRuleSet, listRuleSets, removeRuleSet } from './rules.service';

const tags = ['teaching'];

/** The workload rule sets (issue 15 "Workload rules as data"): every version, create, edit, delete. */
export function teachingRuleRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/teaching/rule-sets',
    { config: { roles: RULE_SET_READERS }, schema: { tags, response: { 200: ZOk(ZRuleSetList) } } },
    async () => ({ success: true as const, data: await listRuleSets(db) }),
  );

  r.post(
    '/teaching/rule-sets',
    { config: { roles: RULE_SET_WRITERS }, schema: { tags, body: ZWorkloadRules, response: { 200: ZOk(ZRuleSet) } } },
    async (req) => ({
      success: true as const,
      data: await createRuleSet({ db, actor: actorOf(req), input: req.body }),
      message: 'Đã tạo phiên bản quy định định mức.',
    }),
  );

  r.put(
    '/teaching/rule-sets/:id',
    { config: { roles: RULE_SET_WRITERS }, schema: { tags, params: ZIdParams, body: ZWorkloadRules, response: { 200: ZOk(ZRuleSet) } } },
    async (req) => ({
      success: true as const,
      data: await editRuleSet({ db, actor: actorOf(req), id: req.params.id, input: req.body }),
      message: 'Đã lưu quy định định mức.',
    }),
  );

  r.delete(
    '/teaching/rule-sets/:id',
    { config: { roles: RULE_SET_WRITERS }, schema: { tags, params: ZIdParams, response: { 200: ZOk(z.null()) } } },
    async (req) => {
      await removeRuleSet({ db, actor: actorOf(req), id: req.params.id });
      return { success: true as const, data: null, message: 'Đã xóa phiên bản quy định định mức.' };
    },
  );
}
