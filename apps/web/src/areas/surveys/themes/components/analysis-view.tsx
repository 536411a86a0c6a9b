import { useEffect, useState, type ReactNode } from 'react';
import { CircleAlert, FileText, LoaderCircle, RefreshCw, Sparkles } from 'lucide-react';
import type { TAnalyzeResult } from '@app/shared/theme-codes';
import { ExportButton } from '@/components/data/export-button';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatValue } from '@/lib/format';
import { SUMMARY, useAnalyzeSurvey, useThemeSummary, type Scope } from '../api/theme-codes-api';
import { CodeTextsDialog } from './code-texts-dialog';
import { SurveyTextsDialog } from './survey-texts-dialog';
import { sharePercent, ThemeBars, type CodePick } from './theme-bars';

/**
 * Counts per theme and code for a scope (a survey, a module, the responses about a teacher) with
 * their drill-down, the export, and for one survey the run that tags its approved texts and the list
 * of its texts for manual tagging. The page adds its pickers; the survey's own tab has none.
 */
export function AnalysisView({
  scope,
  survey,
  canWrite,
  pickers,
  extraActions,
  label = 'Phân tích chủ đề',
}: {
  scope: Scope;
  /** The one survey in scope, if any: it can be analysed and its texts tagged by hand. */
  survey: { id: number; title: string } | null;
  canWrite: boolean;
  pickers?: ReactNode;
  extraActions?: ReactNode;
  label?: string;
}) {
  const summary = useThemeSummary(scope);
  const [lastRun, setLastRun] = useState<TAnalyzeResult | null>(null);
  const analyze = useAnalyzeSurvey(setLastRun);
  const [pick, setPick] = useState<CodePick | null>(null);
  const [textsOpen, setTextsOpen] = useState(false);
  // A run's figures belong to its survey; picking another survey hides them.
  useEffect(() => setLastRun(null), [survey?.id]);

  const exportParams = Object.fromEntries(Object.entries(scope).filter(([, v]) => v)) as Record<string, string>;
  const data = summary.data;

  return (
    <section aria-label={label}>
      <ListToolbar
        actions={
          <>
            {survey ? (
              <Button variant="secondary" onClick={() => setTextsOpen(true)}>
                <FileText aria-hidden="true" className="size-4" />
                Câu trả lời
              </Button>
            ) : null}
            <ExportButton path={SUMMARY} params={exportParams} />
            {canWrite ? (
              <Button
                onClick={() => survey && void analyze.run(survey.id).catch(() => undefined)}
                disabled={!survey || analyze.isPending}
                title={survey ? undefined : 'Chọn một khảo sát để phân tích'}
              >
                {analyze.isPending ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Sparkles aria-hidden="true" className="size-4" />
                )}
                {analyze.isPending ? 'Đang phân tích...' : 'Phân tích'}
              </Button>
            ) : null}
            {extraActions}
          </>
        }
      >
        {pickers}
      </ListToolbar>
      <p className="mb-4 text-sm text-muted">
        {survey
          ? 'Phân tích gắn mã cho câu trả lời tự luận đã duyệt của khảo sát theo từ khóa của từng mã; mã do người gắn được giữ nguyên.'
          : 'Chọn một khảo sát để chạy phân tích. Số liệu dưới đây gồm mọi khảo sát trong phạm vi đã chọn.'}{' '}
        Chỉ câu trả lời đã được duyệt được tính và hiển thị, không kèm thông tin học sinh.
      </p>

      {lastRun ? (
        <p role="status" className="mb-4 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2 text-sm text-fg">
          Lần phân tích vừa rồi: {formatValue(lastRun.newAutoTags)} mã mới gắn tự động, {formatValue(lastRun.removedAutoTags)} mã tự động cũ
          được bỏ, {formatValue(lastRun.manualTags)} mã gắn thủ công được giữ.
        </p>
      ) : null}

      {summary.isPending ? (
        <div aria-busy="true" aria-label="Đang tải số liệu" className="space-y-4">
          <Skeleton className="h-6 w-72" />
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : summary.isError && !data ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger/10 p-5">
          <p className="flex items-center gap-2 text-sm font-medium text-danger">
            <CircleAlert aria-hidden="true" className="size-4" />
            {errorMessage(summary.error, 'Không thể tải số liệu phân tích. Vui lòng thử lại sau.')}
          </p>
          <Button variant="secondary" onClick={() => void summary.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Thử lại
          </Button>
        </div>
      ) : data && data.totalTexts === 0 ? (
        <EmptyState
          title="Chưa có câu trả lời tự luận nào được duyệt"
          description="Khi câu trả lời của học sinh được duyệt, hãy chạy phân tích để xem các chủ đề được nhắc đến."
        />
      ) : data ? (
        <div className={summary.isFetching ? 'opacity-70 transition-opacity' : ''}>
          <dl className="mb-4 grid gap-3 sm:grid-cols-3">
            <Stat label="Câu trả lời đã duyệt" value={formatValue(data.totalTexts)} />
            <Stat label="Được gắn mã" value={formatValue(data.taggedTexts)} hint={sharePercent(data.taggedTexts, data.totalTexts)} />
            <Stat
              label="Chưa gắn mã"
              value={formatValue(data.totalTexts - data.taggedTexts)}
              hint={sharePercent(data.totalTexts - data.taggedTexts, data.totalTexts)}
            />
          </dl>
          <ThemeBars summary={data} onPick={setPick} />
        </div>
      ) : null}

      <CodeTextsDialog pick={pick} scope={scope} canWrite={canWrite} onClose={() => setPick(null)} />
      <SurveyTextsDialog survey={textsOpen ? survey : null} onClose={() => setTextsOpen(false)} />
    </section>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-fg tabular-nums">
        {value}
        {hint ? <span className="ml-2 text-sm font-normal text-muted">{hint}</span> : null}
      </dd>
    </div>
  );
}
