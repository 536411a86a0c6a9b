import { sql, type SQL } from 'drizzle-orm';
import type { TResponseDetailCode, TSurveyText, TTagSource, TThemeCount } from '@app/shared/theme-codes';
import { NO_THEME_LABEL } from '@app/shared/theme-codes';
import { htmlToPlainText } from '@app/shared/surveys';
import { queryRows, type DbOrTx } from '@/db/client';
import { responseDetailCodes } from '@/db/schema/survey-responses';
import { foldSql, searchWhere } from '@/db/sql';
import { approvedTextOnly } from '../core/approved-text.repository';
import { keyedOrderSql } from '../core/order-key.repository';
import { heldBack } from '../core/live-release.repository';

/**
 * The text side: approved free-text answers, their code tags (`response_detail_codes`) and the
 * counts. A text is the answer of a short/long text question or the "Khác" text of a choice
 * question; it is analysed and shown only while its review is `approved`. No query here selects
 * the student, and no list follows the order the texts came in: where the ids would (the survey's
 * texts, ties between tags made by one analysis run) the order is a keyed hash of the id (`orderKey`,
 * core/order-key.repository.ts).
 */

export const TEXT = sql`(case when q.question_type in ('short_text', 'long_text') then rd.answer_text else rd.other_value end)`;
const KIND = sql`(case when q.question_type in ('short_text', 'long_text') then 'answer' else 'other' end)`;

/**
 * Every approved text: `rd`, `q`, `sr` (response), `s` (survey) and `cc` (course class) are in scope.
 * `step` > 1 (readers other than ADMIN): an open survey's texts only in steps of k (core/live-release.repository.ts).
 */
const approvedTexts = (step = 1) => sql`response_details rd
  join survey_questions q on q.id = rd.question_id and ${approvedTextOnly(sql`rd.id`)}
  join survey_responses sr on sr.id = rd.response_id${step > 1 ? sql` and not ${heldBack(sql`sr.id`, step)}` : sql``}
  join surveys s on s.id = sr.survey_id
  left join course_classes cc on cc.id = sr.course_class_id`;
const NON_EMPTY = sql`coalesce(btrim(${TEXT}), '') <> ''`;
/** Search over the texts: composed first, since some Vietnamese keyboards type the marks separately. */
const textSearch = (search?: string) => searchWhere(foldSql(sql`normalize(${TEXT}, NFC)`), search);

const CONTEXT_COLUMNS = sql`rd.id as "responseDetailId", ${TEXT} as text, ${KIND} as kind, q.id as "questionId", q.content as "questionContent",
  s.id as "surveyId", s.title as "surveyTitle", cc.name as "courseClassName",
  coalesce((select json_agg(t.full_name order by t.sort_key, t.id) from teachers t where t.id = any(sr.teacher_ids)), '[]'::json) as "teacherNames"`;

/** Which texts: one survey, a module's surveys, the responses about a teacher (the snapshot on the response). */
export interface TextScope {
  surveyId?: number;
  moduleId?: number;
  teacherId?: number;
}

function scopeWhere(s: TextScope): SQL[] {
  const out: SQL[] = [];
  if (s.surveyId) out.push(sql`sr.survey_id = ${s.surveyId}`);
  if (s.moduleId) out.push(sql`s.module_id = ${s.moduleId}`);
  if (s.teacherId) out.push(sql`${s.teacherId} = any(sr.teacher_ids)`);
  return out;
}

const and = (parts: Array<SQL | undefined>) => {
  const p = parts.filter((x): x is SQL => Boolean(x));
  return p.length ? sql.join(p, sql` and `) : sql`true`;
};

interface ContextRow {
  responseDetailId: number;
  text: string;
  kind: 'answer' | 'other';
  questionId: number;
  questionContent: string;
  surveyId: number;
  surveyTitle: string;
  courseClassName: string | null;
  teacherNames: string[] | null;
}
const context = (r: ContextRow) => ({
  responseDetailId: Number(r.responseDetailId),
  text: r.text,
  kind: r.kind,
  questionId: Number(r.questionId),
  questionContent: htmlToPlainText(r.questionContent),
  surveyId: Number(r.surveyId),
  surveyTitle: r.surveyTitle,
  courseClassName: r.courseClassName,
  teacherNames: r.teacherNames ?? [],
});

