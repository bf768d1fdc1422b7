/**
 * Suppliers' confirmations on the desk (docs/decisions/0098): per booked line, one per service the
 * vouchers split it into (each stay, the transfers, the sightseeing), with the supplier's number and
 * status. Plain types, no zod, as contract/desk.ts.
 */

export const SUPPLIER_STATUSES = ['requested', 'confirmed', 'declined'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
export const SUPPLIER_STATUS_LABELS: Record<SupplierStatus | 'missing', string> = {
  missing: 'Not requested',
  requested: 'Requested',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

/** Days ahead the "Supplier confirmations due" list looks by default (and at most). */
export const SUPPLIER_DUE_DAYS = 14;
export const SUPPLIER_DUE_MAX_DAYS = 60;

/** One service of a booked line as the supplier confirms it. */
export interface SupplierService {
  /** 'stay-1' … 'stay-N', 'transfer' or 'sightseeing'. */
  service: string;
  /** "Hotel stay in Malé", "Airport transfers", "Sightseeing, 3 days". */
  label: string;
  /** Who delivers it (named on its voucher). */
  supplier: string;
  startDate: string;
  status: SupplierStatus | 'missing';
  number: string | null;
  note: string;
  /** Who set it last (staff email) and when; null while missing. */
  setBy: string | null;
  setAt: string | null;
}

export interface SupplierLine {
  lineId: number;
  position: number;
  packageTitle: string;
  city: string;
  travelDate: string;
  services: SupplierService[];
}

/** GET /api/admin/bookings/<ref>/suppliers. */
export interface BookingSupplierConfirmations {
  RefIdKey: string;
  status: string;
  lines: SupplierLine[];
}

/** POST /api/admin/bookings/<ref>/lines/<lineId>/supplier: the service's confirmation as set. */
export interface SetSupplierResult {
  lineId: number;
  service: string;
  label: string;
  status: SupplierStatus;
  number: string | null;
  note: string;
  /** The traveller was mailed their updated vouchers (a new confirmed number on vouchers they hold). */
  vouchersMailed: boolean;
}

/** One booking of the due list: travelling soon, a service's confirmation missing or declined. */
export interface SupplierDueItem {
  RefIdKey: string;
  site: 'UAE' | 'IN';
  leadName: string;
  title: string;
  /** The first travel date among its lines due. */
  travelDate: string;
  daysToGo: number;
  due: {
    lineId: number;
    service: string;
    label: string;
    supplier: string;
    travelDate: string;
    status: 'missing' | 'declined';
  }[];
}

/** GET /api/admin/supplier-confirmations?days=14. */
export interface SupplierDuePage {
  days: number;
  items: SupplierDueItem[];
}

export const SUPPLIER_MESSAGES = {
  numberNeeded: 'A confirmed service needs the supplier’s confirmation number: enter the number the supplier gave.',
  lineNotFound: 'This booking has no such line: reload the booking page.',
  serviceNotFound: (services: string[]) => `This line has no such service: choose one of ${services.join(', ')}.`,
  cancelled: 'This booking is cancelled: its suppliers need no confirmation.',
  unchanged: 'Nothing changed: the status, number and note are as they were.',
} as const;
