import { useEffect, useRef, useState } from 'react';
import { CircleAlert, Eye, LoaderCircle, Plus, RotateCcw, Save } from 'lucide-react';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { addSection } from '../lib/draft-ops';
import { questionCount } from '../lib/survey-draft';
import { useSurveyEditorContext } from '../survey-editor';
import { SectionEditor } from './section-editor';
import { SurveyPreviewDialog } from './survey-preview-dialog';
import { SurveySettings } from './survey-settings';

/** Where a message of the summary takes the keyboard: the field, or the part it is about. */
function focusTarget(target: string | null) {
  if (!target) return;
  const el = document.getElementById(`survey-${target}`) ?? document.getElementById(`part-${target}`);
  el?.scrollIntoView?.({ block: 'center' });
  el?.focus({ preventScroll: true });
}

/**
 * The "Thiết kế" tab: the whole survey in one page (settings, sections, questions, grid groups),
 * saved at once with PUT (or POST for a new one). Messages of the shared schema and refusals of the
 * server stay at the top and next to their part; what was typed is never thrown away.
 */
export default function SurveyBuilderTab() {
  const ed = useSurveyEditorContext();
  const [preview, setPreview] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const d = ed.draft;
  const answered = ed.survey?.responseCount ?? 0;

  const save = async () => {
    if (ed.saving) return;
    const ok = await ed.save();
    if (!ok) requestAnimationFrame(() => alertRef.current?.focus());
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  // Ctrl+S / ⌘S saves instead of downloading the page.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const hasProblems = Boolean(ed.serverError) || ed.errors.list.length > 0;
  return (
    <div className="space-y-4">
      <div className="sticky top-16 z-10 -mx-4 flex flex-wrap items-center gap-2 border-b border-border bg-bg/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-lg sm:border sm:px-3">
        <Button onClick={() => void save()} disabled={ed.saving}>
          {ed.saving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <Save aria-hidden="true" className="size-4" />}
          {ed.saving ? 'Đang lưu...' : 'Lưu khảo sát'}
        </Button>
        <Button variant="secondary" onClick={() => setPreview(true)}>
          <Eye aria-hidden="true" className="size-4" />
          Xem trước
        </Button>
        {ed.dirty && ed.surveyId !== null ? (
          <Button variant="ghost" onClick={() => setConfirmReset(true)} disabled={ed.saving}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Hủy thay đổi
          </Button>
        ) : null}
        <span role="status" className={`text-sm sm:ml-auto ${ed.dirty ? 'font-medium text-fg' : 'text-muted'}`}>
          {ed.dirty ? 'Có thay đổi chưa lưu' : ed.surveyId === null ? 'Chưa lưu' : 'Đã lưu mọi thay đổi'} · {questionCount(d)} câu hỏi
        </span>
      </div>

      {hasProblems ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="space-y-2 rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger focus:outline-2 focus:outline-danger"
        >
          <p className="flex items-start gap-2 font-medium">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {ed.serverError ?? `Chưa lưu được: khảo sát còn ${ed.errors.list.length} lỗi cần sửa.`}
          </p>
          {ed.errors.list.length ? (
            <ul className="ml-6 list-disc space-y-1">
              {ed.errors.list.slice(0, 8).map((e, i) => (
                <li key={i}>
                  {e.target ? (
                    <button type="button" onClick={() => focusTarget(e.target)} className="text-left underline underline-offset-2">
                      {e.where ? `${e.where}: ` : ''}
                      {e.message}
                    </button>
                  ) : (
                    <>
                      {e.where ? `${e.where}: ` : ''}
                      {e.message}
                    </>
                  )}
                </li>
              ))}
              {ed.errors.list.length > 8 ? <li>… và {ed.errors.list.length - 8} lỗi khác.</li> : null}
            </ul>
          ) : null}
        </div>
      ) : null}

      {answered > 0 ? (
        <p className="rounded-xl border border-border bg-surface-2 px-4 py-3 text-sm text-fg">
          Khảo sát đã có {answered} phản hồi: có thể sửa nội dung, thứ tự, tính bắt buộc và quyền xem; không thể xóa hoặc đổi loại câu hỏi,
          lựa chọn hay cột đã được trả lời.
        </p>
      ) : null}

      <fieldset key={ed.version} disabled={ed.saving} className="min-w-0 space-y-4">
        <legend className="sr-only">Thiết kế khảo sát</legend>
        <SurveySettings />
        {d.sections.map((s, i) => (
          <SectionEditor key={s.key} section={s} index={i} count={d.sections.length} errors={ed.errors.parts} />
        ))}
        {d.sections.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-surface p-6 text-center text-sm text-muted">
            Khảo sát này chưa có nội dung (phần và câu hỏi)
          </p>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => {
            ed.setDraft(addSection);
            requestAnimationFrame(() => {
              const inputs = document.querySelectorAll<HTMLInputElement>('input[id$="-title"][id^="ns"]');
              inputs[inputs.length - 1]?.focus();
            });
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          Thêm phần
        </Button>
      </fieldset>

      <SurveyPreviewDialog open={preview} onClose={() => setPreview(false)} />
      <ConfirmDialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Hủy các thay đổi chưa lưu?"
        message="Khảo sát trở về như lần lưu gần nhất."
        confirmLabel="Hủy thay đổi"
        onConfirm={async () => ed.reset()}
      />
    </div>
  );
}
