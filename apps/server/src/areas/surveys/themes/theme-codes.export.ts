import type { FastifyReply } from 'fastify';
import { formatDateTime } from '@app/shared/format';
import { TAG_SOURCE_LABELS } from '@app/shared/theme-codes';
import type { Db } from '@/db/client';
import { MAX_SHEET_ROWS, sendXlsx, xlsxBuffer } from '@/lib/xlsx';
import { summary, tagExportRows, type Reader, type TagQuery } from './analysis.service';
import { surveyTitleOf, type TextScope } from './tags.repository';
import { codePage, themePage, type CodeQuery, type ThemeQuery } from './theme-codes.service';

/** The "Xuất Excel" of each list and of the counts: `GET <list>/export` with the list's own filters. */

const all = { page: 1, limit: MAX_SHEET_ROWS };

export async function themeExport(db: Db, q: ThemeQuery, reply: FastifyReply) {
  const rows = (await themePage(db, { ...q, ...all })).items;
  const buf = await xlsxBuffer({
    sheet: 'Chủ đề',
    rows,
    columns: [
      { header: 'Tên chủ đề', width: 32, value: (t) => t.name },
      { header: 'Mô tả', width: 50, value: (t) => t.description },
      { header: 'Số mã', value: (t) => t.codeCount },
      { header: 'Ngày tạo', width: 18, value: (t) => formatDateTime(t.createdAt) },
    ],
  });
  return sendXlsx(reply, 'Danh sách chủ đề', buf);
}

export async function codeExport(db: Db, q: CodeQuery, reply: FastifyReply) {
  const rows = (await codePage(db, { ...q, ...all })).items;
  const buf = await xlsxBuffer({
    sheet: 'Mã',
    rows,
    columns: [
      { header: 'Tên mã', width: 32, value: (c) => c.name },
      { header: 'Chủ đề', width: 36, value: (c) => c.themes.map((t) => t.name).join('; ') },
      { header: 'Từ khóa', width: 60, value: (c) => c.keywords.join('; ') },
      { header: 'Mô tả', width: 40, value: (c) => c.description },
      { header: 'Số câu trả lời đã gắn', value: (c) => c.tagCount },
    ],
  });
  return sendXlsx(reply, 'Danh sách mã', buf);
}

/** The texts themselves, as the list shows them: no student, approved only. */
export async function tagExport(db: Db, reader: Reader, q: TagQuery, reply: FastifyReply) {
  const rows = await tagExportRows(db, reader, q);
  const buf = await xlsxBuffer({
    sheet: 'Câu trả lời',
    rows,
    columns: [
      { header: 'Mã', width: 28, value: (t) => t.codeName },
      { header: 'Câu trả lời', width: 70, value: (t) => t.text },
      { header: 'Câu hỏi', width: 40, value: (t) => (t.kind === 'other' ? `${t.questionContent} (Khác)` : t.questionContent) },
      { header: 'Khảo sát', width: 36, value: (t) => t.surveyTitle },
      { header: 'Lớp học phần', width: 24, value: (t) => t.courseClassName },
      { header: 'Giáo viên', width: 28, value: (t) => t.teacherNames.join(', ') },
      { header: 'Cách gắn', value: (t) => TAG_SOURCE_LABELS[t.source] },
      { header: 'Từ khóa khớp', width: 20, value: (t) => t.matchedKeyword },
    ],
  });
  return sendXlsx(reply, 'Câu trả lời theo mã', buf);
}

interface SummaryRow {
  theme: string;
  code: string;
  count: number | null;
  share: number | null;
  examples: string;
}

/** One row per theme (its codes together) followed by its codes; the totals first. */
export async function summaryExport(db: Db, reader: Reader, q: TextScope, reply: FastifyReply) {
  const s = await summary(db, reader, q);
  const share = (n: number) => (s.totalTexts ? Math.round((n / s.totalTexts) * 1000) / 10 : 0);
  const rows: SummaryRow[] = [
    { theme: 'Tổng số câu trả lời đã duyệt', code: '', count: s.totalTexts, share: null, examples: '' },
    { theme: 'Số câu trả lời được gắn mã', code: '', count: s.taggedTexts, share: share(s.taggedTexts), examples: '' },
  ];
  for (const t of s.themes) {
    rows.push({ theme: t.themeName, code: 'Cả chủ đề', count: t.count, share: share(t.count), examples: '' });
    for (const c of t.codes)
      rows.push({ theme: t.themeName, code: c.codeName, count: c.count, share: share(c.count), examples: c.examples.join(' | ') });
  }
  const buf = await xlsxBuffer({
    sheet: 'Chủ đề và mã',
    rows,
    columns: [
      { header: 'Chủ đề', width: 32, value: (r) => r.theme },
      { header: 'Mã', width: 32, value: (r) => r.code },
      { header: 'Số câu trả lời', value: (r) => r.count },
      { header: 'Tỉ lệ (%)', value: (r) => r.share },
      { header: 'Ví dụ', width: 80, value: (r) => r.examples },
    ],
  });
  const survey = q.surveyId ? await surveyTitleOf(db, q.surveyId) : null;
  return sendXlsx(reply, survey ? `Phân tích chủ đề - ${survey.title}` : 'Phân tích chủ đề', buf);
}
