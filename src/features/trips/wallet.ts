import {
  bookingDetailById,
  bookingsList,
  generateAllVoucher,
  getCreditNoteDetails,
  getInvoiceDetails,
  getMoneyDocuments,
} from '../../../contract/booking-calls.ts';
import type { CreditNote } from '../../../contract/credit-notes.ts';
import type { BookingDetail, BookingSummary } from '../../../contract/booking.ts';
import type { Invoice, VoucherSet } from '../../../contract/documents.ts';
import type { MoneyDocument } from '../../../contract/money-documents.ts';
import { hasVouchers } from './has-vouchers.ts';
import { callApi } from '../../lib/api-client.ts';
import { shopDb, type ShopDb } from '../../lib/db.ts';
import { readIdentity } from '../../lib/identity.ts';
import { shopDbExists } from '../../lib/shop-db-exists.ts';
import { PERSIST_KEY, type PersistState } from './wallet-state.ts';
import type { WalletEntry } from './wallet-schema.ts';

export { STALE_AFTER_MS, persistState, type PersistState } from './wallet-state.ts';
export type { WalletEntry } from './wallet-schema.ts';

/*
 * The trip wallet: every booking's detail, invoice and vouchers kept on the phone (the app's Dexie
 * database, table `wallet`), PDFs as Blobs, so they open at the hotel desk or the airport with no
 * signal. Written when a booking is confirmed (its page saves it), at sign-in, and whenever the app
 * sees a booking change; removed at sign-out. My trips and the sync read rows by their shape
 * (listEntry): they load none of the contract's schemas, whose evaluation was all of My trips'
 * blocking time. The pages that show a trip's documents parse its row whole (wallet-schema.ts).
 */

const blobOrNone = (v: unknown) => v === null || v === undefined || v instanceof Blob;

/**
 * A saved row as the list and the sync use it, or null for a row of another shape (left out, and
 * saved again by the next sync): what they read is checked by hand, and a copy saved before credit
 * notes (or receipt vouchers and debit notes) were kept gets none.
 */
