import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Send, X } from 'lucide-react';
import { toast } from 'sonner';
import { isoDateInSchool, moduleLabel } from '@app/shared/format';
import type { TClash, TLessonEdit, TTimetable, TTimetableDetail } from '@app/shared/timetables';
import { useCurrentModule } from '@/areas/school/current-module/public';
import { inputClass } from '@/components/data/form-fields';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { errorMessage, httpStatus } from '@/lib/api-client';
import { createDraft } from './api/create-draft';
import { editLesson } from './api/edit-lesson';
import { useGrids } from './api/get-grids';
import { timetableQueryKey, useTimetable } from './api/get-timetable';
import { timetablesQueryKey, useTimetables } from './api/list-timetables';
import { publishRefusal, publishTimetable } from './api/publish-timetable';
import { useClassrooms, useHomeroomClasses, useModuleCourseClasses } from './api/school-lookups';
import { ClashPanel, ScorePanel } from './components/clash-panel';
import { EditorGrid } from './components/editor-grid';
import { FetActions } from './components/fet-actions';
import { GeneratePanel } from './components/generate-panel';
import { LessonInspector } from './components/lesson-inspector';
import { PublishDialog } from './components/publish-dialog';
import { UnplacedPanel } from './components/unplaced-panel';
import { VersionList } from './components/version-list';
import {
  EDITOR_VIEWS,
  EDITOR_VIEW_LABELS,
  applyEditResult,
  byId,
  clashesByLesson,
  entityOptions,
  gridFor,
  isEditorView,
  lessonsInView,
  type Cell,
  type EditorView,
  type Lookups,
} from './lib/editor-model';

const STALE_FALLBACK = 'Tiết học này vừa được người khác thay đổi. Thời khóa biểu đã được tải lại; hãy xem thay đổi mới rồi thao tác lại.';

/** The version opened by default: the newest draft, else the newest published one, else the first. */
function defaultVersion(versions: readonly TTimetable[] | undefined): number | null {
  if (!versions?.length) return null;
  const newest = (status: TTimetable['status']) =>
    versions.filter((v) => v.status === status).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  return (newest('draft') ?? newest('published') ?? versions[0]).id;
}

/**
 * /admin/schedule: the timetable editor of the header's module. Versions (draft → published), a week
 * of one homeroom class, teacher, room or course class, where lessons are placed by click, drag and
 * drop or keyboard; every edit answers with the clashes and soft score, shown at once. Drafts can be
 * generated, exported to FET and filled from FET's result, and published from a date; published and
 * replaced versions are read-only.
 */
