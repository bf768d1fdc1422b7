import type { TcsTerms } from '../tax-rules.ts';
import { tcsLine } from '../tax-rules.ts';

/*
 * The tax split of one movement of money (decision 0089), pure: what part of a receipt is the
 * price's taxable value, its GST or VAT, and tax collected at source, under the rules of the day it
 * happens; and what part of each a refund gives back. Amounts are the smallest currency unit.
 */

/** A booking's price as the ledger reads it (bookingProfile builds it from the row and its lines). */
export interface SaleProfile {
  site: 'UAE' | 'IN';
  /** What the sale costs with GST (India) or VAT inside (UAE), without TCS: the receipts' `sale` add up to it. */
  value: number;
  /** India: the value before GST. UAE: the price (VAT inside). */
  net: number;
  /**
   * India: the GST rate (percent) the price was made with, and how GST splits (CGST+SGST, IGST, one line while
   * unknown).
   */
  gstRate: number;
  supply: 'intra' | 'inter' | null;
  /** India: the part of `value` TCS is collected on (overseas packages with their GST). */
  tcsBase: number;
  /** UAE: the parts of `value` by VAT treatment (standard-rated with VAT inside, zero-rated, out of scope). */
  standard: number;
  zero: number;
  outside: number;
  /** UAE: the VAT rate (percent) the price was made with. */
  vatRate: number;
  pan: string | null;
}

/** The components of an entry's money; `sale` = taxable + the taxes, `amount` = sale + tcs + owed. */
export interface Split {
  sale: number;
  taxable: number;
  zeroRated: number;
  outOfScope: number;
  cgst: number;
  sgst: number;
  igst: number;
  gst: number;
  vat: number;
  tcs: number;
  tcsBase: number;
  owed: number;
}

export const ZERO: Split = {
  sale: 0,
  taxable: 0,
  zeroRated: 0,
  outOfScope: 0,
  cgst: 0,
  sgst: 0,
  igst: 0,
  gst: 0,
  vat: 0,
  tcs: 0,
  tcsBase: 0,
  owed: 0,
};

export const amountOf = (s: Split) => s.sale + s.tcs + s.owed;

/** The rules of the day a receipt happens on. */
export interface DayRules {
  /** Percent, from tax_rates. */
  gstRate: number;
  vatRate: number;
  /** The TCS rule of the day with this PAN's base already counted in its financial year; null: no TCS. */
  tcs: TcsTerms | null;
}

/** round(whole × part ÷ of), 0 when `of` is 0: a cumulative share, so shares of a whole add up to it. */
const shareOf = (whole: number, part: number, of: number) => (of > 0 ? Math.round((whole * part) / of) : 0);

/** What a part `s` of the sale, received after `before` of it, carries: taxable value and GST or VAT (no TCS). */
export function splitSale(p: SaleProfile, before: number, s: number, rules: DayRules): Split {
  const after = before + s;
  if (p.site === 'IN') {
    // At the rate the price was made with, cumulative shares of the price's own net: a booking paid
    // in parts adds up to its invoice to the paisa. At another day's rate, that rate on this part.
    const taxable =
      rules.gstRate === p.gstRate
        ? shareOf(p.net, after, p.value) - shareOf(p.net, before, p.value)
        : Math.round((s * 100) / (100 + rules.gstRate));
    const tax = s - taxable;
    const split = { ...ZERO, sale: s, taxable };
    if (p.supply === 'inter') return { ...split, igst: tax };
    if (p.supply === 'intra') {
      const cgst = Math.ceil(tax / 2);
      return { ...split, cgst, sgst: tax - cgst };
    }
    return { ...split, gst: tax };
  }
  const std = shareOf(p.standard, after, p.value) - shareOf(p.standard, before, p.value);
  const zero = shareOf(p.zero, after, p.value) - shareOf(p.zero, before, p.value);
  const outside = s - std - zero;
  const vatIn = (x: number, rate: number) => Math.round((x * rate) / (100 + rate));
  const vat =
    rules.vatRate === p.vatRate
      ? vatIn(shareOf(p.standard, after, p.value), rules.vatRate) -
        vatIn(shareOf(p.standard, before, p.value), rules.vatRate)
      : vatIn(std, rules.vatRate);
  return { ...ZERO, sale: s, taxable: s - vat, zeroRated: zero, outOfScope: outside, vat };
}

/** The TCS base of a part `s` of the sale received after `before`. */
export const tcsBaseOf = (p: SaleProfile, before: number, s: number) =>
  shareOf(p.tcsBase, before + s, p.value) - shareOf(p.tcsBase, before, p.value);

