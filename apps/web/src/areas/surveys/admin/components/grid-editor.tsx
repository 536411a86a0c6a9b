import { memo, useState } from 'react';
import { ListChecks, Plus, Trash2 } from 'lucide-react';
import { GRID_NONE_VALUE } from '@app/shared/surveys';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { IconAction } from '@/components/data/row-actions';
import { Button } from '@/components/ui/button';
import { addRow, moveBlock, moveRow, removeBlock, removeRow, updateGrid, updateQuestion } from '../lib/draft-ops';
import { AGREEMENT_SCALE, newColumn, newKey, presetColumns, type DraftColumn, type DraftGrid } from '../lib/survey-draft';
import { useSurveyEditorActions } from '../survey-editor';
import { PartError, TextInput } from './builder-fields';
import { MoveButtons, PartHeader } from './move-buttons';
import { QuestionFlags } from './question-editor';
import { RichTextEditor } from './rich-text-editor';

/** How the builder names the "no opinion" column's value (`None`, never shown raw: issue 12). */
const NO_OPINION_TEXT = 'Không có ý kiến (không tính điểm)';

/**
 * A grid group: its columns (label, value, number, display order) shared by its rows, and the rows,
 * each a question of its own (issue 4: rows are questions sharing a grid group). The student form
 * shows the columns by descending display order.
 */
