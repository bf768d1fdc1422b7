import { describe, expect, it } from 'vitest';
import { othersFor, partyOf } from './checkout-form.ts';

describe('the party a hold needs names for', () => {
  it('is the largest party across lines, the lead being one of the adults', () => {
    expect(
      partyOf([
        { adults: 2, children: 1, infants: 0 },
        { adults: 3, children: 0, infants: 1 },
      ]),
    ).toEqual({ adult: 3, child: 1, infant: 1 });
    expect(partyOf([])).toEqual({ adult: 1, child: 0, infant: 0 });
  });

  it('keeps typed names when the party changes, and adds empty rows per age band', () => {
    const typed = [
      { FirstName: 'Ravi', LastName: 'Rao', AgeBand: 'adult' as const },
      { FirstName: 'Mira', LastName: 'Rao', AgeBand: 'child' as const },
    ];
    expect(othersFor({ adult: 3, child: 1, infant: 0 }, typed)).toEqual([
      typed[0],
      { FirstName: '', LastName: '', AgeBand: 'adult' },
      typed[1],
    ]);
    expect(othersFor({ adult: 1, child: 0, infant: 0 }, typed)).toEqual([]);
  });
});
