// A new line checked against its package and the cart's size, and the insert's values and answer built from it.
import { sql } from 'drizzle-orm';
import type { CartItem, CartItemFields } from '../../../contract/cart.ts';
import { occupancyRefusal } from '../../../contract/occupancy.ts';
import { priceLine } from '../../../contract/pricing.ts';
import { siteDay, type Site } from '../../../contract/site.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { PackageFacts } from './package-facts.ts';
import { overseasFor, type Owner } from './read.ts';

export const MAX_LINES = 20;
const MAX_DAYS_AHEAD = 540;

/**
 * A travel date from the site's tomorrow (its calendar day, as pay later and the departures count) up to 18 months
 * ahead.
 */
function checkTravelDate(travelDate: string, now: Date, site: Site) {
  const date = new Date(`${travelDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== travelDate)
    throw invalid('travelDate: is not a real date.');
  const today = new Date(`${siteDay(now, site)}T00:00:00Z`);
  const days = (date.getTime() - today.getTime()) / 86_400_000;
  if (days < 1) throw invalid('travelDate: choose a date from tomorrow onwards.');
  if (days > MAX_DAYS_AHEAD) throw invalid('travelDate: we take bookings up to 18 months ahead.');
}

/** The checks of a line against its package, in the order they answer (see addLine). */
export function checkLine(input: CartItemFields, facts: PackageFacts, now: Date, site: Site) {
  checkTravelDate(input.travelDate, now, site);
  // A line stores only choices its package offers; no package offers any yet.
  const unknownOption = Object.keys(input.options)[0];
  if (unknownOption !== undefined)
    throw invalid(`options: this holiday has no option "${unknownOption.slice(0, 40)}" to choose.`);
  if (input.rooms > input.adults) throw invalid('rooms: each room needs at least one adult.');
  if (input.infants > input.adults) throw invalid('infants: each infant travels with an adult.');
  if (facts.amount === null) throw notFound('This holiday is not on sale on this site.');
  const crowded = occupancyRefusal(input, {
    maxAdultsPerRoom: facts.max_adults_per_room ?? 3,
    maxPeoplePerRoom: facts.max_people_per_room ?? 4,
  });
  if (crowded) throw invalid(crowded);
}

export const cartFull = () => invalid(`Your cart holds at most ${MAX_LINES} holidays. Book or remove some first.`);

/** The insert of a checked line: its values, for both of addLine's statements. */
export function lineValues(owner: Owner, site: Site, input: CartItemFields, facts: PackageFacts, now: Date) {
  const totalPrice = priceLine(facts.amount!, input.adults, input.children);
  return {
    totalPrice,
    columns: sql`(owner, site, currency, package_id, travel_date, adults, children, infants, rooms, options, unit_price, total_price, client_id, created_at)`,
    values: sql`${owner}, ${site}, ${facts.currency}, ${input.packageId}, ${input.travelDate}, ${input.adults}, ${input.children}, ${input.infants},
            ${input.rooms}, ${JSON.stringify(input.options)}, ${facts.amount}, ${totalPrice}, ${input.clientId ?? null}, ${now.toISOString()}`,
  };
}

export function addedLine(
  id: number,
  site: Site,
  input: CartItemFields,
  facts: PackageFacts,
  totalPrice: number,
  now: Date,
): CartItem {
  return {
    CartId: id,
    clientId: input.clientId ?? null,
    site,
    currency: facts.currency!,
    packageId: input.packageId,
    slug: facts.slug!,
    title: facts.title!,
    city: facts.city!,
    image: facts.image!,
    nights: facts.nights!,
    travelDate: input.travelDate,
    adults: input.adults,
    children: input.children,
    infants: input.infants,
    rooms: input.rooms,
    unitPrice: facts.amount!,
    totalPrice,
    createdAt: now.toISOString(),
    overseas: overseasFor(site, Number(facts.country_id)),
    vatTreatment: facts.vat_treatment as CartItem['vatTreatment'],
  };
}
