/**
 * Trip types, interests and the package catalogue (packages, per-site prices, package interests),
 * built from the destination specs in ./destinations.
 */
import { MINOR_PER_UNIT } from '../../../contract/money.ts';
import type { interests, packageInterests, packagePrices, packages, tripTypes } from '../schema.ts';
import {
  INTEREST_SLUGS,
  TRIP_TYPE_SLUGS,
  type DestinationSpec,
  type InterestSlug,
  type TripTypeSlug,
} from './catalogue-types.ts';
import { cancellationPolicyFor } from './cancellation-policies.ts';
import { ALL_DESTINATIONS } from './destinations/index.ts';
import { DEST_ID, isInUae, placeImage } from './places.ts';
import { staysOf } from './stays.ts';

type TripTypeRow = typeof tripTypes.$inferInsert;
type InterestRow = typeof interests.$inferInsert;
type PackageRow = typeof packages.$inferInsert;
type PriceRow = typeof packagePrices.$inferInsert;
type PackageInterestRow = typeof packageInterests.$inferInsert;

const TRIP_TYPE_NAMES: Record<TripTypeSlug, string> = {
  honeymoon: 'Honeymoon',
  family: 'Family',
  adventure: 'Adventure',
  luxury: 'Luxury',
  beach: 'Beach',
  'culture-heritage': 'Culture & Heritage',
  wildlife: 'Wildlife',
  'group-tour': 'Group Tour',
};

const INTEREST_NAMES: Record<InterestSlug, string> = {
  beaches: 'Beaches',
  mountains: 'Mountains',
  nightlife: 'Nightlife',
  food: 'Food',
  shopping: 'Shopping',
  wellness: 'Wellness',
  'water-sports': 'Water Sports',
  history: 'History',
  'desert-safari': 'Desert Safari',
  snow: 'Snow',
  cruises: 'Cruises',
  'theme-parks': 'Theme Parks',
  'nature-wildlife': 'Nature & Wildlife',
};

/** Trip type ids are 1.. in the order of TRIP_TYPE_SLUGS. */
export const TRIP_TYPES: TripTypeRow[] = TRIP_TYPE_SLUGS.map((slug, i) => ({
  id: i + 1,
  slug,
  name: TRIP_TYPE_NAMES[slug],
}));

export const INTERESTS: InterestRow[] = INTEREST_SLUGS.map((slug, i) => ({
  id: i + 1,
  slug,
  name: INTEREST_NAMES[slug],
}));

export function tripTypeId(slug: TripTypeSlug): number {
  return TRIP_TYPE_SLUGS.indexOf(slug) + 1;
}

function interestId(slug: InterestSlug): number {
  return INTEREST_SLUGS.indexOf(slug) + 1;
}

/** A higher "was" price for a whole-unit price, rounded the way shops do (AED to 50, INR to x,999). */
function compareAt(amount: number, currency: 'AED' | 'INR', id: number): number {
  const raised = amount * (1.12 + (id % 5) * 0.03);
  return currency === 'AED' ? Math.ceil(raised / 50) * 50 : Math.ceil(raised / 1000) * 1000 - 1;
}

/** The destinations' prices are written in whole units (AED 1,650): the database keeps the smallest unit. */
const minor = (whole: number) => whole * MINOR_PER_UNIT;

/**
 * Rooms on sale for each departure date: small luxury and honeymoon allotments, none for adventure
 * trips (camps and guides are added for the group). Migration 0001 sets the same on databases
 * seeded before the column existed.
 */
export function roomsPerDeparture(type: TripTypeSlug): number | null {
  if (type === 'luxury') return 4;
  if (type === 'honeymoon') return 6;
  if (type === 'adventure') return null;
  return 10;
}

/** Family packages staying in beach villas, which sleep a bigger family. */
const FAMILY_VILLAS = new Set(['maldives-family-resort-4-nights', 'mauritius-family-beach-5-nights']);

/**
 * Who fits in one room (issue 19): infants share a bed and do not count. Honeymoons are couples'
 * rooms (their villas and houseboats too), family villas sleep more, everything else is a triple
 * or a family room of four.
 */
