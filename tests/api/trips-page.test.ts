import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { revokeSession } from '../../server/services/sessions.ts';
import { developmentWeb } from '../../server/web.ts';
import {
  book,
  call,
  createBookingKit,
  findPackage,
  holdId,
  traveller,
  type BookingKit,
} from '../support/booking-kit.ts';

/*
 * My trips is rendered on the server for the signed-in traveller it is asked for (decision 0080):
 * their list is in the HTML, read with their own token, so the API decides it is theirs; the page
 * is stored nowhere (private, no-store). A guest, a token not honoured or another account's user id
 * get the page without any list.
 */

let kit: BookingKit;
let web: FastifyInstance;
let asha: { token: string; userId: number; email: string };
let ben: { token: string; userId: number; email: string };
let ref: string;
let title: string;

const cookie = (token: string, userId: number | string) =>
  `NHauth_token=${encodeURIComponent(token)}; user_id=${userId}; user_name=Asha%20Rao`;
const page = (url: string, cookieHeader?: string) =>
  web.inject({ method: 'GET', url, headers: cookieHeader ? { cookie: cookieHeader } : {} });

beforeAll(async () => {
  kit = await createBookingKit({}, { gateways: false });
  asha = await traveller(kit, 'asha');
  ben = await traveller(kit, 'ben');
  const pkg = await findPackage(kit, {});
  title = pkg.title;
  const booked = await book(kit, asha.token, 'UAE', {
    TempBookingId: await holdId(kit, asha.token, 'UAE', [{ packageId: pkg.id }]),
  });
  expect(booked.status, booked.body.message).toBe(200);
  ref = booked.body.data.RefIdKey as string;
  // The pages as `npm run dev` renders them (Vite's server render): the same handler as production's, without its page
  // cache.
  web = await buildApp({
    db: kit.database.db,
    config: testConfig({ PUBLIC_URL: 'http://localhost:8080' }),
    web: developmentWeb,
  });
  await web.ready();
}, 180_000);

afterAll(async () => {
  await web?.close();
  await kit?.close();
});

describe('My trips rendered on the server for its traveller', () => {
  it("has the signed-in traveller's trips in the HTML, on both sites, and is stored nowhere", async () => {
    for (const url of ['/trips', '/in/trips']) {
      const res = await page(url, cookie(asha.token, asha.userId));
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.etag, url).toBeUndefined();
      const html = res.body;
      // The card itself, not only the page's data: the list is painted before any script runs.
      expect(html, url).toMatch(new RegExp(`<span class="trip-ref">${ref}</span>`));
      expect(html, url).toContain(title);
      expect(html, url).not.toContain('Loading…');
      expect(html, url).toContain(`"page/traveller":"${asha.userId}"`);
    }
  }, 120_000);

  it('gives a guest the page every visitor gets, with no trips in it', async () => {
    const res = await page('/trips');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).not.toContain(ref);
    expect(res.body).not.toContain('page/traveller');
    expect(res.body).toContain('Loading…');
  }, 60_000);

  it("refuses another account's trips: a token with someone else's user id, or a token not honoured, renders no list", async () => {
    // The API's own refusal, which the page's read goes through.
    const refused = await call(kit.app, 'GET', 'BookingsList', { userid: asha.userId }, { token: ben.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'error', message: 'These bookings belong to another account.' });

    for (const [why, header] of [
      ["Ben's token with Asha's user id", cookie(ben.token, asha.userId)],
      ["Asha's user id with an altered token", cookie(`${asha.token.slice(0, -4)}AAAA`, asha.userId)],
      ['a user id that is not a number', cookie(asha.token, `${asha.userId} or 1=1`)],
      ['a made-up token', cookie('not-a-token', asha.userId)],
    ] as const) {
      const res = await page('/trips', header);
      expect(res.statusCode, why).toBe(200);
      expect(res.body, why).not.toContain(ref);
      expect(res.body, why).not.toContain('page/traveller');
      // Not rendered for anyone: the shared page, which the page cache keeps (no render per request).
      expect(res.headers['cache-control'], why).toBe('private, no-cache');
    }
    // A token that is ours and claims this user id, but whose session has ended: rendered for it,
    // and the API refuses the read (the page says nothing of the trips).
    await revokeSession(kit.database.db, asha.token);
    const ended = await page('/trips', cookie(asha.token, asha.userId));
    expect(ended.headers['cache-control']).toBe('private, no-store');
    expect(ended.body).not.toContain(ref);
    // Ben's own page lists nothing of Asha's.
    const own = await page('/trips', cookie(ben.token, ben.userId));
    expect(own.body).not.toContain(ref);
    expect(own.body).toContain(`"page/traveller":"${ben.userId}"`);
    expect(own.body).toContain('No trips yet.');
  }, 120_000);

  it('renders every other page as it renders it for a guest (nothing personal outside My trips)', async () => {
    const guest = await page('/trips/' + ref);
    const signedIn = await page('/trips/' + ref, cookie(asha.token, asha.userId));
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.body).not.toContain('page/traveller');
    expect(guest.body).not.toContain(title);
  }, 60_000);
});
