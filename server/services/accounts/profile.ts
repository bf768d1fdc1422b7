// A traveller's profile (name, birth date, place, photo) and personal details, read and saved.
import { and, eq } from 'drizzle-orm';
import { MSG, type PersonalDetails, type Profile } from '../../../contract/account.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { cities, countries, files, states, users } from '../../db/schema.ts';
import { displayName } from './users.ts';

export const profileImageUrl = (storedName: string) => `/api/Common/ProfileImage/${storedName}`;

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const [row] = await db
    .select({ user: users, storedName: files.storedName })
    .from(users)
    .leftJoin(files, eq(files.id, users.imageFileId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new DomainError('unauthorized', MSG.tokenExpired);
  const u = row.user;
  return {
    userId: u.id,
    email: u.email,
    phone: u.phone,
    name: displayName(u),
    title: u.title,
    firstName: u.firstName,
    lastName: u.lastName,
    dob: u.dob,
    countryId: u.countryId,
    stateId: u.stateId,
    cityId: u.cityId,
    imageUrl: row.storedName ? profileImageUrl(row.storedName) : null,
    hasPassword: Boolean(u.passwordHash),
    google: Boolean(u.googleSub),
  };
}

export interface ProfileInput {
  Title: string;
  FirstName: string;
  LastName: string;
  DOB: string;
  CountryId: number;
  StateId: number | null;
  CityId: number;
}

/** Saves the profile after checking that country, state and city exist and belong together. */
export async function updateProfile(db: Db, userId: number, p: ProfileInput): Promise<Profile> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, p.CountryId)).limit(1);
  if (!country) throw new DomainError('invalid', 'Choose your country from the list.');
  const [city] = await db
    .select({ countryId: cities.countryId, stateId: cities.stateId })
    .from(cities)
    .where(eq(cities.id, p.CityId))
    .limit(1);
  if (!city || city.countryId !== p.CountryId)
    throw new DomainError('invalid', 'Choose a city in your country from the list.');
  let stateId = p.StateId ?? city.stateId;
  if (p.StateId !== null) {
    const [state] = await db
      .select({ countryId: states.countryId })
      .from(states)
      .where(eq(states.id, p.StateId))
      .limit(1);
    if (!state || state.countryId !== p.CountryId)
      throw new DomainError('invalid', 'Choose a state in your country from the list.');
    if (city.stateId !== null && city.stateId !== p.StateId)
      throw new DomainError('invalid', 'Choose a city in your state from the list.');
    stateId = p.StateId;
  }
  await db
    .update(users)
    .set({
      title: p.Title,
      firstName: p.FirstName,
      lastName: p.LastName,
      name: `${p.FirstName} ${p.LastName}`,
      dob: p.DOB,
      countryId: p.CountryId,
      stateId,
      cityId: p.CityId,
    })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}

/** Points the profile at a newly stored image; returns the stored name of the one it replaces. */
export async function setProfileImage(db: Db, userId: number, fileId: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fileId: users.imageFileId, storedName: files.storedName })
      .from(users)
      .leftJoin(files, eq(files.id, users.imageFileId))
      .where(eq(users.id, userId))
      .limit(1);
    await tx.update(users).set({ imageFileId: fileId }).where(eq(users.id, userId));
    if (before?.fileId) await tx.delete(files).where(eq(files.id, before.fileId));
    return before?.storedName ?? null;
  });
}

/** A profile image by its generated name (only images stored as profile images). */
export async function findProfileImage(db: Db, storedName: string) {
  const [row] = await db
    .select({ storedName: files.storedName, mime: files.mime, size: files.size })
    .from(files)
    .where(and(eq(files.storedName, storedName), eq(files.purpose, 'profile-image')))
    .limit(1);
  return row ?? null;
}

const EMPTY_DETAILS: PersonalDetails = {
  gender: '',
  nationality: '',
  passportNumber: '',
  passportExpiry: '',
  address: '',
  postalCode: '',
  alternatePhone: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
};

export async function getPersonalDetails(db: Db, userId: number): Promise<PersonalDetails & { userId: number }> {
  const [row] = await db.select({ details: users.personalDetails }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new DomainError('unauthorized', MSG.tokenExpired);
  const stored = row.details ?? {};
  const details = { ...EMPTY_DETAILS };
  for (const key of Object.keys(EMPTY_DETAILS) as (keyof PersonalDetails)[]) {
    if (typeof stored[key] === 'string') details[key] = stored[key];
  }
  return { userId, ...details };
}

export async function savePersonalDetails(db: Db, userId: number, details: PersonalDetails) {
  const clean = { ...EMPTY_DETAILS };
  for (const key of Object.keys(EMPTY_DETAILS) as (keyof PersonalDetails)[]) clean[key] = details[key] ?? '';
  clean.passportNumber = clean.passportNumber.toUpperCase();
  await db.update(users).set({ personalDetails: clean }).where(eq(users.id, userId));
  return getPersonalDetails(db, userId);
}
