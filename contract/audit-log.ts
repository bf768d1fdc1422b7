/**
 * The audit log in words: what each action is called, and what an entry changed ("price AED 5,950
 * → 6,250", "status requested → confirmed") from the before and after the audit row keeps. One
 * formatter for every action, with a fallback for keys it does not know (their names in words).
 */
import { formatMinor } from './format.ts';
import type { AuditEntry } from './staff.ts';

type Currency = 'AED' | 'INR';

/** An entry of GET /api/admin/audit: the row, what it is called and what it changed. */
export interface AuditView extends AuditEntry {
  /** The action in words ("Recorded a payment"). */
  summary: string;
  /** What changed, one phrase each ("paid AED 0 → 1,250"); empty when the entry holds no details. */
  changes: string[];
}

/** The filter's choices (GET /api/admin/audit answers them with its page). */
export interface AuditFilterOptions {
  staff: { id: number; email: string; role: string }[];
  actions: { value: string; label: string }[];
}

export const AUDIT_ACTION_LABELS = {
  'staff.invite': 'Invited a staff member',
  'staff.setup': 'Finished account set-up',
  'staff.login': 'Signed in',
  'staff.login-failed': 'Sign-in refused',
  'staff.logout': 'Signed out',
  'staff.role': 'Changed a staff role',
  'staff.disable': 'Disabled a staff account',
  'staff.enable': 'Enabled a staff account',
  'staff.reset': 'Reset a staff member’s sign-in',
  'staff.password': 'Changed their password',
  'staff.password-refused': 'Password change refused',
  'staff.sessions-ended': 'Signed out their other sessions',
  'booking.note': 'Added a booking note',
  'bookings.create': 'Made a booking',
  'bookings.amend': 'Amended a booking',
  'bookings.cancel': 'Cancelled a booking',
  'cancellations.override': 'Changed what a cancellation keeps',
  'cancellation.decline': 'Declined a cancellation request',
  'payments.record': 'Recorded a payment',
  'refunds.make': 'Made a refund',
  'refunds.outside': 'Refund made outside the shop',
  'creditNotes.open': 'Opened a credit note',
  'moneyDocuments.open': 'Opened a money document',
  'document.open': 'Opened a traveller’s document',
  'mail.resend': 'Resent a mail',
  'suppliers.confirm': 'Set a supplier’s confirmation',
  'travellers.edit': 'Corrected a traveller’s name',
  'travellers.export': 'Exported a traveller’s data',
  'travellers.erase': 'Erased a traveller’s account',
  'package.create': 'Created a package',
  'package.update': 'Edited a package',
  'package.delete': 'Deleted a package',
  'package.publish': 'Published a package',
  'package.unpublish': 'Unpublished a package',
  'departure.update': 'Changed a departure',
  'departure.season': 'Set a season of departures',
  'coupon.create': 'Created a coupon',
  'coupon.update': 'Edited a coupon',
  'coupon.disable': 'Disabled a coupon',
  'coupon.enable': 'Enabled a coupon',
  'deal.update': 'Edited a deal',
  'deal.create': 'Created a deal',
  'deal.picture': 'Uploaded a deal picture',
  'banner.update': 'Edited a banner',
  'banner.create': 'Created a banner',
  'banner.picture': 'Uploaded a banner picture',
  'deal.order': 'Reordered the deals',
  'banner.order': 'Reordered the banners',
  'enquiry.received': 'Enquiry received',
  'enquiry.status': 'Moved an enquiry',
  'enquiry.reopen': 'Reopened an enquiry',
  'enquiry.assign': 'Assigned an enquiry',
  'enquiry.note': 'Added an enquiry note',
  'enquiry.attachment.open': 'Opened an enquiry’s attachment',
  'enquiry.reply': 'Replied to an enquiry',
  'enquiry.template.add': 'Added a reply template',
  'enquiry.template.edit': 'Edited a reply template',
  'enquiry.template.delete': 'Deleted a reply template',
  'enquiry.quote': 'Sent a quote',
  'enquiry.quote.booked': 'A quote was booked',
} as const satisfies Record<string, string>;

/** An action the server writes to the audit log: one of the labelled names, so a misspelt one fails the type check. */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** "Recorded a payment"; an action this list does not know, in words from its name. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? words(action.replace(/[.-]/g, ' '));
}

