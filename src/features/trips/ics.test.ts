import { describe, expect, it } from 'vitest';
import type { VoucherSet } from '../../../contract/documents.ts';
import { tripCalendar } from './ics.ts';

const voucher = (over: Partial<VoucherSet['vouchers'][number]>): VoucherSet['vouchers'][number] => ({
  number: 'WL-ABCDE-FGHJK-01',
  kind: 'stay',
  title: 'Hotel stay',
  position: 1,
  packageTitle: 'Dubai Family Fun',
  city: 'Dubai',
  startDate: '2027-01-10',
  endDate: '2027-01-15',
  supplier: {
    name: 'Palm View Hotel',
    address: ['Sheikh Zayed Road, Al Barsha', 'Dubai, UAE'],
    phone: '+971 4 555 0100',
    email: 'desk@example.com',
  },
  details: [],
  included: [],
  notes: [],
  ...over,
});

const set = (vouchers: VoucherSet['vouchers']) => ({ RefIdKey: 'WL-ABCDE-FGHJK', vouchers }) as VoucherSet;

describe('the trip calendar file', () => {
  it('has the stays as all-day events at the hotel, ending on check-out day', () => {
    const ics = tripCalendar(
      set([voucher({}), voucher({ number: 'WL-ABCDE-FGHJK-02', kind: 'transfer', title: 'Airport transfers' })]),
      new Date('2026-11-24T08:00:00Z'),
    );
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('DTSTART;VALUE=DATE:20270110\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20270115\r\n');
    expect(ics).toContain('DTSTAMP:20261124T080000Z');
    // Commas in the address are escaped; long lines are folded at 75 octets.
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('LOCATION:Palm View Hotel\\, Sheikh Zayed Road\\, Al Barsha\\, Dubai\\, UAE');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('falls back to the first service, a one-day event ending the next day, when there is no stay', () => {
    const ics = tripCalendar(set([voucher({ kind: 'sightseeing', startDate: '2027-01-11', endDate: '2027-01-11' })]));
    expect(ics).toContain('DTSTART;VALUE=DATE:20270111');
    expect(ics).toContain('DTEND;VALUE=DATE:20270112');
  });
});
