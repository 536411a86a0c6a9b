import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { toast } from 'sonner';
import type { TScoreConfig } from '@app/shared/survey-results';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { clearScoreConfig, gridQuestionsQuery, saveScoreConfig, scoreConfigQuery, useRefreshResults } from '../api/results-api';
import { fmtCount } from '../lib/stats';
import { LoadError } from './results-common';

/**
 * Which numbered questions (grid rows, linear scales) make the survey's score. Saving replaces the
 * set (POST {questionIds}); "Dùng mặc định" removes it (DELETE), so every grid answer with a number
 * counts again. The server recomputes the straight-lined flags and every figure follows.
 */
export function ScoreConfigEditor({ surveyId }: { surveyId: number }) {
  const grid = useQuery(gridQuestionsQuery(surveyId));
  const config = useQuery(scoreConfigQuery(surveyId));
  const refresh = useRefreshResults();
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  // The list is long (every grid row); it opens on demand.
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState<TScoreConfig | null>(null);

  // Start from the saved set each time it arrives (after a save, a reset or a reload).
  useEffect(() => {
    if (config.data) setPicked(new Set(config.data.isDefault ? [] : config.data.questionIds));
  }, [config.data]);

  const done = async (res: { data: TScoreConfig; message?: string }, fallback: string) => {
    setLast(res.data);
    toast.success(res.message ?? fallback);
    await refresh();
  };
  const save = useMutation({
    mutationFn: (ids: number[]) => saveScoreConfig(surveyId, ids),
    onSuccess: (res) => done(res, 'Đã lưu các câu hỏi tính điểm.'),
    onError: (err) => toast.error(errorMessage(err, 'Không thể lưu cấu hình điểm. Vui lòng thử lại sau.')),
  });
  const reset = useMutation({
    mutationFn: () => clearScoreConfig(surveyId),
    onSuccess: (res) => done(res, 'Đã chuyển về cách tính điểm mặc định.'),
  });

  if (grid.isPending || config.isPending || !picked)
    return (
      <div aria-busy="true">
        <Skeleton className="h-40 rounded-xl" />
        <span role="status" className="sr-only">
          Đang tải cấu hình điểm...
        </span>
      </div>
    );
  if (grid.isError) return <LoadError error={grid.error} onRetry={() => void grid.refetch()} retrying={grid.isFetching} />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => void config.refetch()} retrying={config.isFetching} />;

  const items = grid.data.items;
  const saved = new Set(config.data.isDefault ? [] : config.data.questionIds);
  const changed = picked.size !== saved.size || [...picked].some((id) => !saved.has(id));
  const toggle = (id: number) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const sections = [...new Map(items.map((q) => [q.sectionId, q.sectionTitle])).entries()];

  if (!items.length) return <p className="text-sm text-muted">Khảo sát này không có câu hỏi lưới hay thang đo nào để tính điểm.</p>;
  return (
    <div>
      <p className="mb-3 text-sm text-muted">
        {config.data.isDefault
          ? 'Chưa chọn câu hỏi tính điểm: điểm đang tính trên mọi câu hỏi lưới có điểm số.'
          : `Điểm đang tính trên ${fmtCount(config.data.questionIds.length)} câu hỏi đã chọn.`}{' '}
        Câu “Không có ý kiến” không bao giờ được tính vào điểm trung bình.
      </p>
      <Button variant="secondary" aria-expanded={open} aria-controls={`score-config-${surveyId}`} onClick={() => setOpen((v) => !v)}>
        {open ? <ChevronUp aria-hidden="true" className="size-4" /> : <ChevronDown aria-hidden="true" className="size-4" />}
        {open ? 'Thu gọn' : 'Chọn câu hỏi tính điểm'}
      </Button>
      {open ? (
        <div id={`score-config-${surveyId}`} className="mt-4">
          <fieldset className="space-y-4">
            <legend className="sr-only">Câu hỏi tính điểm</legend>
            {sections.map(([sectionId, sectionTitle]) => (
              <div key={sectionId}>
                <p className="mb-1.5 text-xs font-semibold text-muted uppercase">{sectionTitle}</p>
                <ul className="space-y-1">
                  {items
                    .filter((q) => q.sectionId === sectionId)
                    .map((q) => (
                      <li key={q.questionId}>
                        <label className="flex cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-surface-2">
                          <input
                            type="checkbox"
                            checked={picked.has(q.questionId)}
                            onChange={() => toggle(q.questionId)}
                            className="mt-0.5 size-4 shrink-0 accent-primary"
                          />
                          <span className="min-w-0 text-sm text-fg">
                            <span className="font-medium">Câu {q.position}.</span> {q.content}
                            <span className="mt-0.5 flex flex-wrap gap-1">
                              <Badge>
                                {q.questionType === 'grid' ? 'Lưới' : `Thang đo ${q.scale ? `${q.scale.min}–${q.scale.max}` : ''}`.trim()}
                              </Badge>
                              {!q.visibleToTeacher ? <Badge>Giáo viên không xem</Badge> : null}
                            </span>
                          </span>
                        </label>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </fieldset>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <Button
              onClick={() => save.mutate([...picked])}
              disabled={!changed || picked.size === 0 || save.isPending}
              aria-busy={save.isPending}
            >
              {save.isPending ? 'Đang lưu...' : 'Lưu câu hỏi tính điểm'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmReset(true)} disabled={config.data.isDefault || reset.isPending}>
              Dùng mặc định
            </Button>
            {changed ? <span className="text-xs text-muted">Có thay đổi chưa lưu.</span> : null}
          </div>
        </div>
      ) : null}
      {last ? (
        <p role="status" className="mt-3 text-sm text-muted">
          Đã tính lại với {fmtCount(last.responseCount)} phản hồi; {fmtCount(last.straightLinedCount)} phản hồi chọn cùng một mức cho mọi
          câu tính điểm.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Dùng cách tính điểm mặc định?"
        message="Các câu hỏi tính điểm đã chọn sẽ bị bỏ; điểm sẽ tính trên mọi câu hỏi lưới có điểm số."
        confirmLabel="Dùng mặc định"
        danger={false}
        onConfirm={async () => {
          await reset.mutateAsync();
        }}
      />
    </div>
  );
}