// ---- Texts of one survey (analysis input, and the list with their codes) ----

/** The survey's id and title (the analysis names it); null when there is none. */
export async function surveyTitleOf(db: DbOrTx, id: number): Promise<{ id: number; title: string } | null> {
  const [row] = await queryRows<{ id: number; title: string }>(db, sql`select id, title from surveys where id = ${id}`);
  return row ? { id: Number(row.id), title: row.title } : null;
}

/** One analysis of a survey at a time: a transaction-scoped advisory lock. */
export async function lockSurveyAnalysis(tx: DbOrTx, surveyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`analyze-survey:${surveyId}`}))`);
}

/** The texts the analysis tags: released ones only (`step` = k), so no count of tags moves by one held-back text. */
export async function approvedTextsOfSurvey(db: DbOrTx, surveyId: number, step: number): Promise<Array<{ id: number; text: string }>> {
  const rows = await queryRows<{ id: number; text: string }>(
    db,
    sql`select rd.id, ${TEXT} as text from ${approvedTexts(step)} where sr.survey_id = ${surveyId} and ${NON_EMPTY} order by rd.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), text: r.text }));
}

export interface SurveyTextFilters {
  search?: string;
  codeId?: number;
  untagged?: boolean;
  questionId?: number;
  /** The release step: MIN_GROUP_SIZE for readers other than ADMIN, else 1. */
  step?: number;
}

export async function surveyTexts(
  db: DbOrTx,
  surveyId: number,
  f: SurveyTextFilters & { limit: number; offset: number; orderKey: string },
) {
  const where = and([
    sql`sr.survey_id = ${surveyId}`,
    NON_EMPTY,
    textSearch(f.search),
    f.questionId ? sql`q.id = ${f.questionId}` : undefined,
    f.codeId
      ? sql`exists (select 1 from response_detail_codes x where x.response_detail_id = rd.id and x.code_id = ${f.codeId})`
      : undefined,
    f.untagged ? sql`not exists (select 1 from response_detail_codes x where x.response_detail_id = rd.id)` : undefined,
  ]);
  const rows = await queryRows<
    ContextRow & { tags: Array<{ id: number; codeId: number; codeName: string; source: TTagSource }>; total: number }
  >(
    db,
    sql`select ${CONTEXT_COLUMNS},
          coalesce((select json_agg(json_build_object('id', x.id, 'codeId', x.code_id, 'codeName', c.name, 'source', x.source) order by c.name, x.id)
                    from response_detail_codes x join codes c on c.id = x.code_id where x.response_detail_id = rd.id), '[]'::json) as tags,
          cast(count(*) over () as integer) as total
        from ${approvedTexts(f.step)} where ${where}
        order by ${keyedOrderSql(f.orderKey, sql`rd.id`)} limit ${f.limit} offset ${f.offset}`,
  );
  const items: TSurveyText[] = rows.map((r) => ({ ...context(r), tags: r.tags ?? [] }));
  return { items, total: Number(rows[0]?.total ?? 0) };
}

/** The text behind a detail id, and whether it may be tagged (a free text, approved). */
export async function taggableText(db: DbOrTx, detailId: number) {
  const [row] = await queryRows<{ id: number; hasText: boolean; status: string | null }>(
    db,
    sql`select rd.id, ${NON_EMPTY} as "hasText", rr.status
        from response_details rd join survey_questions q on q.id = rd.question_id
        left join response_reviews rr on rr.response_detail_id = rd.id
        where rd.id = ${detailId}`,
  );
  return row ? { id: Number(row.id), hasText: Boolean(row.hasText) && row.status !== null, approved: row.status === 'approved' } : null;
}

// ---- Tags ----

export interface TagFilters extends TextScope {
  codeId?: number;
  themeId?: number;
  source?: TTagSource;
  search?: string;
  /** The release step: MIN_GROUP_SIZE for readers other than ADMIN, else 1. */
  step?: number;
}

