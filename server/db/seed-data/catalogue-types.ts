import type { DestinationSlug } from './places.ts';

export const TRIP_TYPE_SLUGS = [
  'honeymoon',
  'family',
  'adventure',
  'luxury',
  'beach',
  'culture-heritage',
  'wildlife',
  'group-tour',
] as const;
export type TripTypeSlug = (typeof TRIP_TYPE_SLUGS)[number];

export const INTEREST_SLUGS = [
  'beaches',
  'mountains',
  'nightlife',
  'food',
  'shopping',
  'wellness',
  'water-sports',
  'history',
  'desert-safari',
  'snow',
  'cruises',
  'theme-parks',
  'nature-wildlife',
] as const;
export type InterestSlug = (typeof INTEREST_SLUGS)[number];

export interface DayPlan {
  title: string;
  description: string;
}

/** One holiday package; `days` are the activity days between arrival (day 1) and departure (last day). */
export interface PackageSpec<K extends string> {
  id: number;
  slug: string;
  title: string;
  tripType: TripTypeSlug;
  nights: number;
  summary: string;
  highlights: string[];
  /** Key of a day plan replacing the destination's default arrival day. */
  arrive?: K;
  /** nights - 1 activity days. */
  days: K[];
  /** Key of a day plan replacing the destination's default departure day. */
  depart?: K;
  inclusions: string[];
  /** Added to the destination's standard exclusions. */
  exclusions?: string[];
  interests: InterestSlug[];
  /** Price per adult on the UAE site, whole AED (the seed keeps it in fils). */
  aed: number;
  /** Price per adult on the India site, whole INR (the seed keeps it in paise). */
  inr: number;
  /** Sites on which the price is shown as an offer (with a higher compare-at price). */
  offer?: 'both' | 'UAE' | 'IN';
  rating: number;
  reviewCount: number;
  featured?: boolean;
  /** Which of the destination's three images is the hero. */
  hero: 1 | 2 | 3;
}

export interface DestinationSpec<K extends string = string> {
  slug: DestinationSlug;
  arrive: DayPlan;
  depart: DayPlan;
  days: Record<K, DayPlan>;
  /** Standard exclusions for every package of the destination. */
  exclusions: string[];
  packages: Array<PackageSpec<NoInfer<K>>>;
}

/** Identity function that checks day keys used by packages exist in `days`. */
export function destination<K extends string>(spec: DestinationSpec<K>): DestinationSpec {
  return spec;
}
