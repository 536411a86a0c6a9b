import { DAY_LABELS, type TWeekEntry, type TWeekView } from '@app/shared/timetables';
import { addDays, entriesAt, formatDate, fileTitle, fullTitle } from './week';

/** A row of a resource × slot table: a teacher of the department, or a room of the campus. */
export interface MatrixRow {
  id: number;
  label: string;
  hint?: string;
}

export interface MatrixSpec {
  rows: MatrixRow[];
  /** The rows an entry belongs to. */
  rowIds: (e: TWeekEntry) => number[];
  /** The short text of an entry in a cell. */
  cellText: (e: TWeekEntry) => string;
}

export interface Slot {
  day: number;
  period: number;
}

/** The columns: every period of one day, or of every school day ('week'). */
export function matrixSlots(view: TWeekView, day: number | 'week'): Slot[] {
  const days = day === 'week' ? view.grid.days : [day];
  return days.flatMap((d) => view.grid.periods.map((p) => ({ day: d, period: p.period })));
}

export function cellEntries(view: TWeekView, spec: MatrixSpec, rowId: number, slot: Slot): TWeekEntry[] {
  return entriesAt(view.entries, slot.day, slot.period).filter((e) => spec.rowIds(e).includes(rowId));
}

/** Share of the week's slots in which a row has something (0–100, rounded). */
export function occupancy(view: TWeekView, spec: MatrixSpec, rowId: number): { used: number; total: number; percent: number } {
  const slots = matrixSlots(view, 'week');
  const used = slots.filter((s) => cellEntries(view, spec, rowId, s).length > 0).length;
  return { used, total: slots.length, percent: slots.length ? Math.round((used / slots.length) * 100) : 0 };
}

/** The table as a sheet: header "Tên" + one column per slot ("Thứ Hai – Tiết 1"). */
export function matrixSheetRows(view: TWeekView, spec: MatrixSpec, day: number | 'week', rowHeader: string): string[][] {
  const slots = matrixSlots(view, day);
  return [
    [rowHeader, ...slots.map((s) => `${DAY_LABELS[s.day]} – Tiết ${s.period}`)],
    ...spec.rows.map((r) => [r.label, ...slots.map((s) => cellEntries(view, spec, r.id, s).map(spec.cellText).join('\n'))]),
  ];
}

export function matrixFileName(view: TWeekView, day: number | 'week'): string {
  const title = fileTitle(view.title);
  const when = day === 'week' ? formatDate(view.weekStart, '-') : `${DAY_LABELS[day]} ${formatDate(addDays(view.weekStart, day - 1), '-')}`;
  return `Thời khóa biểu - ${title} - ${when}.xlsx`;
}

export async function exportMatrixXlsx(view: TWeekView, spec: MatrixSpec, day: number | 'week', rowHeader: string): Promise<void> {
  const { writeXlsx } = await import('./write-xlsx');
  await writeXlsx({
    sheetName: 'Thời khóa biểu',
    title: `${fullTitle(view.title)} – tuần ${formatDate(view.weekStart)}`,
    rows: matrixSheetRows(view, spec, day, rowHeader),
    fileName: matrixFileName(view, day),
  });
}
