import { useState } from 'react';
import { Tag, X } from 'lucide-react';
import { z } from 'zod';
import { TAG_SOURCE_LABELS, ZSurveyText, type TSurveyText } from '@app/shared/theme-codes';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { FormDialog } from '@/components/data/form-dialog';
import { SelectField } from '@/components/data/form-fields';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Modal } from '@/components/data/modal';
import { Pagination } from '@/components/data/pagination';
import { IconAction } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { useListQuery } from '@/components/data/use-list-query';
import { useOptions } from '@/components/data/use-options';
import { CODE_SOURCE, INVALIDATE, TAGS, TC } from '../api/theme-codes-api';
import { textContextColumns } from './code-texts-dialog';

const ZPickCode = z.object({ codeId: z.number({ error: 'Hãy chọn một mã.' }).int().positive() });
type Tagged = TSurveyText['tags'][number];

/**
 * The approved texts of one survey with their codes, for the cases keywords miss: a person adds a
 * code (a manual tag, which re-analysis keeps) or takes one off. Never shows the student.
 */
export function SurveyTextsDialog({ survey, onClose }: { survey: { id: number; title: string } | null; onClose: () => void }) {
  if (!survey) return null;
  return <Body survey={survey} onClose={onClose} />;
}

function Body({ survey, onClose }: { survey: { id: number; title: string }; onClose: () => void }) {
  const path = `${TC}/survey/${survey.id}/response-details`;
  const list = useListQuery({ path, schema: ZSurveyText, inUrl: false, filterKeys: ['untagged', 'codeId'] as const });
  const codes = useOptions(CODE_SOURCE);
  const [tagging, setTagging] = useState<TSurveyText | null>(null);
  const [untagging, setUntagging] = useState<{ text: TSurveyText; tag: Tagged } | null>(null);
  const add = useApiMutation<{ responseDetailId: number; codeId: number }>({ method: 'post', url: TAGS, invalidate: INVALIDATE });
  const drop = useApiMutation<number>({ method: 'delete', url: (id) => `${TAGS}/${id}`, invalidate: INVALIDATE });

  const columns: Column<TSurveyText>[] = [
    {
      key: 'text',
      header: 'Câu trả lời',
      primary: true,
      className: 'max-w-md',
      cell: (r) => <span className="text-sm whitespace-pre-line text-fg">{r.text}</span>,
    },
    {
      key: 'tags',
      header: 'Mã',
      cell: (r) =>
        r.tags.length ? (
          <ul aria-label="Mã đã gắn" className="flex flex-wrap gap-1">
            {r.tags.map((t) => (
              <li
                key={t.id}
                className="inline-flex items-center gap-1 rounded-full bg-primary/10 py-0.5 pr-1 pl-2 text-xs text-primary ring-1 ring-primary/30 ring-inset"
              >
                <span title={TAG_SOURCE_LABELS[t.source]}>
                  {t.codeName}
                  {t.source === 'auto' ? <span className="sr-only"> (tự động)</span> : null}
                </span>
                <button
                  type="button"
                  onClick={() => setUntagging({ text: r, tag: t })}
                  aria-label={`Bỏ mã ${t.codeName}`}
                  className="rounded-full p-0.5 hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-sm text-muted">Chưa gắn mã</span>
        ),
    },
    ...(textContextColumns as Column<TSurveyText>[]),
  ];

  return (
    <Modal
      open
      onClose={onClose}
      title={`Câu trả lời tự luận: ${survey.title}`}
      description="Chỉ câu trả lời đã được duyệt; không kèm thông tin học sinh."
      size="xl"
    >
      <ListToolbar>
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm trong câu trả lời..." label="Tìm câu trả lời" />
        <FilterSelect
          label="Gắn mã"
          value={list.filters.untagged}
          onChange={(v) => list.setFilters({ untagged: v, codeId: null })}
          options={[{ value: 'true', label: 'Chưa gắn mã' }]}
          allLabel="Tất cả câu trả lời"
        />
        <FilterSelect
          label="Mã"
          value={list.filters.codeId}
          onChange={(v) => list.setFilters({ codeId: v, untagged: null })}
          options={codes.options}
          allLabel="Tất cả mã"
        />
      </ListToolbar>
      <DataTable
        label="Câu trả lời tự luận đã duyệt"
        columns={columns}
        rowKey={(r) => r.responseDetailId}
        {...list.tableProps}
        emptyTitle="Không có câu trả lời nào"
        emptyDescription="Khảo sát chưa có câu trả lời tự luận nào được duyệt."
        actions={(r) => <IconAction icon={Tag} label="Gắn mã cho câu trả lời" onClick={() => setTagging(r)} />}
      />
      <Pagination {...list.paginationProps} />

      <FormDialog
        open={tagging !== null}
        onClose={() => setTagging(null)}
        title="Gắn mã cho câu trả lời"
        description={tagging ? `“${tagging.text}”` : undefined}
        schema={ZPickCode}
        initialValues={{ codeId: undefined }}
        submitLabel="Gắn mã"
        onSubmit={(input) => add.mutateAsync({ responseDetailId: tagging!.responseDetailId, codeId: input.codeId })}
      >
        <SelectField
          name="codeId"
          label="Mã"
          required
          placeholder="— Chọn mã —"
          options={codes.options.filter((o) => !tagging?.tags.some((t) => t.codeId === o.value && t.source === 'manual'))}
        />
      </FormDialog>
      <ConfirmDialog
        open={untagging !== null}
        onClose={() => setUntagging(null)}
        title={`Bỏ mã “${untagging?.tag.codeName ?? ''}”?`}
        message={
          untagging?.tag.source === 'auto'
            ? 'Đây là mã gắn tự động: lần phân tích sau có thể gắn lại nếu câu trả lời vẫn chứa từ khóa.'
            : 'Câu trả lời vẫn được giữ, chỉ bỏ mã.'
        }
        confirmLabel="Bỏ mã"
        onConfirm={() => drop.mutateAsync(untagging!.tag.id)}
      />
    </Modal>
  );
}
