import type { Money } from './site.ts';
import { MINOR_PER_UNIT } from './money.ts';
import { siteDay, type Currency, type Site } from './site-rules.ts';

/*
 * Prices and dates as the shop writes them, without Intl, for the browser and the server alike
 * (pages, mails, PDFs). The first Intl formatter a page builds
 * loads the browser's locale data on the main thread: measured at about 150 ms of the entry's
 * start-up at 4x CPU (decision 0012). The shop writes one fixed format per site, so the rules are
 * spelled out here; format.test.ts checks them against Intl in Node.
 */

/** Digits of a whole number grouped in threes (1,250,000), or as India does: 1,25,00,000. */
function groupDigits(whole: number, indian: boolean): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const last = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const size = indian ? 2 : 3;
  const groups: string[] = [];
  for (let end = rest.length; end > 0; end -= size) groups.unshift(rest.slice(Math.max(0, end - size), end));
  return `${groups.join(',')},${last}`;
}

/**
 * An amount in the smallest unit split as the shop writes it: the sign (never for zero), the whole units and the
 * cents as text (empty when the amount is whole, else two digits). Rounded half away from zero, as Intl does.
 */
function minorParts(amount: number): { sign: string; units: number; cents: string } {
  const abs = Math.round(Math.abs(amount));
  const cents = abs % MINOR_PER_UNIT;
  return {
    sign: amount < 0 && abs !== 0 ? '-' : '',
    units: Math.floor(abs / MINOR_PER_UNIT),
    cents: cents ? `.${String(cents).padStart(2, '0')}` : '',
  };
}

/**
 * Money (in the currency's smallest unit, as every amount is: decision 0116) as the site writes it:
 * `AED 1,250` on the UAE site, `₹1,25,000` on the India site (lakh and crore grouping); an amount
 * that is not whole with two decimals (`₹2,362.50`).
 */
export function formatMoney(money: Money): string {
  return formatMinor(money.amount, money.currency);
}

/**
 * What a person typed as an amount ("1,234.50", "1250") in the currency's units → its smallest
 * unit (123450, 125000); null when it is not an amount (letters, a minus, more than two decimals).
 */
export function toMinor(text: string): number | null {
  const clean = text.trim().replace(/[,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  return Number(whole) * MINOR_PER_UNIT + Number(fraction.padEnd(2, '0'));
}

/**
 * An amount in the smallest unit as staff type it back into a form ("1650", "1299.50"): what toMinor reads. None
 * (a price not set): an empty field.
 */
export function typedAmount(minor: number | null | undefined): string {
  if (minor == null) return '';
  const { sign, units, cents } = minorParts(minor);
  return `${sign}${units}${cents}`;
}

/**
 * An amount in the currency's smallest unit (fils, paise), as the site writes it: whole amounts
 * without decimals (`AED 1,250`), others with two (`₹2,362.50`). The one money formatter.
 */
export function formatMinor(amount: number, currency: Currency): string {
  const { sign, units, cents } = minorParts(amount);
  const digits = groupDigits(units, currency === 'INR');
  return `${sign}${currency === 'INR' ? `₹${digits}` : `AED ${digits}`}${cents}`;
}

/** `2 adults, 1 child, 1 room`: who travels on a line (children and infants only when there are some). */
export function partyText(p: { adults: number; children: number; infants: number; rooms: number }): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    count(p.adults, 'adult', 'adults'),
    p.children ? count(p.children, 'child', 'children') : '',
    p.infants ? count(p.infants, 'infant', 'infants') : '',
    count(p.rooms, 'room', 'rooms'),
  ]
    .filter(Boolean)
    .join(', ');
}

export function nightsDays(nights: number, days: number): string {
  return `${nights} ${nights === 1 ? 'night' : 'nights'} / ${days} ${days === 1 ? 'day' : 'days'}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3);

/** The calendar day of an ISO date or timestamp, in UTC (server and browser agree, whatever the zone). */
function utcDay(iso: string): Date | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `5 Dec 2026`. An unreadable date is shown as it came. */
export function formatDay(iso: string): string {
  const d = utcDay(iso);
  return d ? `${d.getUTCDate()} ${shortMonth(d.getUTCMonth())} ${d.getUTCFullYear()}` : iso;
}

/**
 * `5 Dec 2026`: the day an instant fell on where the site is (booked at 21:00 UTC is booked the next day in Dubai, as
 * its invoice is dated).
 */
export function formatSiteDay(iso: string, site: Site): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : formatDay(siteDay(at, site));
}

/** `Sat 5 Dec 2026`: a travel date, where the weekday matters. */
export function formatTravelDate(iso: string): string {
  const d = utcDay(iso);
  return d ? `${WEEKDAYS[d.getUTCDay()]} ${formatDay(iso)}` : iso;
}

/** `December 2026`. */
export function formatMonthYear(iso: string): string {
  const d = utcDay(iso);
  return d ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : iso;
}

/** What a coupon takes off, as every list, card and checkout step says it: a capped percentage says its cap. */
type CouponDiscountLike =
  { type: 'percent'; percent: number; maxDiscount: Money | null } | { type: 'flat'; amount: Money };

/** `15% off, up to AED 750`, `12% off` or `AED 300 off`. */
export function couponDiscountText(discount: CouponDiscountLike, money: (m: Money) => string = formatMoney): string {
  if (discount.type === 'flat') return `${money(discount.amount)} off`;
  return discount.maxDiscount
    ? `${discount.percent}% off, up to ${money(discount.maxDiscount)}`
    : `${discount.percent}% off`;
}

const PAY_WITH_WORDS = { card: 'by card', netbanking: 'by net banking', upi: 'by UPI' } as const;

/**
 * `When you pay with an HDFC Bank card`, `When you pay by net banking`: a coupon's way of paying, or null when any way.
 */
export function couponPaymentText(
  payment: { method: 'card' | 'netbanking' | 'upi'; bank: string | null } | null | undefined,
): string | null {
  if (!payment) return null;
  return payment.method === 'card' && payment.bank
    ? `When you pay with ${article(payment.bank)} ${payment.bank} card`
    : `When you pay ${PAY_WITH_WORDS[payment.method]}`;
}

/** `a` or `an` before a name as it is said: an HDFC (letters spelt out), an Emirates, a Kotak. */
function article(name: string): string {
  const first = name.split(/\s/)[0] ?? '';
  const spelt = first.length > 1 && first === first.toUpperCase();
  return (spelt ? /^[AEFHILMNORSX]/ : /^[AEIOU]/i).test(first) ? 'an' : 'a';
}
