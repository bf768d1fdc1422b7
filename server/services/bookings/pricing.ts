import { and, sql } from 'drizzle-orm';
import type { BookingLine, PaymentMethod, PriceBreakdown, TaxLine } from '../../../contract/booking.ts';
import type { PayWith } from '../../../contract/coupons.ts';
import { formatMinor } from '../../../contract/format.ts';
import { childFare, priceLine } from '../../../contract/pricing.ts';
import { SITE_CURRENCY, type Site } from '../../../contract/site.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { gstLines, siteRatesOn, tcsLine, tcsTermsFor, type SiteRates, type TcsTerms } from '../tax-rules.ts';
import { siteDay } from '../../../contract/calendar.ts';
import type { VatTreatment } from '../../../contract/tax.ts';
import {
  activeAt,
  couponHistory,
  couponVerdict,
  onSite,
  selectCoupons,
  visibleTo,
  type CouponLine,
} from '../promotions/coupons.ts';

/*
 * One price for a hold, from the catalogue as it is now: the review step shows it and CreateBooking
 * charges it. Every amount is in the smallest unit, as the catalogue keeps its prices (decision 0116).
 */

const INDIA_COUNTRY_ID = 101;
const UAE_COUNTRY_ID = 231;

/** What a hold's line says was chosen (the hold keeps its own copy of the cart line). */
export interface HeldLine {
  packageId: number;
  travelDate: string;
  adults: number;
  children: number;
  infants: number;
  rooms: number;
}

export interface PricedHold extends PriceBreakdown {
  couponId: number | null;
  /** The lines as coupon rules read them (smallest unit, trip type, date). */
  couponLines: CouponLine[];
  /** Why the chosen coupon was not applied (null when it was, or none was chosen). */
  couponError: string | null;
  panRequired: boolean;
}

interface CatalogueRow extends Record<string, unknown> {
  id: number;
  trip_type_id: number;
  slug: string;
  title: string;
  nights: number;
  city: string;
  country_id: number;
  vat_treatment: VatTreatment;
  amount: number | null;
}

