import type { VoucherSet } from '../../../contract/documents.ts';

/*
 * "Add to calendar": an iCalendar file (RFC 5545) with the trip's stays as all-day events, the
 * hotel's address as their place. Written by hand: a few lines of a plain text format.
 */

/** Text as an iCalendar value: backslash, semicolon, comma and newlines escaped. */
const text = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const day = (iso: string) => iso.replace(/-/g, '');

/** Lines longer than 75 octets are folded (a space starts each continuation). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const ch of line) {
    if (new TextEncoder().encode(current + ch).length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
    }
    current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function tripCalendar(set: VoucherSet, stamp = new Date()): string {
  const dtstamp = `${stamp.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const stays = set.vouchers.filter((v) => v.kind === 'stay');
  const events = (stays.length ? stays : set.vouchers.slice(0, 1)).flatMap((v) => [
    'BEGIN:VEVENT',
    `UID:${v.number}@wanderlust-holidays`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART;VALUE=DATE:${day(v.startDate)}`,
    // All-day events end the day after their last day (exclusive end).
    `DTEND;VALUE=DATE:${day(nextDay(v.endDate, v.endDate === v.startDate))}`,
    `SUMMARY:${text(`${v.packageTitle}: ${v.supplier.name}`)}`,
    `LOCATION:${text([v.supplier.name, ...v.supplier.address].join(', '))}`,
    `DESCRIPTION:${text(`Booking ${set.RefIdKey}. ${v.title}. ${v.supplier.phone}`)}`,
    'END:VEVENT',
  ]);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Wanderlust Holidays//Trips//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events,
    'END:VCALENDAR',
    '',
  ]
    .map(fold)
    .join('\r\n');
}

/** A stay checks out on its end date (exclusive already); a one-day service ends the next day. */
function nextDay(iso: string, sameDay: boolean): string {
  if (!sameDay) return iso;
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
