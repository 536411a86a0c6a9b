import { Link } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { TModule } from '@app/shared/school';
import type { TAggregate } from '@app/shared/survey-results';
import { CardEmpty, CardPanel, cardLinkClass } from '@/components/ui/card-panel';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { isNoTeacherRecord, moduleResultsQuery, teacherCourseResultsQuery } from '../api/results-api';
import { aggLine, fmtN, fmtScore, TOO_FEW } from '../lib/stats';

/*
 * The teachers' and heads' results cards (issue 12). They read the same calls as the results pages,
 * which give teachers and heads only published surveys (issue 11): what the card shows is exactly what
 * the server lets them read, and nothing is shown before a survey is closed, reviewed and published.
 */

const WHEN_PUBLISHED = 'Kết quả của một khảo sát hiện ở đây khi khảo sát đã kết thúc, các ý kiến đã được duyệt và nhà trường đã công bố.';
/** One variant for teachers and heads (the school's setting); the server ignores what is asked. */
const FILTERED = false;
const SHOWN = 4;

/** "4,12 (n = 37)", or why there is no figure. */
const short = (a: Pick<TAggregate, 'score' | 'n' | 'hidden'>) =>
  a.hidden ? `${TOO_FEW} (${fmtN(a.n)})` : a.score === null ? `Chưa có dữ liệu (${fmtN(a.n)})` : `${fmtScore(a.score)} (${fmtN(a.n)})`;

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold text-fg' : 'text-fg'}`}>{value}</dd>
    </div>
  );
}

/** "Xem học phần 2026-HK1-M1": switches the header's module (only to a module of its list). */
function ModuleSwitch({ moduleId, code }: { moduleId: number; code: string }) {
  const { modules, setModule } = useCurrentModule();
  if (!modules.some((m) => m.id === moduleId)) return null;
  return (
    <button type="button" className={`${cardLinkClass} text-sm`} onClick={() => setModule(moduleId)}>
      Xem học phần {code}
    </button>
  );
}

