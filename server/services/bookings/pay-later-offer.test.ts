import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../contract/format.ts';
import { payLaterOffer } from './create-booking.ts';
import { payLaterCancelDay } from './pay-later.ts';

const now = new Date('2026-11-25T10:00:00Z');
const day = (n: number) => new Date(Date.parse('2026-11-25') + n * 86_400_000).toISOString().slice(0, 10);

describe('payLaterOffer: a day to pay, and the cancellation before travel', () => {
  it('defaults (7 days, 2 of grace): from 11 days away; due in 7 days, cancelled on the 10th', () => {
    const config = { PAY_LATER_DAYS: 7, PAY_LATER_GRACE_DAYS: 2 };
    expect(payLaterOffer(now, day(11), config)).toEqual({ offered: true, dueOn: day(7), cancelOn: day(10) });
    expect(payLaterOffer(now, day(10), config)).toMatchObject({ offered: false });
    expect(payLaterOffer(now, day(1), config)).toMatchObject({ offered: false, reason: expect.stringContaining(`starting on ${formatDay(day(11))} or later`) as unknown });
  });

  it('no grace: the due date three days before travel still leaves a day to pay, and the cancellation comes the day before travel', () => {
    const config = { PAY_LATER_DAYS: 7, PAY_LATER_GRACE_DAYS: 0 };
    expect(payLaterOffer(now, day(4), config)).toEqual({ offered: true, dueOn: day(1), cancelOn: day(2) });
    expect(payLaterOffer(now, day(3), config)).toMatchObject({ offered: false });
  });

  it('the cancellation day is the day after the due date plus the grace', () => {
    expect(payLaterCancelDay('2026-12-31', 2)).toBe('2027-01-03');
    expect(payLaterCancelDay('2026-12-31', 0)).toBe('2027-01-01');
  });
});