export function listEntry(row: unknown): WalletEntry | null {
  if (!row || typeof row !== 'object') return null;
  const r = row as Record<string, unknown>;
  if (
    typeof r.ref !== 'string' ||
    typeof r.userId !== 'string' ||
    typeof r.savedAt !== 'number' ||
    typeof r.version !== 'string'
  )
    return null;
  const d = r.detail as Record<string, unknown> | null | undefined;
  if (!d || typeof d !== 'object' || d.RefIdKey !== r.ref || (d.site !== 'UAE' && d.site !== 'IN')) return null;
  for (const key of ['Status', 'PaymentStatus', 'Currency', 'title', 'firstTravelDate', 'createdAt'] as const)
    if (typeof d[key] !== 'string') return null;
  for (const key of ['BookingId', 'Total', 'moreLines', 'travellerCount'] as const)
    if (typeof d[key] !== 'number') return null;
  if (![r.invoicePdf, r.vouchersPdf, r.creditNotePdf].every(blobOrNone)) return null;
  const moneyDocuments = r.moneyDocuments ?? [];
  if (
    !Array.isArray(moneyDocuments) ||
    !moneyDocuments.every((d: unknown) => !!d && typeof d === 'object' && blobOrNone((d as { pdf?: unknown }).pdf))
  )
    return null;
  return {
    ...r,
    invoice: r.invoice ?? null,
    vouchers: r.vouchers ?? null,
    invoicePdf: r.invoicePdf ?? null,
    vouchersPdf: r.vouchersPdf ?? null,
    creditNote: r.creditNote ?? null,
    creditNotePdf: r.creditNotePdf ?? null,
    moneyDocuments,
  } as WalletEntry;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';
const strings = (v: unknown) => Array.isArray(v) && v.every(isString);

/** One voucher as the voucher page and the calendar read it (contract/documents.ts voucherSchema), checked by hand. */
function isVoucher(v: unknown): boolean {
  if (!isObject(v)) return false;
  const s = v.supplier;
  return (
    ['number', 'title', 'packageTitle', 'startDate', 'endDate'].every((k) => isString(v[k])) &&
    (v.kind === 'stay' || v.kind === 'transfer' || v.kind === 'sightseeing') &&
    isObject(s) &&
    isString(s.name) &&
    isString(s.phone) &&
    strings(s.address) &&
    Array.isArray(v.details) &&
    v.details.every((d: unknown) => isObject(d) && isString(d.label) && isString(d.value)) &&
    strings(v.included) &&
    strings(v.notes) &&
    (v.place === undefined || isString(v.place)) &&
    (v.stay === undefined || (isObject(v.stay) && typeof v.stay.index === 'number' && typeof v.stay.of === 'number')) &&
    (v.payLocally === undefined || strings(v.payLocally))
  );
}

/**
 * A saved voucher set with what the voucher page shows (its reference, QR, travellers, help, PDF name and each
 * voucher).
 */
export function isVoucherSet(v: unknown): boolean {
  if (!isObject(v)) return false;
  const { qr, help, pdf, paymentDue, travellers, vouchers } = v;
  return (
    isString(v.RefIdKey) &&
    isObject(qr) &&
    isString(qr.svg) &&
    isObject(help) &&
    isString(help.name) &&
    isString(help.phone) &&
    isObject(pdf) &&
    isString(pdf.filename) &&
    (paymentDue === null || paymentDue === undefined || (isObject(paymentDue) && isString(paymentDue.text))) &&
    Array.isArray(travellers) &&
    travellers.every((t: unknown) => isObject(t) && isString(t.name)) &&
    Array.isArray(vouchers) &&
    vouchers.every(isVoucher)
  );
}

/**
 * The copies My trips read last, by reference: a trip's voucher page opens with its copy from here
 * (lastVoucherCopy) instead of a first render with none while the database is read; it reads the
 * row live at once after (voucherCopy). Emptied at sign-out with the wallet.
 */
const lastRead = new Map<string, WalletEntry>();

/**
 * One saved trip as its voucher page shows it, read by its primary key and by its shape (listEntry,
 * and the voucher set checked by hand): the page opens offline without loading the contract's
 * schemas (wallet-schema.ts), whose loading and evaluation were most of a tap on Voucher. Null: none,
 * or a row of another shape (saved again the next time the phone is online).
 */
export async function voucherCopy(ref: string, db: ShopDb = shopDb()): Promise<WalletEntry | null> {
  return voucherShown(listEntry(await db.wallet.get(ref)));
}

const voucherShown = (entry: WalletEntry | null) =>
  !entry || (entry.vouchers !== null && !isVoucherSet(entry.vouchers)) ? null : entry;

/** The trip's copy as My trips last read it, for the voucher page's first render (undefined: not read). */
export function lastVoucherCopy(ref: string): WalletEntry | undefined {
  const entry = lastRead.get(ref);
  return entry ? (voucherShown(entry) ?? undefined) : undefined;
}

/**
 * What tells a saved copy is out of date (docs/decisions/0107): the booking's state and total and
 * each of its documents (kind, number, and the version the server gives it), so a new receipt, a
 * credit note, an amendment, a withdrawn voucher or a supplier's number replaces the copy. Keys of
 * this form start `2|`; a copy saved under the last release's key (`Status|PaymentStatus|Total`)
 * never equals one, so it is shown as it is offline and saved again the first time the phone is
 * online. An answer without the documents (none of the list's or the detail's) keeps the old key.
 */
export function versionOf(b: Pick<BookingSummary, 'Status' | 'PaymentStatus' | 'Total' | 'documentVersions'>): string {
  const head = `${b.Status}|${b.PaymentStatus}|${b.Total}`;
  if (!b.documentVersions) return head;
  const documents = b.documentVersions.map((d) => `${d.kind}:${d.number}:${d.version}`).sort();
  return `2|${head}|${documents.join(',')}`;
}

function token(): string {
  const identity = readIdentity();
  if (identity.kind !== 'user') throw new Error('Token not found. Please log in again.');
  return identity.token;
}

async function pdf(url: string): Promise<Blob> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token()}` }, cache: 'no-store' });
  if (!res.ok) throw new Error(`The PDF could not be fetched (${res.status}).`);
  return res.blob();
}

/**
 * A booking's receipt vouchers and debit notes with their PDFs: only once money was received (an
 * unpaid booking has none). A copy the phone could not fetch is left out (none) or kept without its
 * PDF, rather than failing the trip's other documents.
 */
async function moneyDocumentsFor(detail: BookingDetail): Promise<WalletEntry['moneyDocuments']> {
  if (detail.amountPaid <= 0) return [];
  // The server lists the booking's documents: none of these kinds, no call (a booking paid in full at once has none).
  if (detail.documentVersions && !detail.documentVersions.some((d) => d.kind === 'receipt' || d.kind === 'debit-note'))
    return [];
  const documents = await callApi(
    getMoneyDocuments,
    { BookingId: detail.BookingId },
    { auth: true, headers: { Country: detail.site } },
  ).catch(() => [] as MoneyDocument[]);
  return Promise.all(
    (documents as MoneyDocument[]).map(async (document) => ({
      document,
      pdf: await pdf(document.pdf.url).catch(() => null),
    })),
  );
}

/** The traveller's saved trips, newest booking first, read by their shape (listEntry). */
export async function walletEntries(userId: string, db: ShopDb = shopDb()): Promise<WalletEntry[]> {
  const rows = await db.wallet.where('userId').equals(userId).toArray();
  const entries = rows
    .map(listEntry)
    .filter((e): e is WalletEntry => e !== null)
    .sort((a, b) => b.detail.createdAt.localeCompare(a.detail.createdAt));
  lastRead.clear();
  for (const e of entries) lastRead.set(e.ref, e);
  return entries;
}

/** Once, when the first trip is saved: asks the browser not to clear the wallet under pressure. */
async function askToPersist(): Promise<void> {
  if (localStorage.getItem(PERSIST_KEY)) return;
  let state: PersistState = 'unsupported';
  if (navigator.storage?.persist)
    state = (await navigator.storage.persisted()) || (await navigator.storage.persist()) ? 'granted' : 'denied';
  localStorage.setItem(PERSIST_KEY, state);
}

/**
 * Keeps one booking on the phone. Its documents (JSON and PDFs) are fetched again only when the
 * booking or any of its documents changed (versionOf) or they are missing, and then all of them,
 * so a withdrawn one leaves the phone; a confirmed booking has its invoice (a proforma until paid),
 * and its vouchers once paid in full.
 */
export async function saveTrip(userId: string, detail: BookingDetail, db: ShopDb = shopDb()): Promise<WalletEntry> {
  const existing = listEntry(await db.wallet.get(detail.RefIdKey));
  const version = versionOf(detail);
  const keepDocs =
    existing !== null &&
    existing.version === version &&
    (detail.Status !== 'confirmed' || existing.invoice !== null) &&
    (!hasVouchers(detail) || existing.vouchers !== null);
  let docs: Pick<
    WalletEntry,
    'invoice' | 'vouchers' | 'invoicePdf' | 'vouchersPdf' | 'creditNote' | 'creditNotePdf' | 'moneyDocuments'
  > = {
    invoice: null,
    vouchers: null,
    invoicePdf: null,
    vouchersPdf: null,
    creditNote: null,
    creditNotePdf: null,
    moneyDocuments: [],
  };
  if (keepDocs) docs = existing;
  else if (detail.Status === 'cancelled') {
    // Cancelled after it was invoiced: the invoice and the credit note that corrects it (none: nulls).
    const opts = { auth: true, headers: { Country: detail.site } } as const;
    const [invoice, creditNote] = await Promise.all([
      callApi(getInvoiceDetails, { BookingId: detail.BookingId }, opts).catch(() => null),
      callApi(getCreditNoteDetails, { BookingId: detail.BookingId }, opts).catch(() => null),
    ]);
    const [invoicePdf, creditNotePdf] = await Promise.all([
      invoice ? pdf(invoice.pdf.url) : null,
      creditNote ? pdf(creditNote.pdf.url) : null,
    ]);
    docs = {
      invoice: invoice as Invoice | null,
      vouchers: null,
      invoicePdf,
      vouchersPdf: null,
      creditNote: creditNote as CreditNote | null,
      creditNotePdf,
      moneyDocuments: [],
    };
  } else if (detail.Status === 'confirmed') {
    const opts = { auth: true, headers: { Country: detail.site } } as const;
    // Vouchers come when the balance is paid: an unpaid (pay-later) booking keeps its proforma invoice
    // only, and picks its vouchers up when it is paid (its version changes); one that had them under
    // the older rules keeps them (decision 0093).
    const paid = hasVouchers(detail);
    // An amendment that lowered the price issued a credit note: the newest is kept beside the invoice.
    const credited = detail.documentVersions?.some((d) => d.kind === 'credit-note') ?? false;
    const [invoice, vouchers, creditNote] = await Promise.all([
      callApi(getInvoiceDetails, { BookingId: detail.BookingId }, opts),
      paid ? callApi(generateAllVoucher, { BookingId: detail.BookingId }, opts) : null,
      credited ? callApi(getCreditNoteDetails, { BookingId: detail.BookingId }, opts).catch(() => null) : null,
    ]);
    const [invoicePdf, vouchersPdf, creditNotePdf] = await Promise.all([
      pdf(invoice.pdf.url),
      vouchers ? pdf(vouchers.pdf.url) : null,
      creditNote ? pdf(creditNote.pdf.url).catch(() => null) : null,
    ]);
    docs = {
      invoice: invoice as Invoice,
      vouchers: vouchers as VoucherSet | null,
      invoicePdf,
      vouchersPdf,
      creditNote: creditNote as CreditNote | null,
      creditNotePdf,
      moneyDocuments: [],
    };
  }
  // Receipt vouchers of advances (a pay-later booking paid in part, confirmed or still awaiting the
  // rest) and debit notes, whatever the booking's state now.
  if (!keepDocs) docs = { ...docs, moneyDocuments: await moneyDocumentsFor(detail) };
  const entry: WalletEntry = { ref: detail.RefIdKey, userId, savedAt: Date.now(), version, detail, ...docs };
  await db.wallet.put(entry);
  await askToPersist().catch(() => undefined);
  return entry;
}

/**
 * The server's bookings whose saved copy is missing or out of date: a status, payment or total, or
 * any document's kind, number or version that differs from the copy's (one saved under the last
 * release's key is due once, docs/decisions/0107).
 */
export function dueForSync(list: BookingSummary[], saved: Pick<WalletEntry, 'ref' | 'version'>[]): BookingSummary[] {
  const kept = new Map(saved.map((e) => [e.ref, e.version]));
  return list.filter((b) => kept.get(b.RefIdKey) !== versionOf(b));
}

let syncing: Promise<void> | null = null;

/**
 * Brings the wallet up to date with the server: bookings it lacks or that changed since (`list`:
 * the server's, when the caller has it). One run at a time; a call meanwhile joins the run.
 */
export function syncWallet(userId: string, list?: BookingSummary[], db: ShopDb = shopDb()): Promise<void> {
  syncing ??= syncOnce(userId, list, db).finally(() => {
    syncing = null;
  });
  return syncing;
}

async function syncOnce(userId: string, list: BookingSummary[] | undefined, db: ShopDb): Promise<void> {
  list ??= await callApi(bookingsList, { userid: Number(userId) }, { auth: true });
  if (list.length === 0) return;
  const due = dueForSync(list, await walletEntries(userId, db));
  // A few at a time: each is five requests (detail, invoice, vouchers and their PDFs).
  const next = async (): Promise<void> => {
    const b = due.shift();
    if (!b) return;
    const detail = await callApi(
      bookingDetailById,
      { RefIdKey: b.RefIdKey },
      { auth: true, headers: { Country: b.site } },
    );
    await saveTrip(userId, detail, db);
    return next();
  };
  await Promise.all([next(), next(), next()]);
}

/** How many trips this device keeps (without creating the database on a device that has none). */
export async function walletCount(): Promise<number> {
  return (await shopDbExists()) ? shopDb().wallet.count() : 0;
}

/** Sign-out: no saved trip (passport names included) stays on the device, whoever saved it. */
export async function clearWallet(): Promise<void> {
  lastRead.clear();
  if (await shopDbExists()) await shopDb().wallet.clear();
}
