import { z } from 'zod';
import { defineCall } from './api.ts';
import {
  featuredPackagesSchema,
  packageDetailParamsSchema,
  packageDetailSchema,
  packageFiltersSchema,
  packageSearchParamsSchema,
  packageSearchResultSchema,
  searchParamsSchema,
  searchResultSchema,
} from './catalogue.ts';
import { itineraryFormParamsSchema } from './itinerary.ts';
import {
  availabilityParamsSchema,
  availabilitySchema,
  departureListSchema,
  departuresParamsSchema,
  priceCalendarParamsSchema,
  priceCalendarSchema,
} from './availability.ts';

export const getFeaturedPackages = defineCall({
  method: 'GET',
  path: 'Holiday/GetFeaturedPackages',
  shared: true,
  params: z.object({ limit: z.coerce.number().int().min(1).max(24).default(8) }),
  data: featuredPackagesSchema,
});

/**
 * Ours: free-text search over title, city, country, trip type and interests, ranked (Postgres full-text search:
 * docs/decisions/0060).
 */
export const searchHolidays = defineCall({
  method: 'GET',
  path: 'Holiday/SearchHolidays',
  shared: true,
  params: searchParamsSchema,
  data: searchResultSchema,
});

/** Spec: POST Holiday/GetPackagesByTypeCityAndInterest (typeId, cityId, interests); data.packages and data.total. */
export const getPackagesByTypeCityAndInterest = defineCall({
  method: 'POST',
  path: 'Holiday/GetPackagesByTypeCityAndInterest',
  shared: true,
  params: packageSearchParamsSchema,
  data: packageSearchResultSchema,
});

/** Ours (the spec has none): one package by slug with itinerary, gallery, reviews and price; 404 when unknown. */
export const getPackageDetail = defineCall({
  method: 'GET',
  path: 'Holiday/GetPackageDetail',
  shared: true,
  params: packageDetailParamsSchema,
  data: packageDetailSchema,
});

/** Ours: the listing's filter options (trip types, destination cities, interests) with package counts for the site. */
export const getPackageFilters = defineCall({
  method: 'GET',
  path: 'Holiday/GetFilters',
  shared: true,
  params: z.object({}),
  data: packageFiltersSchema,
});

/**
 * Spec: POST Holiday/Downloaditinaryform, multipart. The answer to a valid form is the itinerary as
 * a PDF file (Content-Type application/pdf, Content-Disposition attachment), not an envelope, so
 * read it with fetch + blob; a bad form gets the usual error envelope (400/404/429).
 */
export const downloadItineraryForm = defineCall({
  method: 'POST',
  path: 'Holiday/Downloaditinaryform',
  params: itineraryFormParamsSchema,
  data: z.null(),
});

/** Ours: rooms left on one departure (package and travel date), for the package page and the cart. */
export const getAvailability = defineCall({
  method: 'GET',
  path: 'Holiday/GetAvailability',
  params: availabilityParamsSchema,
  data: availabilitySchema,
});
/** Ours: the departures staff scheduled for a package (from tomorrow, open for sale), with rooms left. */
export const getDepartures = defineCall({
  method: 'GET',
  path: 'Holiday/GetDepartures',
  params: departuresParamsSchema,
  data: departureListSchema,
});
/**
 * Ours: the package page's price calendar: each scheduled departure a year ahead with its price from per adult and
 * rooms left.
 */
export const getPriceCalendar = defineCall({
  method: 'GET',
  path: 'Holiday/GetPriceCalendar',
  params: priceCalendarParamsSchema,
  data: priceCalendarSchema,
});
