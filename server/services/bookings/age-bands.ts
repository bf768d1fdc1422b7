import { sql } from 'drizzle-orm';
import type { AgeBand, Traveller } from '../../../contract/booking.ts';
import { formatDay } from '../../../contract/format.ts';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';

/*
 * Child and infant fares need a date of birth (issue 19): the age on the first travel date decides
 * the band. Under 2: infant; from 2 to below the package's child age limit (default 12): child; at
 * the limit and above: adult. With several holidays in one booking the first travel date counts,
 * and the lowest child age limit of its packages (a child must be a child on every one of them).
 */

export const INFANT_AGE_LIMIT = 2;
export const DEFAULT_CHILD_AGE_LIMIT = 12;

/** Whole years from `dob` to `on` (both YYYY-MM-DD); null when the date of birth is not a real day. */
export function ageOnDay(dob: string, on: string): number | null {
  const birth = new Date(`${dob}T00:00:00Z`);
  const day = new Date(`${on}T00:00:00Z`);
  if (Number.isNaN(birth.getTime()) || birth.toISOString().slice(0, 10) !== dob) return null;
  let age = day.getUTCFullYear() - birth.getUTCFullYear();
  if (
    day.getUTCMonth() < birth.getUTCMonth() ||
    (day.getUTCMonth() === birth.getUTCMonth() && day.getUTCDate() < birth.getUTCDate())
  )
    age -= 1;
  return age;
}

/** The band an age falls in, with a package's child age limit. */
export function bandForAge(age: number, childAgeLimit: number): AgeBand {
  if (age < INFANT_AGE_LIMIT) return 'infant';
  return age < childAgeLimit ? 'child' : 'adult';
}

const BOOK_AS: Record<AgeBand, string> = { adult: 'an adult', child: 'a child', infant: 'an infant' };

/**
 * Refuses a child or infant without a date of birth, and any traveller whose date of birth puts
 * them in another band on the first travel date, saying which band to book.
 */
export function checkAgeBands(
  travellers: Traveller[],
  firstTravelDate: string,
  childAgeLimit: number,
  now: Date,
): void {
  const today = now.toISOString().slice(0, 10);
  for (const t of travellers) {
    const name = `${t.FirstName} ${t.LastName}`;
    if (!t.DOB) {
      if (t.AgeBand === 'adult') continue;
      throw invalid(`Enter ${name}’s date of birth: ${t.AgeBand} fares depend on the age on the day of travel.`);
    }
    const age = ageOnDay(t.DOB, firstTravelDate);
    if (age === null || t.DOB > today || age > 120) throw invalid(`Enter ${name}’s real date of birth (YYYY-MM-DD).`);
    const band = bandForAge(age, childAgeLimit);
    if (band !== t.AgeBand) {
      const years = age === 0 ? 'under 1' : `${age}`;
      throw invalid(`${name} is ${years} on ${formatDay(firstTravelDate)}: book as ${BOOK_AS[band]}.`);
    }
  }
}

/** The age bands of a booking's travellers checked against the hold's packages and first travel date. */
export async function checkHeldAgeBands(
  tx: Db,
  lines: { packageId: number; travelDate: string }[],
  travellers: Traveller[],
  now: Date,
): Promise<void> {
  if (!travellers.some((t) => t.DOB || t.AgeBand !== 'adult')) return;
  const ids = [...new Set(lines.map((l) => l.packageId))];
  const { rows } = await tx.execute<{ limit: number | null }>(sql`
    select min(child_age_limit)::int as limit from packages where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const firstTravelDate = lines.map((l) => l.travelDate).sort()[0]!;
  checkAgeBands(travellers, firstTravelDate, rows[0]?.limit ?? DEFAULT_CHILD_AGE_LIMIT, now);
}