export const TAG_SORTS = ['createdAt', 'codeName', 'surveyTitle'] as const;
export type TagSort = (typeof TAG_SORTS)[number];
const TAG_SORT_SQL: Record<TagSort, SQL> = {
  createdAt: sql`rdc.created_at`,
  codeName: sql`lower(c.name)`,
  surveyTitle: sql`lower(s.title)`,
};

function tagWhere(f: TagFilters & { id?: number }): SQL {
  return and([
    ...scopeWhere(f),
    NON_EMPTY,
    f.id ? sql`rdc.id = ${f.id}` : undefined,
    f.codeId ? sql`rdc.code_id = ${f.codeId}` : undefined,
    f.themeId ? sql`exists (select 1 from theme_codes tc where tc.code_id = rdc.code_id and tc.theme_id = ${f.themeId})` : undefined,
    f.source ? sql`rdc.source = ${f.source}` : undefined,
    textSearch(f.search),
  ]);
}

/**
 * Tagged approved texts, newest tags first unless sorted, ties in the keyed order (an analysis run
 * tags a survey's texts in id order); a tag on a text that is no longer approved is not listed.
 */
export async function listTags(
  db: DbOrTx,
  f: TagFilters & { id?: number; sort?: TagSort; order?: 'asc' | 'desc'; limit: number; offset: number; orderKey: string },
) {
  const dir = f.order === 'desc' ? sql`desc` : sql`asc`;
  const ties = keyedOrderSql(f.orderKey, sql`rdc.id`);
  const order = f.sort ? sql`${TAG_SORT_SQL[f.sort]} ${dir}, ${ties}` : sql`rdc.created_at desc, ${ties}`;
  const rows = await queryRows<
    ContextRow & {
      id: number;
      codeId: number;
      codeName: string;
      source: TTagSource;
      matchedKeyword: string | null;
      createdAt: string | Date;
      total: number;
    }
  >(
    db,
    sql`select rdc.id, rdc.code_id as "codeId", c.name as "codeName", rdc.source, rdc.matched_keyword as "matchedKeyword",
          rdc.created_at as "createdAt", ${CONTEXT_COLUMNS}, cast(count(*) over () as integer) as total
        from response_detail_codes rdc
        join codes c on c.id = rdc.code_id
        join ${approvedTexts(f.step)} on rd.id = rdc.response_detail_id
        where ${tagWhere(f)}
        order by ${order} limit ${f.limit} offset ${f.offset}`,
  );
  const items: TResponseDetailCode[] = rows.map((r) => ({
    id: Number(r.id),
    codeId: Number(r.codeId),
    codeName: r.codeName,
    source: r.source,
    matchedKeyword: r.matchedKeyword,
    ...context(r),
    createdAt: new Date(r.createdAt).toISOString(),
  }));
  return { items, total: Number(rows[0]?.total ?? 0) };
}

export async function findTag(db: DbOrTx, id: number, step = 1): Promise<TResponseDetailCode | null> {
  return (await listTags(db, { id, step, limit: 1, offset: 0, orderKey: '' })).items[0] ?? null;
}

export interface TagRow {
  id: number;
  responseDetailId: number;
  codeId: number;
  source: TTagSource;
  matchedKeyword: string | null;
}
const TAG_ROW = sql`id, response_detail_id as "responseDetailId", code_id as "codeId", source, matched_keyword as "matchedKeyword"`;
const tagRow = (r: TagRow): TagRow => ({ ...r, id: Number(r.id), responseDetailId: Number(r.responseDetailId), codeId: Number(r.codeId) });

/** The bare tag, locked for an update or delete and its audit "before" (never the text). */
export async function lockTag(db: DbOrTx, id: number): Promise<TagRow | null> {
  const [row] = await queryRows<TagRow>(db, sql`select ${TAG_ROW} from ${responseDetailCodes} where id = ${id} for update`);
  return row ? tagRow(row) : null;
}

export async function lockTagOf(db: DbOrTx, detailId: number, codeId: number): Promise<TagRow | null> {
  const [row] = await queryRows<TagRow>(
    db,
    sql`select ${TAG_ROW} from ${responseDetailCodes} where response_detail_id = ${detailId} and code_id = ${codeId} for update`,
  );
  return row ? tagRow(row) : null;
}

