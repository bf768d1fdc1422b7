import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { cartItems, packagePrices, tempBookings, users } from '../../server/db/schema.ts';
import { linesSentTogether } from '../../server/services/cart/add-batch.ts';
import { createSession, revokeSession } from '../../server/services/sessions.ts';
import { testConfig } from '../../server/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let packageId: number;

function inDays(n: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function post(path: string, payload: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/api/Common/${path}`, payload, headers });
  return { code: res.statusCode, body: res.json(), headers: res.headers };
}

const guest = (n: number) => `guest-test-${String(n).padStart(4, '0')}`;
const item = (extra: object = {}) => ({
  packageId,
  travelDate: inDays(40),
  adults: 2,
  children: 1,
  infants: 0,
  rooms: 1,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/Common/Holiday/GetFeaturedPackages?limit=24' });
  // A package whose rooms take a family of three (honeymoon rooms take two).
  packageId = res.json().data.packages.find((p: { tripType: { slug: string } }) => p.tripType.slug !== 'honeymoon').id;
});
afterAll(() => t.close());

describe('CreateCart and GetCart', () => {
  it('adds a line priced by the server in the site currency, whatever the client says', async () => {
    const { code, body } = await post('CreateCart', { ...item(), tempUserId: guest(1), unitPrice: 1, totalPrice: 1 });
    expect(code).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data.currency).toBe('AED');
    const featured = (
      await t.app.inject({ method: 'GET', url: '/api/Common/Holiday/GetFeaturedPackages?limit=24' })
    ).json().data.packages;
    const unit = featured.find((p: { id: number }) => p.id === packageId).price.amount;
    expect(body.data.unitPrice).toBe(unit);
    expect(body.data.totalPrice).toBe(unit * 2 + Math.round(unit * 0.6));
  });

  it('returns groups with data lists; the count is the items across groups', async () => {
    const { body } = await post('GetCart', { tempUserId: guest(1) });
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data[0]).toMatchObject({ group: expect.any(String), data: expect.any(Array) });
    const count = body.data.reduce((n: number, g: { data: unknown[] }) => n + g.data.length, 0);
    expect(count).toBe(1);
  });

  it('keeps the India cart apart from the UAE cart, in rupees', async () => {
    await post('CreateCart', { ...item(), tempUserId: guest(1) }, { country: 'IN' });
    const india = (await post('GetCart', { tempUserId: guest(1) }, { country: 'IN' })).body.data.flatMap(
      (g: { data: unknown[] }) => g.data,
    );
    const uae = (await post('GetCart', { tempUserId: guest(1) })).body.data.flatMap((g: { data: unknown[] }) => g.data);
    expect(india).toHaveLength(1);
    expect(uae).toHaveLength(1);
    expect(india[0].currency).toBe('INR');
    expect(india[0].site).toBe('IN');
    expect(uae[0].currency).toBe('AED');
  });

  it('takes the spec’s query string form too', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/Common/GetCart?tempUserId=${guest(1)}` });
    expect(res.json().status).toBe('success');
  });

  it('refuses a request that names nobody, and a date in the past, with clear messages', async () => {
    expect((await post('GetCart', {})).body.message).toBe(
      'tempUserId is required for a guest; sign in to use your own cart.',
    );
    const past = await post('CreateCart', { ...item({ travelDate: inDays(-1) }), tempUserId: guest(2) });
    expect(past.code).toBe(400);
    expect(past.body.message).toBe('travelDate: choose a date from tomorrow onwards.');
    const nonsense = await post('CreateCart', { ...item({ adults: 0 }), tempUserId: guest(2) });
    expect(nonsense.code).toBe(400);
    expect(nonsense.body.message).toBe('adults: at least 1 adult travels');
    const unknown = await post('CreateCart', { ...item({ packageId: 999999 }), tempUserId: guest(2) });
    expect(unknown.code).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('applies a retried add once and replays the first answer', async () => {
    const headers = { 'idempotency-key': 'key-add-0001' };
    const first = await post('CreateCart', { ...item(), tempUserId: guest(3) }, headers);
    const again = await post('CreateCart', { ...item(), tempUserId: guest(3) }, headers);
    expect(again.code).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const lines = (await post('GetCart', { tempUserId: guest(3) })).body.data.flatMap(
      (g: { data: unknown[] }) => g.data,
    );
    expect(lines).toHaveLength(1);
  });

  it('refuses a key reused for a different request', async () => {
    const headers = { 'idempotency-key': 'key-add-0002' };
    await post('CreateCart', { ...item(), tempUserId: guest(4) }, headers);
    const other = await post('CreateCart', { ...item({ adults: 3 }), tempUserId: guest(4) }, headers);
    expect(other.code).toBe(409);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request.');
  });

  it('keeps keys per guest: the same key from another guest is another change', async () => {
    const headers = { 'idempotency-key': 'key-add-0003' };
    await post('CreateCart', { ...item(), tempUserId: guest(5) }, headers);
    const second = await post('CreateCart', { ...item(), tempUserId: guest(6) }, headers);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
  });

  it('treats the same clientId twice as one line even without a key', async () => {
    await post('CreateCart', { ...item(), clientId: 'client-line-0001', tempUserId: guest(7) });
    await post('CreateCart', { ...item(), clientId: 'client-line-0001', tempUserId: guest(7) });
    const lines = (await post('GetCart', { tempUserId: guest(7) })).body.data.flatMap(
      (g: { data: unknown[] }) => g.data,
    );
    expect(lines).toHaveLength(1);
  });
});

