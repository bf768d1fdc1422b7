import { z } from 'zod';
import { defineCall } from './api.ts';
import { citiesParamsSchema, citySchema, countrySchema, stateSchema, statesParamsSchema } from './places.ts';

/** Spec: GET GetCountry. Every country, by name. */
export const getCountry = defineCall({
  method: 'GET',
  path: 'GetCountry',
  shared: true,
  params: z.object({}),
  data: z.array(countrySchema),
});

/** Spec: GET StatesByCountryId (countryId, 101 = India). 404 for an unknown country. */
export const statesByCountryId = defineCall({
  method: 'GET',
  path: 'StatesByCountryId',
  shared: true,
  params: statesParamsSchema,
  data: z.array(stateSchema),
});

/**
 * Spec: GET GetCitiesByCountryId (countryId). Each city carries stateId so a state picker can filter. 404 for an
 * unknown country.
 */
export const getCitiesByCountryId = defineCall({
  method: 'GET',
  path: 'GetCitiesByCountryId',
  shared: true,
  params: citiesParamsSchema,
  data: z.array(citySchema),
});
