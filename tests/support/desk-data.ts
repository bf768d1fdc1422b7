import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';

/*
 * Many bookings at once, written by SQL (generate_series) rather than through the shop: for the
 * desk's paging tests and its benchmark (100,000 bookings in seconds). Each has one line of a
 * seeded package, a lead traveller with a name from a short list, an email and a mobile number of
 * its own, and is booked one minute before the next, both sites alternating.
 */

export const BULK_FIRST = [
  'Asha',
  'Ravi',
  'Priya',
  'Omar',
  'Fatima',
  'John',
  'Meera',
  'Ahmed',
  'Sara',
  'Vikram',
  'Leila',
  'Arjun',
];
export const BULK_LAST = [
  'Rao',
  'Shah',
  'Khan',
  'Iyer',
  'Haddad',
  'Smith',
  'Nair',
  'Mansour',
  'Patel',
  'Das',
  'Karim',
  'Menon',
  'Gupta',
];

/** References look like `WL-B<tag>-<n, six digits>`; the tag keeps runs apart. Returns how many were written. */
export async function insertBulkBookings(
  db: Db,
  opts: { count: number; tag: string; newestAt?: Date },
): Promise<number> {
  const { count, tag } = opts;
  const newest = (opts.newestAt ?? new Date()).toISOString();
  const owner = `bulk-${tag}`;
  const first = `{${BULK_FIRST.join(',')}}`;
  const last = `{${BULK_LAST.join(',')}}`;
  await db.execute(sql`
    insert into users (email, name) values (${`${owner}@example.com`}, 'Bulk bookings') on conflict (email) do nothing`);
  await db.execute(sql`
    insert into temp_bookings (owner, site, currency, items, total, status, hold_expires_at)
    select ${owner} || '-' || g, case when g % 2 = 0 then 'UAE' else 'IN' end, case when g % 2 = 0 then 'AED' else 'INR' end,
           '[]'::jsonb, 100000 + g, 'booked', now()
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into bookings (ref_id_key, user_id, site, currency, temp_booking_id, subtotal, total, amount_paid, payment_method, status, payment_status, payment_due_on, created_at, confirmed_at)
    select 'WL-B' || ${tag} || '-' || lpad(g::text, 6, '0'),
           (select id from users where email = ${`${owner}@example.com`}),
           t.site, t.currency, t.id, t.total, t.total,
           case when g % 5 = 0 then t.total when g % 5 = 1 then t.total / 2 else 0 end,
           'pay-later', 'confirmed',
           case when g % 5 = 0 then 'paid' when g % 5 = 1 then 'partly-paid' else 'unpaid' end,
           current_date + ((g % 30) - 10),
           ${newest}::timestamptz - make_interval(mins => g),
           ${newest}::timestamptz - make_interval(mins => g)
    from generate_series(1, ${count}) g
    join temp_bookings t on t.owner = ${owner} || '-' || g`);
  await db.execute(sql`
    insert into booking_lines (booking_id, position, package_id, title, city, nights, travel_date, adults, children, infants, rooms, adult_price, child_price, amount, overseas)
    select b.id, 1, p.id, p.title, 'Dubai', p.nights, current_date + 20 + (b.id % 300), 2, 0, 0, 1, b.total / 2, 0, b.total, false
    from bookings b cross join (select id, title, nights from packages order by id limit 1) p
    where b.ref_id_key like ${`WL-B${tag}-%`}`);
  await db.execute(sql`
    insert into booking_travellers (booking_id, position, lead, title, first_name, last_name, age_band, email, phone)
    select b.id, 1, true, 'Mx',
           (${first}::text[])[1 + g % ${BULK_FIRST.length}],
           (${last}::text[])[1 + (g / ${BULK_FIRST.length}) % ${BULK_LAST.length}],
           'adult',
           lower((${first}::text[])[1 + g % ${BULK_FIRST.length}]) || '.' || g || '.' || ${tag} || '@example.com',
           '+9715' || lpad(g::text, 8, '0')
    from bookings b cross join lateral (select substring(b.ref_id_key from '[0-9]+$')::int as g) n
    where b.ref_id_key like ${`WL-B${tag}-%`}`);
  for (const table of ['bookings', 'booking_lines', 'booking_travellers'])
    await db.execute(sql.raw(`analyze ${table}`));
  return count;
}
