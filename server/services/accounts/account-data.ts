// A traveller's own data: a copy of all of it, and the account's deletion (bookings kept as tax law requires).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { greetingOf, laidOut } from '../mail-layout.ts';
import { enqueueMail } from '../outbox.ts';
import { verifyPassword } from '../passwords.ts';
import type { ShopDetails } from '../shop-details.ts';
import type { FileStore } from '../file-store.ts';
import { removeUploads } from '../uploads.ts';

/*
 * A traveller's own data (privacy policy, src/features/legal/privacy-page.tsx): a copy of all of
 * it, and the deletion of the account. Bookings and their invoices stay, as tax law requires
 * (India eight years, UAE seven), with only what an invoice and a TCS return need: names, the
 * buyer's address, PAN; everything else personal goes.
 */

export const ACCOUNT_DATA_MESSAGES = {
  deleted: 'Your account is deleted. Bookings and invoices are kept only as tax law requires.',
  passwordWrong: 'That password is not right. Enter your current password to delete your account.',
  confirmNeeded: 'Type DELETE to confirm that your account should be deleted.',
  upcoming: (refs: string[]) =>
    `You have trips coming up (${refs.join(', ')}). Cancel them or let them finish before deleting your account, or write to us and we will help.`,
} as const;

type Rows = Record<string, unknown>[];
const rows = async (db: Db, q: ReturnType<typeof sql>): Promise<Rows> =>
  (await db.execute<Record<string, unknown>>(q)).rows;