export const GridEditor = memo(function GridEditor({
  grid,
  firstNumber,
  canUp,
  canDown,
  errors,
}: {
  grid: DraftGrid;
  firstNumber: number;
  canUp: boolean;
  canDown: boolean;
  /** Messages by part key (the group's and its rows'). */
  errors: Record<string, string>;
}) {
  const { setDraft } = useSurveyEditorActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const last = firstNumber + grid.rows.length - 1;
  const name = grid.rows.length > 1 ? `nhóm lưới câu ${firstNumber}–${last}` : `nhóm lưới câu ${firstNumber}`;
  const error = errors[grid.key];
  const setColumns = (columns: DraftColumn[]) => setDraft((d) => updateGrid(d, grid.key, { columns }));
  const editColumn = (key: string, patch: Partial<DraftColumn>) =>
    setColumns(grid.columns.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  return (
    <article
      id={`part-${grid.key}`}
      tabIndex={-1}
      aria-label={`Nhóm lưới, câu ${firstNumber} đến ${last}`}
      className="space-y-4 rounded-lg border border-border bg-bg p-3 sm:p-4"
    >
      <PartHeader
        heading={
          <h4 className="text-sm font-semibold text-fg">
            {grid.rows.length > 1 ? `Câu ${firstNumber}–${last}` : `Câu ${firstNumber}`}{' '}
            <span className="font-normal text-muted">· Lưới trắc nghiệm ({grid.rows.length} dòng)</span>
          </h4>
        }
        itemKey={grid.key}
        name={name}
        canUp={canUp}
        canDown={canDown}
        onMove={(dir) => setDraft((d) => moveBlock(d, grid.key, dir))}
        onDelete={() => setConfirmDelete(true)}
      />

      <fieldset className="space-y-2">
        <legend className="text-xs font-medium text-muted">Các cột (mức trả lời)</legend>
        {grid.columns.length === 0 ? <p className="text-sm text-muted">Nhóm chưa có cột nào.</p> : null}
        <ol className="space-y-3 sm:space-y-2">
          {grid.columns.map((c, i) => (
            <li
              key={c.key}
              className="grid grid-cols-[repeat(3,minmax(0,1fr))_auto] items-end gap-2 rounded-md border border-border p-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_5rem_auto] sm:border-0 sm:p-0"
            >
              <TextInput
                id={`${c.key}-label`}
                label={`Nhãn cột ${i + 1}`}
                className="col-span-4 sm:col-span-1"
                value={c.label}
                onChange={(label) => editColumn(c.key, { label })}
              />
              {c.value === GRID_NONE_VALUE ? (
                // The "no opinion" column: its stored value (None) means nothing to a person, and it has no number.
                <div className="col-span-2 flex min-w-0 flex-col gap-1" data-testid={`${c.key}-none`}>
                  <span className="text-xs font-medium text-muted">Giá trị</span>
                  <p className="rounded-lg border border-dashed border-border px-3 py-2 text-sm text-muted">{NO_OPINION_TEXT}</p>
                </div>
              ) : (
                <>
                  <TextInput
                    id={`${c.key}-value`}
                    label="Giá trị"
                    value={c.value}
                    onChange={(value) => editColumn(c.key, value === GRID_NONE_VALUE ? { value, valueNumber: '' } : { value })}
                  />
                  <TextInput
                    id={`${c.key}-number`}
                    label="Giá trị số"
                    numeric
                    value={c.valueNumber}
                    onChange={(valueNumber) => editColumn(c.key, { valueNumber })}
                  />
                </>
              )}
              <TextInput
                id={`${c.key}-order`}
                label="Thứ tự"
                numeric
                value={c.displayOrder}
                onChange={(displayOrder) => editColumn(c.key, { displayOrder })}
              />
              <IconAction
                icon={Trash2}
                label={`Xóa cột ${c.label || i + 1}`}
                danger
                onClick={() => setColumns(grid.columns.filter((x) => x.key !== c.key))}
              />
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setColumns([...grid.columns, newColumn(grid.columns)])}>
            <Plus aria-hidden="true" className="size-4" />
            Thêm cột
          </Button>
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setColumns(presetColumns(AGREEMENT_SCALE, grid.columns))}>
            <ListChecks aria-hidden="true" className="size-4" />
            Dùng thang “Rất không đồng ý … Rất đồng ý” + “Không có ý kiến”
          </Button>
        </div>
        <p className="text-xs text-muted">
          Học sinh thấy các cột theo thứ tự giảm dần của ô “Thứ tự”. Cột “{NO_OPINION_TEXT}” không có giá trị số nên không tính vào điểm
          trung bình.
        </p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-xs font-medium text-muted">Các dòng (mỗi dòng là một câu hỏi)</legend>
        <ol className="space-y-3">
          {grid.rows.map((r, i) => {
            const rowName = `dòng ${i + 1} của ${name}`;
            const rowError = errors[r.key];
            return (
              <li
                key={r.key}
                id={`part-${r.key}`}
                tabIndex={-1}
                className="space-y-2 rounded-md border border-border bg-surface p-2 sm:p-3"
              >
                <div className="flex items-center justify-between gap-2">
                  {/* The box below carries the same words as its (hidden) label. */}
                  <span aria-hidden="true" className="text-sm font-medium text-fg">
                    Câu {firstNumber + i} (dòng {i + 1})
                  </span>
                  <div className="flex shrink-0 items-center">
                    <MoveButtons
                      itemKey={r.key}
                      name={rowName}
                      canUp={i > 0}
                      canDown={i < grid.rows.length - 1}
                      onMove={(dir) => setDraft((d) => moveRow(d, grid.key, r.key, dir))}
                    />
                    <IconAction
                      icon={Trash2}
                      label={`Xóa ${rowName}`}
                      danger
                      onClick={() => setDraft((d) => removeRow(d, grid.key, r.key))}
                    />
                  </div>
                </div>
                <RichTextEditor
                  id={`${r.key}-content`}
                  label={`Câu ${firstNumber + i} (dòng ${i + 1})`}
                  labelHidden
                  compact
                  value={r.content}
                  placeholder="Nhập nhận định, ví dụ: Thầy/cô giảng dễ hiểu"
                  invalid={Boolean(rowError)}
                  describedBy={rowError ? `${r.key}-error` : undefined}
                  onChange={(content) => setDraft((d) => updateQuestion(d, r.key, { content }))}
                />
                <QuestionFlags question={r} name={rowName} />
                <PartError id={`${r.key}-error`} message={rowError} />
              </li>
            );
          })}
        </ol>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={() => {
            // Like "Thêm câu hỏi": typing can start in the new row at once.
            const key = newKey('q');
            setDraft((d) => addRow(d, grid.key, key));
            requestAnimationFrame(() => document.getElementById(`${key}-content`)?.focus());
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Thêm dòng
        </Button>
      </fieldset>
      <PartError id={`${grid.key}-error`} message={error} />

      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Xóa ${name}?`}
        message={`Nhóm lưới và ${grid.rows.length} câu hỏi của nó sẽ bị xóa khi lưu khảo sát.`}
        onConfirm={async () => setDraft((d) => removeBlock(d, grid.key))}
      />
    </article>
  );
});
