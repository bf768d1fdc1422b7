/**
 * The back office's catalogue (/api/admin/packages…, issue 21): plain types, no zod, so the admin
 * screens stay small. Prices travel and are stored in the smallest unit per adult (fils, paise), as every amount of
 * the shop (docs/decisions/0116).
 */
import type { CancellationStep } from './cancellation.ts';
import type { VatTreatment } from './tax.ts';

export const STAY_KINDS = ['hotel', 'resort', 'houseboat', 'camp', 'lodge'] as const;
export type StayKind = (typeof STAY_KINDS)[number];

export interface AdminStaySupplier {
  name: string;
  address: string[];
  phone: string;
  email: string;
  checkIn: string;
  checkOut: string;
  notes: string[];
}
export interface AdminStay {
  place: string;
  nights: number;
  kind: StayKind;
  supplier: AdminStaySupplier;
}
export interface AdminItineraryDay {
  day: number;
  title: string;
  description: string;
}

/** A site's price per adult, smallest unit (null: not sold on that site). */
export interface AdminSitePrice {
  amount: number;
  /** The price before the current offer, smallest unit, or null. */
  compareAt: number | null;
  currency: 'AED' | 'INR';
}

/** One row of GET /api/admin/packages. */
export interface AdminPackageItem {
  id: number;
  slug: string;
  title: string;
  city: string;
  tripType: string;
  nights: number;
  published: boolean;
  prices: { UAE: AdminSitePrice | null; IN: AdminSitePrice | null };
  updatedAt: string;
}

/** GET /api/admin/packages/:id: everything staff may edit. */
export interface AdminPackage {
  id: number;
  slug: string;
  /** Addresses the package had before: they redirect to the current slug. */
  formerSlugs: string[];
  title: string;
  cityId: number;
  tripTypeId: number;
  interestIds: number[];
  nights: number;
  days: number;
  summary: string;
  highlights: string[];
  itinerary: AdminItineraryDay[];
  inclusions: string[];
  exclusions: string[];
  maxAdultsPerRoom: number;
  maxPeoplePerRoom: number;
  childAgeLimit: number;
  cancellationPolicy: CancellationStep[];
  /** Percent of the total a traveller may pay now as a deposit (docs/decisions/0108); null: no deposit. */
  depositPercent: number | null;
  vatTreatment: VatTreatment;
  stays: AdminStay[];
  heroImage: string;
  gallery: string[];
  imageAlts: Record<string, string>;
  featured: boolean;
  published: boolean;
  prices: { UAE: AdminSitePrice | null; IN: AdminSitePrice | null };
  /** Bookings of the package (a booked package cannot be deleted, only unpublished). */
  bookings: number;
  updatedAt: string;
}

/** The choices of the edit form (GET /api/admin/packages/options). */
export interface AdminPackageOptions {
  cities: { id: number; name: string; country: string }[];
  tripTypes: { id: number; name: string }[];
  interests: { id: number; name: string }[];
}

/** Fields of POST /api/admin/packages and PATCH /api/admin/packages/:id (PATCH: any subset). */
export interface AdminPackageInput {
  title: string;
  slug: string;
  cityId: number;
  tripTypeId: number;
  interestIds: number[];
  nights: number;
  summary: string;
  highlights: string[];
  itinerary: AdminItineraryDay[];
  inclusions: string[];
  exclusions: string[];
  maxAdultsPerRoom: number;
  maxPeoplePerRoom: number;
  childAgeLimit: number;
  cancellationPolicy: CancellationStep[];
  /** Percent of the total a traveller may pay now as a deposit, 1 to 99 (docs/decisions/0108); null: no deposit. */
  depositPercent?: number | null;
  vatTreatment: VatTreatment;
  stays: AdminStay[];
  featured: boolean;
  /** Smallest unit per adult; null stops selling on that site. */
  prices: { UAE?: number | null; IN?: number | null };
  /** The price before the offer, smallest unit; null: no offer. */
  compareAt: { UAE?: number | null; IN?: number | null };
}