describe('RemoveCart and ownership', () => {
  it('removes your own line, and answers another guest as if it did not exist', async () => {
    const { body } = await post('CreateCart', { ...item(), tempUserId: guest(8) });
    const id = body.data.CartId;
    const stranger = await post('RemoveCart', { CartId: id, tempUserId: guest(9) });
    expect(stranger.code).toBe(404);
    expect(stranger.body.message).toBe('This item is no longer in your cart.');
    const strangerView = (await post('GetCart', { tempUserId: guest(9) })).body.data;
    expect(strangerView).toEqual([]);
    const mine = await post('RemoveCart', { CartId: id, tempUserId: guest(8) });
    expect(mine.body).toMatchObject({ status: 'success', data: { CartId: id } });
    const gone = await post('RemoveCart', { CartId: id, tempUserId: guest(8) });
    expect(gone.code).toBe(404);
  });

  it('needs a CartId', async () => {
    const res = await post('RemoveCart', { tempUserId: guest(8) });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('CartId is required');
  });

  it('removes by the clientId a line was added with, when the device never learnt its CartId; only the owner’s', async () => {
    const { body } = await post('CreateCart', { ...item(), clientId: 'client-line-remove-1', tempUserId: guest(10) });
    expect((await post('RemoveCart', { clientId: 'client-line-remove-1', tempUserId: guest(9) })).code).toBe(404);
    const mine = await post(
      'RemoveCart',
      { clientId: 'client-line-remove-1', tempUserId: guest(10) },
      { 'idempotency-key': 'remove-by-client-1' },
    );
    expect(mine.body).toMatchObject({ status: 'success', data: { CartId: body.data.CartId } });
    const again = await post('RemoveCart', { clientId: 'client-line-remove-1', tempUserId: guest(10) });
    expect(again.code).toBe(404);
  });
});