/** Keys whose names say less than a word would. */
const KEY_WORDS: Record<string, string> = {
  paymentStatus: 'payment',
  amountPaid: 'paid',
  amountDue: 'due',
  invoiceNumber: 'invoice',
  keepPercent: 'keep %',
  policyKeep: 'policy keeps',
  stopSale: 'stop sale',
  compareAt: 'was',
  prices: 'price',
  assigneeEmail: 'assignee',
  disabledAt: 'disabled',
  vouchersMailed: 'vouchers mailed',
};
/** Ids and echoes that only repeat the record: left out of the words. */
const SKIP = new Set([
  'id',
  'updatedAt',
  'createdAt',
  'assigneeId',
  'lineId',
  'paymentId',
  'refundId',
  'requestId',
  'noteId',
  'fileId',
  'travellerId',
]);
const MONEY =
  /^(amount|total|subtotal|discount|amountPaid|amountDue|paid|keep|refund|policyKeep|refunded|refundable|difference|price|adultPrice|childPrice|compareAt|(flat|maxDiscount|minCart)(Aed|Inr))$/;

function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\b(uae|in|aed|inr)\b/g, (w) => w.toUpperCase());
}

type Leaf = string | number | boolean | null;

/** The object's leaves by path ("prices.UAE.amount"); lists of plain values joined. */
function flatten(value: unknown, path: string[] = [], out = new Map<string, { path: string[]; value: Leaf }>()) {
  if (value === undefined) return out;
  if (value === null || typeof value !== 'object') {
    if (path.length) out.set(path.join('.'), { path, value: value as Leaf });
    return out;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object'))
      out.set(path.join('.'), { path, value: value.length ? value.join(', ') : '(none)' });
    else value.forEach((v, i) => flatten(v, [...path, String(i + 1)], out));
    return out;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, [...path, k], out);
  return out;
}

function labelOf(path: string[]): string {
  // "prices.UAE.amount" → "price UAE"; "payment.amount" → "payment amount".
  const parts = path.filter(
    (p, i) =>
      !(
        p === 'amount' &&
        i === path.length - 1 &&
        path.length > 1 &&
        (path[0] === 'prices' || path[0] === 'compareAt')
      ),
  );
  return parts.map((p) => KEY_WORDS[p] ?? words(p)).join(' ');
}

function currencyOf(path: string[], flat: Map<string, { value: Leaf }>[], fallback: Currency | null): Currency | null {
  const last = path.at(-1)!;
  if (/Aed$/.test(last) || path.includes('UAE')) return 'AED';
  if (/Inr$/.test(last) || path.includes('IN')) return 'INR';
  const sibling = [...path.slice(0, -1), 'currency'].join('.');
  for (const f of flat) {
    const c = f.get(sibling)?.value;
    if (c === 'AED' || c === 'INR') return c;
  }
  return fallback;
}

function show(v: Leaf, money: Currency | null): string {
  if (v === null || v === '') return '(none)';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return money ? formatMinor(v, money) : v.toLocaleString('en-GB');
  const s = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) ? v.replace('T', ' ').slice(0, 16) : v;
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

/**
 * What an entry changed, in words: a key in both before and after that differs as "key old → new",
 * one only after as "key new", one only before (nothing after) as "key old → (none)"; money in its currency
 * (contract/format.ts), the currency written once ("price AED 5,950 → 6,250").
 */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>, currency: Currency | null = null): string[] {
  const before = flatten(entry.before);
  const after = flatten(entry.after);
  const flats = [after, before];
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  const out: string[] = [];
  for (const key of keys) {
    const b = before.get(key);
    const a = after.get(key);
    const path = (a ?? b)!.path;
    const last = path.at(-1)!;
    if (SKIP.has(last) || last === 'currency') continue;
    const money =
      typeof (a ?? b)!.value === 'number' && (MONEY.test(last) || path[0] === 'prices' || path[0] === 'compareAt')
        ? currencyOf(path, flats, currency)
        : null;
    const label = labelOf(path);
    if (a && b) {
      if (a.value === b.value) continue;
      const from = show(b.value, money);
      const to = show(a.value, money);
      // The currency once: "AED 5,950 → 6,250".
      const toShort = money === 'AED' && from.startsWith('AED ') && to.startsWith('AED ') ? to.slice(4) : to;
      out.push(`${label} ${from} → ${toShort}`);
    } else if (a) {
      if (a.value === null && entry.before) continue;
      out.push(`${label} ${show(a.value, money)}`);
    } else if (b && (entry.after === null || entry.after === undefined)) {
      // Only before: the record was removed. A key the after leaves out otherwise was not changed.
      out.push(`${label} ${show(b.value, money)} → (none)`);
    }
  }
  return out;
}
