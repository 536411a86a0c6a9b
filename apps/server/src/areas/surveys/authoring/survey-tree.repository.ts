import { eq, inArray, sql } from 'drizzle-orm';
import { htmlToPlainText, normalizeOptions, QUESTION_TYPE_LABELS, type TSurveyInput } from '@app/shared/surveys';
import type { Tx } from '@/db/client';
import { responseDetails } from '@/db/schema/survey-responses';
import { gridColumns, gridGroups, surveyQuestions, surveySections, surveys } from '@/db/schema/surveys';
import { searchText } from '@/lib/list';
import { badRequest, conflict } from '@/plugins/errors';
import { sanitizeRich } from '@/lib/sanitize';
import { surveyParts, type SurveyParts } from '../core/surveys.repository';
import { answeredParts } from './surveys.repository';

/**
 * Writes a whole survey (ZSurveyInput) in the caller's transaction: the survey row, then its
 * sections, grid groups, columns and questions. Parts that carry the id of a part of this survey are
 * updated in place (so answers keep pointing at them); parts without an id are inserted; parts left
 * out are deleted. What answers pin down (answered questions, chosen options and grid columns) may be
 * reworded and reordered but not removed or retyped: 409 naming the question.
 */
export type SurveyValues = Omit<typeof surveys.$inferInsert, 'id' | 'createdAt'>;

export function surveyValues(input: TSurveyInput): SurveyValues {
  return {
    title: input.title,
    description: sanitizeRich(input.description),
    coverImageUrl: input.coverImageUrl,
    surveyType: input.surveyType,
    status: input.status,
    startDate: input.startDate,
    endDate: input.endDate,
    allowedGrades: [...input.allowedGrades].sort(),
    moduleId: input.moduleId,
    subjectId: input.subjectId,
    isTemplate: input.isTemplate,
    autoCalculate: input.autoCalculate,
    searchText: searchText(input.title),
    updatedAt: new Date(),
  };
}

const short = (html: string) => {
  const t = htmlToPlainText(html);
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
};

export async function insertSurveyRow(tx: Tx, values: SurveyValues & { templateId?: number | null; createdBy?: number | null }) {
  const [row] = await tx.insert(surveys).values(values).returning();
  return row;
}