/** TEACHER: their own published results in the header's module (score, department and school beside it, their classes). */
export function TeacherResultsCard() {
  const { module, status } = useCurrentModule();
  const results = useQuery(teacherCourseResultsQuery(module?.id ?? null, 'me', FILTERED));
  const noRecord = isNoTeacherRecord(results.error);
  const d = results.data;
  // The modules with published results before this one (the trend is oldest first).
  const earlier = d
    ? d.trend
        .filter((p) => p.moduleId !== d.moduleId)
        .slice(-3)
        .reverse()
    : [];

  return (
    <CardPanel
      title="Kết quả khảo sát của tôi"
      description={module ? `Học phần ${module.code} · chỉ các khảo sát đã công bố kết quả.` : undefined}
      action={
        <Link to="/teacher/personal-survey-results" className={cardLinkClass}>
          Kết quả khảo sát cá nhân
        </Link>
      }
      loading={(!module && (status === 'idle' || status === 'loading')) || (!!module && results.isPending)}
      error={noRecord ? undefined : (results.error ?? undefined)}
      errorText="Không thể tải kết quả khảo sát. Vui lòng thử lại sau."
      onRetry={() => void results.refetch()}
    >
      {noRecord ? (
        <CardEmpty>Tài khoản chưa gắn với hồ sơ giáo viên. Hãy liên hệ phòng giáo vụ để được gắn tài khoản.</CardEmpty>
      ) : !module || !d ? (
        <CardEmpty>Chưa có học phần hiện tại. {WHEN_PUBLISHED}</CardEmpty>
      ) : d.items.length === 0 ? (
        <div className="space-y-3">
          <CardEmpty>
            Chưa có kết quả được công bố cho các lớp của thầy cô trong học phần {module.code}. {WHEN_PUBLISHED}
          </CardEmpty>
          {earlier.length ? (
            <div>
              <p className="mb-1 text-sm text-muted">Đã có kết quả ở học phần trước:</p>
              <ul className="space-y-1">
                {earlier.map((p) => (
                  <li key={p.moduleId}>
                    <dl>
                      <Figure label={`${p.moduleCode} – ${p.moduleName}`} value={short(p)} />
                    </dl>
                    <ModuleSwitch moduleId={p.moduleId} code={p.moduleCode} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="space-y-3">
          <dl className="space-y-1">
            <Figure label="Điểm của thầy cô" value={aggLine(d.summary)} strong />
            {d.comparison.department ? (
              <Figure label={`Trung bình ${d.teacher.departmentName ?? 'tổ'}`} value={short(d.comparison.department)} />
            ) : null}
            <Figure label="Trung bình toàn trường" value={short(d.comparison.school)} />
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-fg">Theo lớp học phần</h3>
            <dl className="space-y-1">
              {d.items.slice(0, SHOWN).map((c) => (
                <Figure key={`${c.surveyId}-${c.courseClassId}`} label={c.courseClassName} value={short(c)} />
              ))}
            </dl>
            {d.items.length > SHOWN ? <p className="mt-1 text-xs text-muted">Và {d.items.length - SHOWN} lớp khác.</p> : null}
          </div>
        </div>
      )}
    </CardPanel>
  );
}

/**
 * HEAD_DEPARTMENT: the published results of the departments they head in the header's module.
 * `resultsLink`: the department results page of the dashboard it sits on (/department/… for a head,
 * /teacher/… for a teacher who is head: the spec names the page twice).
 */
export function DepartmentResultsCard({ resultsLink }: { resultsLink: string }) {
  const { module, status } = useCurrentModule();
  const results = useQuery(moduleResultsQuery(module?.id ?? null, FILTERED));
  const d = results.data;
  const published = d?.surveys ?? [];

  return (
    <CardPanel
      title="Kết quả khảo sát của tổ"
      description={module ? `Học phần ${module.code} · chỉ các khảo sát đã công bố kết quả.` : undefined}
      action={
        <Link to={resultsLink} className={cardLinkClass}>
          Xem kết quả của tổ
        </Link>
      }
      loading={(!module && (status === 'idle' || status === 'loading')) || (!!module && results.isPending)}
      error={results.error ?? undefined}
      errorText="Không thể tải kết quả khảo sát của tổ. Vui lòng thử lại sau."
      onRetry={() => void results.refetch()}
    >
      {!module || !d ? (
        <CardEmpty>Chưa có học phần hiện tại. {WHEN_PUBLISHED}</CardEmpty>
      ) : published.length === 0 ? (
        <div className="space-y-3">
          <CardEmpty>
            Chưa có kết quả được công bố cho các lớp của tổ trong học phần {module.code}. {WHEN_PUBLISHED}
          </CardEmpty>
          <EarlierDepartmentResults current={module} />
        </div>
      ) : (
        <div className="space-y-3">
          <dl className="space-y-1">
            {d.departments.map((x) => (
              <Figure key={x.departmentId} label={`Điểm ${x.departmentName}`} value={aggLine(x)} strong />
            ))}
          </dl>
          <div>
            <h3 className="mb-1 text-sm font-semibold text-fg">Khảo sát đã công bố</h3>
            <dl className="space-y-1">
              {published.slice(0, SHOWN).map((s) => (
                <Figure key={s.surveyId} label={s.title} value={short(s)} />
              ))}
            </dl>
            {published.length > SHOWN ? <p className="mt-1 text-xs text-muted">Và {published.length - SHOWN} khảo sát khác.</p> : null}
          </div>
        </div>
      )}
    </CardPanel>
  );
}

/**
 * The earlier modules of the semester whose results the head may read (the module call gives heads
 * only published surveys), when the header's module has none yet: each with a one-click switch.
 */
function EarlierDepartmentResults({ current }: { current: TModule }) {
  const { modules } = useCurrentModule();
  const earlier = modules
    .filter((m) => m.id !== current.id && (m.startDate ?? '') < (current.startDate ?? ''))
    .sort((a, b) => (b.startDate ?? '').localeCompare(a.startDate ?? ''))
    .slice(0, 3);
  const reads = useQueries({ queries: earlier.map((m) => moduleResultsQuery(m.id, FILTERED)) });
  const found = earlier.flatMap((m, i) => {
    const d = reads[i]?.data;
    return d && d.surveys.length ? [{ module: m, departments: d.departments }] : [];
  });
  if (!found.length) return null;
  return (
    <div>
      <p className="mb-1 text-sm text-muted">Đã có kết quả ở học phần trước:</p>
      <ul className="space-y-1">
        {found.map(({ module: m, departments }) => (
          <li key={m.id}>
            <dl>
              {departments.map((x) => (
                <Figure key={x.departmentId} label={`${m.code} – ${x.departmentName}`} value={short(x)} />
              ))}
            </dl>
            <ModuleSwitch moduleId={m.id} code={m.code} />
          </li>
        ))}
      </ul>
    </div>
  );
}
