/**
 * The booking desk's answers (/api/admin/bookings…, issue 20): plain types, no zod, so the admin
 * screens stay small. Every amount is an integer of the currency's smallest unit (fils, paise).
 */
import type { BookingStatus, PaymentStatus } from './booking.ts';
import type { CancellationStep } from './cancellation.ts';
import type { Currency } from './site.ts';

export const MANUAL_METHODS = ['bank-transfer', 'cash', 'card-terminal'] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];
export const MANUAL_METHOD_LABELS: Record<ManualMethod, string> = {
  'bank-transfer': 'Bank transfer',
  cash: 'Cash',
  'card-terminal': 'Card terminal',
};

/** What staff may send again from the booking page (POST /api/admin/bookings/<ref>/resend). */
export const RESEND_WHAT = ['confirmation', 'invoice', 'vouchers'] as const;
export type ResendWhat = (typeof RESEND_WHAT)[number];

/** A payment received outside the shop, as recorded (POST /api/admin/bookings/<ref>/payments). */
export interface RecordedPayment {
  paymentId: number;
  RefIdKey: string;
  Currency: Currency;
  PaymentStatus: PaymentStatus;
  Status: BookingStatus;
  AmountPaid: number;
  AmountDue: number;
  invoiceNumber: string | null;
}

/** A traveller's name as corrected (POST /api/admin/bookings/<ref>/travellers/<id>). */
export interface CorrectedName {
  travellerId: number;
  before: { title: string | null; firstName: string; lastName: string };
  after: { title: string | null; firstName: string; lastName: string };
  /** The tax invoice already issued keeps the name it was issued with (server/services/desk/travellers.ts). */
  invoiceKeeps: string | null;
  vouchersMailed: boolean;
}

/** The home page's counts (GET /api/admin/desk/summary): counts of bookings and payments, not amounts. */
export interface DeskSummary {
  cancellationRequests: number;
  refundsDue: number;
  overdue: number;
}

/** One row of the desk's list (GET /api/admin/bookings). */
export interface DeskBookingItem {
  BookingId: number;
  RefIdKey: string;
  site: 'UAE' | 'IN';
  Status: BookingStatus;
  PaymentStatus: PaymentStatus;
  PaymentMethod: string;
  Currency: Currency;
  Total: number;
  AmountPaid: number;
  AmountDue: number;
  /** Pay later's due date, if any. */
  paymentDueOn: string | null;
  overdue: boolean;
  /** Money owed back (payments with their refund due, less refunds started). */
  refundDue: number;
  /**
   * Refunds started and not yet processed or failed (a gateway's answer, or a transfer recorded by hand still pending).
   */
  refundPending: number;
  leadName: string;
  /** Masked ("j•••@example.com") for a role without travellers.contact. */
  leadEmail: string | null;
  leadPhone: string | null;
  title: string;
  firstTravelDate: string;
  createdAt: string;
  /** A traveller's cancellation request is waiting. */
  cancellationRequested: boolean;
}

export interface DeskBookingPage {
  items: DeskBookingItem[];
  /** Pass as `cursor` for the next 50; null on the last page. */
  nextCursor: string | null;
}

export interface DeskPayment {
  id: number;
  provider: 'razorpay' | 'stripe' | 'manual';
  /** Razorpay order / Stripe session id, or the manual payment's reference. */
  providerRef: string;
  providerPaymentId: string | null;
  method: ManualMethod | null;
  amount: number;
  currency: Currency;
  status: 'created' | 'paid' | 'failed';
  refundStatus: 'due' | 'refunded' | null;
  /** Refunds not failed (pending or processed) on this payment. */
  refunded: number;
  /** What can still be refunded on it. */
  refundable: number;
  receivedOn: string | null;
  recordedBy: string | null;
  paidAt: string | null;
  createdAt: string;
}

