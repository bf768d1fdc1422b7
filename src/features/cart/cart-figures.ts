import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { PriceBreakdown } from '../../../contract/booking.ts';
import { getCartTotals, type CartTotals } from '../../../contract/cart-totals.ts';
import { formatMinor } from '../../../contract/format.ts';
import type { Site } from '../../../contract/site.ts';

/*
 * The cart's figures are checkout's figures (docs/decisions/0106): GetCartTotals prices the lines
 * with the coupon checkout would apply and the taxes it would add. What the traveller chose about
 * the coupon, and the last figures the server gave, are kept on the device per site: checkout
 * starts from the choice, offline the cart shows the last figures, and checkout says why its total
 * differs from them.
 */

/** A line as priced: what the device's cart line says. */
export interface PricedLine {
  packageId: number;
  travelDate: string;
  adults: number;
  children: number;
  infants: number;
  rooms: number;
}

/** The traveller's coupon choice in the cart: none (removed), a code, or not chosen (the best applies). */
export type CouponChoice = { none: true } | { code: string } | null;

const choiceKey = (site: Site) => `wl-cart-coupon:${site}`;
const figuresKey = (site: Site) => `wl-cart-figures:${site}`;

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the memory of the choice: the best coupon applies again.
  }
}

export const readCouponChoice = (site: Site): CouponChoice =>
  typeof localStorage === 'undefined' ? null : readJson<CouponChoice>(choiceKey(site));
export const writeCouponChoice = (site: Site, choice: CouponChoice) => writeJson(choiceKey(site), choice);

/** The choice as checkout's form reads it: '' for none, a code, or null when the traveller did not choose. */
export function couponFromCart(site: Site): string | null {
  const choice = readCouponChoice(site);
  if (!choice) return null;
  return 'none' in choice ? '' : choice.code;
}

/** The lines' identity: the same holidays, dates and parties in any order. */
export function linesSignature(lines: PricedLine[]): string {
  return lines
    .map((l) => `${l.packageId}|${l.travelDate}|${l.adults}|${l.children}|${l.infants}|${l.rooms}`)
    .sort()
    .join(',');
}

interface SavedFigures {
  signature: string;
  at: number;
  figures: CartTotals;
}

/** The last figures the server gave for these lines on this site, if any. */
export function savedFigures(site: Site, signature: string): SavedFigures | null {
  if (typeof localStorage === 'undefined') return null;
  const saved = readJson<SavedFigures>(figuresKey(site));
  return saved && saved.signature === signature ? saved : null;
}

/** Forgets the cart's choice and figures (a booking was made of them). */
export function forgetCartFigures(site: Site) {
  writeJson(choiceKey(site), null);
  writeJson(figuresKey(site), null);
}

/**
 * The cart's figures from the server for these lines, kept for later; offline (or while the
 * server does not answer) the last ones kept for the same lines, marked `stale`.
 */
export function useCartFigures(site: Site, owner: string | null, lines: PricedLine[], online: boolean) {
  // Read at once in the browser (nothing of it is rendered before the lines are), so the first call asks with it.
  const [choice, setChoiceState] = useState<CouponChoice>(() => readCouponChoice(site));
  useEffect(() => setChoiceState(readCouponChoice(site)), [site]);
  const setChoice = (next: CouponChoice) => {
    writeCouponChoice(site, next);
    setChoiceState(next);
  };
  const signature = linesSignature(lines);
  const params = {
    Lines: lines.map(({ packageId, travelDate, adults, children, infants, rooms }) => ({
      packageId,
      travelDate,
      adults,
      children,
      infants,
      rooms,
    })),
    ...(choice && 'none' in choice ? { NoCoupon: true } : choice ? { CouponCode: choice.code } : {}),
  };
  const answer = useSWR(
    online && owner && lines.length ? ['cart/totals', site, owner, signature, JSON.stringify(choice)] : null,
    async () => {
      const { callApi } = await import('../../lib/api-client.ts');
      const figures = await callApi(getCartTotals, params, { auth: true, headers: { Country: site } });
      writeJson(figuresKey(site), { signature, at: Date.now(), figures } satisfies SavedFigures);
      return figures;
    },
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  // The last figures kept stand in only offline or when the server does not answer (not while asking).
  const saved = lines.length && (!online || answer.error) ? savedFigures(site, signature) : null;
  // A previous answer kept while asking again is shown only for the same lines.
  const fresh = online && answer.data && linesSignature(answer.data.lines) === signature ? answer.data : undefined;
  return {
    figures: fresh ?? saved?.figures ?? null,
    /** The figures shown are the last kept, not the server's answer now. */
    stale: !fresh && saved !== null,
    savedAt: saved?.at ?? null,
    error: answer.error ? (answer.error as Error).message : null,
    choice,
    setChoice,
  };
}

const taxTotal = (p: Pick<PriceBreakdown, 'taxes'>, codes: string[]) =>
  p.taxes.filter((t) => codes.includes(t.code) && !t.included).reduce((sum, t) => sum + t.amount, 0);
const GST = ['GST', 'CGST', 'SGST', 'IGST'];

/**
 * Why checkout's total differs from the total shown before (the cart's, or an earlier step's), in
 * words; empty when it does not differ.
 */
export function whyTotalChanged(
  before: PriceBreakdown,
  after: PriceBreakdown & { couponError?: string | null },
): string[] {
  if (before.total === after.total && before.currency === after.currency) return [];
  const m = (amount: number) => formatMinor(amount, after.currency);
  const why: string[] = [];
  const was = before.coupon?.code;
  const now = after.coupon?.code;
  if (was && !now) why.push(`Coupon ${was} removed${after.couponError ? `: ${after.couponError}` : ''}`);
  else if (!was && now) why.push(`Coupon ${now} applied: −${m(after.discount)}`);
  else if (was && now && was !== now) why.push(`Coupon ${now} (−${m(after.discount)}) instead of ${was}`);
  else if (now && before.discount !== after.discount) why.push(`Coupon ${now} now takes off ${m(after.discount)}`);
  if (before.subtotal !== after.subtotal)
    why.push(`Prices changed since your cart: ${m(before.subtotal)} → ${m(after.subtotal)}`);
  const tcsBefore = taxTotal(before, ['TCS']);
  const tcsAfter = taxTotal(after, ['TCS']);
  if (!tcsBefore && tcsAfter) why.push(`TCS added: ${m(tcsAfter)} (PAN not given yet)`);
  else if (tcsBefore && !tcsAfter) why.push('TCS removed');
  else if (tcsBefore !== tcsAfter) why.push(`TCS changed: ${m(tcsBefore)} → ${m(tcsAfter)}`);
  const gstBefore = taxTotal(before, GST);
  const gstAfter = taxTotal(after, GST);
  if (gstBefore !== gstAfter) why.push(`GST changed: ${m(gstBefore)} → ${m(gstAfter)}`);
  if (why.length === 0) why.push(`Total changed: ${m(before.total)} → ${m(after.total)}`);
  return why;
}
