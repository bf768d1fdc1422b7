// How much a guest may hold: the limits, the locks on their counts, and refusals that say why and what to do.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Owner } from './read.ts';

/**
 * How much a guest (not signed in) may hold: see HOLD_GUEST_MAX_ROOMS, HOLD_GUEST_MAX_HOLDS,
 * HOLD_ADDRESS_MAX_ROOMS_PER_HOUR.
 */
export interface GuestHoldLimits {
  maxRooms: number;
  maxHolds: number;
  addressRoomsPerHour: number;
}

/** Transaction-scoped locks on the guest's and the client address's hold counts (fixed order: guest, then address). */
export async function lockHoldCounts(tx: Db, owner: Owner, ipHash: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold:${owner}`}))`);
  if (ipHash) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold-ip:${ipHash}`}))`);
}

const minutesFrom = (now: Date, until: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
const roomsText = (n: number) => `${n} ${n === 1 ? 'room' : 'rooms'}`;

/**
 * A guest holds a few rooms at a time (their earlier holds on this site already released), and
 * guests at one client address a few rooms an hour; a refusal says why and what to do.
 */
export async function checkGuestLimits(
  tx: Db,
  owner: Owner,
  ipHash: string | null,
  rooms: number,
  limits: GuestHoldLimits,
  now: Date,
) {
  const signIn = 'Sign in to hold more';
  if (rooms > limits.maxRooms) {
    throw new DomainError(
      'conflict',
      `As a guest you can hold at most ${roomsText(limits.maxRooms)} at once, and your cart needs ${rooms}. ${signIn}, or remove rooms from your cart.`,
    );
  }
  const { rows } = await tx.execute<{ holds: number; rooms: number; ends: Date | string | null }>(sql`
    select count(*)::int as holds, coalesce(sum(rooms), 0)::int as rooms, min(hold_expires_at) as ends
    from temp_bookings where owner = ${owner} and status = 'held' and hold_expires_at > ${now.toISOString()}`);
  const live = rows[0]!;
  const wait = live.ends ? ` or wait ${minutesFrom(now, new Date(live.ends))} minutes for your other hold to end` : '';
  if (live.holds + 1 > limits.maxHolds) {
    throw new DomainError(
      'conflict',
      `As a guest you can have at most ${limits.maxHolds} ${limits.maxHolds === 1 ? 'hold' : 'holds'} at once. ${signIn},${wait || ' or wait for one to end'}.`,
    );
  }
  if (live.rooms + rooms > limits.maxRooms) {
    throw new DomainError(
      'conflict',
      `As a guest you can hold at most ${roomsText(limits.maxRooms)} at once: you already hold ${live.rooms}, and your cart needs ${rooms}. ${signIn}, remove rooms from your cart,${wait || ' or wait for your other hold to end'}.`,
    );
  }
  if (!ipHash) return;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const { rows: byAddress } = await tx.execute<{ rooms: number; first: Date | string | null }>(sql`
    select coalesce(sum(rooms), 0)::int as rooms, min(created_at) as first from temp_bookings
    where ip_hash = ${ipHash} and owner like 'guest:%' and status <> 'released' and created_at > ${hourAgo.toISOString()}`);
  const recent = byAddress[0]!;
  if (recent.rooms + rooms > limits.addressRoomsPerHour) {
    const retry = recent.first ? minutesFrom(now, new Date(new Date(recent.first).getTime() + 3_600_000)) : 60;
    throw new DomainError(
      'too_many',
      `Guests on your network have held ${roomsText(recent.rooms)} in the last hour, and at most ${limits.addressRoomsPerHour} may be held without signing in. Sign in to hold your holiday, or try again in ${retry} minutes.`,
    );
  }
}