export async function insertManualTag(db: DbOrTx, v: { responseDetailId: number; codeId: number; userId: number | null }): Promise<TagRow> {
  const [row] = await queryRows<TagRow>(
    db,
    sql`insert into ${responseDetailCodes} (response_detail_id, code_id, source, created_by)
        values (${v.responseDetailId}, ${v.codeId}, 'manual', ${v.userId}) returning ${TAG_ROW}`,
  );
  return tagRow(row);
}

/** A person's edit makes the tag theirs: manual, no keyword. */
export async function setTagManual(db: DbOrTx, id: number, v: { codeId: number; userId: number | null }): Promise<TagRow> {
  const [row] = await queryRows<TagRow>(
    db,
    sql`update ${responseDetailCodes} set code_id = ${v.codeId}, source = 'manual', matched_keyword = null, created_by = ${v.userId}, updated_at = now()
        where id = ${id} returning ${TAG_ROW}`,
  );
  return tagRow(row);
}

export async function deleteTag(db: DbOrTx, id: number) {
  await queryRows(db, sql`delete from ${responseDetailCodes} where id = ${id}`);
}

/**
 * analyze-survey's write, set-based: the survey's `auto` tags become exactly `rows` (approved texts
 * only). Auto tags no longer matched go, new ones come, kept ones get the keyword that matched now;
 * a `manual` tag on the same text and code wins and is left alone. All CTEs see one snapshot, and
 * the delete and the insert touch different rows.
 */
export async function replaceAutoTags(db: DbOrTx, surveyId: number, rows: Array<{ d: number; c: number; k: string }>) {
  const [r] = await queryRows<{ removed: number; added: number }>(
    db,
    sql`with wanted as (select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(d int, c int, k text)),
        fresh as (select count(*) as n from wanted w
                  where not exists (select 1 from response_detail_codes r where r.response_detail_id = w.d and r.code_id = w.c)),
        del as (delete from response_detail_codes rdc using response_details rd, survey_responses sr
                where rdc.response_detail_id = rd.id and rd.response_id = sr.id and sr.survey_id = ${surveyId} and rdc.source = 'auto'
                  -- NOT IN over a subquery is planned as a hashed subplan: linear, where NOT EXISTS against the
                  -- function scan (no statistics) was planned as a nested loop, quadratic in the survey's tags.
                  and (rdc.response_detail_id, rdc.code_id) not in (select d, c from wanted)
                returning 1),
        ins as (insert into ${responseDetailCodes} (response_detail_id, code_id, source, matched_keyword)
                select d, c, 'auto', k from wanted
                on conflict (response_detail_id, code_id) do update set matched_keyword = excluded.matched_keyword, updated_at = now()
                where response_detail_codes.source = 'auto' and response_detail_codes.matched_keyword is distinct from excluded.matched_keyword
                returning 1)
        select cast((select count(*) from del) as integer) as removed, cast((select n from fresh) as integer) as added`,
  );
  return { removed: Number(r.removed), added: Number(r.added) };
}

/** Tags on the survey's approved texts, by source. */
export async function tagSourceCounts(db: DbOrTx, surveyId: number, step = 1): Promise<Record<TTagSource, number>> {
  const rows = await queryRows<{ source: TTagSource; n: number }>(
    db,
    sql`select rdc.source, cast(count(*) as integer) as n from response_detail_codes rdc join ${approvedTexts(step)} on rd.id = rdc.response_detail_id
        where sr.survey_id = ${surveyId} and ${NON_EMPTY} group by rdc.source`,
  );
  const out: Record<TTagSource, number> = { manual: 0, auto: 0 };
  for (const r of rows) out[r.source] = Number(r.n);
  return out;
}

// ---- Counts per theme and code ----

export const EXAMPLES_PER_CODE = 3;

/**
 * Approved texts in scope, tagged texts, and per theme and code the number of texts (each text once
 * per theme even when several of its codes match), with a few examples per code. Every theme and
 * code is listed, also with 0, so a page compares like with like; codes of no theme are grouped last.
 */
