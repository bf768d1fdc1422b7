import type { FastifyInstance } from 'fastify';
import { getCitiesByCountryId, getCountry, statesByCountryId } from '../../contract/place-calls.ts';
import { ok } from '../lib/envelope.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { allCountries, citiesOf, countryExists, stateInCountry, statesOf } from '../services/places.ts';

const UNKNOWN_COUNTRY = 'There is no country with this id.';

export async function placeRoutes(app: FastifyInstance) {
  route(app, getCountry, async () => ok(await allCountries(app.db)));

  route(app, statesByCountryId, async ({ countryId }) => {
    if (!(await countryExists(app.db, countryId))) throw notFound(UNKNOWN_COUNTRY);
    return ok(await statesOf(app.db, countryId));
  });

  route(app, getCitiesByCountryId, async ({ countryId, stateId }) => {
    if (!(await countryExists(app.db, countryId))) throw notFound(UNKNOWN_COUNTRY);
    if (stateId && !(await stateInCountry(app.db, countryId, stateId)))
      throw notFound('There is no state with this id in this country.');
    return ok(await citiesOf(app.db, countryId, stateId));
  });
}