/** Everything the shop keeps about this traveller, as one JSON document. */
export async function exportAccountData(db: Db, userId: number, now = new Date()) {
  const owner = `user:${userId}`;
  const [account] = await rows(
    db,
    sql`select id, email, phone, name, title, first_name, last_name, dob, country_id, state_id, city_id, personal_details, google_sub is not null as signs_in_with_google, created_at from users where id = ${userId}`,
  );
  const bookings = await rows(
    db,
    sql`select id, ref_id_key, site, currency, status, payment_status, payment_method, subtotal, discount, taxes, total, amount_paid, payment_due_on,
          invoice_number, pan, buyer_address, buyer_gstin, buyer_trn, place_of_supply_state, special_requests, created_at, cancelled_at
        from bookings where user_id = ${userId} order by created_at`,
  );
  const ids = bookings.map((b) => Number(b.id));
  const inIds = ids.length
    ? sql`(${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql`(null)`;
  const [lines, travellers, payments, documents, requests] = await Promise.all([
    rows(
      db,
      sql`select booking_id, title, city, nights, travel_date, adults, children, infants, rooms, amount from booking_lines where booking_id in ${inIds} order by booking_id, position`,
    ),
    rows(
      db,
      sql`select booking_id, lead, title, first_name, last_name, age_band, email, phone, dob from booking_travellers where booking_id in ${inIds} order by booking_id, position`,
    ),
    rows(
      db,
      sql`select booking_id, provider, method, amount, currency, status, paid_at from payments where booking_id in ${inIds} and status = 'paid' order by paid_at`,
    ),
    rows(
      db,
      sql`select f.owner, f.purpose, f.original_name, f.mime, f.size, f.created_at from files f where f.owner in (select 'booking:' || id from bookings where user_id = ${userId}) or f.id = (select image_file_id from users where id = ${userId})`,
    ),
    rows(
      db,
      sql`select booking_id, reason, status, decision_message, created_at from cancellation_requests where user_id = ${userId} order by created_at`,
    ),
  ]);
  const cart = await rows(
    db,
    sql`select site, package_id, travel_date, adults, children, infants, rooms, created_at from cart_items where owner = ${owner}`,
  );
  const byBooking = <T extends Record<string, unknown>>(list: T[], id: number) =>
    list.filter((r) => Number(r.booking_id) === id).map(({ booking_id: _b, ...r }) => r);
  return {
    exportedAt: now.toISOString(),
    account,
    bookings: bookings.map((b) => ({
      ...b,
      lines: byBooking(lines, Number(b.id)),
      travellers: byBooking(travellers, Number(b.id)),
      payments: byBooking(payments, Number(b.id)),
      cancellationRequests: byBooking(requests, Number(b.id)),
    })),
    documents,
    cart,
  };
}

/**
 * Deletes the account: refused while a trip is ahead (the shop must reach the traveller), and
 * with the wrong password. In one transaction the sign-in, profile, photo, cart, holds and
 * sessions go, and the bookings keep only what tax law needs; then the files' bytes go.
 */
export async function deleteAccount(
  db: Db,
  store: FileStore,
  userId: number,
  password: string | undefined,
  confirm: string,
  shop: ShopDetails,
  now = new Date(),
) {
  if (confirm.trim().toUpperCase() !== 'DELETE') throw new DomainError('invalid', ACCOUNT_DATA_MESSAGES.confirmNeeded);
  const [user] = await rows(
    db,
    sql`select password_hash, email, title, first_name, last_name from users where id = ${userId}`,
  );
  if (!user) throw new DomainError('not_found', 'This account no longer exists.');
  if (user.password_hash && !(await verifyPassword(password ?? '', user.password_hash as string)))
    throw new DomainError('forbidden', ACCOUNT_DATA_MESSAGES.passwordWrong);
  await eraseAccount(db, store, userId, shop, now);
}

/** The trips that stop an account's deletion: not cancelled, and not yet over. */
export async function upcomingTrips(db: Db, userId: number, now = new Date()): Promise<string[]> {
  const today = now.toISOString().slice(0, 10);
  const upcoming = await rows(
    db,
    sql`select b.ref_id_key from bookings b where b.user_id = ${userId} and b.status <> 'cancelled'
        and exists (select 1 from booking_lines l where l.booking_id = b.id and l.travel_date + l.nights >= ${today}::date) order by b.created_at`,
  );
  return upcoming.map((u) => String(u.ref_id_key));
}

/**
 * The erasure itself, under the same rule as the traveller's own deletion (refused while a trip is
 * ahead): the traveller's deletion calls it once their password is checked, the desk's (staff, on the
 * traveller's request, audited: docs/decisions/0097) calls it directly.
 */
export async function eraseAccount(db: Db, store: FileStore, userId: number, shop: ShopDetails, now = new Date()) {
  const [user] = await rows(db, sql`select email, title, first_name, last_name from users where id = ${userId}`);
  if (!user) throw new DomainError('not_found', 'This account no longer exists.');
  const upcoming = await upcomingTrips(db, userId, now);
  if (upcoming.length) throw new DomainError('conflict', ACCOUNT_DATA_MESSAGES.upcoming(upcoming));

  const owner = `user:${userId}`;
  const stored = await db.transaction(async (tx) => {
    // Said by mail too, to the address the account had (queued before it is erased, sent once this commits).
    if (user.email)
      await enqueueMail(tx, {
        kind: 'account-deleted',
        dedupeKey: `account-deleted:${userId}`,
        message: accountDeletedMail(String(user.email), user, shop),
      });
    const files = await rows(
      tx,
      sql`select id, stored_name from files where owner in (select 'booking:' || id from bookings where user_id = ${userId}) or owner = ${owner} or id = (select image_file_id from users where id = ${userId})`,
    );
    await tx.execute(sql`update users set email = null, phone = null, name = '', password_hash = null, title = null, first_name = null, last_name = null, dob = null,
      country_id = null, state_id = null, city_id = null, image_file_id = null, google_sub = null, personal_details = '{}'::jsonb where id = ${userId}`);
    await tx.execute(sql`delete from sessions where user_id = ${userId}`);
    await tx.execute(sql`delete from cart_items where owner = ${owner}`);
    await tx.execute(sql`delete from temp_bookings where owner = ${owner} and status <> 'booked'`);
    // Kept for the tax invoice and TCS return: travellers' names, the buyer's address and PAN.
    await tx.execute(
      sql`update booking_travellers set email = null, phone = null, dob = null where booking_id in (select id from bookings where user_id = ${userId})`,
    );
    await tx.execute(sql`update bookings set special_requests = '' where user_id = ${userId}`);
    return files.map((f) => ({ id: Number(f.id), storedName: String(f.stored_name) }));
  });
  await removeUploads(db, store, stored);
}

/** The mail that confirms a deletion: what went, what tax law keeps, and who to ask. */
function accountDeletedMail(to: string, user: Record<string, unknown>, shop: ShopDetails) {
  const name = {
    title: user.title as string | null,
    firstName: user.first_name as string | null,
    lastName: user.last_name as string | null,
  };
  const mail = laidOut({
    shop,
    heading: 'Your account is deleted',
    preheader: 'Your Wanderlust account and its personal data are deleted.',
    greeting: greetingOf(name),
    blocks: [
      {
        p: 'As you asked, your Wanderlust account is deleted: your sign-in, profile, photo, saved travellers, cart and the documents you uploaded are erased, and you are signed out everywhere.',
      },
      {
        p: "Your bookings and their invoices are kept only as tax law requires, with the travellers' names and the details an invoice needs.",
      },
      { p: `Did not ask for this? Call us on ${shop.phone} or write to ${shop.email} at once.` },
    ],
  });
  return { to, subject: 'Your Wanderlust account is deleted', ...mail };
}
