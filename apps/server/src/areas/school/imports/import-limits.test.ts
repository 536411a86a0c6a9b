import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@/plugins/errors';
import { bearer, createTestApp, type TestApp } from '@/test/app';
import { multipart, xlsxFile } from '@/test/multipart';

/**
 * Import files are refused before they are unpacked when they would unpack to more than
 * IMPORT_MAX_UNPACKED_MB or hold more than IMPORT_MAX_ROWS rows (here 20 MB and 100 rows).
 */
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_ROWS: '100', IMPORT_MAX_UNPACKED_MB: '20' });
  admin = bearer(await t.tokenFor('quantri'));
});
afterAll(() => t.close());

const HEADERS = ['Mã học sinh', 'Họ và tên', 'Khối', 'Cơ sở'];

function post(file: Buffer, filename = 'hs.xlsx') {
  const body = multipart({ filename, content: file });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/imports/students?dryRun=true',
    payload: body.payload,
    headers: { ...body.headers, ...admin },
  });
}

/** ExcelJS's `worksheet.dataValidations` (missing from its typings). */
const validations = (ws: ExcelJS.Worksheet) =>
  (ws as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }).dataValidations;

interface Entry {
  name: string;
  /** The entry's bytes as stored (deflated). */
  data: Buffer;
  /** The uncompressed size the headers declare. */
  size: number;
}

/** A ZIP archive (what an .xlsx is) with the given entries, deflated, sizes as declared (CRC left 0: nothing here gets as far as checking it). */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    central.push(dir, name);
    offset += local.length + name.length + e.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

const WRAPPER = [
  ['[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'],
  ['xl/workbook.xml', '<?xml version="1.0"?><workbook><sheets><sheet name="HS" sheetId="1" r:id="rId1"/></sheets></workbook>'],
].map(([name, text]) => ({ name, data: deflateRawSync(Buffer.from(text)), size: Buffer.byteLength(text) }));

/** A sheet of `mb` megabytes of identical rows, deflated as a stream (the test never holds it whole). */
async function bombSheet(mb: number): Promise<Entry> {
  const row = '<row r="2"><c r="A2" t="inlineStr"><is><t>HS0001</t></is></c><c r="B2" t="inlineStr"><is><t>Nguyễn Văn A</t></is></c></row>';
  const chunk = Buffer.from(row.repeat(Math.ceil((1024 * 1024) / Buffer.byteLength(row))).slice(0, 1024 * 1024));
  const out: Buffer[] = [];
  const deflate = createDeflateRaw({ level: 9 });
  deflate.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((r) => deflate.on('end', r));
  const head = Buffer.from('<?xml version="1.0"?><worksheet><sheetData>');
  const tail = Buffer.from('</sheetData></worksheet>');
  deflate.write(head);
  for (let i = 0; i < mb; i++) deflate.write(chunk);
  deflate.end(tail);
  await done;
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(out), size: head.length + mb * chunk.length + tail.length };
}

/** Peak growth of heap and buffers while `fn` runs, sampled every 2 ms. */
async function peakGrowth<T>(fn: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 2);
  try {
    const result = await fn();
    peak = Math.max(peak, used());
    return { result, growthMb: (peak - base) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

describe('import limits', () => {
  it('refuses a file unpacking to 87 MB from its central directory, without unpacking it (400, heap growth < 50 MB)', async () => {
    const bomb = zip([...WRAPPER, await bombSheet(87)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { result: res, growthMb } = await peakGrowth(() => post(bomb));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'IMPORT_TOO_LARGE', message: expect.stringContaining('quá lớn (hơn 20 MB)') });
    expect(growthMb).toBeLessThan(50);
    console.info(
      `zip bomb: ${(bomb.length / 1024).toFixed(0)} KB unpacking to 87 MB, refused; peak heap+buffers growth ${growthMb.toFixed(1)} MB`,
    );
  });

  it('refuses an entry that unpacks to more than its header declares (the lie stops at the declared size)', async () => {
    const sheet = await bombSheet(60);
    const lying = zip([...WRAPPER, { ...sheet, size: 4096 }]);
    const { result: res, growthMb } = await peakGrowth(() => post(lying));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('IMPORT_TOO_LARGE');
    expect(growthMb).toBeLessThan(50);
  });

  it('refuses a sheet with more rows than IMPORT_MAX_ROWS before reading it, and reads one at the limit', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`HSLIM${i}`, 'Trần Thị Bình', '10', 'CS1']);
    const over = await post(await xlsxFile(HEADERS, rows(101)));
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: expect.stringContaining('tối đa 100 dòng') });
    const at = await post(await xlsxFile(HEADERS, rows(100)));
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json().data.total).toBe(100);
  });

  it('reads a file whose drop-downs cover whole columns without expanding them cell by cell', async () => {
    // A few bytes of ranges: ExcelJS would make one entry per cell (tens of millions) if it read them.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Học sinh');
    ws.addRow(HEADERS);
    ws.addRow(['HSDV1', 'Trần Thị Bình', '10', 'CS1']);
    validations(ws).add('C2:C1048576', { type: 'list', allowBlank: true, formulae: ['"10,11,12"'] });
    validations(ws).add('E1:Z1048576', { type: 'list', allowBlank: true, formulae: ['"a,b"'] });
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect(file.length).toBeLessThan(20 * 1024);
    const started = Date.now();
    const { result: res, growthMb } = await peakGrowth(() => post(file));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(1);
    expect(growthMb).toBeLessThan(50);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('refuses a CSV with more rows than IMPORT_MAX_ROWS', async () => {
    const lines = ['Mã học sinh,Họ và tên', ...Array.from({ length: 150 }, (_, i) => `HSC${i},Lê Văn Cường`)].join('\n');
    const res = await post(Buffer.from(lines), 'hs.csv');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('IMPORT_TOO_LARGE');
    expect(ERROR_CODES.IMPORT_TOO_LARGE.status).toBe(400);
  });
});
