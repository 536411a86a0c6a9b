import { DAY_LABELS, SESSION_LABELS, type TWeekView } from '@app/shared/timetables';
import { entriesAt, formatDate, fileTitle, fullTitle } from './week';
import { entryLine } from './entry-text';

/** The week as a sheet: a header row, then one row per period (days across), Vietnamese headers. */
export function weekSheetRows(view: TWeekView): string[][] {
  const days = view.grid.days;
  const rows: string[][] = [['Buổi', 'Tiết', 'Giờ', ...days.map((d) => DAY_LABELS[d])]];
  for (const p of view.grid.periods) {
    rows.push([
      SESSION_LABELS[p.session],
      String(p.period),
      `${p.start} – ${p.end}`,
      ...days.map((d) =>
        entriesAt(view.entries, d, p.period)
          .map((e) => entryLine(e, view.view))
          .join('\n'),
      ),
    ]);
  }
  return rows;
}

/** "Thời khóa biểu - <title> - dd-mm-yyyy.xlsx" (the week's Monday); characters a file name cannot hold are dropped. */
export function weekFileName(view: TWeekView): string {
  const title = fileTitle(view.title);
  return `Thời khóa biểu - ${title} - ${formatDate(view.weekStart, '-')}.xlsx`;
}

/** Builds the workbook with exceljs, loaded only when someone exports (it is large). */
export async function exportWeekXlsx(view: TWeekView): Promise<void> {
  const { writeXlsx } = await import('./write-xlsx');
  await writeXlsx({
    sheetName: 'Thời khóa biểu',
    title: `${fullTitle(view.title)} – tuần ${formatDate(view.weekStart)}`,
    rows: weekSheetRows(view),
    fileName: weekFileName(view),
  });
}
