import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../contract/format.ts';
import { payLaterDueOn, payLaterOffer } from './create-booking.ts';
import { payLaterCancelDay } from './pay-later.ts';
import { siteDay } from '../../../contract/calendar.ts';

const today = '2026-11-25';
const day = (n: number) => new Date(Date.parse('2026-11-25') + n * 86_400_000).toISOString().slice(0, 10);

describe('payLaterOffer: a day to pay, and the cancellation before travel', () => {
  it('defaults (7 days, 2 of grace): from 11 days away; due in 7 days, cancelled on the 10th', () => {
    const config = { PAY_LATER_DAYS: 7, PAY_LATER_GRACE_DAYS: 2 };
    expect(payLaterOffer(today, day(11), config)).toEqual({ offered: true, dueOn: day(7), cancelOn: day(10) });
    expect(payLaterOffer(today, day(10), config)).toMatchObject({ offered: false });
    expect(payLaterOffer(today, day(1), config)).toMatchObject({
      offered: false,
      reason: expect.stringContaining(`starting on ${formatDay(day(11))} or later`) as unknown,
    });
  });

  it('no grace: the due date three days before travel still leaves a day to pay, and the cancellation comes the day before travel', () => {
    const config = { PAY_LATER_DAYS: 7, PAY_LATER_GRACE_DAYS: 0 };
    expect(payLaterOffer(today, day(4), config)).toEqual({ offered: true, dueOn: day(1), cancelOn: day(2) });
    expect(payLaterOffer(today, day(3), config)).toMatchObject({ offered: false });
  });

  it('the cancellation day is the day after the due date plus the grace', () => {
    expect(payLaterCancelDay('2026-12-31', 2)).toBe('2027-01-03');
    expect(payLaterCancelDay('2026-12-31', 0)).toBe('2027-01-01');
  });

  it("counts from the site's own day: booked at 02:30 on 26 November in India (21:00 UTC on the 25th), the balance is due 7 days from the 26th", () => {
    const at = new Date('2026-11-25T21:00:00Z');
    expect(siteDay(at, 'IN')).toBe('2026-11-26');
    expect(siteDay(at, 'UAE')).toBe('2026-11-26');
    expect(siteDay(new Date('2026-11-25T19:59:00Z'), 'UAE')).toBe('2026-11-25');
    expect(payLaterDueOn(siteDay(at, 'IN'), '2027-01-10', 7)).toBe('2026-12-03');
  });
});