describe('signed-in carts', () => {
  let token: string;
  beforeAll(async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: 'cart-user@example.com', name: 'Asha Rao' })
      .returning();
    token = (await createSession(t.database.db, testConfig(), { id: user!.id, email: user!.email!, name: user!.name }))
      .token;
  });

  it('uses the bearer token, and refuses an altered one with the spec’s message', async () => {
    const ok = await post('CreateCart', item(), { authorization: `Bearer ${token}` });
    expect(ok.code).toBe(200);
    const altered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const bad = await post('GetCart', {}, { authorization: `Bearer ${altered}` });
    expect(bad.code).toBe(401);
    expect(bad.body.message).toBe('Token expired. please log in again');
  });

  it('accepts the token as the spec’s Token parameter', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/Common/GetCart?Token=${encodeURIComponent(token)}` });
    expect(res.json().data.flatMap((g: { data: unknown[] }) => g.data)).toHaveLength(1);
  });

  it('merges a guest cart at sign-in without duplicates', async () => {
    // The guest has the same holiday as the user (a duplicate) and one more.
    await post('CreateCart', { ...item(), tempUserId: guest(10) });
    await post('CreateCart', { ...item({ adults: 1, children: 0 }), tempUserId: guest(10) });
    const merged = await post('MergeGuestCart', { tempUserId: guest(10) }, { authorization: `Bearer ${token}` });
    expect(merged.code).toBe(200);
    const lines = merged.body.data.flatMap((g: { data: unknown[] }) => g.data);
    expect(lines).toHaveLength(2);
    expect((await post('GetCart', { tempUserId: guest(10) })).body.data).toEqual([]);
  });
});

describe('temporary bookings', () => {
  it('holds the cart for the configured time and reports when the hold ends', async () => {
    await post('CreateCart', { ...item(), tempUserId: guest(11) });
    const before = Date.now();
    const { code, body } = await post(
      'CreateTempBooking',
      { tempUserId: guest(11) },
      { 'idempotency-key': 'key-hold-0001' },
    );
    expect(code).toBe(200);
    expect(body.data.status).toBe('held');
    expect(body.data.items).toHaveLength(1);
    const ends = Date.parse(body.data.holdExpiresAt) - before;
    // A guest's hold lasts GUEST_HOLD_MINUTES (10) until they sign in.
    expect(ends).toBeGreaterThan(9 * 60_000);
    expect(ends).toBeLessThanOrEqual(10 * 60_000 + 5000);
    const fetched = await post('GetTempBooking', { tempUserId: guest(11), TempBookingId: body.data.TempBookingId });
    expect(fetched.body.data[0].TempBookingId).toBe(body.data.TempBookingId);
    const stranger = await post('GetTempBooking', { tempUserId: guest(12), TempBookingId: body.data.TempBookingId });
    expect(stranger.code).toBe(404);
  });

  it('refuses to hold an empty cart', async () => {
    const res = await post('CreateTempBooking', { tempUserId: guest(13) });
    expect(res.code).toBe(400);
    expect(res.body.message).toBe('Your cart is empty: add a holiday first.');
  });
});

describe('a sale’s cart and hold check the session in their own statement (decision 0078)', () => {
  const signIn = async (email: string) => {
    const [user] = await t.database.db.insert(users).values({ email, name: 'Ravi Rao' }).returning();
    return {
      id: user!.id,
      token: (await createSession(t.database.db, testConfig(), { id: user!.id, email, name: 'Ravi Rao' })).token,
    };
  };
  const linesOf = async (userId: number) =>
    (
      await t.database.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.owner, `user:${userId}`))
    ).length;

  it('refuses a signed-out traveller’s add and hold with the spec’s message, writing nothing', async () => {
    const { id, token } = await signIn('revoked-cart@example.com');
    const auth = { authorization: `Bearer ${token}` };
    // The first add reads the package; the second uses what this process read (one statement).
    expect((await post('CreateCart', item(), auth)).code).toBe(200);
    expect((await post('CreateCart', item({ adults: 1, children: 0 }), auth)).code).toBe(200);
    await revokeSession(t.database.db, token);
    for (const call of [
      post('CreateCart', item({ adults: 3, children: 0 }), auth),
      post('CreateCart', { ...item(), packageId: packageId + 1 }, auth),
      post('CreateTempBooking', {}, auth),
    ]) {
      const res = await call;
      expect(res.code).toBe(401);
      expect(res.body.message).toBe('Token expired. please log in again');
    }
    expect(await linesOf(id)).toBe(2);
    expect(
      await t.database.db
        .select()
        .from(tempBookings)
        .where(eq(tempBookings.owner, `user:${id}`)),
    ).toEqual([]);
    // An empty cart's hold is refused for the session too, not for the cart.
    const other = await signIn('revoked-empty@example.com');
    await revokeSession(t.database.db, other.token);
    const empty = await post('CreateTempBooking', {}, { authorization: `Bearer ${other.token}` });
    expect(empty.code).toBe(401);
  });

  it('carts added at the same moment by many travellers go in one statement, each line checked as its own', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(`together-${i}@example.com`)));
    const auth = (p: { token: string }) => ({ authorization: `Bearer ${p.token}` });
    // Each has added once already, so the package's facts are known and the next adds take the one-statement path.
    for (const p of people)
      expect((await post('CreateCart', item({ clientId: `together-first-${p.id}` }), auth(p))).code).toBe(200);
    const [signedOut, replaying, ...rest] = people;
    await revokeSession(t.database.db, signedOut!.token);
    const before = { ...linesSentTogether };
    const answers = await Promise.all([
      post(
        'CreateCart',
        item({ adults: 1, children: 0, clientId: `together-next-${signedOut!.id}` }),
        auth(signedOut!),
      ),
      // The clientId of a line this traveller already has: the same line, not a second.
      post('CreateCart', item({ clientId: `together-first-${replaying!.id}` }), auth(replaying!)),
      ...rest.map((p) =>
        post('CreateCart', item({ adults: 1, children: 0, clientId: `together-next-${p.id}` }), auth(p)),
      ),
    ]);
    expect(linesSentTogether.lines - before.lines).toBeGreaterThanOrEqual(2);
    expect(linesSentTogether.statements - before.statements).toBeLessThan(answers.length);
    expect(answers[0]!.code).toBe(401);
    expect(answers[0]!.body.message).toBe('Token expired. please log in again');
    expect(answers[1]!.code).toBe(200);
    for (const [i, a] of answers.slice(2).entries()) {
      expect(a.code).toBe(200);
      expect(a.body.data).toMatchObject({
        clientId: `together-next-${rest[i]!.id}`,
        adults: 1,
        children: 0,
        packageId,
      });
    }
    expect(await linesOf(signedOut!.id)).toBe(1);
    expect(await linesOf(replaying!.id)).toBe(1);
    for (const p of rest) expect(await linesOf(p.id)).toBe(2);
    // Each answer names its own line.
    const ids = answers.slice(2).map((a) => a.body.data.CartId);
    expect(new Set(ids).size).toBe(rest.length);
    const stored = await t.database.db.select().from(cartItems).where(inArray(cartItems.id, ids));
    for (const a of answers.slice(2))
      expect(stored.find((r) => r.id === a.body.data.CartId)?.clientId).toBe(a.body.data.clientId);
  });

  it('prices an add at the price of the moment, right after the price changed', async () => {
    const { id, token } = await signIn('price-change@example.com');
    const auth = { authorization: `Bearer ${token}` };
    const first = await post('CreateCart', item({ adults: 1, children: 0 }), auth);
    const [price] = await t.database.db
      .select()
      .from(packagePrices)
      .where(and(eq(packagePrices.packageId, packageId), eq(packagePrices.site, 'UAE')));
    await t.database.db
      .update(packagePrices)
      .set({ amount: price!.amount + 100 })
      .where(and(eq(packagePrices.packageId, packageId), eq(packagePrices.site, 'UAE')));
    try {
      const second = await post('CreateCart', item({ adults: 1, children: 0 }), auth);
      expect(first.body.data.unitPrice).toBe(price!.amount);
      expect(second.body.data.unitPrice).toBe(price!.amount + 100);
      expect(second.body.data.totalPrice).toBe(price!.amount + 100);
      expect(await linesOf(id)).toBe(2);
    } finally {
      await t.database.db
        .update(packagePrices)
        .set({ amount: price!.amount })
        .where(and(eq(packagePrices.packageId, packageId), eq(packagePrices.site, 'UAE')));
    }
  });
});
