import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine } from './ics';

describe('iCalendar text', () => {
  const text = buildIcs({
    name: 'Thời khóa biểu',
    now: new Date('2026-11-01T00:00:00Z'),
    lessons: [
      {
        uid: 'lesson-1-1@thoikhoabieu',
        firstDate: '2026-11-03',
        untilDate: '2026-12-19',
        start: '07:00',
        end: '08:35',
        summary: 'Toán chuyên – 10 Toán 1; nhóm A, B',
        location: 'P101 (Phòng 101), Cơ sở Lê Lợi',
        description: 'Giáo viên: Nguyễn Văn Toàn, Trần Thị Hoa — một dòng rất dài để kiểm tra việc gập dòng theo 75 octet của RFC 5545',
      },
    ],
  });

  it('is read by a real parser: time zone, times, weekly repetition, summary, location, teachers', () => {
    const parsed = ical.sync.parseICS(text);
    const events = Object.values(parsed).filter((c) => c?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const e = events[0] as ical.VEvent;
    expect(e.summary).toBe('Toán chuyên – 10 Toán 1; nhóm A, B');
    expect(e.location).toBe('P101 (Phòng 101), Cơ sở Lê Lợi');
    expect(e.description).toContain('Trần Thị Hoa — một dòng rất dài');
    // 07:00 in Hà Nội is 00:00 UTC.
    expect(e.start.toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(e.end?.toISOString()).toBe('2026-11-03T01:35:00.000Z');
    const occurrences = e.rrule!.between(new Date('2026-11-01T00:00:00Z'), new Date('2027-01-31T00:00:00Z'));
    // Every Tuesday from 3/11 to 15/12 (the 19/12 limit is a Saturday): 7 weeks.
    expect(occurrences).toHaveLength(7);
    const tz = Object.values(parsed).find((c) => c?.type === 'VTIMEZONE') as { tzid?: string } | undefined;
    expect(tz?.tzid).toBe('Asia/Ho_Chi_Minh');
  });

  it('uses CRLF lines folded at 75 octets and escapes text', () => {
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(foldLine('x'.repeat(80))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(5)}`);
  });
});
