/**
 * Staff roles and what each may do: the one permission table (docs/decisions/0050). The server
 * checks it on every admin call (server/routes/admin.ts); the screens read it to hide what a role
 * cannot do. Actions of the booking desk and the catalogue are named here already, for the next
 * parts of issue 20.
 */
export const STAFF_ROLES = ['owner', 'agent', 'accounts', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ACTIONS = [
  'staff.list',
  'staff.invite',
  'staff.role',
  'staff.disable',
  'staff.enable',
  'audit.read',
  /** The desk: list, search, detail, timeline, CSV export, open uploaded documents (audited). */
  'bookings.read',
  /** Internal notes on a booking. */
  'bookings.note',
  /** See travellers' email and phone (others see them masked; search by them still works). */
  'travellers.contact',
  /** Correct a traveller's name before travel (new vouchers). */
  'travellers.edit',
  /** Record money received outside the shop. */
  'payments.record',
  /** Make a booking for a traveller from the desk (phone or counter), with pay later or a payment link. */
  'bookings.create',
  /** Amend a booking: travel date, party, rooms or package, the difference settled as money. */
  'bookings.amend',
  /** Suppliers' confirmation numbers and statuses per line of a booking. */
  'suppliers.confirm',
  /** The travellers list and a traveller's page (bookings, payments, enquiries, consents). */
  'travellers.read',
  /** The documents register (invoices, receipts, proformas, credit notes) and its returns CSV. */
  'documents.read',
  /** The traveller's cancellation requests: queue, approve (cancel by policy), decline. */
  'cancellations.request',
  /** Cancel a booking by its policy (rooms released, refunds started, credit note, mail). */
  'bookings.cancel',
  /** Change what a cancellation keeps from the policy's share, with a reason. */
  'cancellations.override',
  'mail.resend',
  'payments.read',
  /** Refunds: the refund queue, gateway refunds, manual refunds. */
  'refunds.make',
  'creditNotes.issue',
  'reports.read',
  /** Packages, images, departures, coupons, deals and banners (issue 21). */
  'catalogue.edit',
  /** The enquiries inbox: read, assign, move status, notes, open attachments (audited). */
  'enquiries.work',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const PERMISSIONS: Record<StaffRole, readonly StaffAction[]> = {
  owner: STAFF_ACTIONS,
  agent: [
    'bookings.read',
    'bookings.note',
    'bookings.create',
    'bookings.amend',
    'suppliers.confirm',
    'travellers.read',
    'travellers.contact',
    'travellers.edit',
    'payments.record',
    'cancellations.request',
    'bookings.cancel',
    'mail.resend',
    'enquiries.work',
  ],
  accounts: [
    'bookings.read',
    'bookings.note',
    'travellers.read',
    'payments.read',
    'payments.record',
    'cancellations.request',
    'bookings.cancel',
    'cancellations.override',
    'refunds.make',
    'creditNotes.issue',
    'documents.read',
    'reports.read',
  ],
  catalogue: ['catalogue.edit'],
};

export function can(role: string, action: StaffAction): boolean {
  return (PERMISSIONS as Record<string, readonly StaffAction[] | undefined>)[role]?.includes(action) ?? false;
}

export const isStaffRole = (v: unknown): v is StaffRole =>
  typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);

/** The signed-in staff member (GET /api/admin/me). */
export interface StaffMe {
  id: number;
  email: string;
  role: StaffRole;
  actions: StaffAction[];
  csrfToken: string;
}

/** Step one of a member's set-up: the authenticator to add (its secret, as a URI and a QR code) and the enrolment. */
export interface StaffEnrolment {
  email: string;
  totpSecret: string;
  otpauthUri: string;
  qrSvg: string;
  /** Names this enrolment at the confirmation: the set-up link itself works once, for step one. */
  enrolmentToken: string;
}

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  enabled: boolean;
  /** Set-up finished (password and authenticator). */
  ready: boolean;
  createdAt: string;
}

export interface AuditEntry {
  id: number;
  staffId: number | null;
  staffEmail: string | null;
  role: string | null;
  action: string;
  recordType: string;
  recordId: string | null;
  before: unknown;
  after: unknown;
  at: string;
  clientAddress: string | null;
}

/** Minimum length of a staff password. */
export const STAFF_PASSWORD_MIN = 12;
