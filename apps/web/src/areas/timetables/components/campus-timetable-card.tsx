import { ZClassroom } from '@app/shared/school';
import { FilterSelect } from '@/components/data/filter-select';
import { SOURCES } from '@/components/data/school-sources';
import { useOptions } from '@/components/data/use-options';
import { useUrlParams } from '@/components/data/url-params';
import { CardEmpty, CardPanel } from '@/components/ui/card-panel';
import { useWeekView } from '../api/get-week-view';
import { occupancy, type MatrixRow } from '../lib/matrix';
import { roomSpec } from '../lib/specs';
import { FreeRoomFinder } from './free-room-finder';
import { MatrixPanel } from './matrix-panel';
import { useWeekDate } from './week-picker';

const ROOMS = {
  path: '/v1/classrooms',
  schema: ZClassroom,
  sort: 'code',
  limit: 100,
  toOption: (r: { id: number; code: string; name: string }) => ({ value: r.id, label: r.code, hint: r.name }),
};

function FinderForWeek({ campusId }: { campusId: number }) {
  const { date } = useWeekDate();
  const q = useWeekView({ view: 'campus', id: campusId, date });
  return q.data ? <FreeRoomFinder campusId={campusId} grid={q.data.grid} weekStart={q.data.weekStart} /> : null;
}

/**
 * The facility manager's landing card (/facility/dashboard): a campus's rooms × slots for a day (or
 * the week), each room's share of the week's periods in use, and "Tìm phòng trống".
 */
export function CampusTimetableCard() {
  const params = useUrlParams();
  const campuses = useOptions(SOURCES.campuses);
  const wanted = Number(params.get('campusId'));
  const campus = campuses.rows.find((c) => c.id === wanted) ?? campuses.rows[0];
  const rooms = useOptions({ ...ROOMS, params: { campusId: campus?.id } }, { enabled: !!campus });
  const roomRows: MatrixRow[] = rooms.rows.map((r) => ({ id: r.id, label: r.code, hint: r.name }));

  return (
    <CardPanel
      title="Thời khóa biểu cơ sở"
      description="Phòng nào, tiết nào, lớp nào trong tuần; tỉ lệ sử dụng của từng phòng và tìm phòng trống."
      loading={campuses.isLoading}
    >
      {!campus ? (
        <CardEmpty>Chưa có cơ sở nào. Khi thêm cơ sở và phòng học, thời khóa biểu của từng phòng sẽ hiện ở đây.</CardEmpty>
      ) : (
        <div className="space-y-6">
          <MatrixPanel
            key={campus.id}
            query={{ view: 'campus', id: campus.id }}
            enabled={!rooms.isLoading}
            spec={(view) => roomSpec(view, roomRows)}
            rowHeader="Phòng"
            defaultDay="today"
            showOccupancy
            emptyRows="Cơ sở này chưa có phòng học nào."
            toolbar={
              campuses.rows.length > 1 ? (
                <FilterSelect
                  label="Cơ sở"
                  value={String(campus.id)}
                  allLabel={null}
                  onChange={(v) => params.update({ campusId: v || null })}
                  options={campuses.options}
                />
              ) : null
            }
          >
            {(view, spec) => {
              const used = spec.rows.map((r) => occupancy(view, spec, r.id));
              const total = used.reduce((s, o) => s + o.total, 0);
              const busy = used.reduce((s, o) => s + o.used, 0);
              return (
                <p className="text-sm text-muted">
                  Cả tuần: {spec.rows.length} phòng, {busy}/{total} tiết có lớp ({total ? Math.round((busy / total) * 100) : 0}%).
                </p>
              );
            }}
          </MatrixPanel>
          <FinderForWeek campusId={campus.id} />
        </div>
      )}
    </CardPanel>
  );
}
