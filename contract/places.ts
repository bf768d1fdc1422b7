import { z } from 'zod';
import { idParam, optionalIdParam } from './common.ts';

export const INDIA_COUNTRY_ID = 101;

export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO 3166-1 alpha-2, e.g. IN, AE. */
  iso2: z.string(),
  /** e.g. +91 */
  dialCode: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const stateSchema = z.object({ id: z.number().int(), countryId: z.number().int(), name: z.string() });
export type State = z.infer<typeof stateSchema>;

export const citySchema = z.object({
  id: z.number().int(),
  countryId: z.number().int(),
  /** null when the city is not filed under a state. */
  stateId: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  /** A holiday destination with packages (`/holidays?cityId=<id>`). */
  isDestination: z.boolean(),
});
export type City = z.infer<typeof citySchema>;

/** Spec: StatesByCountryId for country 101 (India); countryId defaults to 101. */
export const statesParamsSchema = z.object({ countryId: idParam.default(INDIA_COUNTRY_ID) });

/** Spec: GetCitiesByCountryId (countryId); stateId narrows to one state. */
export const citiesParamsSchema = z.object({ countryId: idParam, stateId: optionalIdParam });
