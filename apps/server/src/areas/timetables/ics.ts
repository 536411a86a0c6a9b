/**
 * iCalendar text (RFC 5545) for a person's lessons: one VEVENT per lesson repeating weekly while its
 * version is in force (RRULE FREQ=WEEKLY;UNTIL=…), times in Asia/Ho_Chi_Minh (UTC+7, no daylight saving).
 */

export const TZID = 'Asia/Ho_Chi_Minh';

export interface IcsLesson {
  uid: string;
  /** YYYY-MM-DD of the first occurrence, and of the last day it may occur. */
  firstDate: string;
  untilDate: string;
  /** HH:MM local. */
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
}

/** TEXT escaping (RFC 5545 §3.3.11). */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (§3.1) without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (bytes + n > limit) {
      parts.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  parts.push(cur);
  return parts.join('\r\n ');
}

const compactDate = (d: string) => d.replace(/-/g, '');
const local = (date: string, hhmm: string) => `${compactDate(date)}T${hhmm.replace(':', '')}00`;
/** The end of a local day, in UTC (23:59:59 at UTC+7). */
const untilUtc = (date: string) => `${compactDate(date)}T165959Z`;
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function buildIcs(opts: { name: string; lessons: IcsLesson[]; now?: Date }): string {
  const now = stamp(opts.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//THPT Chuyen//Thoi khoa bieu//VI',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    `X-WR-TIMEZONE:${TZID}`,
    'BEGIN:VTIMEZONE',
    `TZID:${TZID}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0700',
    'TZOFFSETTO:+0700',
    'TZNAME:+07',
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  for (const l of opts.lessons) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${l.uid}`,
      `DTSTAMP:${now}`,
      `DTSTART;TZID=${TZID}:${local(l.firstDate, l.start)}`,
      `DTEND;TZID=${TZID}:${local(l.firstDate, l.end)}`,
      `RRULE:FREQ=WEEKLY;UNTIL=${untilUtc(l.untilDate)}`,
      `SUMMARY:${escapeText(l.summary)}`,
      `LOCATION:${escapeText(l.location)}`,
      `DESCRIPTION:${escapeText(l.description)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
