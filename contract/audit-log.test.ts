import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges } from './audit-log.ts';

/* The audit log in words: what an entry changed, from the before and after the audit row keeps. */

describe('auditChanges', () => {
  it('a package price: the site’s currency from its key, written once ("price AED 5,950 → 6,250")', () => {
    const before = {
      title: 'Dubai',
      prices: {
        UAE: { amount: 595_000, compareAt: null, currency: 'AED' },
        IN: { amount: 13_500_000, compareAt: null, currency: 'INR' },
      },
    };
    const after = {
      title: 'Dubai',
      prices: {
        UAE: { amount: 625_000, compareAt: 650_000, currency: 'AED' },
        IN: { amount: 13_500_000, compareAt: null, currency: 'INR' },
      },
    };
    expect(auditChanges({ before, after })).toEqual([
      'price UAE AED 5,950 → 6,250',
      'price UAE was (none) → AED 6,500',
    ]);
    const india = { prices: { IN: { amount: 13_500_000, currency: 'INR' } } };
    expect(auditChanges({ before: india, after: { prices: { IN: { amount: 14_000_050, currency: 'INR' } } } })).toEqual(
      ['price IN ₹1,35,000 → ₹1,40,000.50'],
    );
  });

  it('a status in words ("status requested → confirmed"), the ids that only repeat the record left out', () => {
    expect(
      auditChanges({
        before: { lineId: 4, service: 'stay-1', status: 'requested', number: null, note: '' },
        after: { lineId: 4, service: 'stay-1', status: 'confirmed', number: 'HTL-1', note: '', vouchersMailed: true },
      }),
    ).toEqual(['status requested → confirmed', 'number (none) → HTL-1', 'vouchers mailed yes']);
  });

  it('a booking’s money in the booking’s currency, given by the caller, or by a currency beside it', () => {
    const changes = auditChanges(
      {
        before: { status: 'confirmed', paymentStatus: 'unpaid', amountPaid: 0, amountDue: 125_000 },
        after: {
          status: 'confirmed',
          paymentStatus: 'paid',
          amountPaid: 125_000,
          amountDue: 0,
          payment: { id: 9, amount: 125_000, currency: 'INR', method: 'cash' },
        },
      },
      'AED',
    );
    expect(changes).toEqual([
      'payment unpaid → paid',
      'paid AED 0 → 1,250',
      'due AED 1,250 → 0',
      'payment amount ₹1,250',
      'payment method cash',
    ]);
  });

  it('keys it does not know: their names in words, numbers grouped, never a JSON dump', () => {
    const changes = auditChanges({
      before: { seatsLeftOnBoat: 1200, flags: ['a'] },
      after: { seatsLeftOnBoat: 1500, flags: ['a', 'b'], nested: { deepKey: true } },
    });
    expect(changes).toEqual(['seats left on boat 1,200 → 1,500', 'flags a → a, b', 'nested deep key yes']);
    expect(changes.join(' ')).not.toMatch(/[{}"]/);
  });

  it('a key only before is said as removed when nothing is after; a key the after leaves out is not a change', () => {
    expect(auditChanges({ before: { title: 'Old deal' }, after: null })).toEqual(['title Old deal → (none)']);
    expect(
      auditChanges({
        before: { status: 'confirmed', paymentStatus: 'paid' },
        after: { status: 'cancelled', reason: 'Asked' },
      }),
    ).toEqual(['status confirmed → cancelled', 'reason Asked']);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });
});

describe('auditActionLabel', () => {
  it('names known actions in words and makes words of unknown ones', () => {
    expect(auditActionLabel('suppliers.confirm')).toBe('Set a supplier’s confirmation');
    expect(auditActionLabel('payments.record')).toBe('Recorded a payment');
    expect(auditActionLabel('widget.reFrobnicate')).toBe('widget re frobnicate');
  });
});