export async function themeSummary(db: DbOrTx, scope: TextScope, step = 1) {
  // One statement: the texts in scope are read once (materialized) for the counts, totals and examples.
  const rows = await queryRows<{
    kind: 'group' | 'example' | 'totals';
    themeId: number | null;
    themeName: string | null;
    codeId: number | null;
    codeName: string | null;
    level: number;
    n: number;
    m: number;
    text: string | null;
  }>(
    db,
    sql`with texts as materialized (select rd.id, ${TEXT} as text from ${approvedTexts(step)} where ${and([...scopeWhere(scope), NON_EMPTY])}),
        tagged as materialized (select distinct rdc.code_id, rdc.response_detail_id from response_detail_codes rdc join texts t on t.id = rdc.response_detail_id),
        pairs as (
          select th.id as theme_id, th.name as theme_name, c.id as code_id, c.name as code_name
          from codes c left join theme_codes tc on tc.code_id = c.id left join themes th on th.id = tc.theme_id
          union all
          select th.id, th.name, null, null from themes th where not exists (select 1 from theme_codes tc where tc.theme_id = th.id))
        select 'group' as kind, p.theme_id as "themeId", p.theme_name as "themeName", p.code_id as "codeId", p.code_name as "codeName",
          cast(grouping(p.code_id, p.code_name) as integer) as level, cast(count(distinct tg.response_detail_id) as integer) as n,
          0 as m, null::text as text
        from pairs p left join tagged tg on tg.code_id = p.code_id
        group by grouping sets ((p.theme_id, p.theme_name, p.code_id, p.code_name), (p.theme_id, p.theme_name))
        union all
        select 'example', null, null, x.code_id, null, 0, cast(x.rn as integer), 0, x.text from (
          select tg.code_id, t.text, row_number() over (partition by tg.code_id order by t.id desc) as rn
          from tagged tg join texts t on t.id = tg.response_detail_id) x
        where x.rn <= ${EXAMPLES_PER_CODE}
        union all
        select 'totals', null, null, null, null, 0, cast((select count(*) from texts) as integer),
          cast((select count(distinct response_detail_id) from tagged) as integer), null`,
  );
  const totals = rows.find((r) => r.kind === 'totals');
  const exampleOf = new Map<number, string[]>();
  for (const e of rows.filter((r) => r.kind === 'example').sort((a, b) => Number(a.n) - Number(b.n))) {
    exampleOf.set(Number(e.codeId), [...(exampleOf.get(Number(e.codeId)) ?? []), e.text!]);
  }

  const byTheme = new Map<string, TThemeCount>();
  const key = (id: number | null) => (id === null ? 'none' : String(id));
  for (const r of rows.filter((x) => x.kind === 'group')) {
    const themeId = r.themeId === null ? null : Number(r.themeId);
    if (!byTheme.has(key(themeId))) byTheme.set(key(themeId), { themeId, themeName: r.themeName ?? NO_THEME_LABEL, count: 0, codes: [] });
    const theme = byTheme.get(key(themeId))!;
    if (Number(r.level) !== 0) theme.count = Number(r.n);
    else if (r.codeId !== null) {
      theme.codes.push({
        codeId: Number(r.codeId),
        codeName: r.codeName!,
        count: Number(r.n),
        examples: exampleOf.get(Number(r.codeId)) ?? [],
      });
    }
  }
  const byCount =
    <T extends { count: number }>(name: (x: T) => string) =>
    (a: T, b: T) =>
      b.count - a.count || name(a).localeCompare(name(b), 'vi');
  const themes = [...byTheme.values()]
    .map((t) => ({ ...t, codes: t.codes.sort(byCount((c) => c.codeName)) }))
    // "No theme" only when it has codes; it goes last.
    .filter((t) => t.themeId !== null || t.codes.length > 0)
    .sort((a, b) => (a.themeId === null ? 1 : b.themeId === null ? -1 : byCount<TThemeCount>((t) => t.themeName)(a, b)));
  return { totalTexts: Number(totals?.n ?? 0), taggedTexts: Number(totals?.m ?? 0), themes };
}
