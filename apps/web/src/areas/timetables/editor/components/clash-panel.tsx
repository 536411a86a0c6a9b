import { CLASH_LABELS, DAY_LABELS, type TClash, type TClashKind, type TSoftScore } from '@app/shared/timetables';

function kindTotals(clashes: readonly TClash[]): Array<[TClashKind, number]> {
  const n = new Map<TClashKind, number>();
  for (const c of clashes) n.set(c.kind, (n.get(c.kind) ?? 0) + 1);
  return [...n.entries()];
}

/** Hard clashes with their Vietnamese messages; a click selects the (first) lesson concerned. */
export function ClashPanel({
  clashes,
  onPick,
  title = 'Xung đột',
}: {
  clashes: readonly TClash[];
  onPick: (lessonId: number) => void;
  title?: string;
}) {
  return (
    <section aria-label={title} className="rounded-xl border border-border bg-surface p-3">
      <h2 className="text-sm font-semibold text-fg">
        {title}: {clashes.length ? <span className="text-danger">{clashes.length}</span> : '0'}
      </h2>
      {clashes.length ? (
        <ul aria-label="Số xung đột theo loại" className="mt-1 flex flex-wrap gap-1 text-xs">
          {kindTotals(clashes).map(([kind, n]) => (
            <li key={kind} className="rounded-full bg-danger/10 px-2 py-0.5 text-danger">
              {CLASH_LABELS[kind]}: {n}
            </li>
          ))}
        </ul>
      ) : null}
      {clashes.length ? (
        <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto text-xs">
          {clashes.map((c, i) => (
            <li key={`${c.kind}-${c.day}-${c.period}-${c.lessonIds.join('.')}-${i}`}>
              <button
                type="button"
                onClick={() => c.lessonIds[0] !== undefined && onPick(c.lessonIds[0])}
                className="w-full rounded-md border border-danger/30 bg-danger/5 px-2 py-1 text-left hover:bg-danger/10"
              >
                <span className="font-semibold text-danger">
                  {CLASH_LABELS[c.kind]}
                  {c.day ? ` · ${DAY_LABELS[c.day] ?? ''}${c.period ? `, tiết ${c.period}` : ''}` : ''}
                </span>
                <span className="block text-fg">{c.message}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-muted">Không có xung đột cứng.</p>
      )}
    </section>
  );
}

const SCORE_ROWS: Array<[keyof Omit<TSoftScore, 'total'>, string]> = [
  ['teacherGaps', 'Tiết trống của giáo viên'],
  ['studentGaps', 'Tiết trống của học sinh'],
  ['sameSubjectTwiceADay', 'Một môn hai lần trong ngày'],
  ['teacherTwoCampuses', 'Giáo viên đi hai cơ sở trong một buổi'],
  ['preferredDaysMissed', 'Không đúng ngày giáo viên mong muốn'],
];

/** The soft rules' counts and their weighted total (lower is better), as of the last edit. */
export function ScorePanel({ score }: { score: TSoftScore }) {
  return (
    <section aria-label="Điểm phạt mềm" className="rounded-xl border border-border bg-surface p-3">
      <h2 className="text-sm font-semibold text-fg">
        Điểm phạt mềm: <span data-testid="score-total">{Math.round(score.total * 100) / 100}</span>
      </h2>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-xs">
        {SCORE_ROWS.map(([k, label]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="text-right font-medium text-fg tabular-nums">{score[k]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
