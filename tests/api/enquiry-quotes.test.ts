import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES, type EnquiryQuote, type QuoteView } from '../../contract/enquiry-replies.ts';
import type { EnquiryDetail } from '../../contract/enquiry-inbox.ts';
import { quoteEnd, quoteToken } from '../../server/services/enquiries/inbox/quotes.ts';
import {
  book,
  count,
  createBookingKit,
  findPackage,
  freshDate,
  holdId,
  inDays,
  lead,
  sql,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';
import { admin, staffer, type Staffer } from '../support/staff-kit.ts';

/*
 * A quote made from an enquiry (docs/decisions/0101): priced as the shop prices the same line, sent
 * as a signed link that opens the quote and ends with it, refused to roles without enquiries.work,
 * and a booking the traveller makes of it shows on the enquiry, which becomes booked.
 */

let kit: BookingKit;
let agent: Staffer;
let accounts: Staffer;
let catalogue: Staffer;
let who: { token: string; userId: number; email: string };
let pkgId: number;
let enquiryId: number;

let ip = 0;
const quoteLink = (url: string) => `/api/quotes/${url.split('/quote/')[1]}`;
const openLink = async (path: string) => {
  const res = await kit.app.inject({ method: 'GET', url: path });
  return { status: res.statusCode, body: res.json() as { status: string; message: string; data: QuoteView } };
};

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  agent = await staffer(kit, 'agent');
  accounts = await staffer(kit, 'accounts');
  catalogue = await staffer(kit, 'catalogue');
  who = await traveller(kit, 'noor');
  pkgId = (await findPackage(kit, { inIndia: false })).id;
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/Common/SubmitEnquiryForm',
    query: {
      PackageId: String(pkgId),
      FullName: 'Noor Haddad',
      Email: who.email,
      PhoneNumber: '+971501234000',
      TravelDate: inDays(70),
      Adults: '2',
      Message: 'Price for two, please.',
      Url: 'https://shop.example.com/x',
    },
    headers: { country: 'UAE' },
    remoteAddress: `10.92.0.${++ip}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  enquiryId = res.json().data.EnquiryId as number;
});

afterAll(async () => {
  await kit?.close();
});

describe('a quote from an enquiry', () => {
  const travelDate = freshDate();
  let made: { id: number; total: number; url: string; currency: string };

  it('is priced by the shop, mailed as a link through the outbox, audited', async () => {
    const res = await admin(kit, agent, 'POST', `enquiries/${enquiryId}/quotes`, {
      packageId: pkgId,
      travelDate,
      adults: 2,
      children: 1,
      rooms: 1,
      validUntil: inDays(5),
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(QUOTE_MESSAGES.made(who.email));
    made = res.body.data;
    expect(made.total).toBeGreaterThan(0);
    expect(made.url).toContain('/quote/');
    const { rows } = await kit.database.db.execute<{ payload: { to: string; text: string } }>(
      sql`select payload from mail_outbox where dedupe_key = ${`enquiry-quote:${made.id}`}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload.to).toBe(who.email);
    expect(rows[0]!.payload.text).toContain(made.url);
    expect(
      await count(
        kit,
        sql`select count(*)::int as n from audit_log where action = 'enquiry.quote' and record_id = ${String(enquiryId)}`,
      ),
    ).toBe(1);
    const list = (await admin(kit, agent, 'GET', `enquiries/${enquiryId}/quotes`)).body.data.items as EnquiryQuote[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: made.id,
      travelDate,
      adults: 2,
      children: 1,
      rooms: 1,
      total: made.total,
      expired: false,
      bookingRef: null,
    });
  });

  it('its link opens the quote; a changed or ended link is refused', async () => {
    const open = await openLink(quoteLink(made.url));
    expect(open.status, open.body.message).toBe(200);
    expect(open.body.data).toMatchObject({
      packageId: pkgId,
      travelDate,
      adults: 2,
      children: 1,
      rooms: 1,
      total: made.total,
      name: 'Noor Haddad',
      bookingRef: null,
    });
    const token = quoteLink(made.url).split('/').pop()!;
    const forged = `${token.slice(0, -2)}${token.endsWith('aa') ? 'bb' : 'aa'}`;
    expect((await openLink(`/api/quotes/${forged}`)).status).toBe(404);
    const ended = quoteToken(kit.app.config, made.id, quoteEnd(inDays(-1), 'UAE'));
    const gone = await openLink(`/api/quotes/${ended}`);
    expect(gone.status).toBe(410);
    expect(gone.body.status).toBe('error');
    expect(gone.body.message).toContain('has ended');
  });

  it('bad input is said plainly; other roles get 403, no session 401, and nothing is written', async () => {
    const before = await count(
      kit,
      sql`select (select count(*) from enquiry_quotes) + (select count(*) from mail_outbox) + (select count(*) from audit_log) as n`,
    );
    const none = await admin(kit, agent, 'POST', `enquiries/${enquiryId}/quotes`, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('Choose the package.');
    const late = await admin(kit, agent, 'POST', `enquiries/${enquiryId}/quotes`, {
      packageId: pkgId,
      travelDate: inDays(40),
      adults: 2,
      validUntil: inDays(41),
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(QUOTE_MESSAGES.validAfterTravel);
    const past = await admin(kit, agent, 'POST', `enquiries/${enquiryId}/quotes`, {
      packageId: pkgId,
      travelDate: inDays(40),
      adults: 2,
      validUntil: inDays(-2),
    });
    expect(past.body.message).toBe(QUOTE_MESSAGES.validUntilPast);
    for (const s of [accounts, catalogue]) {
      expect(
        (
          await admin(kit, s, 'POST', `enquiries/${enquiryId}/quotes`, {
            packageId: pkgId,
            travelDate: inDays(40),
            adults: 2,
            validUntil: inDays(3),
          })
        ).status,
      ).toBe(403);
      expect((await admin(kit, s, 'GET', `enquiries/${enquiryId}/quotes`)).status).toBe(403);
    }
    expect(
      (
        await admin(kit, null, 'POST', `enquiries/${enquiryId}/quotes`, {
          packageId: pkgId,
          travelDate: inDays(40),
          adults: 2,
          validUntil: inDays(3),
        })
      ).status,
    ).toBe(401);
    expect(
      await count(
        kit,
        sql`select (select count(*) from enquiry_quotes) + (select count(*) from mail_outbox) + (select count(*) from audit_log) as n`,
      ),
    ).toBe(before);
  });

  it('booked through the shop at the shop’s price, the booking shows on the enquiry, which becomes booked', async () => {
    const id = await holdId(kit, who.token, 'UAE', [
      { packageId: pkgId, travelDate, adults: 2, children: 1, rooms: 1 },
    ]);
    const res = await book(kit, who.token, 'UAE', {
      TempBookingId: id,
      PaymentMethod: 'pay-later',
      LeadTraveller: lead({ Email: who.email }),
      Travellers: [
        { FirstName: 'Sami', LastName: 'Haddad', AgeBand: 'adult' },
        { FirstName: 'Lina', LastName: 'Haddad', AgeBand: 'child', DOB: '2018-06-01' },
      ],
    });
    expect(res.status, res.body.message).toBe(200);
    const ref = res.body.data.RefIdKey as string;
    const { rows } = await kit.database.db.execute<{ total: number }>(
      sql`select total from bookings where ref_id_key = ${ref}`,
    );
    // The same line priced by the shop's checkout: the quote's figure.
    expect(rows[0]!.total).toBe(made.total);

    const list = (await admin(kit, agent, 'GET', `enquiries/${enquiryId}/quotes`)).body.data.items as EnquiryQuote[];
    expect(list[0]!.bookingRef).toBe(ref);
    const detail = (await admin(kit, agent, 'GET', `enquiries/${enquiryId}`)).body.data as EnquiryDetail;
    expect(detail.status).toBe('booked');
    expect(detail.bookingRef).toBe(ref);
    expect(detail.history.some((h) => h.action === 'enquiry.quote.booked' && h.text.includes(ref))).toBe(true);
    // A booked quote's page still opens, and says so.
    expect((await openLink(quoteLink(made.url))).body.data.bookingRef).toBe(ref);
  });
});
