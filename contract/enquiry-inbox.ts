/**
 * The enquiries inbox and the dashboard (/api/admin/enquiries…, /api/admin/dashboard, issue 21):
 * plain types, no zod, so the admin screens stay small. Amounts are integers of the currency's
 * smallest unit (fils, paise).
 */
import type { Currency } from './site.ts';

export const ENQUIRY_KINDS = ['contact', 'home', 'package', 'exit', 'itinerary'] as const;
export type EnquiryKindName = (typeof ENQUIRY_KINDS)[number];
export const ENQUIRY_KIND_LABELS: Record<EnquiryKindName, string> = {
  contact: 'Contact form',
  home: 'Call-back (home page)',
  package: 'Package enquiry',
  exit: 'Call-back (exit popup)',
  itinerary: 'Itinerary download',
};

export const ENQUIRY_STATUSES = ['new', 'contacted', 'booked', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  closed: 'Closed',
};

/**
 * The moves staff may make (decision 0063): new → contacted | booked | closed, contacted → booked |
 * closed; booked and closed are final until reopened, which makes the enquiry contacted again (a
 * reopened booked enquiry no longer links to its booking). Booked always needs a booking reference.
 */
export const ENQUIRY_MOVES: Record<EnquiryStatus, readonly EnquiryStatus[]> = {
  new: ['contacted', 'booked', 'closed'],
  contacted: ['booked', 'closed'],
  booked: [],
  closed: [],
};
export const isFinalEnquiryStatus = (s: EnquiryStatus) => s === 'booked' || s === 'closed';

export const ENQUIRY_MESSAGES = {
  notFound: 'There is no such enquiry. It may have been removed after two years (personal data retention).',
  noFile: 'This enquiry has no attached file.',
  fileGone: 'The attached file is no longer stored.',
  bookingNeeded: 'Give the booking reference this enquiry led to (WL-…) to mark it booked.',
  bookingUnknown: (ref: string) => `There is no booking ${ref}. Check the reference on the booking desk.`,
  alreadyIn: (status: string) => `The enquiry is already ${status}.`,
  finalStatus: (status: string) => `The enquiry is ${status}: reopen it first to change its status.`,
  notFinal: 'Only a booked or closed enquiry can be reopened.',
  noBackToNew: 'An enquiry cannot go back to new: it has been worked on.',
  assigneeUnknown: 'There is no such staff member.',
  assigneeDisabled: (email: string) => `${email} is disabled: assign the enquiry to someone who can sign in.`,
  assigneeCannot: (email: string, role: string) =>
    `${email} (${role}) cannot work enquiries: assign it to an agent or the owner.`,
  moved: (status: string) => `Marked ${status}.`,
  reopened: 'Reopened: the enquiry is contacted again.',
  assigned: (email: string | null) => (email ? `Assigned to ${email}.` : 'No one is assigned now.'),
  noted: 'Note added.',
} as const;

/** One row of the inbox (GET /api/admin/enquiries). */
export interface EnquiryItem {
  id: number;
  kind: EnquiryKindName;
  site: 'UAE' | 'IN';
  status: EnquiryStatus;
  createdAt: string;
  updatedAt: string;
  name: string;
  email: string | null;
  phone: string | null;
  /** The package asked about, the message's start, or the time to call: what the enquiry is about. */
  summary: string;
  hasFile: boolean;
  assignee: { id: number; email: string } | null;
  /** The booking a booked enquiry led to. */
  bookingRef: string | null;
}

export interface EnquiryPage {
  items: EnquiryItem[];
  /** The next page's cursor (older enquiries), or null on the last page. */
  nextCursor: string | null;
}

export interface EnquiryField {
  label: string;
  value: string;
}

export interface EnquiryHistoryEntry {
  at: string;
  who: string | null;
  action: string;
  text: string;
}

/** One enquiry (GET /api/admin/enquiries/:id). */
export interface EnquiryDetail extends EnquiryItem {
  /** The traveller's payload as labelled fields, in a readable order. */
  fields: EnquiryField[];
  message: string | null;
  attachment: { name: string; size: number; mime: string; url: string } | null;
  /** tel: and mailto: links, when the enquiry has a phone or an email address. */
  callLink: string | null;
  mailLink: string | null;
  notes: { id: number; body: string; staff: string | null; at: string }[];
  /** Status moves, assignments, notes and opened files, oldest first (from the audit log). */
  history: EnquiryHistoryEntry[];
  /** The statuses it may move to now. */
  moves: EnquiryStatus[];
  reopenable: boolean;
}

/** Staff an enquiry may be assigned to: enabled, and allowed to work enquiries. */
export interface EnquiryAssignee {
  id: number;
  email: string;
  role: string;
}

/** GET /api/admin/dashboard: each section is null when the role may not see it. */
export interface Dashboard {
  /** The UAE site's calendar day (UTC+4); each site's figures are of its own day (`todayBySite[].day`). */
  today: string;
  /**
   * bookings.read or reports.read: bookings made today (confirmed, not cancelled) and money received today, per site,
   * each on its own calendar (India UTC+5:30).
   */
  todayBySite:
    { site: 'UAE' | 'IN'; currency: Currency; day: string; bookings: number; gross: number; received: number }[] | null;
  /** enquiries.work: enquiries not yet worked on (status new). */
  newEnquiries: number | null;
  /** cancellations.request: travellers' cancellation requests waiting. */
  cancellationRequests: number | null;
  /** refunds.make: payments with a refund due. */
  refundsDue: number | null;
  /** bookings.read or reports.read: pay-later balances due today or in the next 7 days (each booking's site's days). */
  paymentsDue: {
    count: number;
    overdue: number;
    bySite: { site: 'UAE' | 'IN'; currency: Currency; count: number; balance: number }[];
    items: {
      RefIdKey: string;
      site: 'UAE' | 'IN';
      currency: Currency;
      dueOn: string;
      balance: number;
      leadName: string;
    }[];
  } | null;
}
