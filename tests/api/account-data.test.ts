import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_MESSAGES } from '../../server/services/accounts/account-data.ts';
import { mailText } from '../support/mail-catcher.ts';
import {
  call,
  count,
  createBookingKit,
  findPackage,
  siteBooking,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { z } from 'zod';

/** What the test reads of a copy of a traveller's data (the contract declares it a record of the shop's tables). */
const myDataSchema = z.object({
  account: z.object({ email: z.string() }),
  bookings: z.array(
    z.object({ ref_id_key: z.string(), travellers: z.array(z.unknown()), lines: z.array(z.unknown()) }),
  ),
});

let kit: BookingKit;
const dataDir = mkdtempSync(join(tmpdir(), 'account-data-'));

beforeAll(async () => {
  kit = await createBookingKit({ DATA_DIR: dataDir }, { gateways: false });
});
afterAll(async () => {
  await kit?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a traveller’s own data: a copy, and deleting the account', () => {
  it('downloads everything kept about me, and nothing of anyone else’s; none without a sign-in', async () => {
    const pkg = await findPackage(kit, {});
    const me = await traveller(kit);
    const other = await traveller(kit);
    const mine = await siteBooking(kit, me, 'UAE', pkg.id, 'pay-later');
    await siteBooking(kit, other, 'UAE', pkg.id, 'pay-later');
    const res = await call(kit.app, 'GET', 'DownloadMyData', {}, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="wanderlust-my-data-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data = myDataSchema.parse(res.body.data);
    expect(data.account.email).toBe(me.email);
    expect(data.bookings.map((b) => b.ref_id_key)).toEqual([mine.RefIdKey]);
    expect(data.bookings[0]!.travellers.length).toBe(2);
    expect(data.bookings[0]!.lines.length).toBe(1);
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(JSON.stringify(data)).not.toMatch(/password_hash|\$scrypt/);
    expect((await call(kit.app, 'GET', 'DownloadMyData', {})).status).toBe(401);
  });

  it('refuses to delete with a trip ahead, a wrong password or no confirmation, changing nothing', async () => {
    const pkg = await findPackage(kit, {});
    const me = await traveller(kit);
    const b = await siteBooking(kit, me, 'UAE', pkg.id, 'pay-later');
    const ahead = await call(
      kit.app,
      'POST',
      'DeleteAccount',
      { Password: 'correct horse 1', Confirm: 'DELETE' },
      { token: me.token },
    );
    expect(ahead.status).toBe(409);
    expect(ahead.body.message).toBe(ACCOUNT_DATA_MESSAGES.upcoming([b.RefIdKey]));
    await kit.database.db.execute(
      sql`update booking_lines set travel_date = current_date - 30 where booking_id = ${b.BookingId}`,
    );
    const wrong = await call(
      kit.app,
      'POST',
      'DeleteAccount',
      { Password: 'not my password', Confirm: 'DELETE' },
      { token: me.token },
    );
    expect(wrong).toMatchObject({
      status: 403,
      body: { status: 'error', message: ACCOUNT_DATA_MESSAGES.passwordWrong },
    });
    const unconfirmed = await call(
      kit.app,
      'POST',
      'DeleteAccount',
      { Password: 'correct horse 1', Confirm: 'yes' },
      { token: me.token },
    );
    expect(unconfirmed).toMatchObject({ status: 400, body: { message: ACCOUNT_DATA_MESSAGES.confirmNeeded } });
    expect(await count(kit, sql`select count(*) as n from users where id = ${me.userId} and email = ${me.email}`)).toBe(
      1,
    );
    expect(await count(kit, sql`select count(*) as n from mail_outbox where kind = 'account-deleted'`)).toBe(0);
    expect((await call(kit.app, 'GET', 'GetProfileDetail', { token: me.token })).status).toBe(200);
  });

  it('deletes the account: signed out everywhere, sign-in gone, personal data erased, bookings and invoice numbers kept', async () => {
    const pkg = await findPackage(kit, {});
    const me = await traveller(kit);
    const b = await siteBooking(kit, me, 'UAE', pkg.id, 'pay-later');
    await kit.database.db.execute(
      sql`update booking_lines set travel_date = current_date - 30 where booking_id = ${b.BookingId}`,
    );
    await kit.database.db.execute(
      sql`update bookings set invoice_number = ${`TEST-${b.BookingId}`} where id = ${b.BookingId}`,
    );
    const since = kit.mail.mails.length;
    const res = await call(
      kit.app,
      'POST',
      'DeleteAccount',
      { Password: 'correct horse 1', Confirm: 'delete' },
      { token: me.token },
    );
    expect(res).toMatchObject({ status: 200, body: { status: 'success', message: ACCOUNT_DATA_MESSAGES.deleted } });
    // Said by mail too, to the address the account had.
    const mail = await kit.mail.waitFor(me.email, { since, subject: 'Your Wanderlust account is deleted' });
    const text = mailText(mail.raw);
    expect(text).toContain('your Wanderlust account is deleted');
    expect(text).toContain('kept only as tax law requires');
    expect((await call(kit.app, 'GET', 'GetProfileDetail', { token: me.token })).status).toBe(401);
    const login = await call(kit.app, 'POST', 'Login', { EmailorPhone: me.email, Password: 'correct horse 1' });
    expect(login.status).not.toBe(200);
    expect(await count(kit, sql`select count(*) as n from users where email = ${me.email}`)).toBe(0);
    expect(
      await count(
        kit,
        sql`select count(*) as n from bookings where id = ${b.BookingId} and invoice_number = ${`TEST-${b.BookingId}`}`,
      ),
    ).toBe(1);
    expect(
      await count(
        kit,
        sql`select count(*) as n from booking_travellers where booking_id = ${b.BookingId} and (email is not null or phone is not null or dob is not null)`,
      ),
    ).toBe(0);
    expect(
      await count(
        kit,
        sql`select count(*) as n from booking_travellers where booking_id = ${b.BookingId} and lead and first_name <> ''`,
      ),
    ).toBe(1);
  });
});