export function occupancy(type: TripTypeSlug, slug: string): { maxAdultsPerRoom: number; maxPeoplePerRoom: number } {
  if (type === 'honeymoon') return { maxAdultsPerRoom: 2, maxPeoplePerRoom: 2 };
  if (FAMILY_VILLAS.has(slug)) return { maxAdultsPerRoom: 4, maxPeoplePerRoom: 6 };
  return { maxAdultsPerRoom: 3, maxPeoplePerRoom: 4 };
}

export interface Catalogue {
  packages: PackageRow[];
  prices: PriceRow[];
  packageInterests: PackageInterestRow[];
}

export function buildCatalogue(destinations: DestinationSpec[]): Catalogue {
  const out: Catalogue = { packages: [], prices: [], packageInterests: [] };
  for (const dest of destinations) {
    const day = (key: string) => {
      const found = dest.days[key];
      if (!found) throw new Error(`seed: unknown day "${key}" in ${dest.slug}`);
      return found;
    };
    for (const p of dest.packages) {
      if (p.days.length !== p.nights - 1) {
        throw new Error(`seed: ${p.slug} has ${p.days.length} activity days for ${p.nights} nights`);
      }
      const sequence = [
        p.arrive ? day(p.arrive) : dest.arrive,
        ...p.days.map(day),
        p.depart ? day(p.depart) : dest.depart,
      ];
      const stays = staysOf(dest.slug, p.slug);
      if (stays.reduce((n, s) => n + s.nights, 0) !== p.nights)
        throw new Error(`seed: ${p.slug}'s stays do not add up to ${p.nights} nights`);
      out.packages.push({
        id: p.id,
        slug: p.slug,
        title: p.title,
        cityId: DEST_ID[dest.slug],
        tripTypeId: tripTypeId(p.tripType),
        nights: p.nights,
        days: p.nights + 1,
        summary: p.summary,
        highlights: p.highlights,
        itinerary: sequence.map((d, i) => ({ day: i + 1, title: d.title, description: d.description })),
        inclusions: p.inclusions,
        exclusions: [...dest.exclusions, ...(p.exclusions ?? [])],
        stays,
        heroImage: placeImage(dest.slug, p.hero),
        gallery: [placeImage(dest.slug, 1), placeImage(dest.slug, 2), placeImage(dest.slug, 3)],
        rating: p.rating,
        reviewCount: p.reviewCount,
        featured: p.featured ?? false,
        roomsPerDeparture: roomsPerDeparture(p.tripType),
        // UAE VAT (decision 0043, the accountant confirms): standard-rated in the UAE, zero-rated when performed wholly
        // outside.
        vatTreatment: isInUae(dest.slug) ? 'standard' : 'zero',
        ...occupancy(p.tripType, p.slug),
        cancellationPolicy: cancellationPolicyFor(p.tripType, dest.slug, p.inclusions),
        // Staggered so "newest first" listings have a stable, meaningful order.
        createdAt: new Date(Date.UTC(2026, 0, 6 + p.id * 2, 6, 0, 0)),
      });
      const offerUae = p.offer === 'both' || p.offer === 'UAE';
      const offerIn = p.offer === 'both' || p.offer === 'IN';
      out.prices.push(
        {
          packageId: p.id,
          site: 'UAE',
          currency: 'AED',
          amount: minor(p.aed),
          compareAt: offerUae ? minor(compareAt(p.aed, 'AED', p.id)) : null,
        },
        {
          packageId: p.id,
          site: 'IN',
          currency: 'INR',
          amount: minor(p.inr),
          compareAt: offerIn ? minor(compareAt(p.inr, 'INR', p.id)) : null,
        },
      );
      for (const slug of p.interests) out.packageInterests.push({ packageId: p.id, interestId: interestId(slug) });
    }
  }
  out.packages.sort((a, b) => a.id - b.id);
  return out;
}

export const CATALOGUE: Catalogue = buildCatalogue(ALL_DESTINATIONS);

/** Package id → destination slug, for content that follows the packages (reviews, deals). */
export const PACKAGE_DESTINATION = new Map<number, DestinationSpec['slug']>(
  ALL_DESTINATIONS.flatMap((d) => d.packages.map((p) => [p.id, d.slug] as const)),
);
