import { useContext } from 'react';
import { ZClassroom, ZCourseClass, ZHomeroomClass } from '@app/shared/school';
import type { TWeekView, TWeekViewKind } from '@app/shared/timetables';
import { FilterSelect, type Option } from '@/components/data/filter-select';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { useUrlParams } from '@/components/data/url-params';
import { useRouteTitle } from '@/components/data/use-route-title';
import { PageHeader } from '@/components/ui/page-header';
import { CurrentModuleContext } from '@/areas/school/current-module/public';
import { MatrixPanel } from '../components/matrix-panel';
import { WeekViewPanel } from '../components/week-view-panel';
import type { MatrixSpec } from '../lib/matrix';

/** What the principal filters by; each maps to a view of the week API (grade and subject narrow the school's week). */
const FILTERS = {
  school: { label: 'Toàn trường', view: 'school' },
  campus: { label: 'Cơ sở', view: 'campus' },
  grade: { label: 'Khối', view: 'school' },
  homeroom: { label: 'Lớp chủ nhiệm', view: 'homeroom' },
  teacher: { label: 'Giáo viên', view: 'teacher' },
  room: { label: 'Phòng học', view: 'room' },
  subject: { label: 'Môn học', view: 'school' },
} as const satisfies Record<string, { label: string; view: TWeekViewKind }>;
type FilterKey = keyof typeof FILTERS;
const isFilter = (s: string | null): s is FilterKey => !!s && s in FILTERS;

const HOMEROOMS = {
  path: '/v1/homeroom-classes',
  schema: ZHomeroomClass,
  sort: 'name',
  toOption: (c: { id: number; name: string; academicYearName: string }) => ({ value: c.id, label: c.name, hint: c.academicYearName }),
};
const ROOMS = {
  path: '/v1/classrooms',
  schema: ZClassroom,
  sort: 'code',
  toOption: (r: { id: number; code: string; name: string; campusName: string }) => ({
    value: r.id,
    label: `${r.code} – ${r.name}`,
    hint: r.campusName,
  }),
};
const GRADES: Option[] = [10, 11, 12].map((g) => ({ value: g, label: `Khối ${g}` }));

/** Course classes × slots: the school's (or a campus's, a grade's, a subject's) lessons, one row per course class. */
function courseClassSpec(keep: Set<number> | null) {
  return (view: TWeekView): MatrixSpec => {
    const rows = new Map<number, { id: number; label: string; hint?: string }>();
    for (const e of view.entries)
      if (e.courseClass && (!keep || keep.has(e.courseClass.id)))
        rows.set(e.courseClass.id, { id: e.courseClass.id, label: e.courseClass.code, hint: e.courseClass.name });
    return {
      rows: [...rows.values()].sort((a, b) => a.label.localeCompare(b.label, 'vi')),
      rowIds: (e) => (e.courseClass ? [e.courseClass.id] : []),
      cellText: (e) =>
        [e.room ? `P.${e.room.code}` : null, e.teachers.map((t) => t.name.split(' ').pop()).join(', ')].filter(Boolean).join(' · '),
    };
  };
}

/**
 * /principal/schedule: the whole school, read-only, filtered by campus, grade, homeroom class,
 * teacher, room or subject (`?by=&id=` in the address). One class, teacher or room reads as a week
 * grid; the school, a campus, a grade or a subject as course classes × slots.
 */
export default function PrincipalSchedulePage() {
  const title = useRouteTitle('Thời khóa biểu');
  const params = useUrlParams();
  const by: FilterKey = isFilter(params.get('by')) ? (params.get('by') as FilterKey) : 'school';
  const id = Number(params.get('id')) || null;
  const module = useContext(CurrentModuleContext)?.module ?? null;

  const campuses = useOptions(SOURCES.campuses, { enabled: by === 'campus' });
  const teachers = useOptions(SOURCES.teachers, { enabled: by === 'teacher' });
  const subjects = useOptions(SOURCES.subjects, { enabled: by === 'subject' });
  const homerooms = useOptions(HOMEROOMS, { enabled: by === 'homeroom' });
  const rooms = useOptions(ROOMS, { enabled: by === 'room' });
  const narrow = (by === 'grade' || by === 'subject') && !!id;
  const courseClasses = useOptions(
    {
      path: '/v1/course-classes',
      schema: ZCourseClass,
      sort: 'code',
      params: { moduleId: module?.id, grade: by === 'grade' ? id : undefined, subjectId: by === 'subject' ? id : undefined },
      toOption: (c) => ({ value: c.id, label: c.code }),
    },
    { enabled: narrow && !!module },
  );

  const choices: Record<FilterKey, { options: Option[]; loading: boolean } | null> = {
    school: null,
    campus: { options: campuses.options, loading: campuses.isLoading },
    grade: { options: GRADES, loading: false },
    homeroom: { options: homerooms.options, loading: homerooms.isLoading },
    teacher: { options: teachers.options, loading: teachers.isLoading },
    room: { options: rooms.options, loading: rooms.isLoading },
    subject: { options: subjects.options, loading: subjects.isLoading },
  };
  const choice = choices[by];
  const needsId = choice !== null;
  const view = FILTERS[by].view;
  const keep = narrow ? new Set(courseClasses.rows.map((c) => c.id)) : null;

  const toolbar = (
    <>
      <FilterSelect
        label="Xem theo"
        value={by}
        allLabel={null}
        onChange={(v) => params.update({ by: v === 'school' ? null : v, id: null })}
        options={Object.entries(FILTERS).map(([value, f]) => ({ value, label: f.label }))}
      />
      {choice ? (
        <FilterSelect
          label={FILTERS[by].label}
          value={id ? String(id) : ''}
          allLabel={choice.loading ? 'Đang tải...' : `Chọn ${FILTERS[by].label.toLowerCase()}`}
          onChange={(v) => params.update({ id: v || null })}
          options={choice.options}
        />
      ) : null}
    </>
  );

  const single = view === 'teacher' || view === 'homeroom' || view === 'room';
  const apiId = view === 'school' ? null : id;
  const ready = !needsId || !!id;
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        subtitle="Thời khóa biểu toàn trường (chỉ xem). Chọn cơ sở, khối, lớp, giáo viên, phòng hoặc môn để xem riêng."
      />
      {single ? (
        <WeekViewPanel key={`${by}-${id}`} query={{ view, id: apiId }} enabled={ready} toolbar={toolbar} />
      ) : (
        <MatrixPanel
          key={`${by}-${id}`}
          query={{ view, id: apiId }}
          enabled={ready && !(narrow && (!module || courseClasses.isLoading || courseClasses.isError))}
          spec={courseClassSpec(keep)}
          rowHeader="Lớp học phần"
          defaultDay="today"
          toolbar={toolbar}
          emptyRows="Không có lớp học phần nào có tiết trong tuần này theo bộ lọc đã chọn."
        />
      )}
      {narrow && courseClasses.isError ? (
        <p role="alert" className="text-sm text-danger">
          Không thể tải danh sách lớp học phần để lọc. Vui lòng thử lại sau.
        </p>
      ) : null}
      {!ready ? <p className="text-sm text-muted">Chọn {FILTERS[by].label.toLowerCase()} để xem thời khóa biểu.</p> : null}
    </div>
  );
}