/** Replaces the sections/questions of survey `surveyId` with `input.sections` (see above). */
export async function writeSurveyTree(tx: Tx, surveyId: number, sectionsIn: TSurveyInput['sections'], opts: { sanitized?: boolean } = {}) {
  const old: SurveyParts = await surveyParts(tx, surveyId);
  const answered = await answeredParts(tx, surveyId);
  const oldSections = new Map(old.sections.map((s) => [s.id, s]));
  const oldQuestions = new Map(old.questions.map((q) => [q.id, q]));
  const oldGroups = new Map(old.groups.map((g) => [g.id, g]));
  const oldColumns = new Map(old.columns.map((c) => [c.id, c]));
  const clean = (h: string) => (opts.sanitized ? h : sanitizeRich(h));

  // Ids must name parts of this survey; each at most once.
  const seen = new Set<string>();
  const once = (kind: string, id: number) => {
    if (seen.has(`${kind}${id}`)) throw badRequest('Một phần của khảo sát xuất hiện hai lần trong dữ liệu gửi lên.');
    seen.add(`${kind}${id}`);
  };
  for (const s of sectionsIn) {
    if (s.id !== undefined) {
      if (!oldSections.has(s.id)) throw badRequest(`Phần "${s.title}" không thuộc khảo sát này.`);
      once('s', s.id);
    }
    for (const q of s.questions) {
      if (q.id === undefined) continue;
      if (!oldQuestions.has(q.id)) throw badRequest(`Câu hỏi "${short(q.content)}" không thuộc khảo sát này.`);
      once('q', q.id);
    }
  }

  // What answers pin down: answered questions stay, keep their type, keep the chosen options and columns.
  const keptQuestionIds = new Set(sectionsIn.flatMap((s) => s.questions.flatMap((q) => (q.id === undefined ? [] : [q.id]))));
  for (const qid of answered.questions) {
    const before = oldQuestions.get(qid);
    if (!before) continue;
    if (!keptQuestionIds.has(qid))
      throw conflict(`Không thể xóa câu hỏi "${short(before.content)}" vì đã có học sinh trả lời; chỉ có thể sửa nội dung hoặc thứ tự.`);
  }
  for (const s of sectionsIn) {
    for (const q of s.questions) {
      if (q.id === undefined || !answered.questions.has(q.id)) continue;
      const before = oldQuestions.get(q.id)!;
      if (before.questionType !== q.questionType) {
        throw conflict(
          `Không thể đổi loại câu hỏi "${short(before.content)}" (${QUESTION_TYPE_LABELS[before.questionType as keyof typeof QUESTION_TYPE_LABELS] ?? before.questionType}) vì đã có học sinh trả lời.`,
        );
      }
      const used = answered.optionValues.get(q.id);
      if (used?.size) {
        const values = new Set(normalizeOptions(q.questionType, q.options).choices.map((c) => c.value));
        const missing = [...used].filter((v) => !values.has(v));
        if (missing.length)
          throw conflict(`Không thể xóa lựa chọn "${missing[0]}" của câu hỏi "${short(before.content)}" vì đã có học sinh chọn.`);
      }
    }
  }

  // Sections: update in place or insert.
  const sectionIds: number[] = [];
  for (const s of sectionsIn) {
    const values = {
      title: s.title,
      description: s.description === null ? null : clean(s.description),
      displayOrder: s.displayOrder,
      updatedAt: new Date(),
    };
    if (s.id !== undefined) {
      await tx.update(surveySections).set(values).where(eq(surveySections.id, s.id));
      sectionIds.push(s.id);
    } else {
      const [row] = await tx
        .insert(surveySections)
        .values({ surveyId, ...values })
        .returning({ id: surveySections.id });
      sectionIds.push(row.id);
    }
  }

  // Grid groups per section and key: reuse a group of this section named by a question, else a new one.
  const keptGroups = new Set<number>();
  const keptColumns = new Set<number>();
  const groupOf = new Map<string, number>(); // `${sectionIndex}:${key}` → group id
  for (const [i, s] of sectionsIn.entries()) {
    const byKey = new Map<string, typeof s.questions>();
    for (const q of s.questions) if (q.gridGroup) byKey.set(q.gridGroup.key, [...(byKey.get(q.gridGroup.key) ?? []), q]);
    for (const [key, qs] of byKey) {
      const columns = qs.find((q) => q.gridGroup!.columns.length > 0)?.gridGroup!.columns ?? [];
      const named = qs
        .map((q) => q.gridGroup!.id)
        .find((gid) => gid !== undefined && oldGroups.get(gid)?.sectionId === sectionIds[i] && !keptGroups.has(gid));
      let groupId = named;
      if (groupId === undefined) {
        const [g] = await tx.insert(gridGroups).values({ sectionId: sectionIds[i] }).returning({ id: gridGroups.id });
        groupId = g.id;
      }
      keptGroups.add(groupId);
      groupOf.set(`${i}:${key}`, groupId);
      // Columns: the ids of this group are updated; others are new. Removed ones are deleted first,
      // so a reused label or value does not collide.
      const keep = new Set(columns.flatMap((c) => (c.id !== undefined && oldColumns.get(c.id)?.groupId === groupId ? [c.id] : [])));
      const drop = old.columns.filter((c) => c.groupId === groupId && !keep.has(c.id));
      await dropColumns(
        tx,
        drop.map((c) => c.id),
        answered.columns,
        oldColumns,
        oldQuestions,
      );
      // Labels and values are unique per group (not deferrable): park the kept ones first.
      for (const cid of keep)
        await tx
          .update(gridColumns)
          .set({ label: `__doi_${cid}`, value: `__doi_${cid}` })
          .where(eq(gridColumns.id, cid));
      for (const c of columns) {
        const values = { label: c.label, value: c.value, valueNumber: c.valueNumber, displayOrder: c.displayOrder, updatedAt: new Date() };
        if (c.id !== undefined && keep.has(c.id)) {
          await tx.update(gridColumns).set(values).where(eq(gridColumns.id, c.id));
          keptColumns.add(c.id);
          // Answers carry the column's number; keep them in step (docs/decisions/technical.md).
          const before = oldColumns.get(c.id)!;
          if (answered.columns.has(c.id) && (before.valueNumber === null ? null : Number(before.valueNumber)) !== c.valueNumber) {
            await tx.update(responseDetails).set({ valueNumber: c.valueNumber }).where(eq(responseDetails.gridColumnId, c.id));
          }
        } else {
          await tx.insert(gridColumns).values({ groupId, ...values });
        }
      }
    }
  }
  // Columns of groups that are going away.
  const goneGroupColumns = old.columns.filter((c) => !keptGroups.has(c.groupId));
  await dropColumns(
    tx,
    goneGroupColumns.map((c) => c.id),
    answered.columns,
    oldColumns,
    oldQuestions,
    true,
  );

  // Questions: update in place (possibly into another section) or insert.
  for (const [i, s] of sectionsIn.entries()) {
    for (const q of s.questions) {
      const values = {
        sectionId: sectionIds[i],
        content: clean(q.content),
        questionType: q.questionType,
        required: q.required === 1,
        displayOrder: q.displayOrder,
        options: q.options,
        visibleToTeacher: q.visibleToTeacher,
        lmsOnly: q.lmsOnly,
        gridGroupId: q.gridGroup ? groupOf.get(`${i}:${q.gridGroup.key}`)! : null,
        updatedAt: new Date(),
      };
      if (q.id !== undefined) await tx.update(surveyQuestions).set(values).where(eq(surveyQuestions.id, q.id));
      else await tx.insert(surveyQuestions).values(values);
    }
  }
  const goneQuestions = old.questions.filter((q) => !keptQuestionIds.has(q.id)).map((q) => q.id);
  if (goneQuestions.length) await tx.delete(surveyQuestions).where(inArray(surveyQuestions.id, goneQuestions));
  const goneGroups = old.groups.filter((g) => !keptGroups.has(g.id)).map((g) => g.id);
  if (goneGroups.length) await tx.delete(gridGroups).where(inArray(gridGroups.id, goneGroups));
  const goneSections = old.sections.filter((s) => !sectionIds.includes(s.id)).map((s) => s.id);
  if (goneSections.length) await tx.delete(surveySections).where(inArray(surveySections.id, goneSections));
  await tx.update(surveys).set({ updatedAt: new Date() }).where(eq(surveys.id, surveyId));
}