/** TCS on a part of the sale under the day's terms: its base, amount, rate and the words of its rule. */
export function tcsOn(
  p: SaleProfile,
  before: number,
  s: number,
  terms: TcsTerms | null,
): { base: number; amount: number; rate: number; label: string | null } {
  const base = p.site === 'IN' ? tcsBaseOf(p, before, s) : 0;
  if (!terms || base <= 0 || (terms.rate <= 0 && (terms.rateAbove ?? 0) <= 0))
    return { base: terms ? base : 0, amount: 0, rate: 0, label: null };
  const line = tcsLine(base, terms);
  return { base, amount: line.amount, rate: line.rate, label: line.label };
}

/** What is due to pay the rest of the sale now: the sale left and the TCS on it under the day's terms. */
export function dueNow(
  p: SaleProfile,
  received: number,
  terms: TcsTerms | null,
): { sale: number; tcs: number; total: number } {
  const sale = Math.max(0, p.value - received);
  const tcs = tcsOn(p, received, sale, terms).amount;
  return { sale, tcs, total: sale + tcs };
}

/**
 * A receipt of `amount` split: as much of the sale left (`open`, after `received`) as it pays with
 * its TCS, and whatever is over as owed back. A part payment pays the largest part of the sale whose
 * TCS it also covers; a paisa left by rounding goes to the sale, never owed back.
 */
export function splitReceipt(
  p: SaleProfile,
  received: number,
  open: number,
  amount: number,
  rules: DayRules,
): Split & { tcsRate: number; tcsLabel: string | null } {
  const tcsFor = (s: number) => tcsOn(p, received, s, rules.tcs);
  let sale: number;
  const full = tcsFor(open);
  if (open + full.amount <= amount) sale = open;
  else {
    // The largest s with s + tcs(s) <= amount (s + tcs(s) grows with s).
    let lo = 0;
    let hi = Math.min(open, amount);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (mid + tcsFor(mid).amount <= amount) lo = mid;
      else hi = mid - 1;
    }
    sale = lo;
  }
  const tcs = tcsFor(sale);
  let owed = amount - sale - tcs.amount;
  let saleTaken = sale;
  if (sale < open && owed > 0) {
    // Rounding: the paisa (or two) left belongs to the sale.
    saleTaken = Math.min(open, sale + owed);
    owed -= saleTaken - sale;
  }
  const split = splitSale(p, received, saleTaken, rules);
  return { ...split, tcs: tcs.amount, tcsBase: tcs.base, owed, tcsRate: tcs.rate, tcsLabel: tcs.label };
}

/** Splits `total` over `weights` (largest remainder): the parts add up to `total` exactly. */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (sum <= 0 || weights.length === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * Math.max(0, w)) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]!.i]! += 1;
  return parts;
}

const SALE_PARTS = ['taxable', 'cgst', 'sgst', 'igst', 'gst', 'vat', 'tcs'] as const;

/**
 * What a refund of `amount` of sale money gives back, out of what the booking holds (`pool`: the
 * sums of its entries): each part in proportion, so a refund of everything left zeroes every part,
 * and TCS, GST and VAT are reversed at the rates they were collected at. Negative, as refunds are.
 */
export function splitRefund(pool: Split, amount: number): Split {
  const held = pool.sale + pool.tcs;
  if (amount <= 0 || held <= 0) return { ...ZERO };
  const take = Math.min(amount, held);
  const parts = apportion(
    take,
    SALE_PARTS.map((k) => pool[k]),
  );
  const got = Object.fromEntries(SALE_PARTS.map((k, i) => [k, parts[i]!])) as Record<
    (typeof SALE_PARTS)[number],
    number
  >;
  const sale = take - got.tcs;
  const tcsBase = got.tcs === pool.tcs ? pool.tcsBase : shareOf(pool.tcsBase, got.tcs, pool.tcs);
  const zeroRated = shareOf(pool.zeroRated, got.taxable, pool.taxable);
  const outOfScope = shareOf(pool.outOfScope, got.taxable, pool.taxable);
  return {
    sale: -sale,
    taxable: -got.taxable,
    zeroRated: -zeroRated,
    outOfScope: -outOfScope,
    cgst: -got.cgst,
    sgst: -got.sgst,
    igst: -got.igst,
    gst: -got.gst,
    vat: -got.vat,
    tcs: -got.tcs,
    tcsBase: -tcsBase,
    owed: 0,
  };
}

/** Adds entries' components (sums of a booking, a payment, a document). */
export function sum(splits: Split[]): Split {
  const out = { ...ZERO };
  for (const s of splits) for (const k of Object.keys(out) as (keyof Split)[]) out[k] += s[k];
  return out;
}

/** The same movement backwards: a reversal. */
export function negate(s: Split): Split {
  const out = { ...ZERO };
  for (const k of Object.keys(out) as (keyof Split)[]) out[k] = -s[k];
  return out;
}
