import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../tests/support/test-database.ts';
import {
  cartItems,
  idempotencyKeys,
  otps,
  rateLimits,
  sessions,
  tempBookings,
  users,
  verificationTokens,
} from '../db/schema.ts';
import { purgeExpired } from './purge.ts';

const now = new Date('2026-03-01T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('purgeExpired', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('deletes what has expired and keeps what is live', async () => {
    const db = database.db;
    const [user] = await db.insert(users).values({ email: 'purge@example.com' }).returning({ id: users.id });
    const userId = user!.id;
    await db.insert(sessions).values([
      { tokenHash: 'expired', userId, expiresAt: ago(2) },
      { tokenHash: 'revoked', userId, expiresAt: ago(-20), revokedAt: ago(3) },
      { tokenHash: 'live', userId, expiresAt: ago(-20) },
      { tokenHash: 'just-expired', userId, expiresAt: ago(0.5) },
    ]);
    await db.insert(otps).values([
      { purpose: 'signup', identifier: 'a', codeHash: 'x', expiresAt: ago(2), createdAt: ago(2) },
      { purpose: 'signup', identifier: 'b', codeHash: 'x', expiresAt: ago(-0.01), createdAt: ago(0) },
    ]);
    await db.insert(verificationTokens).values([
      { tokenHash: 'old', purpose: 'reset', identifier: 'a', expiresAt: ago(2) },
      { tokenHash: 'new', purpose: 'reset', identifier: 'a', expiresAt: ago(-0.01) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'old', count: 3, windowStart: ago(2) },
      { key: 'new', count: 3, windowStart: ago(0) },
    ]);
    const held = { site: 'UAE' as const, currency: 'AED' as const, items: [], total: 0 };
    await db.insert(tempBookings).values([
      { owner: 'guest:old-hold-0001', ...held, holdExpiresAt: ago(2) },
      { owner: 'guest:new-hold-0001', ...held, holdExpiresAt: ago(-0.01) },
    ]);
    const [pkg] = await db.execute<{ id: number }>(sql`select id from packages limit 1`).then((r) => r.rows);
    const line = (owner: string, clientId: string, created: Date) => ({
      owner,
      site: 'UAE' as const,
      currency: 'AED' as const,
      packageId: pkg!.id,
      travelDate: '2026-06-01',
      adults: 1,
      unitPrice: 1,
      totalPrice: 1,
      clientId,
      createdAt: created,
    });
    await db
      .insert(cartItems)
      .values([
        line('guest:abandoned-0001', 'a1', ago(30)),
        line('guest:abandoned-0001', 'a2', ago(20)),
        line('guest:active-00001', 'b1', ago(30)),
        line('guest:active-00001', 'b2', ago(1)),
        line(`user:${userId}`, 'c1', ago(300)),
      ]);
    await db.insert(idempotencyKeys).values([
      { owner: 'x', key: 'old-key-0001', requestHash: 'h', createdAt: ago(8) },
      { owner: 'x', key: 'new-key-0001', requestHash: 'h', createdAt: ago(1) },
    ]);

    const counts = await purgeExpired(db, now);
    expect(counts).toEqual({
      sessions: 2,
      otps: 1,
      verificationTokens: 1,
      rateLimits: 1,
      tempBookings: 1,
      guestCarts: 2,
      idempotencyKeys: 1,
      staffSessions: 0,
      staffSetupTokens: 0,
    });
    expect((await db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h).sort()).toEqual([
      'just-expired',
      'live',
    ]);
    expect((await db.select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k)).toEqual(['new']);
    expect((await db.select({ o: tempBookings.owner }).from(tempBookings)).map((r) => r.o)).toEqual([
      'guest:new-hold-0001',
    ]);
    // A signed-in traveller's cart is theirs however old; a guest cart still in use keeps every line.
    expect((await db.select({ c: cartItems.clientId }).from(cartItems)).map((r) => r.c).sort()).toEqual([
      'b1',
      'b2',
      'c1',
    ]);
    expect((await db.select({ k: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.k)).toEqual([
      'new-key-0001',
    ]);
    // Nothing left to do the second time.
    expect(Object.values((await purgeExpired(db, now))!).every((n) => n === 0)).toBe(true);
  });

  it('reports a failing step and goes on with the rest', async () => {
    const db = database.db;
    await db.insert(rateLimits).values({ key: 'stale', count: 1, windowStart: ago(5) });
    await db.execute(sql`create table temp_booking_refs (id int references temp_bookings(id))`);
    await db.insert(tempBookings).values({
      owner: 'guest:ref-hold-0001',
      site: 'UAE',
      currency: 'AED',
      items: [],
      total: 0,
      holdExpiresAt: ago(5),
    });
    await db.execute(
      sql`insert into temp_booking_refs select id from temp_bookings where owner = 'guest:ref-hold-0001'`,
    );
    const failed: string[] = [];
    const counts = await purgeExpired(db, now, (what) => failed.push(what));
    expect(failed).toEqual(['tempBookings']);
    expect(counts?.rateLimits).toBe(1);
    await db.execute(sql`drop table temp_booking_refs`);
  });
});