export interface DeskRefund {
  id: number;
  paymentId: number;
  provider: 'razorpay' | 'stripe' | 'manual';
  amount: number;
  currency: Currency;
  status: 'pending' | 'processed' | 'failed';
  providerRefundId: string | null;
  reason: string;
  note: string;
  failureReason: string | null;
  creditNoteNumber: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeskCreditNote {
  id: number;
  number: string;
  invoiceNumber: string;
  total: number;
  currency: Currency;
  reason: string;
  issuedAt: string;
  /** The PDF for staff (GET, audited), like the invoice's. */
  pdfUrl: string;
}

/** A receipt voucher (an advance) or debit note (a failed refund reversed) the ledger issued (issue 30). */
export interface DeskMoneyDocument {
  id: number;
  kind: 'receipt' | 'debit-note';
  number: string;
  /** With its taxes (TCS included); smallest unit. */
  total: number;
  currency: Currency;
  reason: string;
  issuedAt: string;
  /** The PDF for staff (GET, audited), like the credit note's. */
  pdfUrl: string;
}

export interface DeskCancellationRequest {
  id: number;
  reason: string;
  status: 'pending' | 'approved' | 'declined';
  decisionMessage: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** What the policy keeps and refunds if the booking were cancelled today. */
export interface DeskCancellationQuote {
  policy: CancellationStep[];
  policyLines: string[];
  daysBefore: number;
  keepPercent: number;
  /** Smallest unit. */
  keep: number;
  refund: number;
  paid: number;
  total: number;
}

/** One entry of a booking's timeline: its own events and the staff's audit entries, by time. */
export interface DeskTimelineEntry {
  at: string;
  kind: 'event' | 'audit' | 'payment-event' | 'mail' | 'note';
  text: string;
  who: string | null;
  detail?: unknown;
}

export interface DeskBookingDetail extends DeskBookingItem {
  Subtotal: number;
  Discount: number;
  taxes: { code: string; label: string; rate: number; amount: number; included: boolean }[];
  couponCode: string | null;
  specialRequests: string;
  pan: string | null;
  placeOfSupply: string | null;
  buyerGstin: string | null;
  buyerTrn: string | null;
  invoiceNumber: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  lines: {
    position: number;
    packageId: number;
    title: string;
    city: string;
    nights: number;
    travelDate: string;
    adults: number;
    children: number;
    infants: number;
    rooms: number;
    amount: number;
  }[];
  travellers: {
    id: number;
    lead: boolean;
    title: string | null;
    firstName: string;
    lastName: string;
    ageBand: string;
    email: string | null;
    phone: string | null;
    dob: string | null;
  }[];
  /** Uploaded by the traveller; opening one (GET /api/admin/bookings/<ref>/documents/<id>) is audited. */
  documents: { id: number; name: string; mime: string; size: number; uploadedAt: string; url: string }[];
  payments: DeskPayment[];
  refunds: DeskRefund[];
  creditNotes: DeskCreditNote[];
  /** Receipt vouchers and debit notes, oldest first (not `documents`: those are the traveller's uploads). */
  moneyDocuments: DeskMoneyDocument[];
  cancellationRequests: DeskCancellationRequest[];
  /** Null once cancelled. */
  cancellation: DeskCancellationQuote | null;
  notes: { id: number; body: string; staff: string; at: string }[];
  timeline: DeskTimelineEntry[];
  links: { invoice: string; vouchers: string | null };
}

/** Messages of the desk, shared by the server and the screens. */
export const DESK_MESSAGES = {
  notFound: 'No booking has that reference.',
  overpaid: (due: string) => `That is more than the balance: the amount due is ${due}.`,
  referenceUsed:
    'A payment with this reference is already recorded. Check the reference: each payment is recorded once.',
  nothingDue: 'Nothing is due on this booking.',
  cancelled: 'This booking is cancelled.',
  alreadyCancelled: 'This booking is already cancelled.',
  refundTooMuch: (left: string) => `That is more than can be refunded on this payment: at most ${left}.`,
} as const;

/** One row of the staff's queue of travellers' cancellation requests (GET /api/admin/cancellation-requests). */
export interface DeskCancellationRequestItem extends DeskCancellationRequest {
  BookingId: number;
  RefIdKey: string;
  site: 'UAE' | 'IN';
  bookingStatus: BookingStatus;
  Currency: Currency;
  firstTravelDate: string;
  /** The lead traveller's name, and email (masked for a role without travellers.contact). */
  traveller: string;
  travellerEmail: string | null;
  /** What the policy keeps and refunds if cancelled today; null once the booking is cancelled. */
  quote: DeskCancellationQuote | null;
}

/** One case in the refund queue: a payment owed back, a failed refund to try again, or a manual refund to record. */
export interface RefundQueueItem {
  kind: 'due' | 'failed' | 'manual-pending' | 'unsent';
  BookingId: number;
  RefIdKey: string;
  site: string;
  bookingStatus: string;
  paymentStatus: string;
  payment: DeskPayment;
  refund: DeskRefund | null;
  /** What the one-click refund gives back (or the manual refund records). */
  amount: number;
  currency: Currency;
  since: string;
}

/** One traveller (an account) of the desk's travellers list (GET /api/admin/travellers, decision 0097). */
export interface DeskTravellerItem {
  id: number;
  /** The account's name, else the lead traveller's of its latest booking. */
  name: string;
  /** Masked ("j•••@example.com") for a role without travellers.contact, as the bookings list. */
  email: string | null;
  phone: string | null;
  bookings: number;
  sites: ('UAE' | 'IN')[];
  lastBookedAt: string | null;
  createdAt: string;
  /** The account was erased (its own deletion, or staff's): bookings keep what tax law needs. */
  erased: boolean;
}

export interface DeskTravellerPage {
  items: DeskTravellerItem[];
  /** Pass as `cursor` for the next 50; null on the last page. */
  nextCursor: string | null;
}

/** A traveller's page (GET /api/admin/travellers/<id>). */
export interface DeskTravellerDetail {
  traveller: DeskTravellerItem & { dob: string | null; signsInWithGoogle: boolean; pans: string[] };
  bookings: DeskBookingItem[];
  payments: {
    id: number;
    RefIdKey: string;
    provider: string;
    method: string | null;
    amount: number;
    currency: Currency;
    status: string;
    refundStatus: string | null;
    paidAt: string | null;
    createdAt: string;
  }[];
  enquiries: {
    id: number;
    kind: string;
    site: 'UAE' | 'IN';
    status: string;
    createdAt: string;
    RefIdKey: string | null;
  }[];
  cancellationRequests: (DeskCancellationRequest & { RefIdKey: string })[];
  consents: { name: string; given: boolean; note: string }[];
  /** Whether staff may erase the account now, as the shop's own deletion rules say (and why not). */
  erasure: { allowed: boolean; reason: string | null };
}

export const DOCUMENT_REGISTER_KINDS = ['invoice', 'proforma', 'receipt', 'credit-note', 'debit-note'] as const;
export type DocumentRegisterKind = (typeof DOCUMENT_REGISTER_KINDS)[number];
export const DOCUMENT_REGISTER_LABELS: Record<DocumentRegisterKind, string> = {
  invoice: 'Tax invoice',
  proforma: 'Proforma invoice',
  receipt: 'Receipt voucher',
  'credit-note': 'Credit note',
  'debit-note': 'Debit note',
};

/** One document of the register (GET /api/admin/documents): figures as issued, smallest unit. */
export interface DocumentRegisterItem {
  kind: DocumentRegisterKind;
  /** The document's number; a proforma has none: its booking's reference. */
  number: string;
  site: 'UAE' | 'IN';
  /** The site's day it was issued (YYYY-MM-DD). */
  date: string;
  RefIdKey: string;
  buyer: string;
  currency: Currency;
  /** With its taxes; a credit note's is what it gives back (positive). */
  total: number;
  /** GST or VAT on it (TCS apart). */
  tax: number;
  pdfUrl: string;
}

export interface DocumentRegister {
  site: 'UAE' | 'IN';
  month: string;
  items: DocumentRegisterItem[];
  /** The returns CSV of the month (GSTR-1 on India, VAT 201 on the UAE). */
  csvUrl: string;
}

/** A session on "My account" (GET /api/admin/me/sessions): the browser, the address and the times, never its token. */
export interface StaffOwnSession {
  id: number;
  userAgent: string | null;
  clientAddress: string | null;
  startedAt: string;
  lastSeenAt: string;
  /** The session this list was asked from. */
  current: boolean;
}
