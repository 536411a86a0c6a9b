import { useState } from 'react';
import { X } from 'lucide-react';
import { highlightSpans, TAG_SOURCE_LABELS, ZResponseDetailCode, type TResponseDetailCode } from '@app/shared/theme-codes';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { ExportButton } from '@/components/data/export-button';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Modal } from '@/components/data/modal';
import { Pagination } from '@/components/data/pagination';
import { IconAction } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useDeleteMutation } from '@/components/data/use-api-mutation';
import { useListQuery } from '@/components/data/use-list-query';
import { HighlightedText, type TextPart } from '@/areas/surveys/core/components/highlighted-text';
import { INVALIDATE, TAGS, type Scope } from '../api/theme-codes-api';
import type { CodePick } from './theme-bars';

/** A text cut where the keywords match, found by the same matcher the server tags with. */
function keywordParts(text: string, keywords: readonly string[]): TextPart[] {
  const spans = keywords.length ? highlightSpans(text, keywords) : [];
  const parts: TextPart[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start > at) parts.push({ text: text.slice(at, s.start), marked: false });
    parts.push({ text: text.slice(s.start, s.end), marked: true });
    at = s.end;
  }
  if (at < text.length || !parts.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

export const textContextColumns: Column<{
  questionContent: string;
  kind: 'answer' | 'other';
  surveyTitle: string;
  courseClassName: string | null;
  teacherNames: string[];
}>[] = [
  {
    key: 'question',
    header: 'Câu hỏi',
    className: 'max-w-xs',
    cell: (r) => (
      <span className="text-sm">
        {r.questionContent}
        {r.kind === 'other' ? <span className="text-muted"> (lựa chọn “Khác”)</span> : null}
      </span>
    ),
  },
  {
    key: 'about',
    header: 'Lớp · giáo viên',
    hideOnMobile: true,
    cell: (r) => (
      <span className="text-sm">
        {r.courseClassName ?? 'Khảo sát chung'}
        {r.teacherNames.length ? <span className="block text-xs text-muted">{r.teacherNames.join(', ')}</span> : null}
      </span>
    ),
  },
];

/**
 * The approved texts tagged with one code in the page's scope (never the student): search, pages,
 * the matched keyword marked, export, and taking the code off a text.
 */
export function CodeTextsDialog({
  pick,
  scope,
  canWrite,
  onClose,
}: {
  pick: CodePick | null;
  scope: Scope;
  canWrite: boolean;
  onClose: () => void;
}) {
  if (!pick) return null;
  return <Body pick={pick} scope={scope} canWrite={canWrite} onClose={onClose} />;
}

function Body({ pick, scope, canWrite, onClose }: { pick: CodePick; scope: Scope; canWrite: boolean; onClose: () => void }) {
  const params = { codeId: pick.codeId, surveyId: scope.surveyId, moduleId: scope.moduleId, teacherId: scope.teacherId };
  const list = useListQuery({ path: TAGS, schema: ZResponseDetailCode, inUrl: false, params });
  const [removing, setRemoving] = useState<TResponseDetailCode | null>(null);
  const remove = useDeleteMutation({ path: TAGS, invalidate: INVALIDATE });

  const columns: Column<TResponseDetailCode>[] = [
    {
      key: 'text',
      header: 'Câu trả lời',
      primary: true,
      className: 'max-w-md',
      cell: (r) => (
        <span className="text-sm whitespace-pre-line text-fg">
          <HighlightedText parts={keywordParts(r.text, r.matchedKeyword ? [r.matchedKeyword] : [])} tone="match" />
        </span>
      ),
    },
    ...(textContextColumns as Column<TResponseDetailCode>[]),
    {
      key: 'source',
      header: 'Cách gắn',
      cell: (r) => <Badge tone={r.source === 'manual' ? 'primary' : 'neutral'}>{TAG_SOURCE_LABELS[r.source]}</Badge>,
    },
  ];

  return (
    <Modal
      open
      onClose={onClose}
      title={`Câu trả lời gắn mã “${pick.codeName}”`}
      description={`Chủ đề: ${pick.themeName}. Chỉ hiển thị câu trả lời đã được duyệt, không kèm thông tin học sinh.`}
      size="xl"
    >
      <ListToolbar actions={<ExportButton path={TAGS} params={list.exportParams} />}>
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm trong câu trả lời..." label="Tìm câu trả lời" />
      </ListToolbar>
      <DataTable
        label={`Câu trả lời gắn mã ${pick.codeName}`}
        columns={columns}
        rowKey={(r) => r.id}
        {...list.tableProps}
        emptyTitle="Không có câu trả lời nào"
        actions={canWrite ? (r) => <IconAction icon={X} label="Bỏ mã khỏi câu trả lời" onClick={() => setRemoving(r)} danger /> : undefined}
      />
      <Pagination {...list.paginationProps} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Bỏ mã “${pick.codeName}” khỏi câu trả lời?`}
        message={
          removing?.source === 'auto'
            ? 'Đây là mã gắn tự động: lần phân tích sau có thể gắn lại nếu câu trả lời vẫn chứa từ khóa.'
            : 'Câu trả lời vẫn được giữ, chỉ bỏ mã.'
        }
        confirmLabel="Bỏ mã"
        onConfirm={() => remove.mutateAsync(removing!.id)}
      />
    </Modal>
  );
}
