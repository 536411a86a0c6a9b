import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '@/plugins/errors';
import type { Instance } from '../core/instance';
import { FIXED_EVENT_ID_BASE } from './fet-export';
import { fetNames, parseDayName, parseHourName } from './fet-names';

export interface FetPlacement {
  lessonId: number;
  day: number;
  period: number;
  roomId: number | null;
}

const NOT_FET =
  'Tệp không phải kết quả của FET. Hãy chọn tệp …_activities.xml hoặc …_data_and_timetable.fet trong thư mục kết quả của FET.';

type Node = Record<string, unknown>;
const text = (v: unknown): string => (v == null ? '' : typeof v === 'object' ? String((v as Node)['#text'] ?? '') : String(v)).trim();
const list = (v: unknown): Node[] => (v == null ? [] : Array.isArray(v) ? (v as Node[]) : [v as Node]);

/**
 * Reads the timetable FET produced for a file `exportFet` wrote, and maps it back to our lessons:
 *  - `<name>_activities.xml` (root `Activities_Timetable`: each activity's Id, Day, Hour, Room) — the
 *    robust one, FET writes exactly the placements there;
 *  - or `<name>_data_and_timetable.fet` (root `fet`): FET appends every placement to the constraints as a
 *    100 % preferred starting time and preferred room; the last one for an activity wins.
 * Activity ids are our lesson ids; days, hours and rooms are matched by the names the export gave them.
 * Throws a 400 with a Vietnamese message for anything that is not such a result or names unknown things.
 */
export function importFet(content: string, inst: Instance): FetPlacement[] {
  const xml = content.replace(/^\uFEFF/, '').trim();
  if (!xml.startsWith('<') || XMLValidator.validate(xml) !== true) throw badRequest(NOT_FET);
  const doc = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true }).parse(xml) as Node;

  type Raw = { id: string; day: string; hour: string; room: string };
  const raws: Raw[] = [];
  if (doc.Activities_Timetable != null) {
    for (const a of list((doc.Activities_Timetable as Node).Activity))
      raws.push({ id: text(a.Id), day: text(a.Day), hour: text(a.Hour), room: text(a.Room) });
  } else if (doc.fet != null) {
    const fet = doc.fet as Node;
    const time = new Map<string, Raw>();
    for (const c of list((fet.Time_Constraints_List as Node | undefined)?.ConstraintActivityPreferredStartingTime)) {
      if (text(c.Weight_Percentage) !== '100' || text(c.Active) === 'false') continue;
      const id = text(c.Activity_Id);
      time.set(id, { id, day: text(c.Preferred_Day), hour: text(c.Preferred_Hour), room: '' });
    }
    for (const c of list((fet.Space_Constraints_List as Node | undefined)?.ConstraintActivityPreferredRoom)) {
      if (text(c.Weight_Percentage) !== '100' || text(c.Active) === 'false') continue;
      const t = time.get(text(c.Activity_Id));
      if (t) t.room = text(c.Room);
    }
    const activities = list((fet.Activities_List as Node | undefined)?.Activity).map((a) => text(a.Id));
    // A .fet FET has not solved places (at most) the locked activities: not a result.
    if (!activities.length || activities.some((id) => !time.has(id)))
      throw badRequest(
        'Tệp .fet này chưa có thời khóa biểu đầy đủ (FET chưa xếp xong). Hãy chọn tệp …_data_and_timetable.fet hoặc …_activities.xml FET tạo ra sau khi xếp.',
      );
    raws.push(...time.values());
  } else {
    throw badRequest(NOT_FET);
  }
  if (!raws.length) throw badRequest('Tệp kết quả của FET không có hoạt động (tiết học) nào.');

  const lessons = new Map(inst.lessons.map((l) => [l.id, l]));
  const names = fetNames(inst);
  const roomByName = new Map([...names.roomName].map(([id, n]) => [n, id]));
  const problems: string[] = [];
  const out: FetPlacement[] = [];
  const seen = new Set<number>();
  for (const r of raws) {
    const id = /^\d+$/.test(r.id) ? Number(r.id) : NaN;
    if (id >= FIXED_EVENT_ID_BASE) continue; // a fixed event (chào cờ, sinh hoạt lớp) the export added
    if (!lessons.has(id)) {
      problems.push(`hoạt động ${r.id || '(không có mã)'} không phải tiết học của thời khóa biểu này`);
      continue;
    }
    if (seen.has(id)) {
      problems.push(`hoạt động ${id} xuất hiện hai lần`);
      continue;
    }
    seen.add(id);
    const day = parseDayName(r.day);
    const period = parseHourName(r.hour);
    if (day == null) problems.push(`hoạt động ${id}: ngày "${r.day}" không có trong khung tiết`);
    if (period == null || period < 1 || period > names.periods)
      problems.push(`hoạt động ${id}: tiết "${r.hour}" không có trong khung tiết`);
    else if (day != null && !names.days.includes(day)) problems.push(`hoạt động ${id}: ngày "${r.day}" không có trong khung tiết`);
    let roomId: number | null = null;
    if (r.room) {
      roomId = roomByName.get(r.room) ?? null;
      if (roomId == null) problems.push(`hoạt động ${id}: phòng "${r.room}" không có trong danh sách phòng`);
    }
    if (day != null && period != null && period >= 1 && period <= names.periods && names.days.includes(day))
      out.push({ lessonId: id, day, period, roomId });
  }
  if (problems.length) {
    const shown = problems.slice(0, 10).join('; ');
    throw badRequest(
      `Không nhập được kết quả của FET: ${shown}${problems.length > 10 ? `; và ${problems.length - 10} lỗi khác` : ''}. Hãy xuất lại tệp .fet từ thời khóa biểu này rồi xếp lại bằng FET.`,
      { problems },
    );
  }
  return out.sort((a, b) => a.lessonId - b.lessonId);
}