export function AdminSchedulePage() {
  const title = useRouteTitle('Thời khóa biểu');
  const { module, status: moduleStatus } = useCurrentModule();
  const moduleId = module?.id ?? null;
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();

  const versions = useTimetables(moduleId);
  const asked = Number(params.get('v')) || null;
  const versionId = asked !== null && versions.data?.some((v) => v.id === asked) ? asked : defaultVersion(versions.data);
  const detail = useTimetable(versionId);
  const t = detail.data ?? null;
  const readOnly = !t || t.status !== 'draft';

  const grids = useGrids();
  const classes = useModuleCourseClasses(moduleId);
  const rooms = useClassrooms();
  const homerooms = useHomeroomClasses(module?.academicYearId ?? null);
  const lookups: Lookups = useMemo(() => ({ classes: byId(classes.data), rooms: byId(rooms.data) }), [classes.data, rooms.data]);

  const viewParam = params.get('view');
  const view: EditorView = isEditorView(viewParam) ? viewParam : 'homeroom';
  const options = useMemo(
    () => entityOptions(view, { classes: classes.data ?? [], rooms: rooms.data ?? [], homerooms: homerooms.data ?? [] }),
    [view, classes.data, rooms.data, homerooms.data],
  );
  const askedEntity = Number(params.get('id')) || null;
  const entity = options.find((o) => o.value === askedEntity) ?? options[0] ?? null;
  const homeroomId = view === 'homeroom' && entity ? entity.value : null;
  const homeroomIds = useMemo(
    () => new Set(t?.homeroomCourseClasses.find((h) => h.homeroomClassId === homeroomId)?.courseClassIds ?? []),
    [t, homeroomId],
  );

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [swapFrom, setSwapFrom] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; clashes: TClash[] } | null>(null);
  const [publishOpen, setPublishOpen] = useState(false);
  const [creating, setCreating] = useState(false);

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const lessons = useMemo(() => t?.lessons ?? [], [t]);
  const shown = useMemo(
    () => lessonsInView(lessons, { kind: view, id: entity?.value ?? null, homeroomClassIds: homeroomIds }, lookups),
    [lessons, view, entity, homeroomIds, lookups],
  );
  const shownIds = useMemo(() => new Set(shown.map((l) => l.id)), [shown]);
  const unplaced = useMemo(() => lessons.filter((l) => l.day === null), [lessons]);
  const clashMap = useMemo(() => clashesByLesson(t?.clashes ?? []), [t]);
  const selected = lessons.find((l) => l.id === selectedId) ?? null;
  const grid = gridFor(grids.data, entity?.campusId ?? null);

  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: timetableQueryKey(versionId) });
    void client.invalidateQueries({ queryKey: timetablesQueryKey(moduleId) });
  }, [client, versionId, moduleId]);

  /** One edit; its answer (lessons, clashes, score) replaces what the page shows. A stale lesson: say so and reload. */
  const runEdit = async (edit: TLessonEdit) => {
    if (!t || readOnly) return;
    setBusy(true);
    try {
      const res = await editLesson(t.id, edit);
      client.setQueryData<TTimetableDetail>(timetableQueryKey(t.id), (d) => (d ? applyEditResult(d, res) : d));
      setStale(null);
      void client.invalidateQueries({ queryKey: timetablesQueryKey(moduleId) });
    } catch (err) {
      if (httpStatus(err) === 409) {
        const msg = errorMessage(err, STALE_FALLBACK);
        setStale(msg);
        toast.error(msg);
        await detail.refetch();
      } else toast.error(errorMessage(err, 'Không thể lưu thay đổi. Vui lòng thử lại sau.'));
    } finally {
      setBusy(false);
    }
  };

  const lessonOf = (id: number) => lessons.find((l) => l.id === id);

  const place = (lessonId: number, cell: Cell) => {
    const l = lessonOf(lessonId);
    if (!l || busy) return;
    if (l.day === cell.day && l.period === cell.period) return;
    if (l.locked) {
      toast.error('Tiết học đã khóa. Hãy mở khóa trước khi xếp lại.');
      return;
    }
    setSelectedId(lessonId);
    void runEdit({ op: 'place', lessonId, version: l.version, day: cell.day, period: cell.period });
  };

  const select = (id: number | null) => {
    if (swapFrom !== null && id !== null && id !== swapFrom) {
      const a = lessonOf(swapFrom);
      const b = lessonOf(id);
      setSwapFrom(null);
      if (a && b && !busy) void runEdit({ op: 'swap', lessonId: a.id, version: a.version, otherLessonId: b.id, otherVersion: b.version });
      return;
    }
    setSwapFrom(null);
    setSelectedId(id);
  };

  /** A clash picked from a list: its lesson is selected, and shown through its course class when the view does not hold it. */
  const pick = (lessonId: number) => {
    const l = lessonOf(lessonId);
    setSwapFrom(null);
    setSelectedId(lessonId);
    if (l && !shownIds.has(lessonId)) setParam({ view: 'course_class', id: String(l.courseClassId) });
  };

  const unplace = (lessonId: number) => {
    const l = lessonOf(lessonId);
    if (!l || busy) return;
    if (l.locked) {
      toast.error('Tiết học đã khóa. Hãy mở khóa trước khi bỏ xếp.');
      return;
    }
    void runEdit({ op: 'unplace', lessonId, version: l.version });
  };

  const newDraft = async () => {
    if (moduleId === null) return;
    setCreating(true);
    try {
      const res = await createDraft(moduleId);
      client.setQueryData(timetableQueryKey(res.data.id), res.data);
      await client.invalidateQueries({ queryKey: timetablesQueryKey(moduleId) });
      toast.success(res.message ?? 'Đã tạo bản nháp mới.');
      setSelectedId(null);
      setRefusal(null);
      setParam({ v: String(res.data.id) });
    } catch (err) {
      toast.error(errorMessage(err, 'Không thể tạo bản nháp. Vui lòng thử lại sau.'));
    } finally {
      setCreating(false);
    }
  };

  const publish = async (effectiveFrom: string) => {
    if (!t) return;
    try {
      const res = await publishTimetable(t.id, effectiveFrom);
      toast.success(res.message ?? 'Đã công bố thời khóa biểu.');
      setRefusal(null);
      reload();
    } catch (err) {
      const r = publishRefusal(err);
      if (!r) throw err;
      // The clash list is long: the page shows it (clickable), the dialog closes.
      setRefusal(r);
      toast.error('Chưa thể công bố: thời khóa biểu còn xung đột.');
    }
  };

  if (moduleStatus === 'loading' || moduleStatus === 'idle') return <SectionSpinner />;
  if (!module)
    return (
      <div>
        <PageHeader title={title} />
        <EmptyState title="Chưa có học phần" description="Hãy tạo học kỳ và học phần trước khi xếp thời khóa biểu." />
      </div>
    );

  return (
    <div className="space-y-4">
      <PageHeader
        title={title}
        subtitle={`Xếp và công bố thời khóa biểu của học phần ${moduleLabel(module)} (đổi học phần ở đầu trang).`}
        actions={
          t ? (
            <div className="flex flex-wrap gap-2">
              <FetActions timetableId={t.id} readOnly={readOnly} onImported={reload} />
              {readOnly ? null : (
                <Button onClick={() => setPublishOpen(true)}>
                  <Send aria-hidden="true" className="size-4" />
                  Công bố
                </Button>
              )}
            </div>
          ) : null
        }
      />

      {versions.isPending ? (
        <SectionSpinner />
      ) : versions.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(versions.error, 'Không thể tải danh sách thời khóa biểu.')}
        </p>
      ) : (
        <VersionList
          versions={versions.data}
          selectedId={versionId}
          creating={creating}
          onCreate={() => void newDraft()}
          onSelect={(id) => {
            setSelectedId(null);
            setSwapFrom(null);
            setRefusal(null);
            setStale(null);
            setParam({ v: String(id) });
          }}
        />
      )}

      {t && readOnly ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
        >
          <span>
            {t.status === 'published' ? 'Thời khóa biểu đã công bố' : 'Thời khóa biểu đã được thay thế'} chỉ xem được. Để thay đổi, hãy tạo
            bản nháp mới (bản sao của thời khóa biểu đã công bố).
          </span>
          <Button variant="secondary" onClick={() => void newDraft()} disabled={creating}>
            Tạo bản nháp mới
          </Button>
        </div>
      ) : null}

      {stale ? (
        <div role="alert" className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="flex-1">{stale}</span>
          <button type="button" aria-label="Đóng thông báo" onClick={() => setStale(null)} className="rounded p-0.5 hover:bg-danger/10">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}

      {refusal ? (
        <div role="alert" className="space-y-2 rounded-xl border border-danger/40 bg-danger/5 p-3">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-semibold text-danger">{refusal.message.split('\n')[0]}</p>
            <button
              type="button"
              aria-label="Đóng danh sách"
              onClick={() => setRefusal(null)}
              className="rounded p-0.5 text-danger hover:bg-danger/10"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          <ClashPanel title="Xung đột cần xử lý trước khi công bố" clashes={refusal.clashes} onPick={pick} />
        </div>
      ) : null}

      {versionId !== null && detail.isPending ? <SectionSpinner /> : null}
      {detail.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(detail.error, 'Không thể tải thời khóa biểu.')}
        </p>
      ) : null}

      {t ? (
        <>
          <GeneratePanel timetableId={t.id} readOnly={readOnly} onFinished={reload} />
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1 text-xs font-medium text-muted">
              Xem theo
              <select
                value={view}
                onChange={(e) => setParam({ view: e.target.value, id: null })}
                className={`${inputClass} border-border sm:w-44`}
              >
                {EDITOR_VIEWS.map((v) => (
                  <option key={v} value={v}>
                    {EDITOR_VIEW_LABELS[v]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-muted">
              {EDITOR_VIEW_LABELS[view]}
              <select
                value={entity?.value ?? ''}
                onChange={(e) => setParam({ id: e.target.value })}
                disabled={!options.length}
                className={`${inputClass} border-border sm:w-72`}
              >
                {options.length ? null : <option value="">Không có</option>}
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <p className="text-xs text-muted">
              {shown.length} tiết · {shown.filter((l) => l.day === null).length} chưa xếp
            </p>
          </div>

          <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
            <div className="min-w-0 flex-1">
              {grid ? (
                <EditorGrid
                  grid={grid}
                  lessons={shown}
                  lookups={lookups}
                  clashes={clashMap}
                  selectedId={selectedId}
                  readOnly={readOnly}
                  showFixedEvents={view === 'homeroom'}
                  onSelect={select}
                  onPlace={place}
                />
              ) : grids.isPending ? (
                <SectionSpinner />
              ) : (
                <EmptyState title="Chưa có khung tiết" description="Hãy thiết lập khung tiết của cơ sở trước khi xếp thời khóa biểu." />
              )}
            </div>
            <aside className="flex w-full flex-col gap-3 lg:w-80 lg:shrink-0" aria-label="Bảng điều khiển">
              {selected ? (
                <LessonInspector
                  lesson={selected}
                  lookups={lookups}
                  clashes={clashMap.get(selected.id) ?? []}
                  readOnly={readOnly}
                  busy={busy}
                  swapping={swapFrom === selected.id}
                  onRoom={(classroomId) => void runEdit({ op: 'room', lessonId: selected.id, version: selected.version, classroomId })}
                  onLock={(locked) => void runEdit({ op: 'lock', lessonId: selected.id, version: selected.version, locked })}
                  onUnplace={() => unplace(selected.id)}
                  onSwapMode={(on) => setSwapFrom(on ? selected.id : null)}
                  onClose={() => select(null)}
                />
              ) : null}
              <UnplacedPanel
                lessons={unplaced}
                inView={shownIds}
                lookups={lookups}
                clashes={clashMap}
                selectedId={selectedId}
                readOnly={readOnly}
                onSelect={select}
                onUnplace={unplace}
              />
              <ClashPanel clashes={t.clashes} onPick={pick} />
              <ScorePanel score={t.score} />
            </aside>
          </div>
          <PublishDialog
            open={publishOpen}
            timetable={t}
            module={module}
            today={isoDateInSchool()}
            onClose={() => setPublishOpen(false)}
            onPublish={publish}
          />
        </>
      ) : null}
    </div>
  );
}