async function dropColumns(
  tx: Tx,
  ids: number[],
  answered: Map<number, number>,
  oldColumns: Map<number, { label: string }>,
  oldQuestions: Map<number, { content: string }>,
  checkOnly = false,
) {
  for (const id of ids) {
    const qid = answered.get(id);
    if (qid !== undefined) {
      const q = oldQuestions.get(qid);
      throw conflict(
        `Không thể xóa cột "${oldColumns.get(id)?.label}" của câu hỏi "${q ? short(q.content) : qid}" vì đã có học sinh chọn.`,
      );
    }
  }
  if (!checkOnly && ids.length) await tx.delete(gridColumns).where(inArray(gridColumns.id, ids));
}

/** Points copied questions at the root questions they descend from, in one statement. */
export async function setSourceQuestions(tx: Tx, pairs: Array<{ id: number; source: number }>) {
  if (!pairs.length) return;
  await tx.execute(sql`update ${surveyQuestions} q set source_question_id = x.source
    from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as x(id int, source int) where q.id = x.id`);
}

/** How many questions the survey has (activation needs one). */
export async function questionCountOf(tx: Tx, surveyId: number) {
  const [r] = await tx
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(surveyQuestions)
    .innerJoin(surveySections, eq(surveySections.id, surveyQuestions.sectionId))
    .where(eq(surveySections.surveyId, surveyId));
  return Number(r?.n ?? 0);
}
