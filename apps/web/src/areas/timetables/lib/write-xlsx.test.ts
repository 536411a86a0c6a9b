import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as download from '@/lib/download';
import { writeXlsx } from './write-xlsx';

afterEach(() => vi.restoreAllMocks());

describe('the XLSX writer', () => {
  it('writes a real workbook: a title, the header in bold, the rows, A4 landscape', async () => {
    const save = vi.spyOn(download, 'saveBlob').mockImplementation(() => {});
    await writeXlsx({
      sheetName: 'Thời khóa biểu',
      title: 'Thời khóa biểu học sinh Lê Minh Châu – tuần 23/11/2026',
      rows: [
        ['Buổi', 'Tiết', 'Giờ', 'Thứ Hai'],
        ['Sáng', '1', '07:00 – 07:45', 'Chào cờ · 10 Toán'],
      ],
      fileName: 'Thời khóa biểu - học sinh Lê Minh Châu - 23-11-2026.xlsx',
    });
    expect(save).toHaveBeenCalledTimes(1);
    const [blob, name] = save.mock.calls[0];
    expect(name).toBe('Thời khóa biểu - học sinh Lê Minh Châu - 23-11-2026.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blob.arrayBuffer());
    const ws = wb.getWorksheet('Thời khóa biểu')!;
    expect(ws.getCell('A1').value).toBe('Thời khóa biểu học sinh Lê Minh Châu – tuần 23/11/2026');
    expect(ws.getRow(3).values).toEqual([undefined, 'Buổi', 'Tiết', 'Giờ', 'Thứ Hai']);
    expect(ws.getCell('A3').font?.bold).toBe(true);
    expect(ws.getCell('D4').value).toBe('Chào cờ · 10 Toán');
    expect(ws.pageSetup.orientation).toBe('landscape');
  });
});
