import { ChevronRight } from 'lucide-react';
import type { TThemeCount, TThemeSummary } from '@app/shared/theme-codes';
import { formatValue } from '@/lib/format';

export interface CodePick {
  codeId: number;
  codeName: string;
  themeName: string;
}

/** Share of the approved texts in scope, one decimal, Vietnamese comma ("12,5%"). */
export function sharePercent(count: number, total: number): string {
  if (!total) return '0%';
  return `${(Math.round((count / total) * 1000) / 10).toLocaleString('vi-VN')}%`;
}

function Bar({ value, total, tone }: { value: number; total: number; tone: 'theme' | 'code' }) {
  const width = total ? Math.max(value > 0 ? 1.5 : 0, (value / total) * 100) : 0;
  return (
    // The bar repeats the number beside it; screen readers read that number.
    <div aria-hidden="true" className="h-2.5 w-full overflow-hidden rounded-full bg-surface-2">
      <div className={`h-full rounded-full ${tone === 'theme' ? 'bg-primary' : 'bg-primary/60'}`} style={{ width: `${width}%` }} />
    </div>
  );
}

/**
 * Counts per theme and code as plain CSS bars, each as wide as its share of the approved texts in
 * scope (a text may fall in several themes, so shares do not add up to 100%). A code opens its texts.
 */
export function ThemeBars({ summary, onPick }: { summary: TThemeSummary; onPick: (pick: CodePick) => void }) {
  const total = summary.totalTexts;
  return (
    <ul aria-label="Số câu trả lời theo chủ đề và mã" className="space-y-4">
      {summary.themes.map((t) => (
        <ThemeBlock key={t.themeId ?? 'none'} theme={t} total={total} onPick={onPick} />
      ))}
    </ul>
  );
}

function ThemeBlock({ theme, total, onPick }: { theme: TThemeCount; total: number; onPick: (pick: CodePick) => void }) {
  const headingId = `theme-${theme.themeId ?? 'none'}`;
  return (
    <li className="rounded-xl border border-border bg-surface p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-base font-semibold text-fg">
          {theme.themeName}
        </h3>
        <p className="text-sm text-fg tabular-nums">
          <span className="font-semibold">{formatValue(theme.count)}</span> câu trả lời
          <span className="text-muted"> · {sharePercent(theme.count, total)}</span>
        </p>
      </div>
      <div className="mt-2">
        <Bar value={theme.count} total={total} tone="theme" />
      </div>
      {theme.codes.length ? (
        <ul aria-label={`Các mã của chủ đề ${theme.themeName}`} className="mt-3 space-y-1">
          {theme.codes.map((c) => (
            <li key={c.codeId}>
              <button
                type="button"
                onClick={() => onPick({ codeId: c.codeId, codeName: c.codeName, themeName: theme.themeName })}
                disabled={c.count === 0}
                aria-label={`${c.codeName}: ${c.count} câu trả lời. Xem các câu trả lời`}
                className="group grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-lg px-2 py-1.5 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-default disabled:hover:bg-transparent sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]"
              >
                <span className="truncate text-sm text-fg">{c.codeName}</span>
                <span className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto">
                  <Bar value={c.count} total={total} tone="code" />
                </span>
                <span className="col-start-2 row-start-1 inline-flex items-center gap-1 text-sm text-fg tabular-nums sm:col-start-auto sm:row-start-auto">
                  {formatValue(c.count)}
                  <ChevronRight aria-hidden="true" className={`size-4 ${c.count ? 'text-muted group-hover:text-fg' : 'invisible'}`} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">Chủ đề chưa có mã nào.</p>
      )}
    </li>
  );
}
