/*
 * Amending a booking from the desk (bookings.amend): POST /api/admin/bookings/<Ref>/amend with
 * `{travelDate, confirm}`. The server prices the booking on the new date as the shop would and
 * answers the difference; `confirm: false` changes nothing, `confirm: true` applies it and settles
 * the difference as money through the ledger (docs/decisions/0096).
 */
import type { Currency } from './site.ts';

/** A traveller added to the party (the lead stays, and is an adult). */
export interface AmendTraveller {
  title?: string;
  firstName: string;
  lastName: string;
  ageBand: 'adult' | 'child';
  dob?: string;
}

/** One line's change on a booking of several holidays (by its position, as the desk's booking page lists them). */
export interface AmendLine {
  position: number;
  /** Another holiday of the booking's site for this line, priced as the shop prices it. */
  packageId?: number;
  /** This line's new travel date (a departure of its package). */
  travelDate?: string;
  adults?: number;
  children?: number;
  rooms?: number;
}

export interface AmendRequest {
  /** The new first travel date (YYYY-MM-DD); every line moves by the same number of days. Absent: the dates stay. */
  travelDate?: string;
  /** Another holiday of the same site for a booking of one holiday (several: give it per line in `lines`). */
  packageId?: number;
  /** Changes per line (package, date, party, rooms), over the whole booking's. */
  lines?: AmendLine[];
  /** The party and rooms of every line: absent, they stay. */
  adults?: number;
  children?: number;
  rooms?: number;
  /** Travellers added, with their names, and removed (by their id on the desk's booking page). */
  add?: AmendTraveller[];
  remove?: number[];
  /** false: the preview (nothing changes); true: apply it. */
  confirm: boolean;
}

/** What the booking is, before or after the amendment. */
export interface AmendSide {
  travelDate: string;
  lines: {
    position: number;
    packageId: number;
    title: string;
    travelDate: string;
    adults: number;
    children: number;
    rooms: number;
    amount: number;
  }[];
  subtotal: number;
  discount: number;
  total: number;
  amountPaid: number;
  amountDue: number;
  paymentStatus: string;
  /** The party and rooms (the largest across the lines, as the travellers' names are counted). */
  party: { adults: number; children: number; infants: number; rooms: number };
  /** The travellers' names, lead first. */
  travellers: string[];
}

export interface AmendResult {
  RefIdKey: string;
  Currency: Currency;
  /** true: applied; false: a preview that changed nothing. */
  confirmed: boolean;
  /**
   * The new total less what the booking costs now, in the smallest unit: positive, the traveller owes more; negative,
   * money back.
   */
  difference: number;
  before: AmendSide;
  after: AmendSide;
  /**
   * The booking's coupon after a change of holiday: kept when it still applies to the new lines, else removed, and why.
   */
  coupon: { code: string; kept: boolean; note: string } | null;
  /**
   * How the difference is settled: a balance to pay, a refund to make, or nothing (the price did not move, or nothing
   * was paid yet).
   */
  settlement: { kind: 'due' | 'refund' | 'none'; amount: number };
  /** The credit note the money back is given under (applied only). */
  creditNote: { number: string; total: number } | null;
  /** Refund rows made (applied only): gateway ones are sent after the commit, manual ones wait in the refund queue. */
  refunds: number[];
  /** Whether the traveller was mailed the new trip (applied only). */
  mailed: boolean;
  /** Gateway refunds the provider refused (applied only): they wait in the refund queue. */
  failures: string[];
}

export const AMEND_MESSAGES = {
  cancelled: 'This booking is cancelled: a cancelled booking cannot be amended. Make a new booking instead.',
  awaitingPayment:
    'This booking is still waiting for its online payment: wait for it to be paid, or cancel it, before changing it.',
  travelled: 'This trip has already started: its dates can no longer be changed.',
  sameDate: 'The booking already starts on that date: choose another date.',
  notReal: 'travelDate: enter a real date (YYYY-MM-DD).',
  past: 'travelDate: choose a date from tomorrow onwards.',
  tooFar: 'travelDate: we take bookings up to 18 months ahead.',
  notDeparture: (title: string, day: string) =>
    `${title} has no departure on ${day}: choose one of its scheduled departures.`,
  notOnSale: (title: string) => `${title} is no longer on sale on this site, so it cannot be priced on another date.`,
  nothingToChange:
    'Say what to change: a new travel date, another holiday, the party (adults, children, with their names) or the rooms.',
  whichLine: (n: number) =>
    `packageId: this booking has ${n} holidays: say which one changes, with lines: [{ position, packageId }].`,
  unknownLine: (position: number) =>
    `lines: this booking has no holiday at position ${position}: reload the booking and choose again.`,
  unknownPackage: (id: number) => `packageId: there is no holiday ${id}. Choose one of the site's holidays.`,
  otherSite: (title: string, site: string) =>
    `packageId: ${title} is not on sale on the ${site === 'IN' ? 'India' : 'UAE'} site, where this booking is: choose one of that site's holidays.`,
  panNeeded: (title: string) =>
    `packageId: ${title} is outside India, so tax collected at source applies and needs the lead traveller’s PAN, which this booking does not have. Choose a holiday in India, or cancel and book again with the PAN.`,
  roomsNeedAdult: 'rooms: each room needs at least one adult.',
  infantsNeedAdult: 'adults: each infant travels with an adult, so keep at least as many adults as infants.',
  leadStays: 'The lead traveller stays on the booking: remove another traveller, or cancel the booking.',
  unknownTraveller: 'A traveller to remove is not on this booking: reload the booking and choose again.',
  namesMismatch: (party: string) =>
    `Give the name of every traveller of the new party (${party}): add the names of those who join and remove those who no longer travel.`,
  applied: 'Booking amended: the rooms moved, the traveller mailed the new trip.',
  preview: 'The difference, worked out by the server: nothing has changed yet.',
} as const;
