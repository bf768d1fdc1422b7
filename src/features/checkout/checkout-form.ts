import { z } from 'zod';
import { paymentMethodSchema, type AgeBand } from '../../../contract/booking.ts';
import type { CartItem } from '../../../contract/cart.ts';
import { payWithSchema } from '../../../contract/coupons.ts';

/*
 * What the traveller typed at checkout. It is kept on the device as a draft per hold
 * (checkout-draft.ts, decision 0099) and parsed with this schema when read back.
 */

const traveller = z.object({
  FirstName: z.string(),
  LastName: z.string(),
  AgeBand: z.enum(['adult', 'child', 'infant']),
  DOB: z.string().optional(),
});

export const checkoutFormSchema = z.object({
  lead: z.object({
    Title: z.string(),
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.string(),
    Phone: z.string().optional(),
    DOB: z.string(),
    /** India: the state's id in StatesByCountryId (the place of supply); '' not chosen. */
    State: z.string().default(''),
    /** The billing address as typed, one line per line. */
    Address: z.string().default(''),
  }),
  others: z.array(traveller),
  specialRequests: z.string(),
  pan: z.string(),
  /** India: a business buyer's GSTIN; UAE: its TRN (optional). */
  gstin: z.string().default(''),
  trn: z.string().default(''),
  /** null: not chosen yet (the best coupon is offered); '': none. */
  coupon: z.string().nullable(),
  method: paymentMethodSchema.nullable(),
  /** How the traveller will pay at the gateway (chosen at review when one is on); null: not chosen. */
  payWith: payWithSchema.nullable().optional(),
  /**
   * Pay a deposit now, where the quote offers one (docs/decisions/0108); absent in drafts kept
   * before it was part of the form (read as not chosen).
   */
  deposit: z.boolean().optional(),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;
export type TravellerInput = z.infer<typeof traveller>;

export const emptyForm = (): CheckoutForm => ({
  lead: { Title: '', FirstName: '', LastName: '', Email: '', Phone: undefined, DOB: '', State: '', Address: '' },
  others: [],
  specialRequests: '',
  pan: '',
  gstin: '',
  trn: '',
  coupon: null,
  method: null,
});

/**
 * The Idempotency-Key of booking this hold: made once and kept, so a double tap, a retry after a
 * dropped answer or a reload sends the same key and gets the same booking. A refusal (4xx) starts
 * a new one, as the traveller then changes what they send.
 */
export function bookingKey(holdId: number, fresh = false): string {
  const name = `wl-checkout-key:${holdId}`;
  const kept = fresh ? null : sessionStorage.getItem(name);
  if (kept) return kept;
  const key = `booking-${crypto.randomUUID()}`;
  sessionStorage.setItem(name, key);
  return key;
}

export interface Party {
  adult: number;
  child: number;
  infant: number;
}

/** The party a hold needs names for: the largest across its lines (the lead traveller is one of the adults). */
export function partyOf(items: Pick<CartItem, 'adults' | 'children' | 'infants'>[]): Party {
  return {
    adult: Math.max(1, ...items.map((i) => i.adults)),
    child: Math.max(0, ...items.map((i) => i.children)),
    infant: Math.max(0, ...items.map((i) => i.infants)),
  };
}

/** The other travellers' rows for a party, keeping whatever was typed into rows that stay. */
export function othersFor(party: Party, typed: TravellerInput[]): TravellerInput[] {
  const band = (b: AgeBand, n: number) => {
    const have = typed.filter((t) => t.AgeBand === b);
    return Array.from({ length: n }, (_, i) => have[i] ?? { FirstName: '', LastName: '', AgeBand: b });
  };
  return [...band('adult', party.adult - 1), ...band('child', party.child), ...band('infant', party.infant)];
}

/** The address as typed, in lines (blank lines dropped). */
export const addressLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
