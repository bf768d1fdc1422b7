import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCitiesByCountryId, getCountry, statesByCountryId } from '../../contract/place-calls.ts';
import { failure, read } from '../support/read-kit.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GetCountry', () => {
  it('lists countries by name with ISO code and dial code', async () => {
    const list = await read(t, getCountry);
    expect(list.find((c) => c.id === 101)).toEqual({ id: 101, name: 'India', iso2: 'IN', dialCode: '+91' });
    expect(list.find((c) => c.iso2 === 'AE')?.dialCode).toBe('+971');
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('StatesByCountryId', () => {
  it('answers India’s states and union territories for 101, which is also the default', async () => {
    const india = await read(t, statesByCountryId, { countryId: 101 });
    expect(india.length).toBe(36);
    expect(india.every((s) => s.countryId === 101)).toBe(true);
    expect(india.map((s) => s.name)).toContain('Kerala');
    expect(await read(t, statesByCountryId)).toEqual(india);
  });

  it('answers 400 for a bad id and 404 for an unknown country', async () => {
    expect(await failure(t, statesByCountryId, { countryId: 'india' })).toMatchObject({
      code: 400,
      status: 'error',
      message: 'countryId: must be a numeric id',
    });
    expect(await failure(t, statesByCountryId, { countryId: -1 })).toMatchObject({ code: 400 });
    expect(await failure(t, statesByCountryId, { countryId: 99999 })).toMatchObject({
      code: 404,
      message: 'There is no country with this id.',
    });
  });
});

describe('GetCitiesByCountryId', () => {
  it('answers a country’s cities with their state, narrowed by stateId', async () => {
    const all = await read(t, getCitiesByCountryId, { countryId: 101 });
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((c) => c.countryId === 101)).toBe(true);
    const kerala = (await read(t, statesByCountryId, { countryId: 101 })).find((s) => s.name === 'Kerala')!;
    const inKerala = await read(t, getCitiesByCountryId, { countryId: 101, stateId: kerala.id });
    expect(inKerala.length).toBeGreaterThan(0);
    expect(inKerala.every((c) => c.stateId === kerala.id)).toBe(true);
    expect(inKerala.length).toBe(all.filter((c) => c.stateId === kerala.id).length);
    expect(all.some((c) => c.isDestination)).toBe(true);
  });

  it('needs countryId, and refuses unknown countries and states of another country', async () => {
    expect(await failure(t, getCitiesByCountryId, {})).toMatchObject({ code: 400, message: 'countryId: is required' });
    expect(await failure(t, getCitiesByCountryId, { countryId: 99999 })).toMatchObject({
      code: 404,
      message: 'There is no country with this id.',
    });
    const emirates = await read(t, statesByCountryId, { countryId: 231 });
    expect(await failure(t, getCitiesByCountryId, { countryId: 101, stateId: emirates[0]!.id })).toMatchObject({
      code: 404,
      message: 'There is no state with this id in this country.',
    });
  });
});
