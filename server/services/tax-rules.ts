import { sql } from 'drizzle-orm';
import type { TaxLine } from '../../contract/booking.ts';
import { financialYearStart, siteDay } from '../../contract/calendar.ts';
import { formatMinor } from '../../contract/format.ts';
import type { Site } from '../../contract/site.ts';
import {
  GST_STATE_CODES,
  normalizeTaxNumber,
  stateOfGstCode,
  type SiteTaxRules,
  type TcsRule,
} from '../../contract/tax.ts';
import type { Db } from '../db/client.ts';

/*
 * Tax rules as data (decision 0043). TCS on overseas packages (India, section 206C(1G)) follows the
 * dated rules of `tcs_rules`: the rule in force on the day the money is received applies, and a
 * threshold counts this PAN's earlier receipts in the same financial year (April to March) from the
 * shop's own paid bookings. TCS_RATE_PERCENT, when set, overrides the table with one flat rate.
 */

/** The TCS rule in force on an Indian calendar day, or null before the first. */
export async function tcsRuleOn(db: Db, day: string): Promise<TcsRule | null> {
  const { rows } = await db.execute<{
    effective_from: string | Date;
    rate_bp: number;
    threshold: string | number | null;
    rate_above_bp: number | null;
  }>(sql`
    select to_char(effective_from, 'YYYY-MM-DD') as effective_from, rate_bp, threshold, rate_above_bp from tcs_rules
    where effective_from <= ${day} order by effective_from desc limit 1`);
  const r = rows[0];
  if (!r) return null;
  const from =
    r.effective_from instanceof Date
      ? r.effective_from.toISOString().slice(0, 10)
      : String(r.effective_from).slice(0, 10);
  return {
    effectiveFrom: from,
    rate: r.rate_bp / 100,
    threshold: r.threshold === null ? null : Number(r.threshold),
    rateAbove: r.rate_above_bp === null ? null : r.rate_above_bp / 100,
  };
}

/** The TCS to work a receipt with: the rule, and what this PAN already paid TCS on in the financial year (paise). */
export interface TcsTerms extends TcsRule {
  before: number;
}

/** The rule for a receipt now: the setting's flat rate, else the table's rule of the day (null: no TCS). */
export async function tcsRuleFor(db: Db, override: number | undefined, now: Date): Promise<TcsRule | null> {
  if (override !== undefined)
    return { effectiveFrom: 'TCS_RATE_PERCENT', rate: override, threshold: null, rateAbove: null };
  return tcsRuleOn(db, siteDay(now, 'IN'));
}

/**
 * What a receipt now is taxed at: the rule, and under a threshold what this PAN already had TCS
 * worked on in the financial year, counted from the ledger (every receipt less refunds, whatever
 * the booking's state: server/services/ledger).
 */
export async function tcsTermsFor(
  db: Db,
  override: number | undefined,
  now: Date,
  pan: string | null | undefined,
): Promise<TcsTerms | null> {
  const rule = await tcsRuleFor(db, override, now);
  if (!rule) return null;
  if (rule.threshold === null || !pan) return { ...rule, before: 0 };
  return { ...rule, before: await panBaseInYear(db, normalizeTaxNumber(pan), siteDay(now, 'IN')) };
}

/** This PAN's TCS base in the financial year of `day`, up to that day, from the ledger: receipts less refunds. */
export async function panBaseInYear(db: Db, pan: string, day: string): Promise<number> {
  const { rows } = await db.execute<{ n: string | number }>(sql`
    select coalesce(sum(tcs_base), 0) as n from ledger_entries
    where site = 'IN' and pan = ${normalizeTaxNumber(pan)} and tax_day between ${financialYearStart(day)} and ${day}`);
  return Number(rows[0]?.n ?? 0);
}

const percentOf = (amount: number, rate: number) => Math.round((amount * rate) / 100);
const inr = (amount: number) => formatMinor(amount, 'INR');