async function catalogueRows(db: Db, site: Site, ids: number[]): Promise<Map<number, CatalogueRow>> {
  const { rows } = await db.execute<CatalogueRow>(sql`
    select p.id, p.slug, p.title, p.nights, p.trip_type_id, c.name as city, c.country_id, p.vat_treatment, pp.amount
    from packages p join cities c on c.id = p.city_id
    left join package_prices pp on pp.package_id = p.id and pp.site = ${site} and p.published
    where p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The coupon by code as this traveller may use it now on these lines, with what it takes off (smallest unit), or why
 * not.
 */
async function couponFor(
  db: Db,
  site: Site,
  code: string,
  userId: number,
  lines: CouponLine[],
  now: Date,
  payWith?: PayWith | null,
  exceptBooking?: number,
) {
  const [row] = await selectCoupons(db)
    .where(and(sql`upper(${coupons.code}) = ${code}`, onSite(site), activeAt(now), visibleTo({ userId })))
    .limit(1);
  if (!row) return { ok: false, error: 'This coupon code is not valid on this site now.' } as const;
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const verdict = couponVerdict(site, row, subtotal, {
    lines,
    history: await couponHistory(db, userId, exceptBooking),
    now,
    payWith,
  });
  if (verdict.reason) return { ok: false, error: verdict.reason } as const;
  return {
    ok: true,
    id: row.coupon.id,
    code: row.coupon.code,
    title: verdict.coupon.title,
    discount: verdict.discount,
    eligible: verdict.eligible ?? lines,
  } as const;
}

const percentOf = (amount: number, rate: number) => Math.round((amount * rate) / 100);

/**
 * India: GST added (CGST + SGST or IGST once the place of supply is known), and TCS on what the
 * overseas holidays cost with their GST (`overseasNet`: their price less the part of the coupon that
 * came off them) under the TCS rule of the day; UAE: VAT inside the prices of the standard-rated
 * lines (`standardNet`, all of `net` when not given), shown.
 */
export function taxesFor(
  site: Site,
  net: number,
  overseasNet: number,
  tcs: number | TcsTerms | null,
  more: { supply?: 'intra' | 'inter' | null; standardNet?: number; rates: SiteRates },
): TaxLine[] {
  if (site === 'UAE') {
    const base = more.standardNet ?? net;
    const vat = more.rates.vat ?? 0;
    if (base <= 0 || vat <= 0)
      return [{ code: 'VAT', label: 'VAT 0% (zero-rated)', rate: 0, amount: 0, included: true, base: 0 }];
    return [
      {
        code: 'VAT',
        label: `VAT ${vat}% (included)`,
        rate: vat,
        amount: Math.round((base * vat) / (100 + vat)),
        included: true,
        base,
      },
    ];
  }
  const gst = more.rates.gst ?? 0;
  const taxes: TaxLine[] = gstLines(net, more.supply ?? null, gst);
  const terms: TcsTerms | null =
    typeof tcs === 'number' ? { effectiveFrom: '', rate: tcs, threshold: null, rateAbove: null, before: 0 } : tcs;
  if (overseasNet > 0 && terms && (terms.rate > 0 || (terms.rateAbove ?? 0) > 0)) {
    const base = overseasNet + percentOf(overseasNet, gst);
    taxes.push(tcsLine(base, terms));
  }
  return taxes;
}

/**
 * The most one booking may cost online, in the smallest unit: Stripe takes at most 8 digits
 * (AED 999,999.99); on the India site ₹1 crore, well inside what the money columns hold. A larger
 * trip is booked by the team, or split.
 */
export const MAX_ONLINE_TOTAL: Record<Site, number> = { UAE: 99_999_999, IN: 1_000_000_000 };

/**
 * Prices a hold's lines on the site now: each line from the package's current price, the coupon
 * through its rules, then the site's taxes. A package no longer on sale here is refused.
 */
export async function priceHold(
  db: Db,
  opts: {
    site: Site;
    lines: HeldLine[];
    couponCode?: string;
    userId: number;
    /** TCS_RATE_PERCENT: a flat rate overriding the dated rules; undefined: the rule of the day (decision 0043). */
    tcsRate: number | undefined;
    now?: Date;
    /** The lead traveller's PAN: a threshold rule counts its earlier receipts of the financial year. */
    pan?: string | null;
    /** India: within the seller's state (CGST + SGST) or to another (IGST); not known yet: one GST line. */
    supply?: 'intra' | 'inter' | null;
    /** The way of paying chosen at review: a payment-method coupon applies only with it. */
    payWith?: PayWith | null;
    /** An amendment's own booking: its use of the coupon does not count against the coupon's once-only rules. */
    exceptBooking?: number;
  },
): Promise<PricedHold> {
  const { site, userId } = opts;
  const now = opts.now ?? new Date();
  const rows = await catalogueRows(db, site, [...new Set(opts.lines.map((l) => l.packageId))]);
  const home = site === 'IN' ? INDIA_COUNTRY_ID : UAE_COUNTRY_ID;
  const lines: (BookingLine & { tripTypeId: number })[] = opts.lines.map((l) => {
    const p = rows.get(l.packageId);
    if (!p || p.amount === null)
      throw conflict(
        `${p?.title ?? 'A holiday in your hold'} is no longer on sale on this site. Remove it from your cart and continue to booking again.`,
      );
    return {
      packageId: p.id,
      slug: p.slug,
      title: p.title,
      city: p.city,
      nights: p.nights,
      travelDate: l.travelDate,
      adults: l.adults,
      children: l.children,
      infants: l.infants,
      rooms: l.rooms,
      adultPrice: p.amount,
      childPrice: childFare(p.amount),
      amount: priceLine(p.amount, l.adults, l.children),
      overseas: p.country_id !== home,
      vatTreatment: site === 'UAE' ? p.vat_treatment : null,
      tripTypeId: p.trip_type_id,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const couponLines = lines.map((l) => ({
    amount: l.amount,
    packageId: l.packageId,
    tripTypeId: l.tripTypeId,
    travelDate: l.travelDate,
  }));
  const coupon = opts.couponCode
    ? await couponFor(db, site, opts.couponCode, userId, couponLines, now, opts.payWith, opts.exceptBooking)
    : null;
  const applied = coupon?.ok ? coupon : null;
  const discount = applied ? applied.discount : 0;
  const net = subtotal - discount;
  const overseas = lines.filter((l) => l.overseas).reduce((sum, l) => sum + l.amount, 0);
  // The coupon comes off the lines it is for (a trip type, a travel window): the overseas lines
  // carry their share of it, so TCS is worked out on what they really cost.
  const discountOn = (which: (i: number) => boolean) => {
    if (!applied || discount <= 0) return 0;
    const eligible = new Set(applied.eligible);
    const eligibleAmount = couponLines.reduce((sum, l) => sum + (eligible.has(l) ? l.amount : 0), 0);
    const whichEligible = couponLines.reduce((sum, l, i) => sum + (eligible.has(l) && which(i) ? l.amount : 0), 0);
    return eligibleAmount > 0 ? Math.round((discount * whichEligible) / eligibleAmount) : 0;
  };
  const overseasDiscount = discountOn((i) => lines[i]!.overseas);
  // UAE: VAT is inside the standard-rated lines' prices only (zero-rated and out-of-scope lines carry none).
  const isStandard = (i: number) => lines[i]!.vatTreatment === 'standard';
  const standardNet = lines.reduce((sum, l, i) => sum + (isStandard(i) ? l.amount : 0), 0) - discountOn(isStandard);
  const tcs = site === 'IN' && overseas > 0 ? await tcsTermsFor(db, opts.tcsRate, now, opts.pan) : null;
  // GST or VAT at the rate of the site's day (dated rows, decision 0089), as the ledger taxes the money.
  const rates = await siteRatesOn(db, site, siteDay(now, site));
  const taxes = taxesFor(site, net, overseas - overseasDiscount, tcs, {
    supply: opts.supply ?? null,
    standardNet,
    rates,
  });
  const total = net + taxes.filter((t) => !t.included).reduce((sum, t) => sum + t.amount, 0);
  if (total > MAX_ONLINE_TOTAL[site]) {
    throw conflict(
      `A booking can cost at most ${formatMinor(MAX_ONLINE_TOTAL[site], SITE_CURRENCY[site])} online, and this one comes to ${formatMinor(total, SITE_CURRENCY[site])}. Book fewer holidays at a time, or call us and we will book it for you.`,
    );
  }
  return {
    currency: SITE_CURRENCY[site],
    lines: lines.map(({ tripTypeId: _type, ...line }) => line),
    couponLines,
    subtotal,
    discount,
    coupon: applied ? { code: applied.code, title: applied.title } : null,
    couponId: applied?.id ?? null,
    couponError: coupon && !coupon.ok ? coupon.error : null,
    taxes,
    total,
    panRequired: site === 'IN' && overseas > 0,
  };
}

/**
 * The ways a site takes payment now: its gateway when configured, and paying later unless the trip is too close for it
 * (`payLater`: payLaterOffer).
 */
export function paymentMethodsFor(config: Config, site: Site, payLater = true): PaymentMethod[] {
  const gateway: PaymentMethod | null =
    site === 'IN'
      ? config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
        ? 'razorpay'
        : null
      : config.STRIPE_SECRET_KEY
        ? 'stripe'
        : null;
  const later: PaymentMethod[] = payLater ? ['pay-later'] : [];
  return gateway ? [gateway, ...later] : later;
}
