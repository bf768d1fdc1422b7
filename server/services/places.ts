import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { City, Country, State } from '../../contract/places.ts';
import type { Db } from '../db/client.ts';
import { cities, countries, states } from '../db/schema.ts';

export async function allCountries(db: Db): Promise<Country[]> {
  return db
    .select({ id: countries.id, name: countries.name, iso2: countries.iso2, dialCode: countries.dialCode })
    .from(countries)
    .orderBy(asc(countries.name));
}

export async function countryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).limit(1);
  return Boolean(row);
}

export async function stateInCountry(db: Db, countryId: number, stateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.id, stateId), eq(states.countryId, countryId)))
    .limit(1);
  return Boolean(row);
}

export async function statesOf(db: Db, countryId: number): Promise<State[]> {
  return db
    .select({ id: states.id, countryId: states.countryId, name: states.name })
    .from(states)
    .where(eq(states.countryId, countryId))
    .orderBy(asc(states.name));
}

export async function citiesOf(db: Db, countryId: number, stateId?: number): Promise<City[]> {
  const conditions: SQL[] = [eq(cities.countryId, countryId)];
  if (stateId) conditions.push(eq(cities.stateId, stateId));
  return db
    .select({
      id: cities.id,
      countryId: cities.countryId,
      stateId: cities.stateId,
      name: cities.name,
      slug: cities.slug,
      isDestination: cities.isDestination,
    })
    .from(cities)
    .where(and(...conditions))
    .orderBy(asc(cities.name));
}