/** The TCS line of a receipt: one rate, or across the threshold the part at each rate. */
export function tcsLine(base: number, terms: TcsTerms): TaxLine {
  const section = 'section 206C(1G)';
  if (terms.threshold === null || terms.rateAbove === null) {
    return {
      code: 'TCS',
      label: `TCS ${terms.rate}% (${section})`,
      rate: terms.rate,
      amount: percentOf(base, terms.rate),
      included: false,
      base,
    };
  }
  const room = Math.max(0, terms.threshold - terms.before);
  const low = Math.min(base, room);
  const high = base - low;
  const parts = [
    { base: low, rate: terms.rate, amount: percentOf(low, terms.rate) },
    { base: high, rate: terms.rateAbove, amount: percentOf(high, terms.rateAbove) },
  ].filter((p) => p.base > 0);
  const amount = parts.reduce((sum, p) => sum + p.amount, 0);
  if (parts.length < 2) {
    const rate = parts[0]?.rate ?? terms.rate;
    return { code: 'TCS', label: `TCS ${rate}% (${section})`, rate, amount, included: false, base, parts };
  }
  const rate = Math.round((amount / base) * 10_000) / 100;
  const label = `TCS ${parts.map((p) => `${p.rate}% on ${inr(p.base)}`).join(' + ')} (${section})`;
  return { code: 'TCS', label, rate, amount, included: false, base, parts };
}

/**
 * GST on a net amount (paise) at `rate` percent: CGST + SGST within the seller's state, IGST to another, one GST line
 * while the state is not known.
 */
export function gstLines(net: number, supply: 'intra' | 'inter' | null, rate: number): TaxLine[] {
  const gst = percentOf(net, rate);
  if (supply === 'inter')
    return [{ code: 'IGST', label: `IGST ${rate}%`, rate, amount: gst, included: false, base: net }];
  if (supply === 'intra') {
    // Half each; an odd paisa goes to CGST, so the two add up to the GST the quote showed.
    const cgst = Math.ceil(gst / 2);
    return [
      { code: 'CGST', label: `CGST ${rate / 2}%`, rate: rate / 2, amount: cgst, included: false, base: net },
      { code: 'SGST', label: `SGST ${rate / 2}%`, rate: rate / 2, amount: gst - cgst, included: false, base: net },
    ];
  }
  return [{ code: 'GST', label: `GST ${rate}%`, rate, amount: gst, included: false, base: net }];
}

/**
 * A GST or VAT rate (percent) in force on a day, from the dated `tax_rates` rows as TCS's are
 * (decision 0089): a new rate is one row from its first day. 0 before the first row.
 */
export async function taxRateOn(db: Db, tax: 'GST' | 'VAT', day: string): Promise<number> {
  const { rows } = await db.execute<{ rate_bp: number }>(sql`
    select rate_bp from tax_rates where tax = ${tax} and effective_from <= ${day} order by effective_from desc limit 1`);
  return rows[0] ? Number(rows[0].rate_bp) / 100 : 0;
}

/** The site's own rate on its day: India's GST, the UAE's standard VAT; the other null. */
export interface SiteRates {
  gst: number | null;
  vat: number | null;
}
export async function siteRatesOn(db: Db, site: Site, day: string): Promise<SiteRates> {
  return site === 'UAE'
    ? { gst: null, vat: await taxRateOn(db, 'VAT', day) }
    : { gst: await taxRateOn(db, 'GST', day), vat: null };
}

export interface PlaceOfSupply {
  state: string;
  code: string;
}

/** LeadTraveller.State on the India site: a state's name (any case), its id in the states list, or its GST code. */
export async function placeOfSupply(db: Db, raw: string): Promise<PlaceOfSupply | null> {
  const v = raw.trim();
  if (/^\d{1,2}$/.test(v)) return stateOfGstCode(v.padStart(2, '0'));
  const { rows } = await db.execute<{ name: string }>(
    /^\d+$/.test(v)
      ? sql`select name from states where country_id = 101 and id = ${Number(v)}`
      : sql`select name from states where country_id = 101 and lower(name) = ${v.toLowerCase()}`,
  );
  const name = rows[0]?.name;
  const code = name ? GST_STATE_CODES[name] : undefined;
  return name && code ? { state: name, code } : null;
}

/** The rules a price on this site carries today (GetTaxRules). */
export async function siteTaxRules(
  db: Db,
  override: number | undefined,
  site: Site,
  now = new Date(),
): Promise<SiteTaxRules> {
  const day = siteDay(now, site);
  const rates = await siteRatesOn(db, site, day);
  return { day, ...rates, tcs: site === 'IN' ? await tcsRuleFor(db, override, now) : null };
}
