/**
 * A booking made at the desk for a traveller on the phone or at the counter (POST /api/admin/bookings,
 * its preview POST /api/admin/bookings/quote) and the payment link it may send
 * (/api/payments/links/<token>, the page /checkout/link/<token>). Plain types, no zod, so the admin
 * screens stay small. Every amount is an integer of the currency's smallest unit (fils, paise).
 */
import type { TaxLine } from './booking.ts';
import type { Currency } from './site.ts';

export const DESK_PAYMENTS = ['pay-later', 'link'] as const;
export type DeskPayment = (typeof DESK_PAYMENTS)[number];

/** How long a payment link lasts at most (it ends sooner with the booking's due date): decision 0095. */
export const PAY_LINK_HOURS = 72;

/**
 * A holiday the desk can book on a site (GET /api/admin/bookings/new/packages): on sale there (published and priced).
 */
export interface DeskPackageOption {
  id: number;
  title: string;
  city: string;
  nights: number;
  /** Per adult, in the smallest unit of the site's currency (as the shop's cards show it). */
  fromPrice: number;
  currency: Currency;
}

/** The price of a desk booking, worked out by the shop's own pricing (the quote, and the booking's figures). */
export interface DeskQuote {
  site: 'UAE' | 'IN';
  currency: Currency;
  title: string;
  travelDate: string;
  subtotal: number;
  discount: number;
  taxes: TaxLine[];
  total: number;
  coupon: { code: string; title: string } | null;
  /** Why the coupon given does not apply (nothing taken off), or null. */
  couponError: string | null;
  /** India: TCS applies, so the lead traveller's PAN is needed to book. */
  panRequired: boolean;
  /**
   * India from ₹50,000 without a GSTIN: the lead traveller's address is needed to book (it goes on the GST invoice).
   */
  addressRequired: boolean;
  /** Pay later (and so a payment link) for this date: its due date, or why not. */
  payLater: { offered: true; dueOn: string; cancelOn: string } | { offered: false; reason: string };
  /** The traveller's account, found by email or phone; null: one is made with the booking. */
  traveller: { email: string | null; phone: string | null; name: string } | null;
}

/** POST /api/admin/bookings's answer. */
export interface DeskNewBooking {
  BookingId: number;
  RefIdKey: string;
  site: 'UAE' | 'IN';
  Status: string;
  PaymentStatus: string;
  Currency: Currency;
  Total: number;
  paymentDueOn: string | null;
  /** The account the booking is in (found or made): the traveller sees it in My trips. */
  traveller: { email: string | null; created: boolean };
  /** payment "link": the page the traveller opens to pay, and when it ends. */
  paymentUrl?: string;
  linkExpiresAt?: string;
}

/** The payment link as its page reads it (GET /api/payments/links/<token>). */
export interface PayLinkView {
  RefIdKey: string;
  site: 'UAE' | 'IN';
  title: string;
  travelDate: string;
  currency: Currency;
  total: number;
  amountDue: number;
  expiresAt: string;
  /** payable: pay now; paid: nothing left to pay. */
  state: 'payable' | 'paid';
  gateway: 'stripe' | 'razorpay';
}

export const NEW_BOOKING_MESSAGES = {
  linkUnknown:
    'This payment link is not valid: open the whole link from your mail or message again, or call us for a new one.',
  linkExpired: (when: string, phone: string) =>
    `This payment link ended on ${when}. Call us on ${phone} for a new link, or to pay another way.`,
  linkCancelled:
    'This booking was cancelled, so there is nothing to pay on this link. Call us if you want to book again.',
  linkNoGateway:
    'Paying online is not set up on this site yet. Pay by bank transfer (the details are in your booking mail), or call us to pay by card.',
} as const;
